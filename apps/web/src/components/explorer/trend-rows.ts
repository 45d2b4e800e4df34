import {
  anomalyTextByYear,
  formatNumber,
  formatPercent,
  formatTonnes,
  formatYearRanges,
  trendYears,
} from '@portal/charts';
import type { AreaStats, SourceAnomaly, Unit } from '@portal/contract';
import { SOURCE_ANOMALY_LABEL, UNIT_DECIMALS } from '@portal/contract/lite';
import type { TableColumn } from '../charts/chart-or-table';
import { explorerMessages as t } from './messages';

const c = t.charts;

type TrendPoint = AreaStats['rdTrend'][number];
type PerCapitaPoint = AreaStats['perCapitaTrend'][number];
type TonnesPoint = AreaStats['tonnesTrend'][number];
type CollectionSystems = NonNullable<AreaStats['collectionSystems']>;
type PopulationBasis = AreaStats['populationBasis'];

/**
 * The caption of the years without data between the first and the last year with data ('Anni 2018–2021:
 * nessuna fonte pubblica disponibile nel portale per questi anni.'); null when there are none.
 */
export function missingYearsText(missingYears: readonly number[]): string | null {
  const years = [...new Set(missingYears)];
  if (years.length === 0) return null;
  return c.missingYears(formatYearRanges(years), years.length);
}

/** The years whose % is an estimate, as text ('2022–2023') with their number; null when none is. */
export function estimateYearsText(points: readonly TrendPoint[]): { text: string; count: number } | null {
  const years = points.filter((p) => p.method === 'estimate').map((p) => p.year);
  return years.length ? { text: formatYearRanges(years), count: years.length } : null;
}

const METHOD: Record<TrendPoint['method'], string> = {
  tonnes: c.methodTonnes,
  estimate: c.methodEstimate,
  reported: c.methodReported,
};

/**
 * The rows of the table of the % over the years (Anno, %, Calcolo, Fonte): every year from the first to
 * the last available one, a year without data saying so.
 */
export function trendTableRows(points: readonly TrendPoint[], span: readonly number[] = []): string[][] {
  return trendYears(points, span).map(({ year, point }) =>
    point
      ? [String(year), formatPercent(point.value), METHOD[point.method], point.source ?? c.sourceMixed]
      : [String(year), c.notAvailable, '—', '—'],
  );
}

/**
 * The rows of the table of kg per inhabitant and cost (Anno, prodotti, differenziata, costo): every year
 * from the first to the last available one; a year without figures says 'Dato non disponibile', a figure
 * the source lacks in a year with others is '—'.
 */
export function perCapitaTableRows(
  points: readonly PerCapitaPoint[],
  span: readonly number[] = [],
): string[][] {
  const byYear = new Map(points.map((p) => [p.year, p]));
  const years = [...points.map((p) => p.year), ...span];
  if (years.length === 0) return [];
  const first = Math.min(...years);
  const last = Math.max(...years);
  const cell = (value: number | null, unit: Unit) =>
    value === null ? '—' : formatNumber(value, UNIT_DECIMALS[unit]);
  return Array.from({ length: last - first + 1 }, (_, i) => {
    const year = first + i;
    const p = byYear.get(year);
    if (!p || (p.producedKgPerCapita === null && p.sortedKgPerCapita === null && p.costPerCapita === null))
      return [String(year), c.notAvailable, c.notAvailable, c.notAvailable];
    return [
      String(year),
      cell(p.producedKgPerCapita, 'kg/ab'),
      cell(p.sortedKgPerCapita, 'kg/ab'),
      cell(p.costPerCapita, '€/ab'),
    ];
  });
}

/**
 * The rows of the table of the tonnes (Anno, prodotti, differenziata): every year from the first to the
 * last available one, the tonnes with one decimal as the cards give them ('29.930.425,7'); a year without
 * tonnes says 'Dato non disponibile'.
 */
export function tonnesTableRows(points: readonly TonnesPoint[], span: readonly number[] = []): string[][] {
  const byYear = new Map(points.map((p) => [p.year, p]));
  const years = [...points.map((p) => p.year), ...span];
  if (years.length === 0) return [];
  const first = Math.min(...years);
  const last = Math.max(...years);
  return Array.from({ length: last - first + 1 }, (_, i) => {
    const year = first + i;
    const p = byYear.get(year);
    return p
      ? [String(year), formatNumber(p.producedT, UNIT_DECIMALS.t), formatNumber(p.sortedT, UNIT_DECIMALS.t)]
      : [String(year), c.notAvailable, c.notAvailable];
  });
}

/**
 * The years with a % but without the tonnes (the source gives only the %, or the tonnes of too few of the
 * area's comuni), as text: what the tonnes chart leaves empty besides the years without any source.
 */
export function yearsWithoutTonnesText(
  rdTrend: readonly TrendPoint[],
  tonnes: readonly TonnesPoint[],
): { text: string; count: number } | null {
  const known = new Set(tonnes.map((p) => p.year));
  const years = rdTrend.map((p) => p.year).filter((y) => !known.has(y));
  return years.length ? { text: formatYearRanges(years), count: years.length } : null;
}

/**
 * The line of the sources of the tonnes (the source of each year's %, the same figures): 'Fonte: ISPRA.',
 * or with several each with its years, 'Fonti: ISPRA (2010–2017 e 2024), Regione Siciliana (2018–2021).'
 * A year whose comuni come from several sources, none for more than half, is 'più fonti'. Null without
 * tonnes.
 */
export function tonnesSourceText(
  rdTrend: readonly TrendPoint[],
  tonnes: readonly TonnesPoint[],
): string | null {
  return yearsSourceText(
    rdTrend,
    tonnes.map((p) => p.year),
  );
}

/** The same line for any years of the area (an embed's source line): null without years. */
export function yearsSourceText(rdTrend: readonly TrendPoint[], years: readonly number[]): string | null {
  const sourceOf = new Map(rdTrend.map((p) => [p.year, p.source ?? null]));
  const bySource = new Map<string | null, number[]>();
  for (const year of years) {
    const source = sourceOf.get(year) ?? null;
    bySource.set(source, [...(bySource.get(source) ?? []), year]);
  }
  if (bySource.size === 0) return null;
  const [only] = bySource.keys();
  if (bySource.size === 1) return only ? c.tonnesSource(only, false) : c.tonnesSourceMixed;
  return c.tonnesSource(
    [...bySource]
      .map(([source, years]) => `${source ?? c.sourceMixed} (${formatYearRanges(years)})`)
      .join(', '),
    true,
  );
}

/**
 * The years with a % but without the kg per inhabitant (the source gives only the %), as text: what the
 * per-capita chart leaves empty besides the years without any source. Null when there are none.
 */
export function onlyPercentYearsText(
  rdTrend: readonly TrendPoint[],
  perCapita: readonly PerCapitaPoint[],
): { text: string; count: number } | null {
  const withKg = new Set(
    perCapita
      .filter((p) => p.producedKgPerCapita !== null && p.sortedKgPerCapita !== null)
      .map((p) => p.year),
  );
  const years = rdTrend.map((p) => p.year).filter((y) => !withKg.has(y));
  return years.length ? { text: formatYearRanges(years), count: years.length } : null;
}

/** The rows of the table of the collection systems: one per year and system (Anno, Sistema, t, Quota %). */
export function collectionSystemsRows(systems: CollectionSystems): string[][] {
  return systems.years.flatMap((y) =>
    y.items.map((item) => [String(y.year), item.name, formatTonnes(item.tonnes), formatPercent(item.share)]),
  );
}

/**
 * What the shares of each year are of: 'Quote delle tonnellate raccolte in modo differenziato: 2015:
 * 1.234,5 t di 331 comuni; 2022: …'. A comune's own tonnes do not name the comuni.
 */
export function collectionSystemsBaseText(systems: CollectionSystems, city: boolean): string {
  return c.systemsBase(
    systems.years
      .map((y) =>
        c.systemsBaseYear(
          y.year,
          formatTonnes(y.tonnes),
          city ? null : c.comuniCount(formatNumber(y.comuniCount), y.comuniCount === 1),
        ),
      )
      .join('; '),
  );
}

/**
 * Whose inhabitants the year's kg per inhabitant divide by, said beside the population (decision 071): ISTAT's
 * of the area on 1 January of the next year, or the 2011 census; null for the sources' own.
 */
export function populationBasisText(basis: PopulationBasis): string | null {
  if (!basis || basis.source === 'source' || !basis.date) return null;
  return basis.source === 'census'
    ? t.stats.populationCensus
    : t.stats.populationIstat(Number(basis.date.slice(0, 4)));
}

/**
 * The per-capita chart's note on its denominators, one clause per kind of population with its years; null
 * when every year uses the sources' own.
 */
export function perCapitaBasisText(points: readonly PerCapitaPoint[]): string | null {
  const years = { istat: [] as number[], census: [] as number[], source: [] as number[] };
  for (const p of points) if (p.populationBasis) years[p.populationBasis.source].push(p.year);
  if (!years.istat.length && !years.census.length) return null;
  const parts = (['istat', 'census', 'source'] as const)
    .filter((k) => years[k].length)
    .map((k) => c.perCapitaBasisPart[k](formatYearRanges(years[k]), years[k].length));
  return c.perCapitaBasis(parts.join('; '));
}

/**
 * A trend's table with the flags of a comune's years anomalous in the source (decision 070), as its chart
 * rings their points: a last column 'Nota' whose cell of a flagged year with figures says 'Dato anomalo
 * nella fonte: …' with the figures that make it so. A table none of whose years is flagged stays as it was.
 */
export function withAnomalyNotes(
  columns: readonly TableColumn[],
  rows: readonly string[][],
  anomalies: readonly SourceAnomaly[] = [],
): { columns: TableColumn[]; rows: string[][] } {
  const texts = anomalyTextByYear(anomalies);
  const noteOf = (row: readonly string[]) => {
    const text = texts.get(Number(row[0]));
    return text && row[1] !== c.notAvailable ? `${SOURCE_ANOMALY_LABEL}: ${text}` : '';
  };
  if (!rows.some((row) => noteOf(row))) return { columns: [...columns], rows: rows.map((r) => [...r]) };
  return {
    columns: [...columns, { label: c.columns.note }],
    rows: rows.map((row) => [...row, noteOf(row)]),
  };
}
