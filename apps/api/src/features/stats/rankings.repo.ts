import type { SourceAnomaly } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { ANOMALY_JSON, type YearRow } from './stats.repo';

/**
 * The rows the rankings are computed from (rankings.service.ts ranks them): a comune's row of waste_stats
 * for the year (and the comparison year), or every year of the areas of a level from area_stats. One
 * query each; the ranks are computed in TypeScript, the same on PGlite and PostgreSQL.
 */

/** The % of a comune's row: its source's, or sorted / produced where the source gives only tonnes. */
const RD_PCT = (w: string) => `coalesce(${w}.rd_pct, ${w}.sorted_t * 100 / NULLIF(${w}.produced_t, 0))`;

/** Years in which some comune has a row, ascending (a walk of waste_stats_year_idx, a step per year). */
export async function getCityYears(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ year: number }>(
    `WITH RECURSIVE y AS (
       SELECT min(year) AS year FROM waste_stats
       UNION ALL
       SELECT (SELECT min(w.year) FROM waste_stats w WHERE w.year > y.year) FROM y WHERE y.year IS NOT NULL
     )
     SELECT year FROM y WHERE year IS NOT NULL ORDER BY year`,
  );
  return rows.map((r) => r.year);
}

/** Years in which the comune has a row, ascending. */
export async function getOneCityYears(db: Queryable, cityId: string): Promise<number[]> {
  const rows = await db.query<{ year: number }>(
    'SELECT year FROM waste_stats WHERE city_id = $1 ORDER BY year',
    [cityId],
  );
  return rows.map((r) => r.year);
}

export interface CityRankingRow {
  id: string;
  name: string;
  /** The name's search form (lower case, no accents: cities.search_name), the key of the name order. */
  sortName: string;
  provinceId: string;
  provinceSigla: string;
  regionId: string;
  regionName: string;
  capital: boolean;
  /** The comune's population of the latest year with one (cities.population). */
  cityPopulation: number | null;
  population: number | null;
  /** The year of the population used: `year`, else that of cityPopulation; null without either. */
  populationYear: number | null;
  producedT: number | null;
  sortedT: number | null;
  unsortedT: number | null;
  rdPct: number | null;
  /** The % of the comparison year (null without one). */
  compareRdPct: number | null;
  /** The year's row fails the plausibility rule (decision 070): why; null when it does not. */
  anomaly: SourceAnomaly | null;
  /** The same of the comparison year's row. */
  compareAnomaly: SourceAnomaly | null;
}

export interface CityFilter {
  regionId?: string;
  provinceId?: string;
  capitals?: boolean;
}

/**
 * The comuni of a year's ranking (of a region, a province, the capitals), each with its row of the year and
 * the % of the comparison year: the comuni with a row that year, and the comuni of today that existed then
 * without one (not dissolved, and no first year with data after it). A dissolved comune counts only in the
 * years it has data.
 */
export async function getCityRankingRows(
  db: Queryable,
  year: number,
  compareYear: number | null,
  filter: CityFilter = {},
): Promise<CityRankingRow[]> {
  // One JSON array of arrays rather than ~8,000 rows: the drivers (PGlite above all) take several times
  // longer to hand over rows than to parse the same values as JSON; numbers keep every digit (float8 text).
  const [row] = await db.query<{ rows: string | null }>(
    `SELECT json_agg(json_build_array(c.id, c.name, c.search_name, c.province_id, p.sigla, c.region_id, r.name, c.capital,
              c.population, w.population, w.produced_t, w.sorted_t, w.unsorted_t,
              ${RD_PCT('w')}, ${RD_PCT('w0')},
              CASE WHEN w.population IS NOT NULL THEN $1::int WHEN c.population IS NOT NULL THEN (
                SELECT max(x.year) FROM waste_stats x WHERE x.city_id = c.id AND x.population IS NOT NULL) END,
              ${ANOMALY_JSON('a')}, ${ANOMALY_JSON('a0')}))::text AS rows
       FROM cities c
       JOIN provinces p ON p.id = c.province_id
       JOIN regions r ON r.id = c.region_id
       LEFT JOIN waste_stats w ON w.city_id = c.id AND w.year = $1::int
       LEFT JOIN waste_stats w0 ON w0.city_id = c.id AND w0.year = $2::int
       LEFT JOIN source_anomalies a ON a.city_id = c.id AND a.year = $1::int
       LEFT JOIN source_anomalies a0 ON a0.city_id = c.id AND a0.year = $2::int
      WHERE (w.city_id IS NOT NULL OR (NOT c.dissolved AND (c.first_year IS NULL OR c.first_year <= $1::int)))
        AND ($3::text IS NULL OR c.region_id = $3::text)
        AND ($4::text IS NULL OR c.province_id = $4::text)
        AND (NOT $5::boolean OR c.capital)`,
    [year, compareYear, filter.regionId ?? null, filter.provinceId ?? null, filter.capitals ?? false],
  );
  type Tuple = [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    boolean,
    number | null,
    number | null,
    number | null,
    number | null,
    number | null,
    number | null,
    number | null,
    number | null,
    SourceAnomaly | null,
    SourceAnomaly | null,
  ];
  const tuples = row?.rows ? (JSON.parse(row.rows) as Tuple[]) : [];
  return tuples.map((t) => ({
    id: t[0],
    name: t[1],
    sortName: t[2],
    provinceId: t[3],
    provinceSigla: t[4],
    regionId: t[5],
    regionName: t[6],
    capital: t[7],
    cityPopulation: t[8],
    population: t[9],
    producedT: t[10],
    sortedT: t[11],
    unsortedT: t[12],
    rdPct: t[13],
    compareRdPct: t[14],
    populationYear: t[15],
    anomaly: t[16],
    compareAnomaly: t[17],
  }));
}

export interface RankCity {
  id: string;
  name: string;
  provinceId: string;
  provinceName: string;
  provinceSigla: string;
  regionId: string;
  regionName: string;
  cityPopulation: number | null;
}

/** A comune with its province and region (null: no such comune). */
export async function getRankCity(db: Queryable, cityId: string): Promise<RankCity | null> {
  const [row] = await db.query<RankCity>(
    `SELECT c.id, c.name, p.id AS "provinceId", p.name AS "provinceName", p.sigla AS "provinceSigla",
            r.id AS "regionId", r.name AS "regionName", c.population AS "cityPopulation"
       FROM cities c JOIN provinces p ON p.id = c.province_id JOIN regions r ON r.id = c.region_id
      WHERE c.id = $1`,
    [cityId],
  );
  return row ?? null;
}

export interface AreaRankingYear extends YearRow {
  areaId: string;
  unsortedT: number | null;
}

/** Every year of area_stats of the provinces or the regions, in the shape of stats.repo's YearRow. */
export async function getAreaRankingYears(
  db: Queryable,
  level: 'province' | 'region',
): Promise<AreaRankingYear[]> {
  return db.query<AreaRankingYear>(
    `SELECT area_id AS "areaId", year, comuni_count AS "comuniCount",
            comuni_with_tonnes AS "comuniWithTonnes", population, produced_t AS "producedT",
            sorted_t AS "sortedT", unsorted_t AS "unsortedT", rd_pct AS "rdPct",
            rd_pct_method AS "rdPctMethod", cost_per_capita AS "costPerCapita",
            NULL AS "aggregationName", NULL AS source
       FROM area_stats WHERE level = $1 ORDER BY area_id, year`,
    [level],
  );
}

export interface RankingArea {
  id: string;
  name: string;
  provinceId: string | null;
  provinceSigla: string | null;
  regionId: string;
  regionName: string;
}

/** The provinces (of a region, or one) or the regions, with their region. */
export async function getRankingAreas(
  db: Queryable,
  level: 'province' | 'region',
  filter: { regionId?: string; provinceId?: string },
): Promise<RankingArea[]> {
  if (level === 'region') {
    return db.query<RankingArea>(
      `SELECT id, name, NULL AS "provinceId", NULL AS "provinceSigla", id AS "regionId", name AS "regionName"
         FROM regions WHERE ($1::text IS NULL OR id = $1::text)`,
      [filter.regionId ?? null],
    );
  }
  return db.query<RankingArea>(
    `SELECT p.id, p.name, p.id AS "provinceId", p.sigla AS "provinceSigla", r.id AS "regionId",
            r.name AS "regionName"
       FROM provinces p JOIN regions r ON r.id = p.region_id
      WHERE ($1::text IS NULL OR p.region_id = $1::text) AND ($2::text IS NULL OR p.id = $2::text)`,
    [filter.regionId ?? null, filter.provinceId ?? null],
  );
}
