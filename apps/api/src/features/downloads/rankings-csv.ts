import type { Readable } from 'node:stream';
import {
  COMPARE_LEVEL_WORDS,
  RANKING_DECIMALS,
  RANKING_INDICATOR_LABELS,
  RANKING_UNITS,
  type RankingQuery,
  type RankingRow,
} from '@portal/contract';
import type { Queryable } from '../../db/db';
import { anomalyCodes } from '../../importer/export-lines';
import { csvStream, safeFileName, WEIGHTED_ESTIMATE, yesNo, type CsvColumn } from '../../lib/csv';
import { rankingRows } from '../stats/rankings.service';
import { sourceLabel } from '../stats/stats.repo';

/**
 * The CSV of a list of /classifiche (docs/downloads.md, decision 075): every row of the list the query
 * chooses, not its page, in the page's order and with its ranks, written by lib/csv.ts as the other CSV
 * files. Each row says its year (and comparison year), its source, what in it is an estimate, and a
 * comune-year that fails the plausibility rule (decision 070) with the collection CSV's codes.
 */

interface RankingCsvRow {
  row: RankingRow;
  indicator: RankingQuery['indicator'];
  year: number;
  compareYear: number | null;
  /** The short names of the sources of the years the value reads, in order. */
  sources: string[];
  /** What of the value is an estimate, in the page's words; null: nothing. */
  estimate: string | null;
}

const LEVEL_PLURALS = { city: 'comuni', province: 'province', region: 'regioni' } as const;
/** The indicators in file names, as the page's URL words them where it can be told apart. */
const INDICATOR_SLUGS = {
  sortedPercentage: 'raccolta-differenziata',
  producedPerCapita: 'rifiuti-prodotti-per-abitante',
  unsortedPerCapita: 'rifiuti-indifferenziati-per-abitante',
  sortedPercentageChange: 'variazione-raccolta-differenziata',
} as const;

/** The codes of a flagged comune-year, with its year when it is the comparison year's (the change). */
function anomalyCell(r: RankingCsvRow): string | null {
  const a = r.row.anomaly;
  if (!a) return null;
  const codes = anomalyCodes(a.reasons);
  return a.year === r.year ? codes : `${codes} (${a.year})`;
}

const COLUMNS: CsvColumn<RankingCsvRow>[] = [
  { header: 'anno', value: (r) => String(r.year) },
  { header: 'anno_confronto', value: (r) => (r.compareYear === null ? null : String(r.compareYear)) },
  { header: 'posizione', value: (r) => r.row.rank, decimals: 0 },
  { header: 'pari_merito', value: (r) => (r.row.rank === null ? null : yesNo(r.row.tied)) },
  { header: 'livello', value: (r) => COMPARE_LEVEL_WORDS[r.row.level] },
  { header: 'codice_istat', value: (r) => r.row.id },
  { header: 'territorio', value: (r) => r.row.name },
  { header: 'sigla_provincia', value: (r) => r.row.provinceSigla },
  { header: 'regione', value: (r) => r.row.regionName },
  { header: 'capoluogo', value: (r) => (r.row.level === 'city' ? yesNo(r.row.capital) : null) },
  { header: 'popolazione', value: (r) => r.row.population, decimals: 0 },
  {
    header: 'anno_popolazione',
    value: (r) => (r.row.populationYear === null ? null : String(r.row.populationYear)),
  },
  { header: 'indicatore', value: (r) => RANKING_INDICATOR_LABELS[r.indicator] },
  { header: 'unita', value: (r) => RANKING_UNITS[r.indicator] },
  { header: 'valore', value: (r) => r.row.value, decimals: RANKING_DECIMALS },
  { header: 'percentuale_rd_anno_confronto', value: (r) => r.row.from, decimals: RANKING_DECIMALS },
  { header: 'percentuale_rd_anno', value: (r) => r.row.to, decimals: RANKING_DECIMALS },
  { header: 'stima', value: (r) => r.estimate },
  { header: 'fonte', value: (r) => (r.sources.length ? r.sources.join(', ') : null) },
  { header: 'dato_anomalo_fonte', value: anomalyCell },
];

/**
 * The sources of each area of the level in the years (the short names of its comuni's sources, as the
 * area's page names them), and the area-years whose % is an estimate (area_stats.rd_pct_method).
 */
async function yearFacts(
  db: Queryable,
  level: RankingQuery['level'],
  years: number[],
): Promise<{ sources: Map<string, Map<number, string[]>>; estimates: Set<string> }> {
  const column = { city: 'c.id', province: 'c.province_id', region: 'c.region_id' }[level];
  const rows = await db.query<{ id: string; year: number; source: string }>(
    `SELECT DISTINCT ${column} AS id, w.year, w.source
       FROM waste_stats w JOIN cities c ON c.id = w.city_id
      WHERE w.year = ANY($1::int[])
      ORDER BY 1, 2, 3`,
    [years],
  );
  const sources = new Map<string, Map<number, string[]>>();
  for (const r of rows) {
    const byYear = sources.get(r.id) ?? new Map<number, string[]>();
    const labels = byYear.get(r.year) ?? [];
    const label = sourceLabel(r.source);
    if (!labels.includes(label)) labels.push(label);
    byYear.set(r.year, labels);
    sources.set(r.id, byYear);
  }
  const estimates = new Set<string>();
  if (level !== 'city') {
    const flagged = await db.query<{ id: string; year: number }>(
      `SELECT area_id AS id, year FROM area_stats
        WHERE level = $1 AND year = ANY($2::int[]) AND rd_pct_method = 'estimate'`,
      [level, years],
    );
    for (const f of flagged) estimates.add(`${f.id}:${f.year}`);
  }
  return { sources, estimates };
}

export interface RankingCsv {
  year: number;
  compareYear: number | null;
  /** The file, once the budget is spent: a stream that counts its rows into counter.rows. */
  stream: (counter: { rows: number }) => Readable;
}

/**
 * The CSV of the whole list a ranking query chooses (its page and page size are not read): its rows are
 * read here (a 400 or 404 of the filter is thrown before anything is spent), the file written on demand.
 */
export async function rankingCsv(db: Queryable, query: RankingQuery): Promise<RankingCsv> {
  const { year, compareYear, rows } = await rankingRows(db, query);
  const { indicator } = query;
  const change = indicator === 'sortedPercentageChange';
  // The years the value reads: the year, and for the change the comparison year too.
  const read = compareYear !== null && change ? [compareYear, year] : [year];
  const facts = await yearFacts(db, query.level, read);
  const perCapita = RANKING_UNITS[indicator] === 'kg/ab.';
  const csvRows = rows.map((row): RankingCsvRow => {
    const byYear = facts.sources.get(row.id);
    const sources = [...new Set(read.flatMap((y) => byYear?.get(y) ?? []))];
    const notes: string[] = [];
    if (perCapita && row.populationYear !== null && row.populationYear !== year && row.value !== null) {
      notes.push(`stima con la popolazione del ${row.populationYear}`);
    }
    if (!perCapita) {
      const estimated = read.filter((y) => facts.estimates.has(`${row.id}:${y}`));
      if (estimated.length) {
        notes.push(
          change
            ? `stima nel ${estimated.join(' e nel ')}: ${WEIGHTED_ESTIMATE}`
            : `stima: ${WEIGHTED_ESTIMATE}`,
        );
      }
    }
    const estimate = notes.length ? notes.join('; ') : null;
    return { row, indicator, year, compareYear, sources, estimate };
  });
  const stream = (counter: { rows: number }) =>
    csvStream(
      COLUMNS,
      (async function* () {
        yield csvRows;
      })(),
      counter,
    );
  return { year, compareYear, stream };
}

/**
 * classifica-<indicator>-<comuni|province|regioni>[-regione-05][-provincia-028][-fascia-…][-capoluoghi]
 * [-con-dati-anomali][-peggiori][-senza-dati]-anno-2024[-confronto-2023]-<YYYY-MM-DD>.csv
 */
export function rankingCsvFilename(
  q: RankingQuery,
  years: { year: number; compareYear: number | null },
  today: Date = new Date(),
): string {
  return safeFileName(
    [
      'classifica',
      INDICATOR_SLUGS[q.indicator],
      LEVEL_PLURALS[q.level],
      q.region && `regione-${q.region}`,
      q.province && `provincia-${q.province}`,
      q.band && `fascia-${q.band}`,
      q.capitals && 'capoluoghi',
      q.anomalies && 'con-dati-anomali',
      q.list === 'unranked' ? 'senza-dati' : q.order === 'worst' ? 'peggiori' : null,
      `anno-${years.year}`,
      years.compareYear !== null ? `confronto-${years.compareYear}` : null,
      today.toISOString().slice(0, 10),
    ],
    'csv',
  );
}
