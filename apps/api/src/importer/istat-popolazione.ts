import { isIstatId } from '@portal/contract';
import type { Queryable } from '../db/db';
import { loadIds } from './imports.repo';
import {
  checkRow,
  FieldError,
  missingColumns,
  readCsv,
  requiredInteger,
  requiredYear,
  type RowError,
} from './parse-utils';
import type { Dataset, Parsed } from './types';
import { importMessage, LEVEL_NAMES } from './messages';

export type PopulationLevel = 'country' | 'region' | 'province';

export interface AreaPopulationRow {
  line: number;
  /** The population is counted on 1 January of this year. */
  year: number;
  level: PopulationLevel;
  areaId: string;
  population: number;
}

const COLUMNS = ['year', 'level', 'area_id', 'population'] as const;
const ID_LEVEL = { country: null, region: 'region', province: 'province' } as const;

/**
 * data/istat/popolazione-2010-2022.csv (written by data/istat/extract-population.ts from Eurostat's
 * demo_r_pjanaggr3): ISTAT's resident population on 1 January of `year` of Italy (`IT`), a region (2
 * digits) or a province (3 digits) whose figure is exact; `nuts` (the codes summed) is not read.
 */
export function parsePopulation(text: string): Parsed<AreaPopulationRow[]> {
  const { header, records } = readCsv(text);
  const missing = missingColumns(header, COLUMNS);
  if (missing) return { data: [], errors: [{ line: 1, reason: missing }], rowCount: 0, years: [] };
  const errors: RowError[] = [];
  const rows: AreaPopulationRow[] = [];
  const seen = new Set<string>();
  for (const { line, values: v } of records) {
    const row = checkRow(errors, line, () => {
      const year = requiredYear(v.year!, 'year');
      const level = v.level!;
      if (!(level in ID_LEVEL)) throw new FieldError('notLevel', { column: 'level', value: level });
      const areaId = v.area_id!;
      const idLevel = ID_LEVEL[level as PopulationLevel];
      if (idLevel === null ? areaId !== 'IT' : !isIstatId(idLevel, areaId))
        throw new FieldError('notAreaId', {
          column: 'area_id',
          value: areaId,
          level: LEVEL_NAMES[level]!.name,
        });
      const population = requiredInteger(v.population!, 'population', 1);
      const key = `${year}|${level}|${areaId}`;
      if (seen.has(key))
        throw new FieldError('areaTwice', { level: LEVEL_NAMES[level]!.article, area: areaId, year });
      seen.add(key);
      return { line, year, level: level as PopulationLevel, areaId, population };
    });
    if (row) rows.push(row);
  }
  return { data: rows, errors, rowCount: records.length, years: [] };
}

async function check(q: Queryable, rows: AreaPopulationRow[]): Promise<RowError[]> {
  const known = { region: await loadIds(q, 'regions'), province: await loadIds(q, 'provinces') };
  return rows
    .filter((r) => r.level !== 'country' && !known[r.level].has(r.areaId))
    .map((r) => ({
      line: r.line,
      reason: importMessage('areaUnknown', { level: LEVEL_NAMES[r.level]!.article, area: r.areaId }),
    }));
}

/** The file is the whole series: it replaces every row. */
async function write(q: Queryable, rows: AreaPopulationRow[]): Promise<void> {
  await q.query('DELETE FROM area_population');
  await q.query(
    `INSERT INTO area_population (level, area_id, year, population)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[])`,
    [
      rows.map((r) => r.level),
      rows.map((r) => r.areaId),
      rows.map((r) => r.year),
      rows.map((r) => r.population),
    ],
  );
}

export const istatPopolazioneDataset: Dataset<AreaPopulationRow[]> = {
  id: 'istat-popolazione',
  description:
    "ISTAT's resident population on 1 January of Italy, the regions and the provinces (istat/popolazione-2010-2022.csv)",
  input: 'file',
  changesStats: true,
  parse: ([{ text }]) => parsePopulation(text),
  check,
  write,
};
