/**
 * The figures of a comparison (/confronta, decision 061) from the territories' statistics (the API's
 * /api/stats/ answers): a row per year, a column per territory, each cell the figure or null. Pure, shared
 * by the page's loader (apps/web compare-table.ts) and the API's download of the comparison, so the page
 * and its png/jpg/pdf draw the same numbers.
 */
import type { AreaStats, Measure, SourceAnomaly } from '@portal/contract';
import { ANOMALY_MARK, ANOMALY_NAME, anomalyTextByYear } from './anomalies';
import type { CompareUnit } from './compare';

/** One line of the chart and one column of the table. */
export interface CompareColumn {
  name: string;
  /** One value per year of CompareTable.years; null: no figure that year. */
  values: (number | null)[];
  /** True where the value is an estimate (the % only). */
  estimates: boolean[];
  /**
   * Where the comune's figure of the year is anomalous in the source (decision 070): the figures that make it
   * so ("0,01 t per 843 abitanti…"); null elsewhere (and for provinces, regions, Italy).
   */
  anomalies: (string | null)[];
}

export interface CompareTable {
  unit: CompareUnit;
  /** Every year from the first to the last with a figure of any territory, oldest first. */
  years: number[];
  /** The loaded territories, in the order chosen (the index gives colour and marker). */
  columns: CompareColumn[];
  /** The sources of the figures shown (the source of each year's %), in order of appearance. */
  sources: string[];
}

/** The unit of each measure of a comparison. */
export const COMPARE_UNITS: Record<Measure, CompareUnit> = { rd: '%', kg: 'kg/ab', tonnellate: 't' };

type Point = { year: number; value: number; estimate: boolean };

/** The figures a territory's statistics need for a comparison (an AreaStats or a CityStats). */
export type CompareStats = Pick<AreaStats, 'rdTrend' | 'perCapitaTrend' | 'tonnesTrend'> & {
  /** A comune's (CityStats): its years anomalous in the source. */
  sourceAnomalies?: readonly SourceAnomaly[];
};

/** The points of the measure in a territory's statistics: only the years with a figure. */
export function comparePoints(stats: CompareStats, measure: Measure): Point[] {
  switch (measure) {
    case 'rd':
      return stats.rdTrend.map((p) => ({ year: p.year, value: p.value, estimate: p.method === 'estimate' }));
    case 'kg':
      return stats.perCapitaTrend.flatMap((p) =>
        p.producedKgPerCapita === null
          ? []
          : [{ year: p.year, value: p.producedKgPerCapita, estimate: false }],
      );
    case 'tonnellate':
      return stats.tonnesTrend.map((p) => ({ year: p.year, value: p.producedT, estimate: false }));
  }
}

/**
 * The table of the measure: a row per year from the first to the last with a figure, a column per
 * territory. `mixedSource` names the source of a year whose % has none of its own ('più fonti').
 */
export function compareTableOf(
  measure: Measure,
  loaded: readonly { name: string; stats: CompareStats }[],
  mixedSource: string,
): CompareTable {
  const pointsByArea = loaded.map(({ name, stats }) => ({
    name,
    stats,
    byYear: new Map(comparePoints(stats, measure).map((p) => [p.year, p])),
    anomalyOf: anomalyTextByYear(stats.sourceAnomalies),
  }));
  const allYears = pointsByArea.flatMap((a) => [...a.byYear.keys()]);
  const years = allYears.length
    ? Array.from(
        { length: Math.max(...allYears) - Math.min(...allYears) + 1 },
        (_, i) => Math.min(...allYears) + i,
      )
    : [];
  const sources: string[] = [];
  for (const { stats, byYear } of pointsByArea) {
    const sourceOf = new Map(stats.rdTrend.map((p) => [p.year, p.source ?? null]));
    for (const year of byYear.keys()) {
      const source = sourceOf.get(year) ?? mixedSource;
      if (!sources.includes(source)) sources.push(source);
    }
  }
  return {
    unit: COMPARE_UNITS[measure],
    years,
    columns: pointsByArea.map(({ name, byYear, anomalyOf }) => ({
      name,
      values: years.map((y) => byYear.get(y)?.value ?? null),
      estimates: years.map((y) => byYear.get(y)?.estimate ?? false),
      // Only a figure shown is flagged: a year without one has nothing to warn about.
      anomalies: years.map((y) => (byYear.has(y) ? (anomalyOf.get(y) ?? null) : null)),
    })),
    sources,
  };
}

/**
 * The notes of the flagged figures of a comparison, one per territory and year, in the order of the table:
 * "⚠ Dato anomalo nella fonte per Cassinelle (AL) nel 2013: 0,01 t per 843 abitanti…". The page's table
 * and its PDF print them under the values, whose cells carry the mark.
 */
export function compareAnomalyNotes(table: CompareTable): string[] {
  return table.columns.flatMap((column) =>
    table.years.flatMap((year, row) => {
      const text = column.anomalies[row];
      return text ? [`${ANOMALY_MARK} ${ANOMALY_NAME} per ${column.name} nel ${year}: ${text}`] : [];
    }),
  );
}
