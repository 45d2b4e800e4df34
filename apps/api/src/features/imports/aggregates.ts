import type { Queryable } from '../../db/db';
import { refreshExportLines } from './export-lines';

/** The areas every comune row is summed into: its province, its region and Italy. */
const AREAS = `
  SELECT 'province' AS level, c.province_id AS area_id, c.id AS city_id, c.population AS city_population
    FROM cities c
  UNION ALL
  SELECT 'region', c.region_id, c.id, c.population FROM cities c
  UNION ALL
  SELECT 'country', 'IT', c.id, c.population FROM cities c`;

/**
 * Sets each comune's population to that of its latest year with one, then recomputes area_stats and
 * area_fraction_stats for provinces, regions and Italy from the comuni, set-based. Runs in the caller's
 * transaction, so readers never see a half-computed state.
 *
 * - population, tonnes: sums over the comuni with tonnes (produced and sorted) that year;
 * - rd_pct: sorted / produced × 100 ('tonnes') when every comune of the area-year has tonnes; otherwise
 *   (some or all comuni give only the %) the mean of the comuni's rd_pct weighted by cities.population
 *   ('weighted_mean'), so that e.g. Italy 2023 is not the % of the few comuni with tonnes (Sicily);
 * - cost_per_capita: mean weighted by the year's population over the comuni that report it.
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
  await q.query('DELETE FROM area_fraction_stats');
  await q.query('DELETE FROM area_stats');
  await q.query(
    `WITH rows AS (
       SELECT a.level, a.area_id, a.city_population, w.*,
         (w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL) AS has_t
       FROM waste_stats w JOIN (${AREAS}) a ON a.city_id = w.city_id
     ), sums AS (
       SELECT level, area_id, year,
         count(*) AS comuni_count,
         count(*) FILTER (WHERE has_t) AS comuni_with_tonnes,
         sum(population) FILTER (WHERE has_t) AS population,
         sum(produced_t) FILTER (WHERE has_t) AS produced_t,
         sum(sorted_t) FILTER (WHERE has_t) AS sorted_t,
         sum(unsorted_t) FILTER (WHERE has_t) AS unsorted_t,
         sum(rd_pct * city_population) FILTER (WHERE rd_pct IS NOT NULL AND city_population > 0)
           / NULLIF(sum(city_population) FILTER (WHERE rd_pct IS NOT NULL AND city_population > 0), 0)
           AS rd_weighted,
         sum(cost_per_capita * population) FILTER (WHERE cost_per_capita IS NOT NULL AND population > 0)
           / NULLIF(sum(population) FILTER (WHERE cost_per_capita IS NOT NULL AND population > 0), 0)
           AS cost_per_capita
       FROM rows GROUP BY level, area_id, year
     )
     INSERT INTO area_stats (level, area_id, year, comuni_count, comuni_with_tonnes, population,
       produced_t, sorted_t, unsorted_t, rd_pct, rd_pct_method, cost_per_capita)
     SELECT level, area_id, year, comuni_count, comuni_with_tonnes, population, produced_t, sorted_t, unsorted_t,
       CASE WHEN comuni_with_tonnes = comuni_count AND produced_t > 0 THEN sorted_t * 100 / produced_t
            ELSE rd_weighted END,
       CASE WHEN comuni_with_tonnes = comuni_count AND produced_t > 0 THEN 'tonnes'
            WHEN rd_weighted IS NOT NULL THEN 'weighted_mean' END,
       cost_per_capita
     FROM sums`,
  );
  await q.query(
    `INSERT INTO area_fraction_stats (level, area_id, year, fraction_id, tonnes, comuni_count, population)
     SELECT a.level, a.area_id, f.year, f.fraction_id, sum(f.tonnes), count(*), sum(w.population)
     FROM waste_fraction_stats f
     JOIN waste_stats w ON w.city_id = f.city_id AND w.year = f.year
     JOIN (${AREAS}) a ON a.city_id = f.city_id
     GROUP BY a.level, a.area_id, f.year, f.fraction_id`,
  );
  await recomputeDistributions(q);
  await refreshExportLines(q);
  // Fresh planner statistics for the tables just rewritten: without them PostgreSQL plans the keyset
  // pages of the CSV export as sequential scans (measured 4× slower on a fresh database).
  await q.exec('ANALYZE');
}

/**
 * area_demo_distributions and area_fraction_sets (migration 004): how many comuni of each area use each collection mode / action category, and the ten most common
 * sets of fractions with tonnes > 0 per area and year.
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
       WHERE f.tonnes > 0 GROUP BY f.city_id, f.year
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
  );
}
