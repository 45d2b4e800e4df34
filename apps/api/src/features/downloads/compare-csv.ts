import type { Readable } from 'node:stream';
import { COMPARE_LEVEL_WORDS, type AreaStats, type CityStats, type Measure } from '@portal/contract';
import type { CompareTable } from '@portal/charts';
import { anomalyCodes } from '../../importer/export-lines';
import { csvStream, WEIGHTED_ESTIMATE, type CsvColumn } from '../../lib/csv';

/**
 * The CSV of the table of /confronta (docs/downloads.md, decision 075): the values the page compares, one
 * row per territory and year (the table's cells, a territory after the other in the page's order), each
 * with its source, what of it is an estimate, and a comune-year that fails the plausibility rule
 * (decision 070) with the collection CSV's codes. Written by lib/csv.ts as the other CSV files.
 */

interface CompareCsvRow {
  year: number;
  name: string;
  stats: AreaStats | CityStats;
  measure: Measure;
  unit: CompareTable['unit'];
  value: number | null;
  estimate: boolean;
  source: string | null;
}

const MEASURE_LABELS: Record<Measure, string> = {
  rd: '% raccolta differenziata',
  kg: 'Rifiuti urbani prodotti per abitante',
  tonnellate: 'Rifiuti urbani prodotti',
};
/** The decimals of the collection CSV: tonnes 3, % and per-capita figures 2. */
const DECIMALS: Record<Measure, number> = { rd: 2, kg: 2, tonnellate: 3 };

/** The inhabitants a kg per inhabitant divides by, when they are not the source's own (decision 071). */
function populationCell(r: CompareCsvRow): string | null {
  if (r.measure !== 'kg' || r.value === null) return null;
  const basis = r.stats.perCapitaTrend.find((p) => p.year === r.year)?.populationBasis;
  if (!basis || basis.source === 'source') return null;
  return basis.source === 'census'
    ? 'stima con la popolazione del censimento ISTAT del 9 ottobre 2011'
    : `stima con la popolazione ISTAT al 1° gennaio ${basis.date?.slice(0, 4) ?? r.year + 1}`;
}

function anomalyCell(r: CompareCsvRow): string | null {
  if (r.value === null || !('sourceAnomalies' in r.stats)) return null;
  const flagged = r.stats.sourceAnomalies.find((a) => a.year === r.year);
  return flagged ? anomalyCodes(flagged.reasons) : null;
}

const COLUMNS: CsvColumn<CompareCsvRow>[] = [
  { header: 'anno', value: (r) => String(r.year) },
  { header: 'territorio', value: (r) => r.name },
  {
    header: 'livello',
    value: (r) => (r.stats.area.level === 'country' ? 'italia' : COMPARE_LEVEL_WORDS[r.stats.area.level]),
  },
  { header: 'codice_istat', value: (r) => (r.stats.area.level === 'country' ? null : r.stats.area.id) },
  { header: 'misura', value: (r) => MEASURE_LABELS[r.measure] },
  { header: 'unita', value: (r) => r.unit },
  { header: 'valore', value: (r) => r.value, decimals: 2 },
  {
    header: 'stima',
    value: (r) => (r.estimate ? `stima: ${WEIGHTED_ESTIMATE}` : populationCell(r)),
  },
  { header: 'fonte', value: (r) => (r.value === null ? null : r.source) },
  { header: 'dato_anomalo_fonte', value: anomalyCell },
];

/**
 * The rows of the table of a comparison: every year of the table for every territory, in the page's
 * order; a year without the territory's figure has its value empty (the page's '—'), never 0.
 */
export function compareCsvStream(
  measure: Measure,
  table: CompareTable,
  loaded: readonly { name: string; stats: AreaStats | CityStats }[],
  mixedSource: string,
  counter: { rows: number },
): Readable {
  const rows = loaded.flatMap(({ name, stats }, column) => {
    const sourceOf = new Map(stats.rdTrend.map((p) => [p.year, p.source ?? null]));
    return table.years.map((year, i): CompareCsvRow => ({
      year,
      name,
      stats,
      measure,
      unit: table.unit,
      value: table.columns[column]!.values[i] ?? null,
      estimate: table.columns[column]!.estimates[i] ?? false,
      source: sourceOf.get(year) ?? mixedSource,
    }));
  });
  const columns = COLUMNS.map((c) => (c.header === 'valore' ? { ...c, decimals: DECIMALS[measure] } : c));
  return csvStream(
    columns,
    (async function* () {
      yield rows;
    })(),
    counter,
  );
}
