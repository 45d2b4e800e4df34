import type { AreaLevel, SourceAnomaly, SubAreaLevel } from '@portal/contract';
import type { Queryable } from '../../db/db';

export type StoredLevel = Exclude<AreaLevel, 'city'>;

/** One year of an area (from area_stats) or of a comune (from waste_stats), in one shape. */
export interface YearRow {
  year: number;
  comuniCount: number;
  comuniWithTonnes: number;
  population: number | null;
  /**
   * Where population comes from (area_stats.population_source): 'comuni' the sources' own (a comune's row,
   * or the sum of an area's comuni), 'istat' ISTAT's on 1 January of year + 1, 'census' the 2011 census.
   */
  populationSource: 'comuni' | 'istat' | 'census' | null;
  producedT: number | null;
  sortedT: number | null;
  rdPct: number | null;
  rdPctMethod: 'tonnes' | 'estimate' | 'reported' | null;
  costPerCapita: number | null;
  aggregationName: string | null;
  /**
   * The short name of the year's source (SOURCE_LABELS). A comune's row has its source; an area's row
   * has null here, the service fills it from getAreaSources.
   */
  source: string | null;
}

/**
 * The short name of each collection source (waste_stats.source), as the charts and tables write it: the
 * three ISPRA files are one source, ISPRA's.
 */
export const SOURCE_LABELS: Readonly<Record<string, string>> = {
  'ispra-comuni': 'ISPRA',
  'ispra-kpi': 'ISPRA',
  'ispra-storico': 'ISPRA',
  'arpae-er': 'ARPAE Emilia-Romagna',
  'arpae-sistemi': 'ARPAE Emilia-Romagna',
  'campania-rd': 'Regione Campania',
};

export const sourceLabel = (source: string): string => SOURCE_LABELS[source] ?? source;

export interface FractionRow {
  id: string;
  name: string;
  color: string;
  tonnes: number;
  comuniCount: number;
  population: number | null;
}

export interface AreaName {
  level: AreaLevel;
  id: string;
  name: string;
}

export async function getAreaYears(db: Queryable, level: StoredLevel, id: string): Promise<YearRow[]> {
  return db.query<YearRow>(
    `SELECT year, comuni_count AS "comuniCount", comuni_with_tonnes AS "comuniWithTonnes", population,
            population_source AS "populationSource", produced_t AS "producedT", sorted_t AS "sortedT", rd_pct AS "rdPct",
            rd_pct_method AS "rdPctMethod", cost_per_capita AS "costPerCapita", NULL AS "aggregationName",
            NULL AS source
       FROM area_stats WHERE level = $1 AND area_id = $2 ORDER BY year`,
    [level, id],
  );
}

/**
 * SQL: the source_anomalies row `a` (decision 070) as the contract's SourceAnomaly in JSON, null without
 * one. Numbers keep every digit (float8 text).
 */
export const ANOMALY_JSON = (a: string) => `CASE WHEN ${a}.city_id IS NULL THEN NULL ELSE json_build_object(
  'year', ${a}.year, 'reasons', ${a}.reasons, 'producedT', ${a}.produced_t, 'population', ${a}.population,
  'populationYear', ${a}.population_year, 'kgPerCapita', ${a}.kg_per_capita,
  'peerKgPerCapita', ${a}.peer_kg_per_capita, 'rdPct', ${a}.rd_pct, 'yearBefore', ${a}.year_before,
  'rdBefore', ${a}.rd_before, 'yearAfter', ${a}.year_after, 'rdAfter', ${a}.rd_after) END`;

/** The comune's years whose figures fail the plausibility rule (decision 070), oldest first. */
export async function getCitySourceAnomalies(db: Queryable, cityId: string): Promise<SourceAnomaly[]> {
  const rows = await db.query<{ anomaly: string }>(
    `SELECT (${ANOMALY_JSON('a')})::text AS anomaly FROM source_anomalies a WHERE a.city_id = $1 ORDER BY a.year`,
    [cityId],
  );
  return rows.map((r) => JSON.parse(r.anomaly) as SourceAnomaly);
}

export async function getCityYears(db: Queryable, cityId: string): Promise<YearRow[]> {
  const rows = await db.query<YearRow & { source: string }>(
    `SELECT year, 1 AS "comuniCount",
            (CASE WHEN produced_t IS NOT NULL AND sorted_t IS NOT NULL THEN 1 ELSE 0 END) AS "comuniWithTonnes",
            population, (CASE WHEN population IS NOT NULL THEN 'comuni' END) AS "populationSource",
            produced_t AS "producedT", sorted_t AS "sortedT",
            coalesce(rd_pct, sorted_t * 100 / NULLIF(produced_t, 0)) AS "rdPct",
            (CASE WHEN produced_t > 0 AND sorted_t IS NOT NULL THEN 'tonnes'
                  WHEN rd_pct IS NOT NULL THEN 'reported' END) AS "rdPctMethod",
            cost_per_capita AS "costPerCapita", aggregation_name AS "aggregationName", source
       FROM waste_stats WHERE city_id = $1 ORDER BY year`,
    [cityId],
  );
  return rows.map((r) => ({ ...r, source: sourceLabel(r.source) }));
}

/** How many comuni of an area each source gives, per year (area_stats does not keep the sources). */
export async function getAreaSources(
  db: Queryable,
  level: StoredLevel,
  id: string,
): Promise<{ year: number; source: string; comuniCount: number }[]> {
  // Italy is every comune; a province or region its comuni (as in the aggregates).
  const column = level === 'province' ? 'province_id' : level === 'region' ? 'region_id' : null;
  return db.query(
    `SELECT w.year, w.source, count(*)::int AS "comuniCount"
       FROM waste_stats w JOIN cities c ON c.id = w.city_id
      ${column ? `WHERE c.${column} = $1` : ''}
      GROUP BY w.year, w.source ORDER BY w.year, w.source`,
    column ? [id] : [],
  );
}

/** The comuni of an area today: those of ISTAT's list, without the ones merged since (cities.dissolved). */
export async function countComuniToday(db: Queryable, level: StoredLevel, id: string): Promise<number> {
  const column = level === 'province' ? 'province_id' : level === 'region' ? 'region_id' : null;
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM cities WHERE NOT dissolved ${column ? `AND ${column} = $1` : ''}`,
    column ? [id] : [],
  );
  return row?.n ?? 0;
}

export async function getAreaFractions(
  db: Queryable,
  level: StoredLevel,
  id: string,
  year: number,
): Promise<FractionRow[]> {
  // The kg per inhabitant of a fraction divide by the area's population of the year, the base of every other
  // per-capita figure of the page, not by the inhabitants of the comuni that report the fraction.
  return db.query<FractionRow>(
    `SELECT f.id, f.name, f.color, s.tonnes, s.comuni_count AS "comuniCount", a.population
       FROM area_fraction_stats s JOIN waste_fractions f ON f.id = s.fraction_id
       LEFT JOIN area_stats a ON a.level = s.level AND a.area_id = s.area_id AND a.year = s.year
      WHERE s.level = $1 AND s.area_id = $2 AND s.year = $3
      ORDER BY s.tonnes DESC, f.position`,
    [level, id, year],
  );
}

export async function getCityFractions(db: Queryable, cityId: string, year: number): Promise<FractionRow[]> {
  return db.query<FractionRow>(
    `SELECT f.id, f.name, f.color, s.tonnes, 1 AS "comuniCount", w.population
       FROM waste_fraction_stats s
       JOIN waste_fractions f ON f.id = s.fraction_id
       JOIN waste_stats w ON w.city_id = s.city_id AND w.year = s.year
      WHERE s.city_id = $1 AND s.year = $2
      ORDER BY s.tonnes DESC, f.position`,
    [cityId, year],
  );
}

export interface DistributionRow {
  id: string;
  name: string;
  comuniCount: number;
  comuniTotal: number;
}

export async function getDemoDistribution(
  db: Queryable,
  level: StoredLevel,
  id: string,
  kind: 'sorting_type' | 'action_category',
): Promise<DistributionRow[]> {
  const table = kind === 'sorting_type' ? 'sorting_types' : 'action_categories';
  return db.query<DistributionRow>(
    `SELECT t.id, t.name, d.comuni_count AS "comuniCount", d.comuni_total AS "comuniTotal"
       FROM area_demo_distributions d JOIN ${table} t ON t.id = d.item_id
      WHERE d.level = $1 AND d.area_id = $2 AND d.kind = $3
      ORDER BY d.comuni_count DESC, t.position`,
    [level, id, kind],
  );
}

export async function getFractionSets(
  db: Queryable,
  level: StoredLevel,
  id: string,
  year: number,
): Promise<{ fractionIds: string[]; comuniCount: number; comuniTotal: number }[]> {
  return db.query(
    `SELECT fraction_ids AS "fractionIds", comuni_count AS "comuniCount", comuni_total AS "comuniTotal"
       FROM area_fraction_sets WHERE level = $1 AND area_id = $2 AND year = $3
      ORDER BY comuni_count DESC, array_length(fraction_ids, 1) DESC`,
    [level, id, year],
  );
}

export async function getCitySortingTypes(
  db: Queryable,
  cityId: string,
): Promise<{ id: string; name: string; fractions: { id: string; name: string }[] }[]> {
  return db.query(
    `SELECT t.id, t.name,
            json_agg(json_build_object('id', f.id, 'name', f.name) ORDER BY f.position) AS fractions
       FROM city_sorting_types c
       JOIN sorting_types t ON t.id = c.sorting_type_id
       JOIN waste_fractions f ON f.id = c.fraction_id
      WHERE c.city_id = $1
      GROUP BY t.id, t.name, t.position ORDER BY t.position`,
    [cityId],
  );
}

export async function getCityActions(
  db: Queryable,
  cityId: string,
): Promise<{ id: string; name: string; actions: { title: string; startedYear: number }[] }[]> {
  return db.query(
    `SELECT a.id, a.name,
            json_agg(json_build_object('title', c.title, 'startedYear', c.started_year)
                     ORDER BY c.started_year, c.title) AS actions
       FROM city_actions c JOIN action_categories a ON a.id = c.category_id
      WHERE c.city_id = $1
      GROUP BY a.id, a.name, a.position ORDER BY a.position`,
    [cityId],
  );
}

/** Does the comune have any demo data at all (collection modes or actions)? */
export async function cityHasDemoData(db: Queryable, cityId: string): Promise<boolean> {
  const [row] = await db.query<{ has: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM city_sorting_types WHERE city_id = $1)
         OR EXISTS (SELECT 1 FROM city_actions WHERE city_id = $1) AS has`,
    [cityId],
  );
  return row?.has ?? false;
}

export async function getRegionName(db: Queryable, id: string): Promise<AreaName | null> {
  const [row] = await db.query<{ name: string }>('SELECT name FROM regions WHERE id = $1', [id]);
  return row ? { level: 'region', id, name: row.name } : null;
}

export async function getProvinceWithRegion(
  db: Queryable,
  id: string,
): Promise<{ province: AreaName; region: AreaName } | null> {
  const [row] = await db.query<{ name: string; regionId: string; regionName: string }>(
    `SELECT p.name, r.id AS "regionId", r.name AS "regionName"
       FROM provinces p JOIN regions r ON r.id = p.region_id WHERE p.id = $1`,
    [id],
  );
  if (!row) return null;
  return {
    province: { level: 'province', id, name: row.name },
    region: { level: 'region', id: row.regionId, name: row.regionName },
  };
}

export async function getCityWithParents(
  db: Queryable,
  id: string,
): Promise<{ city: AreaName; province: AreaName; region: AreaName } | null> {
  const [row] = await db.query<{
    name: string;
    provinceId: string;
    provinceName: string;
    regionId: string;
    regionName: string;
  }>(
    `SELECT c.name, p.id AS "provinceId", p.name AS "provinceName", r.id AS "regionId", r.name AS "regionName"
       FROM cities c JOIN provinces p ON p.id = c.province_id JOIN regions r ON r.id = c.region_id
      WHERE c.id = $1`,
    [id],
  );
  if (!row) return null;
  return {
    city: { level: 'city', id, name: row.name },
    province: { level: 'province', id: row.provinceId, name: row.provinceName },
    region: { level: 'region', id: row.regionId, name: row.regionName },
  };
}

export interface MapRow {
  id: string;
  name: string;
  year: number;
  comuniCount: number;
  comuniWithTonnes: number;
  population: number | null;
  producedT: number | null;
  rdPct: number | null;
  /** 'tonnes' when the area's tonnes are its total that year (no comune gives only a %). */
  rdPctMethod: string | null;
  /** A comune's year flagged by the plausibility rule (decision 070); false for provinces and regions. */
  sourceAnomaly: boolean;
}

/** area_stats of every region, or of the provinces (of one region), for all years. */
export async function getMapRows(
  db: Queryable,
  level: SubAreaLevel,
  regionId?: string,
  provinceId?: string,
): Promise<MapRow[]> {
  if (level === 'city') {
    // One comune is its own area: its row of waste_stats, % from tonnes where it gives no %.
    return db.query<MapRow>(
      `SELECT c.id, c.name, w.year, 1 AS "comuniCount",
              (CASE WHEN w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL THEN 1 ELSE 0 END) AS "comuniWithTonnes",
              w.population, w.produced_t AS "producedT",
              coalesce(w.rd_pct, w.sorted_t * 100 / NULLIF(w.produced_t, 0)) AS "rdPct",
              (CASE WHEN w.produced_t > 0 AND w.sorted_t IS NOT NULL THEN 'tonnes' END) AS "rdPctMethod",
              EXISTS (SELECT 1 FROM source_anomalies a WHERE a.city_id = c.id AND a.year = w.year)
                AS "sourceAnomaly"
         FROM cities c JOIN waste_stats w ON w.city_id = c.id
        WHERE c.province_id = $1
        ORDER BY c.id, w.year`,
      [provinceId],
    );
  }
  const areas =
    level === 'region'
      ? 'SELECT id, name FROM regions'
      : 'SELECT id, name FROM provinces WHERE ($1::text IS NULL OR region_id = $1)';
  return db.query<MapRow>(
    `SELECT a.id, a.name, s.year, s.comuni_count AS "comuniCount",
            s.comuni_with_tonnes AS "comuniWithTonnes", s.population,
            s.produced_t AS "producedT", s.rd_pct AS "rdPct", s.rd_pct_method AS "rdPctMethod",
            false AS "sourceAnomaly"
       FROM (${areas}) a JOIN area_stats s ON s.level = '${level}' AND s.area_id = a.id
      ORDER BY a.id, s.year`,
    level === 'region' ? [] : [regionId ?? null],
  );
}

export async function listWasteFractions(db: Queryable) {
  return db.query<{ id: string; name: string; color: string; eerCodes: string[] }>(
    'SELECT id, name, color, eer_codes AS "eerCodes" FROM waste_fractions ORDER BY position',
  );
}

export async function listNamedItems(db: Queryable, table: 'sorting_types' | 'action_categories') {
  return db.query<{ id: string; name: string; description: string }>(
    `SELECT id, name, description FROM ${table} ORDER BY position`,
  );
}

/**
 * Changes whenever an import lands: the response cache is dropped when it does, and the web app's page
 * caches (GET /api/data-version/). Every import adds a row with a new, higher id (recordImport: a forced
 * re-import replaces its old row), so the sum of the ids grows with each, whatever order concurrent
 * imports commit in. 'empty' before the first.
 */
export async function getDataVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ v: string | null }>(
    "SELECT count(*)::text || ':' || sum(id)::text AS v FROM imports",
  );
  return row?.v ?? 'empty';
}

export interface SystemRow {
  year: number;
  id: string;
  name: string;
  tonnes: number;
  comuniCount: number;
  source: string;
}

/** Separately collected tonnes by collection system, per year (a comune's, or an area's sums). */
export async function getCollectionSystems(
  db: Queryable,
  level: StoredLevel | 'city',
  id: string,
): Promise<SystemRow[]> {
  if (level === 'city') {
    return db.query<SystemRow>(
      `SELECT s.year, t.id, t.name, s.tonnes, 1 AS "comuniCount", s.source
         FROM city_collection_systems s JOIN collection_systems t ON t.id = s.system_id
        WHERE s.city_id = $1 ORDER BY s.year, t.position`,
      [id],
    );
  }
  return db.query<SystemRow>(
    `SELECT s.year, t.id, t.name, s.tonnes, s.comuni_count AS "comuniCount", s.source
       FROM area_collection_systems s JOIN collection_systems t ON t.id = s.system_id
      WHERE s.level = $1 AND s.area_id = $2 ORDER BY s.year, t.position`,
    [level, id],
  );
}

export async function getHomeComposting(
  db: Queryable,
  cityId: string,
): Promise<{ year: number; kg: number; population: number | null; source: string }[]> {
  return db.query(
    `SELECT year, kg, population, source FROM home_composting WHERE city_id = $1 ORDER BY year, source`,
    [cityId],
  );
}

export async function isDissolved(db: Queryable, cityId: string): Promise<boolean> {
  const [row] = await db.query<{ dissolved: boolean }>('SELECT dissolved FROM cities WHERE id = $1', [
    cityId,
  ]);
  return row?.dissolved ?? false;
}
