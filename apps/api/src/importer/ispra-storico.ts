import { searchText, isIstatId } from '@portal/contract';
import type { Queryable } from '../db/db';
import { checkCollection, writeCollection } from './imports.repo';
import {
  checkRow,
  comuneCode,
  comuneName,
  FieldError,
  missingColumns,
  nonNegative,
  optionalNumber,
  readCsv,
  requiredText,
  requiredYear,
  type RowError,
} from './parse-utils';
import type { CollectionData, Dataset, FractionRow, Parsed, Progress, SourceFile, StatRow } from './types';
import { importMessage } from './messages';

/**
 * The fraction columns of ISPRA's national per-comune tables of 2010–2017 (data/ispra/comuni-2010-2017/),
 * by exact header. Their organic fraction includes green waste, so it is its own fraction ("organico"),
 * never split into umido and verde; 2016–2017 add street sweeping and C&D to recovery.
 */
export const STORICO_FRACTION_COLUMNS: Readonly<Record<string, string>> = {
  'Frazione Organica': 'organico',
  'Carta e Cartone': 'carta-cartone',
  Vetro: 'vetro',
  Plastica: 'plastica',
  Metallo: 'metallo',
  Legno: 'legno',
  RAEE: 'raee',
  Tessili: 'tessili',
  'Pulizia Stradale a Recupero': 'spazzamento',
  'Rifiuti da costruzione e demolizione': 'costruzione-demolizione',
  Selettiva: 'selettiva',
  'Ingombranti Misti': 'ingombranti',
  'Altro RD': 'altro',
};

const COLUMNS = {
  region: 'IstatRegione',
  province: 'IstatProvincia',
  code: 'IDComune',
  name: 'COMUNE',
  scope: 'Dato riferito a',
  year: 'ANNO',
  sorted: 'RD',
  unsorted: 'Indifferenziato e Pulizia stradale a smalt',
  produced: 'RU',
} as const;

/** One row of the files, before its comune is matched with the database's. */
export interface StoricoRow {
  file: string;
  line: number;
  /** The code as the file gives it (6 digits): a comune of that year, possibly renumbered or merged since. */
  code: string;
  regionId: string;
  provinceId: string;
  /** The name in the case ISTAT uses ("AGLIE'" → "Agliè"). */
  name: string;
  year: number;
  role: 'own' | 'lead' | 'member';
  aggregationName: string | null;
  producedT: number | null;
  sortedT: number | null;
  unsortedT: number | null;
  fractions: Map<string, number>;
}

export interface StoricoData {
  rows: StoricoRow[];
  /** Filled by check(): the comune each row belongs to today, and the comuni to create (dissolved ones). */
  cityIds: string[];
  newCities: Map<string, { name: string; provinceId: string }>;
}

/** "AGLIE'" → "Agliè", "CANTU'" → "Cantù": the files write a final accented vowel as vowel + apostrophe. */
export function accentedName(name: string): string {
  const grave: Record<string, string> = { A: 'À', E: 'È', I: 'Ì', O: 'Ò', U: 'Ù' };
  // Words of one or two letters are elisions, not accents: "BASTIDA DE' DOSSI", "CA' D'ANDREA".
  return name.replace(/(?<=[A-Z]{2})([AEIOU])'(?=$|[\s-/])/g, (_, v: string) => grave[v]!);
}

/** Italy's inhabitants per tonne of urban waste (about 500 kg each): the last-resort weight of a comune. */
const NATIONAL_INHABITANTS_PER_TONNE = 2;

/** Letters only, no accents, lower case: how a name of the files is matched with today's names. */
export const nameKey = (name: string) => searchText(name).replace(/[^a-z]/g, '');

function parseFile(file: SourceFile, errors: RowError[]): StoricoRow[] {
  // Line 1 is a title ("Dati comunali … - anno 2010 (ISPRA)"); the header is line 2.
  const newline = file.text.indexOf('\n');
  const { header, records } = readCsv(newline >= 0 ? file.text.slice(newline + 1) : '');
  const fail = (line: number, reason: string) => errors.push({ file: file.path, line, reason });
  const missing = missingColumns(header, Object.values(COLUMNS));
  if (missing) {
    fail(2, missing);
    return [];
  }
  const fractionColumns = header.filter((h) => STORICO_FRACTION_COLUMNS[h]);
  if (!fractionColumns.includes('Frazione Organica')) {
    fail(2, importMessage('missingColumn', { columns: 'Frazione Organica' }));
    return [];
  }
  const rows: StoricoRow[] = [];
  const fileErrors: RowError[] = [];
  for (const { line: l, values: v } of records) {
    const line = l + 1;
    // The last line of each file is a row of empty fields.
    if (Object.values(v).every((x) => x === '')) continue;
    const row = checkRow(fileErrors, line, (): StoricoRow => {
      const code = comuneCode(v[COLUMNS.code]!, COLUMNS.code);
      const regionId = v[COLUMNS.region]!.padStart(2, '0');
      const provinceId = v[COLUMNS.province]!.padStart(3, '0');
      if (!isIstatId('region', regionId))
        throw new FieldError('notRegionId', { column: COLUMNS.region, value: regionId });
      if (provinceId !== code.slice(0, 3))
        throw new FieldError('notProvinceOf', { column: COLUMNS.province, province: provinceId, city: code });
      const scope = v[COLUMNS.scope]!;
      const aggregation = /^Aggregazione:\s*(.+)$/i.exec(scope);
      if (!aggregation && scope.toLowerCase() !== 'comune')
        throw new FieldError('notScope', { column: COLUMNS.scope, value: scope });
      const num = (column: string) => nonNegative(optionalNumber(v[column] ?? '', column), column);
      const producedT = num(COLUMNS.produced);
      const fractions = new Map<string, number>();
      for (const column of fractionColumns) {
        const t = num(column);
        if (t !== null && producedT !== null) fractions.set(STORICO_FRACTION_COLUMNS[column]!, t);
      }
      return {
        file: file.path,
        line,
        code,
        regionId,
        provinceId,
        name: comuneName(accentedName(requiredText(v[COLUMNS.name]!, COLUMNS.name))),
        year: requiredYear(v[COLUMNS.year]!, COLUMNS.year),
        // In an aggregation ONE member row carries the joint figures, the others are empty.
        role: aggregation ? (producedT === null ? 'member' : 'lead') : 'own',
        aggregationName: aggregation?.[1]?.trim() || null,
        producedT,
        sortedT: producedT === null ? null : (num(COLUMNS.sorted) ?? 0),
        unsortedT: producedT === null ? null : num(COLUMNS.unsorted),
        fractions,
      };
    });
    // A comune of the list without figures (and not in an aggregation) has no data that year.
    if (row && (row.producedT !== null || row.role === 'member')) rows.push(row);
  }
  // One at a time: spreading hundreds of thousands of errors into push() overflows the stack.
  for (const e of fileErrors) errors.push({ ...e, file: file.path });
  return rows;
}

export function parseIspraStorico(files: SourceFile[]): Parsed<StoricoData> {
  const errors: RowError[] = [];
  const rows = files.flatMap((f) => parseFile(f, errors));
  const years = [...new Set(rows.map((r) => r.year))].sort();
  const rowCount = rows.length;
  return { data: { rows, cityIds: [], newCities: new Map() }, errors, rowCount, years };
}

/**
 * Matches each row's comune with today's: by code when today's list has it (a renamed comune keeps its
 * code); otherwise by name within the region (Sardinia renumbered its comuni in 2016–2017); otherwise it
 * is a comune that no longer exists under that code (merged since, or moved to another region with a new
 * code, as Sappada in 2017: its years stay in the region that reported them), created under its code, in its province or, when that province no
 * longer exists either, in the province most comuni of the old one belong to today.
 */
async function resolveComuni(q: Queryable, data: StoricoData): Promise<RowError[]> {
  const cities = await q.query<{ id: string; regionId: string; name: string }>(
    'SELECT id, region_id AS "regionId", name FROM cities',
  );
  const provinces = new Set((await q.query<{ id: string }>('SELECT id FROM provinces')).map((p) => p.id));
  const known = new Set(cities.map((c) => c.id));
  const byName = new Map<string, string>();
  for (const c of cities) {
    for (const n of [c.name, ...c.name.split('/')]) byName.set(`${c.regionId}|${nameKey(n)}`, c.id);
  }
  // By name only into another province: a renumbering (Sardinia, Torre de' Busi, Genoni). A comune of the
  // same name in the same province under another code is the comune it merged into (Bellagio, merged with
  // Civenna in 2014): the old comune is kept apart, as every other merged one.
  const renumbered = (r: StoricoRow) => {
    const id = byName.get(`${r.regionId}|${nameKey(r.name)}`);
    return id !== undefined && id.slice(0, 3) !== r.provinceId ? id : null;
  };
  const matched = data.rows.map((r) => (known.has(r.code) ? r.code : renumbered(r)));
  // Old province → today's province of most of its comuni matched by name.
  const votes = new Map<string, Map<string, number>>();
  data.rows.forEach((r, i) => {
    const id = matched[i];
    if (id === null || id === undefined || provinces.has(r.provinceId)) return;
    const v = votes.get(r.provinceId) ?? new Map<string, number>();
    v.set(id.slice(0, 3), (v.get(id.slice(0, 3)) ?? 0) + 1);
    votes.set(r.provinceId, v);
  });
  const successor = new Map(
    [...votes].map(([old, v]) => [
      old,
      [...v].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
    ]),
  );
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  data.cityIds = [];
  data.newCities = new Map();
  data.rows.forEach((r, i) => {
    let id = matched[i] ?? null;
    if (id === null) {
      const provinceId = provinces.has(r.provinceId) ? r.provinceId : successor.get(r.provinceId);
      if (!provinceId) {
        errors.push({
          file: r.file,
          line: r.line,
          reason: importMessage('comuneNamedAndProvinceUnknown', {
            city: r.code,
            name: r.name,
            province: r.provinceId,
          }),
        });
        return;
      }
      id = r.code;
      data.newCities.set(id, { name: r.name, provinceId });
    }
    const cityId: string = id;
    const key = `${cityId}|${r.year}`;
    const before = seen.get(key);
    if (before !== undefined) {
      errors.push({
        file: r.file,
        line: r.line,
        reason: importMessage('comuneYearAlreadyOnLine', { city: id, year: r.year, line: before }),
      });
      return;
    }
    seen.set(key, r.line);
    data.cityIds[i] = cityId;
  });
  return errors;
}

/**
 * The population that weighs a comune's share of a joint figure: its own of the nearest year that has one
 * (these files give none). An aggregation none of whose members has one is split equally.
 */
async function nearestPopulations(q: Queryable, ids: string[]): Promise<Map<string, [number, number][]>> {
  const rows = await q.query<{ id: string; year: number; population: number }>(
    `SELECT city_id AS id, year, population FROM waste_stats
      WHERE city_id = ANY($1::text[]) AND population IS NOT NULL`,
    [ids],
  );
  const map = new Map<string, [number, number][]>();
  for (const r of rows) appendTo(map, r.id, [r.year, r.population]);
  return map;
}

/** Appends to the list of `key`, in place: copying it for each row made a long list cost rows² (issue 34). */
function appendTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The value of the year nearest to `year` (the later one on a tie) among [year, value] pairs; 0 if none. */
function nearestYearValue(list: [number, number][] | undefined, year: number): number {
  let best: [number, number] | undefined;
  // One pass, no copy or sort per lookup: it runs for every member of every aggregation.
  for (const p of list ?? []) {
    const d = Math.abs(p[0] - year);
    if (!best || d < Math.abs(best[0] - year) || (d === Math.abs(best[0] - year) && p[0] > best[0])) best = p;
  }
  return best?.[1] ?? 0;
}

async function toCollection(q: Queryable, data: StoricoData): Promise<CollectionData> {
  const rows = data.rows.map((r, i) => ({ ...r, cityId: data.cityIds[i]! }));
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    if (r.role === 'own') continue;
    const key = `${r.year}|${r.aggregationName}`;
    appendTo(groups, key, r);
  }
  const populations = await nearestPopulations(
    q,
    [...groups.values()].flat().map((r) => r.cityId),
  );
  // Each comune's own tonnes in the years it reported alone, for the weight of one without a population.
  const own = new Map<string, [number, number][]>();
  for (const r of rows) {
    if (r.role === 'own' && r.producedT !== null && r.producedT > 0)
      appendTo(own, r.cityId, [r.year, r.producedT]);
  }
  const ownTonnesOf = (id: string, year: number) => nearestYearValue(own.get(id), year);
  const populationOf = (id: string, year: number) => nearestYearValue(populations.get(id), year);
  /** The rows that got a share of a joint figure: only they say "aggregation" (the others' figure is their own). */
  const split = new Set<(typeof rows)[number]>();
  const empty = new Set<(typeof rows)[number]>();
  for (let group of groups.values()) {
    // ONE row carries the joint figure, split among it and the members without figures. Where every row
    // of an aggregation has figures (Lazio's "Unione Bassa Sabina"), each comune's figure is its own and
    // nothing is split. Where several rows have figures and some none (2012's "Consorzio del Vercellese e
    // della Valsesia": 2 of 84), the largest is the joint figure of those without; the others keep theirs.
    const leads = group.filter((r) => r.role === 'lead');
    // No row of the group has figures: its comuni have no data that year, as an empty row of its own.
    if (!leads.length) for (const r of group) empty.add(r);
    if (!leads.length || leads.length === group.length) continue;
    const lead = leads.reduce((a, b) => ((b.producedT ?? 0) > (a.producedT ?? 0) ? b : a));
    group = group.filter((r) => r === lead || r.role === 'member');
    const totals = { producedT: lead.producedT, sortedT: lead.sortedT, unsortedT: lead.unsortedT };
    const fractions = new Map(lead.fractions);
    // A member without any population (a comune merged long ago) weighs as the inhabitants its own tonnes
    // of the nearest year it reported alone stand for, at the group's inhabitants per tonne; the mean of
    // the others only when it never reported alone.
    const pops = group.map((r) => populationOf(r.cityId, r.year));
    const withBoth = group.filter((r, i) => pops[i]! > 0 && ownTonnesOf(r.cityId, r.year) > 0);
    const perTonne = withBoth.length
      ? withBoth.reduce((a, r) => a + populationOf(r.cityId, r.year), 0) /
        withBoth.reduce((a, r) => a + ownTonnesOf(r.cityId, r.year), 0)
      : NATIONAL_INHABITANTS_PER_TONNE;
    const known = pops.filter((p) => p > 0);
    const mean = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
    const weights = group.map((r, i) => pops[i]! || ownTonnesOf(r.cityId, r.year) * perTonne || mean);
    const total = weights.reduce((a, b) => a + b, 0);
    group.forEach((r, i) => {
      split.add(r);
      const share = total > 0 ? weights[i]! / total : 1 / group.length;
      const part = (t: number | null) => (t === null ? null : t * share);
      r.producedT = part(totals.producedT);
      r.sortedT = part(totals.sortedT);
      r.unsortedT = part(totals.unsortedT);
      r.fractions = new Map([...fractions].map(([f, t]) => [f, t * share]));
    });
  }
  const stats: StatRow[] = [];
  const fractionRows: FractionRow[] = [];
  for (const r of rows) {
    if (empty.has(r)) continue;
    stats.push({
      line: r.line,
      cityId: r.cityId,
      year: r.year,
      population: null,
      producedT: r.producedT,
      sortedT: r.sortedT,
      unsortedT: r.unsortedT,
      rdPct:
        r.producedT !== null && r.sortedT !== null && r.producedT > 0
          ? (r.sortedT / r.producedT) * 100
          : null,
      costPerCapita: null,
      aggregationName: split.has(r) ? r.aggregationName : null,
      city: { name: data.newCities.get(r.cityId)?.name ?? r.name, latitude: null, longitude: null },
    });
    for (const [fractionId, tonnes] of r.fractions)
      fractionRows.push({ cityId: r.cityId, year: r.year, fractionId, tonnes });
  }
  return { source: 'ispra-storico', stats, fractions: fractionRows };
}

async function createDissolved(q: Queryable, data: StoricoData, kept: Set<string>): Promise<void> {
  const existing = new Set((await q.query<{ id: string }>('SELECT id FROM cities')).map((c) => c.id));
  const fresh = [...data.newCities].filter(([id]) => !existing.has(id) && kept.has(id));
  if (!fresh.length) return;
  await q.query(
    `INSERT INTO cities (id, province_id, region_id, name, search_name, has_shape)
     SELECT u.id, p.id, p.region_id, u.name, u.search_name, false
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u (id, province_id, name, search_name)
       JOIN provinces p ON p.id = u.province_id`,
    [
      fresh.map(([id]) => id),
      fresh.map(([, c]) => c.provinceId),
      fresh.map(([, c]) => c.name),
      fresh.map(([, c]) => searchText(c.name)),
    ],
  );
}

export const ispraStoricoDataset: Dataset<StoricoData> = {
  id: 'ispra-storico',
  description:
    "ISPRA's national per-comune tables, one file a year (the folder ispra/comuni-2010-2017 with comuni-<year>.csv)",
  input: 'folder',
  changesStats: true,
  parse: (files) => parseIspraStorico(files),
  async check(q, data) {
    const errors = await resolveComuni(q, data);
    if (errors.length) return errors;
    const fractions = new Set(
      (await q.query<{ id: string }>('SELECT id FROM waste_fractions')).map((f) => f.id),
    );
    const unknown = [...new Set(Object.values(STORICO_FRACTION_COLUMNS))].filter((f) => !fractions.has(f));
    return unknown.map((f) => ({
      line: 2,
      reason: importMessage('fractionNotImported', { fraction: f }),
    }));
  },
  async write(q, data, progress: Progress) {
    const collection = await toCollection(q, data);
    // Only the comuni that keep a row: a comune whose every row was empty has nothing to show.
    await createDissolved(q, data, new Set(collection.stats.map((r) => r.cityId)));
    const errors = await checkCollection(q, collection);
    if (errors.length) throw new Error(errors.map((e) => e.reason).join('; '));
    await writeCollection(q, collection, progress);
  },
};
