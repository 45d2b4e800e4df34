import { bulkInsert, loadIds, loadReferenceIds } from './imports.repo';
import {
  checkRow,
  comuneCode,
  FieldError,
  missingColumns,
  readCsv,
  requiredText,
  requiredYear,
  type RowError,
} from './parse-utils';
import type { Dataset, Parsed } from './types';
import { importMessage } from './messages';

interface SortingRow {
  line: number;
  cityId: string;
  sortingTypeId: string;
  fractionIds: string[];
}

/** data/demo/city-sorting-types.csv: istat, sorting_type, fractions (ids separated by spaces). */
export const demoSortingTypesDataset: Dataset<SortingRow[]> = {
  id: 'demo-sorting-types',
  description: 'demo collection modes per comune and fraction (demo/city-sorting-types.csv)',
  input: 'file',
  changesStats: true,
  parse([{ text }]): Parsed<SortingRow[]> {
    const { header, records } = readCsv(text);
    const missing = missingColumns(header, ['istat', 'sorting_type', 'fractions']);
    if (missing) return { data: [], errors: [{ line: 1, reason: missing }], rowCount: 0, years: [] };
    const errors: RowError[] = [];
    const rows: SortingRow[] = [];
    const seen = new Set<string>();
    for (const { line, values: v } of records) {
      const row = checkRow(errors, line, () => {
        const cityId = comuneCode(v.istat!, 'istat');
        const sortingTypeId = requiredText(v.sorting_type!, 'sorting_type');
        const fractionIds = requiredText(v.fractions!, 'fractions').split(/\s+/);
        const key = `${cityId}|${sortingTypeId}`;
        if (seen.has(key))
          throw new FieldError('sortingTypeTwice', { city: cityId, sortingType: sortingTypeId });
        seen.add(key);
        return { line, cityId, sortingTypeId, fractionIds };
      });
      if (row) rows.push(row);
    }
    return { data: rows, errors, rowCount: rows.length, years: [] };
  },
  async check(q, rows) {
    const cities = await loadIds(q, 'cities');
    const types = await loadReferenceIds(q, 'sorting_types');
    const fractions = await loadReferenceIds(q, 'waste_fractions');
    const errors: RowError[] = [];
    for (const r of rows) {
      const unknownFraction = r.fractionIds.find((f) => !fractions.has(f));
      if (!cities.has(r.cityId))
        errors.push({ line: r.line, reason: importMessage('comuneUnknown', { city: r.cityId }) });
      else if (!types.has(r.sortingTypeId)) {
        errors.push({
          line: r.line,
          reason: importMessage('sortingTypeUnknown', { sortingType: r.sortingTypeId }),
        });
      } else if (unknownFraction) {
        errors.push({
          line: r.line,
          reason: importMessage('fractionUnknown', { fraction: unknownFraction }),
        });
      }
    }
    return errors;
  },
  async write(q, rows, progress) {
    const flat = rows.flatMap((r) => r.fractionIds.map((f) => [r.cityId, r.sortingTypeId, f] as const));
    progress.start('demo-sorting-types: writing', flat.length);
    await q.query('DELETE FROM city_sorting_types');
    await bulkInsert(
      q,
      `INSERT INTO city_sorting_types (city_id, sorting_type_id, fraction_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
      [flat.map((r) => r[0]), flat.map((r) => r[1]), flat.map((r) => r[2])],
      progress,
    );
    progress.stop();
  },
};

interface ActionRow {
  line: number;
  cityId: string;
  categoryId: string;
  title: string;
  startedYear: number;
}

/** data/demo/city-actions.csv: istat, category, title, started_year. */
export const demoActionsDataset: Dataset<ActionRow[]> = {
  id: 'demo-actions',
  description: 'demo prevention actions per comune (demo/city-actions.csv)',
  input: 'file',
  changesStats: true,
  parse([{ text }]): Parsed<ActionRow[]> {
    const { header, records } = readCsv(text);
    const missing = missingColumns(header, ['istat', 'category', 'title', 'started_year']);
    if (missing) return { data: [], errors: [{ line: 1, reason: missing }], rowCount: 0, years: [] };
    const errors: RowError[] = [];
    const rows: ActionRow[] = [];
    const seen = new Set<string>();
    for (const { line, values: v } of records) {
      const row = checkRow(errors, line, () => {
        const cityId = comuneCode(v.istat!, 'istat');
        const categoryId = requiredText(v.category!, 'category');
        const title = requiredText(v.title!, 'title');
        const key = `${cityId}|${categoryId}|${title}`;
        if (seen.has(key)) throw new FieldError('actionTwice', { city: cityId, title });
        seen.add(key);
        return {
          line,
          cityId,
          categoryId,
          title,
          startedYear: requiredYear(v.started_year!, 'started_year'),
        };
      });
      if (row) rows.push(row);
    }
    return { data: rows, errors, rowCount: rows.length, years: [] };
  },
  async check(q, rows) {
    const cities = await loadIds(q, 'cities');
    const categories = await loadReferenceIds(q, 'action_categories');
    const errors: RowError[] = [];
    for (const r of rows) {
      if (!cities.has(r.cityId))
        errors.push({ line: r.line, reason: importMessage('comuneUnknown', { city: r.cityId }) });
      else if (!categories.has(r.categoryId)) {
        errors.push({ line: r.line, reason: importMessage('categoryUnknown', { category: r.categoryId }) });
      }
    }
    return errors;
  },
  async write(q, rows, progress) {
    progress.start('demo-actions: writing', rows.length);
    await q.query('DELETE FROM city_actions');
    await bulkInsert(
      q,
      `INSERT INTO city_actions (city_id, category_id, title, started_year)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])`,
      [
        rows.map((r) => r.cityId),
        rows.map((r) => r.categoryId),
        rows.map((r) => r.title),
        rows.map((r) => r.startedYear),
      ],
      progress,
    );
    progress.stop();
  },
};
