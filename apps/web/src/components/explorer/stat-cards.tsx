import type { AreaStats, Statistic } from '@portal/contract';
import { formatChange, formatSigned, formatValue } from '@portal/charts';
import { DownloadLinks, type DownloadTarget } from './downloads';
import { explorerMessages as t } from './messages';
import styles from './explorer.module.css';

/** The waste group of SPEC §9 first, then the %, the kg produced per inhabitant and the service cost. */
const CARDS = [
  'totalWasteProduced',
  'totalWasteSorted',
  'totalWasteSortedPerCapita',
  'sortedPercentage',
  'totalWasteProducedPerCapita',
  'serviceCostPerCapita',
] as const;
/** Statistics the export can draw (StatisticKind of the contract). */
const DOWNLOADABLE = new Set<string>(['totalWasteProduced', 'totalWasteSorted', 'totalWasteSortedPerCapita']);

function Comparison({ statistic, compareYear }: { statistic: Statistic; compareYear: number | null }) {
  if (statistic.value === null) return null;
  if (compareYear === null) return <p className={styles.cardCompare}>{t.stats.noCompareYear}</p>;
  if (statistic.compareValue === null)
    return <p className={styles.cardCompare}>{t.stats.compareMissing(compareYear)}</p>;
  const compared = t.stats.compared(compareYear, formatValue(statistic.compareValue, statistic.unit));
  if (statistic.trend === 'unchanged' || statistic.outcome === 'unchanged') {
    return (
      <>
        <p className={styles.cardCompare}>{compared}</p>
        <p className={styles.unchanged} data-outcome="unchanged">
          {t.stats.unchanged}
        </p>
      </>
    );
  }
  const outcome = statistic.outcome;
  const arrow = statistic.trend === 'up' ? '▲' : statistic.trend === 'down' ? '▼' : '';
  return (
    <>
      <p className={styles.cardCompare}>{compared}</p>
      <p
        className={
          outcome === 'better' ? styles.better : outcome === 'worse' ? styles.worse : styles.cardCompare
        }
        data-outcome={outcome ?? undefined}
      >
        <span aria-hidden="true">{arrow} </span>
        {statistic.change !== null && formatChange(statistic.change, statistic.unit)}
        {statistic.changePct !== null &&
          statistic.unit !== '%' &&
          ` ${t.stats.changePct(formatSigned(statistic.changePct, 1))}`}
        {outcome && <span className={styles.srOnly}>, {t.stats[outcome]}</span>}
      </p>
    </>
  );
}

export function StatCards({ stats, download }: { stats: AreaStats; download: DownloadTarget | null }) {
  return (
    <ul className={styles.cards}>
      {CARDS.map((key) => {
        const statistic = stats[key];
        const title = t.stats.cards[key];
        return (
          <li key={key} className={styles.card} data-testid={`card-${key}`}>
            <h3 className={styles.cardTitle}>{title}</h3>
            {statistic.value === null ? (
              <p className={styles.missing}>{statistic.missingReason ?? t.stats.notAvailable}</p>
            ) : (
              <p className={styles.cardValue}>{formatValue(statistic.value, statistic.unit)}</p>
            )}
            <Comparison statistic={statistic} compareYear={stats.compareYear} />
            {key === 'serviceCostPerCapita' && statistic.value !== null && (
              <p className={styles.cardNote}>
                {stats.area.level === 'city' ? t.stats.costNoteCity : t.stats.costNote}
              </p>
            )}
            {download && DOWNLOADABLE.has(key) && statistic.value !== null && (
              <DownloadLinks target={download} statistic={key} title={title} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
