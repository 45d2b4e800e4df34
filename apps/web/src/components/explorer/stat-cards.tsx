'use client';

import type { Statistic } from '@portal/contract';
import {
  formatChange,
  formatSigned,
  formatValue,
  noComparisonText,
  statisticCompareYear,
} from '@portal/charts';
import { DownloadLinks, type DownloadTarget } from './downloads';
import { CARDS, type CardStats } from './stat-cards-data';
import { explorerMessages as t } from './messages';
import styles from './explorer.module.css';

/** Statistics the export can draw (StatisticKind of the contract). */
const DOWNLOADABLE = new Set<string>([
  'totalWasteProduced',
  'totalWasteSorted',
  'totalWasteSortedPerCapita',
  'sortedPercentage',
]);

/**
 * The card's comparison: with the statistic's own compareYear (the page's comparison year, or the latest
 * earlier year that has the statistic, named as such). When no earlier year has the statistic at all the
 * card says so ('Nessun anno precedente…'): it is not the comparison year that lacks it.
 */
function Comparison({ statistic, compareYear }: { statistic: Statistic; compareYear: number | null }) {
  if (statistic.value === null) return null;
  const against = statisticCompareYear(statistic, compareYear);
  if (typeof against === 'string' || statistic.compareValue === null) {
    const reason = typeof against === 'string' ? against : 'missing';
    return (
      <p className={styles.cardCompare} data-testid="no-comparison">
        {noComparisonText(reason, compareYear, t.stats)}
      </p>
    );
  }
  const compared =
    t.stats.compared(against.year, formatValue(statistic.compareValue, statistic.unit)) +
    (statistic.compareEstimate ? ` ${t.stats.comparedEstimate}` : '');
  // Compared with an earlier year than the comparison year: the card says why.
  const earlier =
    against.earlier && compareYear !== null ? (
      <p className={styles.cardNote} data-testid="compared-earlier">
        {t.stats.comparedEarlier(compareYear)}
      </p>
    ) : null;
  if (statistic.trend === 'unchanged' || statistic.outcome === 'unchanged') {
    return (
      <>
        <p className={styles.cardCompare}>{compared}</p>
        <p className={styles.unchanged} data-outcome="unchanged">
          {t.stats.unchanged(against.year)}
        </p>
        {earlier}
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
          ` ${t.stats.changePct(formatSigned(statistic.changePct, 1), against.year)}`}
        {outcome && <span className={styles.srOnly}>, {t.stats[outcome]}</span>}
      </p>
      {earlier}
    </>
  );
}

/**
 * The statistics' cards. A client component, for the page's weight alone (issue 17): the React payload
 * then carries the six statistics (about 1.5 KB of JSON) instead of the cards' elements (about 4.5 KB, a
 * second copy of their HTML).
 */
export function StatCards({ stats, download }: { stats: CardStats; download: DownloadTarget | null }) {
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
              <p className={styles.cardValue}>
                {formatValue(statistic.value, statistic.unit)}
                {statistic.estimate && (
                  <span className={styles.estimate} data-testid="estimate">
                    {t.stats.estimate}
                  </span>
                )}
              </p>
            )}
            <Comparison statistic={statistic} compareYear={stats.compareYear} />
            {statistic.value !== null && statistic.estimate && (
              <p className={styles.cardNote}>{t.stats.estimateNote}</p>
            )}
            {key === 'serviceCostPerCapita' && statistic.value !== null && (
              <p className={styles.cardNote}>
                {stats.level === 'city' ? t.stats.costNoteCity : t.stats.costNote}
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
