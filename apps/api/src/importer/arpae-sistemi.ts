import type { Queryable } from '../db/db';
import { bulkInsert, loadIds } from './imports.repo';
import {
  checkRow,
  comuneCode,
  FieldError,
  italianNumber,
  missingColumns,
  optionalNumber,
  readCsv,
  requiredText,
  requiredYear,
  type RowError,
} from './parse-utils';
import type { Dataset, Parsed, Progress } from './types';
import { importMessage } from './messages';

/** The columns of kg by collection system (legend: emilia-romagna-sistemi-2015-2016.legend.txt). */
export const SYSTEM_COLUMNS: Readonly<Record<string, string>> = {
  PP: 'porta-a-porta',
  CS: 'stradale',
  CdR: 'centro-di-raccolta',
  C: 'su-chiamata',
  E: 'ecomobile',
  altro: 'altro',
  'R.S.A.': 'assimilati',
};

export const ARPAE_SISTEMI_SOURCE = 'arpae-sistemi';

export interface SistemiData {
  /** kg separately collected by comune, year and system. */
  systems: Map<string, number>;
  /** kg of home composting and the year's inhabitants, by comune and year (2022 file). */
  composting: Map<string, { kg: number; population: number | null }>;
  /** The first line of each comune, for messages. */
  lines: Map<string, number>;
  years: number[];
}

/**
 * ARPAE's kg per comune and EER code split by collection system: the 2015–2016 file (`.` decimals, codes
 * without their leading zero, a few unsorted totals in spreadsheet notation such as 1.01E+08) and the 2022
 * file (Italian numbers, plus home composting). Only the separately collected rows count (Macro "Raccolta
 * Differenziata …"); the unsorted ones and community composting are not collection-system figures.
 */
export function parseArpaeSistemi(text: string): Parsed<SistemiData> {
  const { header, records } = readCsv(text);
  const data: SistemiData = { systems: new Map(), composting: new Map(), lines: new Map(), years: [] };
  const italian = header.includes('COM.DOM.');
  const missing = missingColumns(header, [
    'Anno',
    'ISTAT_COD',
    'COMUNE',
    'Abitanti',
    'Macro',
    'TOTALE(Kg)',
    'PP',
    'CS',
    'CdR',
    'altro',
  ]);
  if (missing) return { data, errors: [{ line: 1, reason: missing }], rowCount: 0, years: [] };
  const columns = Object.keys(SYSTEM_COLUMNS).filter((c) => header.includes(c));
  const num = (value: string, column: string) => {
    if (italian) return italianNumber(value, column);
    const v = value.trim();
    if (v === '' || v === '-') return null;
    // The 2015–2016 file has a few totals in spreadsheet notation (1.01E+08).
    if (/^\d+(\.\d+)?E\+\d+$/i.test(v)) return Number(v);
    return optionalNumber(v, column);
  };
  const errors: RowError[] = [];
  const years = new Set<number>();
  for (const { line, values: v } of records) {
    checkRow(errors, line, () => {
      const year = requiredYear(v.Anno!, 'Anno');
      const city = comuneCode(v.ISTAT_COD!, 'ISTAT_COD');
      const macro = requiredText(v.Macro!, 'Macro').toLowerCase();
      const key = `${city}|${year}`;
      if (!data.lines.has(key)) data.lines.set(key, line);
      years.add(year);
      if (macro.startsWith('compostaggio domestico')) {
        const kg = num(v['COM.DOM.'] ?? '', 'COM.DOM.') ?? num(v['TOTALE(Kg)']!, 'TOTALE(Kg)');
        if (kg === null || kg < 0) throw new FieldError('nonNegativeRequired', { column: 'COM.DOM.' });
        const before = data.composting.get(key);
        data.composting.set(key, {
          kg: (before?.kg ?? 0) + kg,
          population: num(v.Abitanti!, 'Abitanti'),
        });
        return;
      }
      if (!macro.startsWith('raccolta differenziata')) return;
      for (const column of columns) {
        const kg = num(v[column] ?? '', column);
        if (kg === null || kg === 0) continue;
        if (kg < 0) throw new FieldError('negative', { column, value: kg });
        const k = `${key}|${SYSTEM_COLUMNS[column]}`;
        data.systems.set(k, (data.systems.get(k) ?? 0) + kg);
      }
    });
  }
  data.years = [...years].sort();
  return { data, errors, rowCount: records.length, years: data.years };
}

async function check(q: Queryable, data: SistemiData): Promise<RowError[]> {
  const cities = await loadIds(q, 'cities');
  const errors: RowError[] = [];
  for (const [key, line] of data.lines) {
    const [city] = key.split('|');
    if (!cities.has(city!)) errors.push({ line, reason: importMessage('comuneUnknown', { city: city! }) });
  }
  return errors;
}

async function write(q: Queryable, data: SistemiData, progress: Progress): Promise<void> {
  progress.start(`${ARPAE_SISTEMI_SOURCE}: writing`, data.systems.size + data.composting.size);
  await q.query('DELETE FROM city_collection_systems WHERE source = $1 AND year = ANY($2::int[])', [
    ARPAE_SISTEMI_SOURCE,
    data.years,
  ]);
  const systems = [...data.systems].map(
    ([k, kg]) => [...k.split('|'), kg] as [string, string, string, number],
  );
  await bulkInsert(
    q,
    `INSERT INTO city_collection_systems (city_id, year, system_id, tonnes, source)
     SELECT u.city_id, u.year, u.system_id, u.tonnes, '${ARPAE_SISTEMI_SOURCE}'
       FROM unnest($1::text[], $2::int[], $3::text[], $4::float8[]) AS u (city_id, year, system_id, tonnes)`,
    [
      systems.map((s) => s[0]),
      systems.map((s) => Number(s[1])),
      systems.map((s) => s[2]),
      systems.map((s) => s[3] / 1000),
    ],
    progress,
  );
  await q.query('DELETE FROM home_composting WHERE source = $1 AND year = ANY($2::int[])', [
    ARPAE_SISTEMI_SOURCE,
    data.years,
  ]);
  const composting = [...data.composting].map(([k, c]) => {
    const [city, year] = k.split('|') as [string, string];
    return [city, year, c] as const;
  });
  await bulkInsert(
    q,
    `INSERT INTO home_composting (city_id, year, kg, population, source)
     SELECT u.city_id, u.year, u.kg, u.population, '${ARPAE_SISTEMI_SOURCE}'
       FROM unnest($1::text[], $2::int[], $3::float8[], $4::int[]) AS u (city_id, year, kg, population)`,
    [
      composting.map((c) => c[0]),
      composting.map((c) => Number(c[1])),
      composting.map((c) => c[2].kg),
      composting.map((c) => (c[2].population === null ? null : Math.round(c[2].population))),
    ],
    progress,
  );
  progress.stop();
}

export const arpaeSistemiDataset: Dataset<SistemiData> = {
  id: 'arpae-sistemi',
  description:
    'ARPAE Emilia-Romagna, kg per comune by collection system and home composting (arpae/sistemi-raccolta/*.csv)',
  input: 'file',
  changesStats: true,
  parse: ([{ text }]) => parseArpaeSistemi(text),
  check,
  write,
};
