'use client';

import type { Statistic } from '@portal/contract';
import {
  formatChange,
  formatSigned,
  formatValue,
  noComparisonText,
  statisticComparison,
} from '@portal/charts';
import { DownloadLinks, type DownloadTarget } from './downloads';
import { explorerHref } from './explorer-state';
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
 * The card's comparison, always with the view's comparison year (decision 072). When that year lacks the
 * statistic the card says so and offers the nearest year that has it as a link, which makes it the view's
 * comparison year: never another year in silence.
 */
function Comparison({
  statistic,
  compareYear,
  view,
}: {
  statistic: Statistic;
  compareYear: number | null;
  view: CardStats['view'];
}) {
  if (statistic.value === null) return null;
  const against = statisticComparison(statistic, compareYear);
  if (typeof against === 'string' || statistic.compareValue === null) {
    const nearest = against === 'missing' ? statistic.nearestYear : null;
    return (
      <p className={styles.cardCompare} data-testid="no-comparison">
        {noComparisonText(
          against === 'none' ? 'none' : 'missing',
          compareYear,
          statistic.nearestYear,
          t.stats,
        )}
        {nearest !== null && (
          <>
            {' '}
            <a href={explorerHref({ ...view, compareYear: nearest })} data-testid="compare-nearest">
              {t.stats.compareNearest(nearest)}
            </a>
          </>
        )}
      </p>
    );
  }
  const compared =
    t.stats.compared(against.year, formatValue(statistic.compareValue, statistic.unit)) +
    (statistic.compareEstimate ? ` ${t.stats.comparedEstimate}` : '');
  if (statistic.trend === 'unchanged' || statistic.outcome === 'unchanged') {
    return (
      <>
        <p className={styles.cardCompare}>{compared}</p>
        <p className={styles.unchanged} data-outcome="unchanged">
          {t.stats.unchanged(against.year)}
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
          ` ${t.stats.changePct(formatSigned(statistic.changePct, 1), against.year)}`}
        {outcome && <span className={styles.srOnly}>, {t.stats[outcome]}</span>}
      </p>
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
            <Comparison statistic={statistic} compareYear={stats.compareYear} view={stats.view} />
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
