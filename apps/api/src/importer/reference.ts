import { isIstatId, isPlausibleYear, searchText } from '@portal/contract';
import type { Queryable } from '../db/db';
import {
  checkRow,
  FieldError,
  missingColumns,
  readCsv,
  requiredBoolean,
  requiredText,
  type RowError,
} from './parse-utils';
import type { Dataset, Parsed, SourceFile } from './types';
import { importMessage } from './messages';

/** The files of the reference folder (data/reference/) this dataset reads. */
export const REFERENCE_FILES = [
  'waste-fractions.csv',
  'sorting-types.csv',
  'action-categories.csv',
  'collection-systems.csv',
  'comuni-soppressi.csv',
  'comuni-fusioni-2010-2023.csv',
  'capoluoghi.csv',
  'comuni-altri-nomi.csv',
] as const;

interface Item {
  id: string;
  name: string;
  description: string;
  color: string;
  eerCodes: string[];
}

type ReferenceData = Record<
  Exclude<
    (typeof REFERENCE_FILES)[number],
    'comuni-soppressi.csv' | 'comuni-fusioni-2010-2023.csv' | 'capoluoghi.csv' | 'comuni-altri-nomi.csv'
  >,
  Item[]
> & {
  'comuni-soppressi.csv': Dissolved[];
  'comuni-fusioni-2010-2023.csv': Dissolved[];
  'capoluoghi.csv': Capital[];
  'comuni-altri-nomi.csv': Alias[];
};

/**
 * The rows of a reference table with the given columns, each read by `read` (which throws a FieldError for a
 * bad value); a missing column or a bad row is an error naming the file and the line.
 */
function parseTable<T>(
  file: SourceFile,
  errors: RowError[],
  columns: string[],
  read: (v: Record<string, string>) => T,
): T[] {
  const { header, records } = readCsv(file.text);
  const missing = missingColumns(header, columns);
  if (missing) {
    errors.push({ file: file.path, line: 1, reason: missing });
    return [];
  }
  const rows: T[] = [];
  const fileErrors: RowError[] = [];
  for (const { line, values } of records) {
    const row = checkRow(fileErrors, line, () => read(values));
    if (row) rows.push(row);
  }
  for (const e of fileErrors) errors.push({ ...e, file: file.path }); // no spread: no stack limit
  return rows;
}

/** The ISTAT code of a comune in a column (six digits). */
function cityCode(v: Record<string, string>, column: string): string {
  const id = requiredText(v[column]!, column);
  if (!isIstatId('city', id)) throw new FieldError('notCityId', { column, value: id });
  return id;
}

/**
 * A comune abolished by a merger, and the comune it merged into: of the 2023 list since (comuni-soppressi.csv),
 * or of ISPRA's 2010–2017 tables before (comuni-fusioni-2010-2023.csv, where the year may be unknown: null).
 * The optional `complete` (true or false; decision 073) says whether the comuni a list links to a successor
 * account for it; without the column (an older file, ISTAT's own list) every row is taken as complete. Other
 * columns are not read: the `rule` that linked each row of comuni-fusioni-2010-2023.csv is for
 * data/comuni-fusioni.test.ts, and a file without it imports the same.
 */
interface Dissolved {
  id: string;
  name: string;
  mergedInto: string;
  year: number | null;
  complete: boolean;
}

/** An optional `true`/`false` cell: empty or absent is true. */
function optionalBoolean(value: string | undefined, column: string): boolean {
  return value === undefined || value === '' || requiredBoolean(value, column);
}

function parseDissolved(file: SourceFile, errors: RowError[], yearOptional = false): Dissolved[] {
  return parseTable(file, errors, ['id', 'name', 'merged_into', 'year'], (v) => {
    const id = cityCode(v, 'id');
    const mergedInto = cityCode(v, 'merged_into');
    const year = yearOptional && !v.year ? null : Number(requiredText(v.year!, 'year'));
    if (year !== null && !isPlausibleYear(year))
      throw new FieldError('notYear', { column: 'year', value: v.year! });
    const complete = optionalBoolean(v.complete, 'complete');
    return { id, name: requiredText(v.name!, 'name'), mergedInto, year, complete };
  });
}

/** A capoluogo di provincia (città metropolitana, libero consorzio) of ISTAT's list. */
interface Capital {
  provinceId: string;
  cityId: string;
  name: string;
}

function parseCapitals(file: SourceFile, errors: RowError[]): Capital[] {
  const seen = new Set<string>();
  return parseTable(file, errors, ['province_id', 'city_id', 'name'], (v) => {
    const provinceId = requiredText(v.province_id!, 'province_id');
    if (!isIstatId('province', provinceId))
      throw new FieldError('notProvinceId', { column: 'province_id', value: provinceId });
    const cityId = cityCode(v, 'city_id');
    // An ISTAT comune code starts with its province's.
    if (!cityId.startsWith(provinceId))
      throw new FieldError('comuneNotOfProvince', { city: cityId, province: provinceId });
    if (seen.has(cityId)) throw new FieldError('valueTwice', { column: 'city_id', value: cityId });
    seen.add(cityId);
    return { provinceId, cityId, name: requiredText(v.name!, 'name') };
  });
}

/** Another name of a comune (decision 073): in its other official language, or in everyday use. */
interface Alias {
  cityId: string;
  alias: string;
  source: string;
}

function parseAliases(file: SourceFile, errors: RowError[]): Alias[] {
  return parseTable(file, errors, ['city_id', 'name', 'alias', 'source'], (v) => {
    const cityId = cityCode(v, 'city_id');
    requiredText(v.name!, 'name');
    return { cityId, alias: requiredText(v.alias!, 'alias'), source: requiredText(v.source!, 'source') };
  });
}

/**
 * The spellings an alias is found by: as written and, for the German names of Alto Adige, with "St." written
 * out as "Sankt" (ISTAT writes "St. Ulrich"; "Sankt Ulrich" is the same name).
 */
export function aliasSpellings(alias: string): string[] {
  const spelt = alias.replace(/\bSt\.\s*/g, 'Sankt ');
  return spelt === alias ? [alias] : [alias, spelt];
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function parseList(file: SourceFile, kind: (typeof REFERENCE_FILES)[number], errors: RowError[]): Item[] {
  const { header, records } = readCsv(file.text);
  const fractions = kind === 'waste-fractions.csv';
  const missing = missingColumns(
    header,
    fractions ? ['id', 'name', 'color', 'eer_codes'] : ['id', 'name', 'description'],
  );
  if (missing) {
    errors.push({ file: file.path, line: 1, reason: missing });
    return [];
  }
  const items: Item[] = [];
  const seen = new Set<string>();
  const fileErrors: RowError[] = [];
  for (const { line, values: v } of records) {
    const item = checkRow(fileErrors, line, () => {
      const id = requiredText(v.id!, 'id');
      if (!SLUG.test(id)) throw new FieldError('notSlug', { column: 'id', value: id });
      if (seen.has(id)) throw new FieldError('valueTwice', { column: 'id', value: id });
      seen.add(id);
      const color = fractions ? requiredText(v.color!, 'color') : '';
      if (fractions && !/^#[0-9a-f]{6}$/i.test(color))
        throw new FieldError('notColor', { column: 'color', value: color });
      const eerCodes = fractions ? (v.eer_codes ?? '').split(/\s+/).filter(Boolean) : [];
      const bad = eerCodes.find((c) => !/^\d{6}$/.test(c));
      if (bad) throw new FieldError('notEerCode', { column: 'eer_codes', value: bad });
      return {
        id,
        name: requiredText(v.name!, 'name'),
        description: fractions ? '' : requiredText(v.description!, 'description'),
        color,
        eerCodes,
      };
    });
    if (item) items.push(item);
  }
  for (const e of fileErrors) errors.push({ ...e, file: file.path }); // no spread: no stack limit
  return items;
}

export const referenceDataset: Dataset<ReferenceData> = {
  id: 'reference',
  description: `reference lists: the folder with ${REFERENCE_FILES.join(', ')} (data/reference)`,
  input: 'folder',
  // The list of abolished comuni decides which comuni are dissolved, that of the capoluoghi which comuni are
  // capitals (recomputeAggregates).
  changesStats: true,
  parse(files): Parsed<ReferenceData> {
    const errors: RowError[] = [];
    const data = {} as ReferenceData;
    for (const kind of REFERENCE_FILES) {
      const file = files.find((f) => f.name === kind);
      if (!file) {
        errors.push({
          file: files[0].path,
          line: 1,
          reason: importMessage('folderLacksFile', { name: kind }),
        });
        data[kind] = [] as never;
        continue;
      }
      if (kind === 'comuni-soppressi.csv') data[kind] = parseDissolved(file, errors);
      else if (kind === 'comuni-fusioni-2010-2023.csv') data[kind] = parseDissolved(file, errors, true);
      else if (kind === 'capoluoghi.csv') data[kind] = parseCapitals(file, errors);
      else if (kind === 'comuni-altri-nomi.csv') data[kind] = parseAliases(file, errors);
      else data[kind] = parseList(file, kind, errors);
    }
    const rowCount = REFERENCE_FILES.reduce((n, k) => n + data[k].length, 0);
    return { data, errors, rowCount, years: [] };
  },
  check: async () => [],
  async write(q: Queryable, data) {
    // A handful of rows each: one statement per row keeps the text[] column simple.
    for (const [i, f] of data['waste-fractions.csv'].entries()) {
      await q.query(
        `INSERT INTO waste_fractions (id, name, color, eer_codes, position) VALUES ($1, $2, $3, $4::text[], $5)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, color = excluded.color,
           eer_codes = excluded.eer_codes, position = excluded.position`,
        [f.id, f.name, f.color, f.eerCodes, i + 1],
      );
    }
    await q.query('DELETE FROM dissolved_comuni');
    for (const d of [...data['comuni-soppressi.csv'], ...data['comuni-fusioni-2010-2023.csv']]) {
      await q.query(
        'INSERT INTO dissolved_comuni (id, name, merged_into, year, complete) VALUES ($1, $2, $3, $4, $5)',
        [d.id, d.name, d.mergedInto, d.year, d.complete],
      );
    }
    await q.query('DELETE FROM provincial_capitals');
    for (const c of data['capoluoghi.csv']) {
      await q.query('INSERT INTO provincial_capitals (city_id, province_id, name) VALUES ($1, $2, $3)', [
        c.cityId,
        c.provinceId,
        c.name,
      ]);
    }
    await q.query('DELETE FROM city_aliases');
    const aliases = data['comuni-altri-nomi.csv'].flatMap((a) =>
      aliasSpellings(a.alias).map((spelling) => ({ ...a, spelling, form: searchText(spelling) })),
    );
    await q.query(
      `INSERT INTO city_aliases (city_id, alias, search_form, source)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       ON CONFLICT DO NOTHING`,
      [
        aliases.map((a) => a.cityId),
        aliases.map((a) => a.spelling),
        aliases.map((a) => a.form),
        aliases.map((a) => a.source),
      ],
    );
    for (const [file, table] of [
      ['sorting-types.csv', 'sorting_types'],
      ['action-categories.csv', 'action_categories'],
      ['collection-systems.csv', 'collection_systems'],
    ] as const) {
      for (const [i, item] of data[file].entries()) {
        await q.query(
          `INSERT INTO ${table} (id, name, description, position) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
             position = excluded.position`,
          [item.id, item.name, item.description, i + 1],
        );
      }
    }
  },
};
