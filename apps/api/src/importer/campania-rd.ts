import type { Queryable } from '../db/db';
import { writeCollection } from './imports.repo';
import { nameKey } from './ispra-storico';
import {
  checkRow,
  FieldError,
  italianNumber,
  missingColumns,
  readCsv,
  requiredText,
  type RowError,
} from './parse-utils';
import type { CollectionData, Dataset, Parsed, Progress, StatRow } from './types';
import { importMessage } from './messages';

/** The year the file covers: its name says it ("dati-raccolta-differenziata-ru-2022"), its rows do not. */
export const CAMPANIA_YEAR = 2022;

const COLUMNS = {
  name: 'Comune',
  sigla: 'Provincia',
  population: 'Abitanti',
  sorted: 'Kg di rifiuti differenziati (RDi)',
  composting: 'Kg di compostaggio domestico',
  unsorted: 'Kg di rifiuti non differenziati (RUind)',
  produced: 'Totale Kg di rifiuti prodotti (RDi+comp+RUind)',
  rdPct: '%RD',
} as const;

export interface CampaniaRow {
  line: number;
  name: string;
  sigla: string;
  population: number;
  /** kg */
  sorted: number;
  composting: number | null;
  unsorted: number;
  produced: number;
  rdPct: number;
}

export interface CampaniaData {
  rows: CampaniaRow[];
  /** Filled by check(): the comune of each row (matched on name and province sigla). */
  cityIds: string[];
}

export function parseCampania(text: string): Parsed<CampaniaData> {
  const { header, records } = readCsv(text, ';');
  const data: CampaniaData = { rows: [], cityIds: [] };
  const missing = missingColumns(header, Object.values(COLUMNS));
  if (missing) return { data, errors: [{ line: 1, reason: missing }], rowCount: 0, years: [] };
  const errors: RowError[] = [];
  let notReported = 0;
  for (const { line, values: v } of records) {
    // 56 comuni reported nothing ("NC", non comunicato, in every figure): they have no data that year.
    const figures = Object.values(COLUMNS)
      .slice(2)
      .map((c) => v[c]!.trim());
    if (figures.every((f) => f === 'NC' || f === '-')) {
      notReported++;
      continue;
    }
    const row = checkRow(errors, line, (): CampaniaRow => {
      const req = (column: string) => {
        const n = italianNumber(v[column]!, column);
        if (n === null) throw new FieldError('valueRequired', { column });
        if (n < 0) throw new FieldError('negative', { column, value: n });
        return n;
      };
      const sigla = requiredText(v[COLUMNS.sigla]!, COLUMNS.sigla);
      if (!/^[A-Z]{2}$/.test(sigla))
        throw new FieldError('notSigla', { column: COLUMNS.sigla, value: sigla });
      // "NC" (non comunicato): the comune did not report its home composting.
      const raw = v[COLUMNS.composting]!.trim();
      const composting = raw === 'NC' ? null : italianNumber(raw, COLUMNS.composting);
      const row = {
        line,
        name: requiredText(v[COLUMNS.name]!, COLUMNS.name),
        sigla,
        population: Math.round(req(COLUMNS.population)),
        sorted: req(COLUMNS.sorted),
        composting,
        unsorted: req(COLUMNS.unsorted),
        produced: req(COLUMNS.produced),
        rdPct: req(COLUMNS.rdPct),
      };
      const sum = row.sorted + (composting ?? 0) + row.unsorted;
      if (Math.abs(sum - row.produced) > 1)
        throw new FieldError('sumMismatch', { produced: row.produced, sum });
      return row;
    });
    if (row) data.rows.push(row);
  }
  return { data, errors, rowCount: records.length - notReported, years: [CAMPANIA_YEAR] };
}

/** The first index of `sorted` whose value is not below `key` (binary search). */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The comuni by `sigla|name key`, and every key once per comune in code-unit order: a lookup by the whole
 * key is one Map access and one by a prefix two binary searches, so a file of unknown names costs
 * O(rows × log comuni), never a scan of every comune per row (issue 34: a file of 300,000 unknown rows
 * held the API for 7 minutes).
 */
export function comuneIndex(cities: readonly { id: string; name: string; sigla: string }[]) {
  const byKey = new Map<string, string[]>();
  const entries: [key: string, id: string][] = [];
  for (const c of cities) {
    const key = `${c.sigla}|${nameKey(c.name)}`;
    const list = byKey.get(key);
    if (list) list.push(c.id);
    else byKey.set(key, [c.id]);
    entries.push([key, c.id]);
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const keys = entries.map((e) => e[0]);
  return {
    /** The comuni of that key; failing that, those whose key starts with it (how many, and the one). */
    find(key: string): { count: number; id: string | undefined } {
      const exact = byKey.get(key);
      if (exact) return { count: exact.length, id: exact[0] };
      // Keys are sigla|letters: every key starting with `key` sorts between it and `key` + U+FFFF.
      const lo = lowerBound(keys, key);
      const hi = lowerBound(keys, `${key}\uffff`);
      return { count: hi - lo, id: entries[lo]?.[1] };
    },
  };
}

/** The file has no ISTAT code: each row's comune is found by its name within its province. */
async function resolve(q: Queryable, data: CampaniaData): Promise<RowError[]> {
  const index = comuneIndex(
    await q.query<{ id: string; name: string; sigla: string }>(
      'SELECT c.id, c.name, p.sigla FROM cities c JOIN provinces p ON p.id = c.province_id',
    ),
  );
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  data.cityIds = [];
  data.rows.forEach((r, i) => {
    const key = `${r.sigla}|${nameKey(r.name)}`;
    // A comune renamed by adding to its name ("Capaccio", since 2016 "Capaccio Paestum"): the only one of
    // the province whose name starts with the file's.
    const { count, id: match } = index.find(key);
    if (count !== 1) {
      errors.push({
        line: r.line,
        reason: count
          ? importMessage('comuneNamedAmbiguous', { name: r.name, sigla: r.sigla, count })
          : importMessage('comuneNamedUnknown', { name: r.name, sigla: r.sigla }),
      });
      return;
    }
    const id = match!;
    if (seen.has(id)) {
      errors.push({
        line: r.line,
        reason: importMessage('comuneNamedAlreadyOnLine', {
          name: r.name,
          sigla: r.sigla,
          line: seen.get(id)!,
        }),
      });
      return;
    }
    seen.set(id, r.line);
    data.cityIds[i] = id;
  });
  return errors;
}

/**
 * produced = the file's total (RDi + home composting + RUind, as DM 26/05/2016 counts it), sorted = RDi +
 * home composting, unsorted = RUind, in tonnes; rd_pct = sorted / produced (the file's %RD, unrounded).
 */
function toCollection(data: CampaniaData): CollectionData {
  const stats: StatRow[] = data.rows.map((r, i) => {
    const sortedKg = r.sorted + (r.composting ?? 0);
    return {
      line: r.line,
      cityId: data.cityIds[i]!,
      year: CAMPANIA_YEAR,
      population: r.population,
      producedT: r.produced / 1000,
      sortedT: sortedKg / 1000,
      unsortedT: r.unsorted / 1000,
      rdPct: r.produced > 0 ? (sortedKg / r.produced) * 100 : null,
      costPerCapita: null,
      aggregationName: null,
      city: { name: r.name, latitude: null, longitude: null },
    };
  });
  return { source: 'campania-rd', stats, fractions: [] };
}

export const campaniaRdDataset: Dataset<CampaniaData> = {
  id: 'campania-rd',
  description: 'Regione Campania, separate collection per comune 2022 (campania/campania-rd-2022.csv)',
  input: 'file',
  changesStats: true,
  parse: ([{ text }]) => parseCampania(text),
  check: resolve,
  async write(q, data, progress: Progress) {
    await writeCollection(q, toCollection(data), progress);
    await q.query("DELETE FROM home_composting WHERE source = 'campania-rd' AND year = $1", [CAMPANIA_YEAR]);
    const withComposting = data.rows.flatMap((r, i) =>
      r.composting ? [{ id: data.cityIds[i]!, kg: r.composting, population: r.population }] : [],
    );
    await q.query(
      `INSERT INTO home_composting (city_id, year, kg, population, source)
       SELECT u.id, $4, u.kg, u.population, 'campania-rd'
         FROM unnest($1::text[], $2::float8[], $3::int[]) AS u (id, kg, population)`,
      [
        withComposting.map((r) => r.id),
        withComposting.map((r) => r.kg),
        withComposting.map((r) => r.population),
        CAMPANIA_YEAR,
      ],
    );
  },
};
