import type { AreaStats } from '@portal/contract';
import { comparePoints, compareTableOf, type CompareTable } from '@portal/charts';
import type { Measure } from './compare-state';
import { compareMessages as t } from './messages';

/**
 * The figures of a comparison from the territories' statistics (the API's /api/stats/ answers): a row per
 * year, a column per territory, each cell the figure or null. Pure: the page's loader calls it. The rules
 * are packages/charts' (compare-table.ts), which the API's download of the comparison draws too.
 */
export type { CompareColumn, CompareTable } from '@portal/charts';

/** The points of the measure in a territory's statistics: only the years with a figure. */
export const pointsOf = (stats: AreaStats, measure: Measure) => comparePoints(stats, measure);

/** The table of the measure: a row per year from the first to the last with a figure, a column per territory. */
export function compareTable(
  measure: Measure,
  loaded: readonly { name: string; stats: AreaStats }[],
): CompareTable {
  return compareTableOf(measure, loaded, t.chart.sourceMixed);
}
