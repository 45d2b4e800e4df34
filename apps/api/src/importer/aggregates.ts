import type { Queryable } from '../db/db';
import { refreshExportLines } from './export-lines';
import { ALL_FRACTIONS_SOURCES } from './types';
import { recomputeSourceAnomalies } from './source-anomalies';

/**
 * The comune rows the areas' totals are summed from. In the years ISPRA's national tables cover
 * (2010–2017) only the tables' rows count, so the areas' totals are ISPRA's published ones: another
 * source's row of a comune-year the tables leave empty is either the same territory counted again (ARPAE
 * gives Valsamoggia, born in 2014, the sum of its predecessors for 2010–2013, which the tables list one by
 * one) or a figure ISPRA's national total did not include (Chiusa Sclafani and Contessa Entellina 2012,
 * empty in the table, 1,933 t in the Sicilian file); either stays on its comune's page only.
 */
export const COUNTED_STATS = `
  SELECT * FROM waste_stats
   WHERE source = 'ispra-storico'
      OR year NOT IN (SELECT DISTINCT year FROM waste_stats WHERE source = 'ispra-storico')`;

/** The areas every comune row is summed into: its province, its region and Italy. */
const AREAS = `
  SELECT 'province' AS level, c.province_id AS area_id, c.id AS city_id, c.population AS city_population
    FROM cities c
  UNION ALL
  SELECT 'region', c.region_id, c.id, c.population FROM cities c
  UNION ALL
  SELECT 'country', 'IT', c.id, c.population FROM cities c`;

/**
 * Sets each comune's population to that of its latest year with one, its first and last year with data and
 * whether it still exists, then recomputes area_stats, area_fraction_stats and area_collection_systems for
 * provinces, regions and Italy from the comuni, set-based. Runs in the caller's transaction, so readers
 * never see a half-computed state.
 *
 * - tonnes: sums over the comuni with tonnes (produced and sorted) that year;
 * - population: their sum, only when every one of them has the year's population (population_source
 *   'comuni'): a per-capita figure of part of an area over the tonnes of all of it would be wrong; when every
 *   comune of the area has tonnes but not all a population (ISPRA's 2010–2017 tables give none), ISTAT's
 *   population of the area on 31 December of the year, i.e. on 1 January of the next ('istat', dataset
 *   istat-popolazione, decision 071), else in the census year (2011) the census's ('census');
 * - rd_pct: sorted / produced × 100 ('tonnes') when every comune of the area-year with a % has tonnes; otherwise
 *   ('estimate') the comuni's % weighted by their production: the year's tonnes where known, else those of
 *   the comune's nearest year with tonnes (2022–2023 give only the %: weighted by 2024's production);
 * - cost_per_capita: mean weighted by the year's population over the comuni that report it;
 * - a comune is dissolved when it is not in ISTAT's list of today (no cadastral code: created from a
 *   collection file) and has no data in the latest year any comune has (merged since, or renumbered into
 *   another region), or when data/reference/comuni-soppressi.csv lists it (the 2024 mergers of comuni of
 *   the 2023 list); a comune of today's list without recent data stays a comune of today;
 * - a comune is a capital (capoluogo di provincia) when data/reference/capoluoghi.csv lists it.
 */
export async function recomputeAggregates(q: Queryable): Promise<void> {
  await q.query(
    `UPDATE cities c SET population = latest.population
     FROM (
       SELECT DISTINCT ON (city_id) city_id, population FROM waste_stats
       WHERE population IS NOT NULL ORDER BY city_id, year DESC
     ) latest
     WHERE latest.city_id = c.id AND c.population IS DISTINCT FROM latest.population`,
  );
  await q.query(
    `UPDATE cities c SET first_year = y.first_year, last_year = y.last_year,
       dissolved = (c.cadastral_code IS NULL AND y.last_year < (SELECT max(year) FROM waste_stats))
         OR c.id IN (SELECT id FROM dissolved_comuni)
     FROM (SELECT city_id, min(year) AS first_year, max(year) AS last_year FROM waste_stats GROUP BY city_id) y
     WHERE y.city_id = c.id AND (c.first_year IS DISTINCT FROM y.first_year
       OR c.last_year IS DISTINCT FROM y.last_year OR c.dissolved IS DISTINCT FROM
         ((c.cadastral_code IS NULL AND y.last_year < (SELECT max(year) FROM waste_stats))
          OR c.id IN (SELECT id FROM dissolved_comuni)))`,
  );
  // Capoluoghi di provincia: ISTAT's list (data/reference/capoluoghi.csv), whether or not they have data.
  await q.query(
    `UPDATE cities c SET capital = NOT c.capital
      WHERE c.capital IS DISTINCT FROM (c.id IN (SELECT city_id FROM provincial_capitals))`,
  );
  await q.query('DELETE FROM area_fraction_stats');
  await q.query('DELETE FROM area_stats');
  await q.query(
    `WITH rated AS (
       SELECT w.*, (w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL) AS has_t,
         coalesce(w.rd_pct, w.sorted_t * 100 / NULLIF(w.produced_t, 0)) AS rd
       FROM (${COUNTED_STATS}) w
     ), weighted AS (
       SELECT r.*,
         CASE WHEN r.has_t THEN r.produced_t ELSE (
           SELECT n.produced_t FROM waste_stats n
            WHERE n.city_id = r.city_id AND n.produced_t > 0 AND n.sorted_t IS NOT NULL
            ORDER BY abs(n.year - r.year), n.year DESC LIMIT 1) END AS weight
       FROM rated r
     ), rows AS (
       SELECT a.level, a.area_id, w.* FROM weighted w JOIN (${AREAS}) a ON a.city_id = w.city_id
     ), sums AS (
       SELECT level, area_id, year,
         count(*) AS comuni_count,
         count(*) FILTER (WHERE has_t) AS comuni_with_tonnes,
         count(*) FILTER (WHERE rd IS NOT NULL AND NOT has_t) AS comuni_only_pct,
         count(population) FILTER (WHERE has_t) AS with_population,
         sum(population) FILTER (WHERE has_t) AS population,
         sum(produced_t) FILTER (WHERE has_t) AS produced_t,
         sum(sorted_t) FILTER (WHERE has_t) AS sorted_t,
         sum(unsorted_t) FILTER (WHERE has_t) AS unsorted_t,
         sum(rd * weight) FILTER (WHERE rd IS NOT NULL AND weight > 0)
           / NULLIF(sum(weight) FILTER (WHERE rd IS NOT NULL AND weight > 0), 0) AS rd_estimate,
         sum(cost_per_capita * population) FILTER (WHERE cost_per_capita IS NOT NULL AND population > 0)
           / NULLIF(sum(population) FILTER (WHERE cost_per_capita IS NOT NULL AND population > 0), 0)
           AS cost_per_capita
       FROM rows GROUP BY level, area_id, year
     )
     , based AS (
       SELECT s.*,
         CASE WHEN s.with_population = s.comuni_with_tonnes AND s.population IS NOT NULL THEN 'comuni'
              -- Every comune has tonnes but not its population (ISPRA's 2010–2017 tables): ISTAT's
              -- population of the area on 31 December (1 January of the next year), else the census's.
              WHEN s.comuni_with_tonnes = s.comuni_count AND p.population IS NOT NULL THEN 'istat'
              WHEN s.comuni_with_tonnes = s.comuni_count AND c.population IS NOT NULL THEN 'census'
         END AS population_source,
         p.population AS istat_population, c.population AS census_population
       FROM sums s
       LEFT JOIN area_population p ON p.level = s.level AND p.area_id = s.area_id AND p.year = s.year + 1
       LEFT JOIN area_census c ON c.level = s.level AND c.area_id = s.area_id AND c.year = s.year
     )
     INSERT INTO area_stats (level, area_id, year, comuni_count, comuni_with_tonnes, population,
       population_source, produced_t, sorted_t, unsorted_t, rd_pct, rd_pct_method, cost_per_capita)
     SELECT level, area_id, year, comuni_count, comuni_with_tonnes,
       CASE population_source WHEN 'comuni' THEN population WHEN 'istat' THEN istat_population
            WHEN 'census' THEN census_population END,
       population_source, produced_t, sorted_t, unsorted_t,
       CASE WHEN comuni_only_pct = 0 AND produced_t > 0 THEN sorted_t * 100 / produced_t
            ELSE rd_estimate END,
       CASE WHEN comuni_only_pct = 0 AND produced_t > 0 THEN 'tonnes'
            WHEN rd_estimate IS NOT NULL THEN 'estimate' END,
       cost_per_capita
     FROM based`,
  );
  await q.query(
    `INSERT INTO area_fraction_stats (level, area_id, year, fraction_id, tonnes, comuni_count, population)
     SELECT a.level, a.area_id, f.year, f.fraction_id, sum(f.tonnes), count(*),
       CASE WHEN count(w.population) = count(*) THEN sum(w.population) END
     FROM waste_fraction_stats f
     JOIN (${COUNTED_STATS}) w ON w.city_id = f.city_id AND w.year = f.year
     JOIN (${AREAS}) a ON a.city_id = f.city_id
     GROUP BY a.level, a.area_id, f.year, f.fraction_id`,
  );
  await q.query('DELETE FROM area_collection_systems');
  await q.query(
    `INSERT INTO area_collection_systems (level, area_id, year, system_id, tonnes, comuni_count, source)
     WITH per AS (
       SELECT a.level, a.area_id, s.* FROM city_collection_systems s JOIN (${AREAS}) a ON a.city_id = s.city_id
     ), comuni AS (
       SELECT level, area_id, year, count(DISTINCT city_id) AS n FROM per GROUP BY level, area_id, year
     )
     SELECT p.level, p.area_id, p.year, p.system_id, sum(p.tonnes), c.n, min(p.source)
     FROM per p JOIN comuni c USING (level, area_id, year)
     GROUP BY p.level, p.area_id, p.year, p.system_id, c.n`,
  );
  await recomputeDistributions(q);
  // The plausibility flags of comune-years (decision 070), before the CSV lines that carry them.
  await recomputeSourceAnomalies(q);
  await refreshExportLines(q);
  // Fresh planner statistics for the tables just rewritten: without them PostgreSQL plans the keyset
  // pages of the CSV export as sequential scans (measured 4× slower on a fresh database).
  await q.exec('ANALYZE');
}

/**
 * area_demo_distributions and area_fraction_sets (migration 004): how many comuni of each area use each collection mode / action category, and the ten most common
 * sets of fractions with tonnes > 0 per area and year, over the comune-years (counted in the areas' totals)
 * whose source gives every fraction (ALL_FRACTIONS_SOURCES): comuni_total is how many those are, which the
 * statistics compare with the area's comuni with data before showing the sets.
 */
async function recomputeDistributions(q: Queryable): Promise<void> {
  await q.query('DELETE FROM area_demo_distributions');
  await q.query(
    `WITH items AS (
       SELECT DISTINCT 'sorting_type' AS kind, city_id, sorting_type_id AS item_id FROM city_sorting_types
       UNION ALL
       SELECT DISTINCT 'action_category', city_id, category_id FROM city_actions
     ), per_area AS (
       SELECT a.level, a.area_id, i.kind, i.item_id, i.city_id FROM items i JOIN (${AREAS}) a ON a.city_id = i.city_id
     ), totals AS (
       SELECT level, area_id, kind, count(DISTINCT city_id) AS comuni_total FROM per_area GROUP BY level, area_id, kind
     )
     INSERT INTO area_demo_distributions (level, area_id, kind, item_id, comuni_count, comuni_total)
     SELECT p.level, p.area_id, p.kind, p.item_id, count(*), t.comuni_total
     FROM per_area p JOIN totals t USING (level, area_id, kind)
     GROUP BY p.level, p.area_id, p.kind, p.item_id, t.comuni_total`,
  );
  await q.query('DELETE FROM area_fraction_sets');
  await q.query(
    `WITH sets AS (
       SELECT f.city_id, f.year, array_agg(f.fraction_id ORDER BY wf.position) AS fraction_ids
       FROM waste_fraction_stats f JOIN waste_fractions wf ON wf.id = f.fraction_id
       JOIN (${COUNTED_STATS}) w ON w.city_id = f.city_id AND w.year = f.year
       WHERE f.tonnes > 0 AND w.source = ANY($1::text[]) GROUP BY f.city_id, f.year
     ), counted AS (
       SELECT a.level, a.area_id, s.year, s.fraction_ids, count(*) AS comuni_count,
         sum(count(*)) OVER (PARTITION BY a.level, a.area_id, s.year) AS comuni_total
       FROM sets s JOIN (${AREAS}) a ON a.city_id = s.city_id
       GROUP BY a.level, a.area_id, s.year, s.fraction_ids
     ), ranked AS (
       SELECT *, row_number() OVER (PARTITION BY level, area_id, year
         ORDER BY comuni_count DESC, array_length(fraction_ids, 1) DESC, fraction_ids::text) AS n
       FROM counted
     )
     INSERT INTO area_fraction_sets (level, area_id, year, fraction_ids, comuni_count, comuni_total)
     SELECT level, area_id, year, fraction_ids, comuni_count, comuni_total FROM ranked WHERE n <= 10`,
    [[...ALL_FRACTIONS_SOURCES]],
  );
}
