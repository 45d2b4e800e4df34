import { POPULATION_BAND_RANGES, POPULATION_BANDS, SOURCE_ANOMALY_RULE } from '@portal/contract';
import type { Queryable } from '../db/db';

/**
 * The plausibility rule of comune-years (docs/decisions/070): which rows of waste_stats a reader would take
 * for a source error, written to source_anomalies (migration 024) with the figures that make it so. The
 * source's values stay as they are; the rankings, "Comuni simili", the pages and the CSV read the flag.
 *
 * A comune-year is flagged when
 * - littleWaste: its kg per inhabitant (produced tonnes over the year's population, else the comune's
 *   latest known one) is below SOURCE_ANOMALY_RULE.littleWasteShare of the 10th percentile of the comuni of
 *   its region and population band that year (of Italy's comuni of its band when the region has fewer than
 *   SOURCE_ANOMALY_RULE.minPeers of them);
 * - fullRd: its % RD is at least SOURCE_ANOMALY_RULE.fullRdPct (no comune sends less than 0.5 % of its
 *   waste to the unsorted stream; the bundled data has none between 98.9 % and 99.9 %);
 * - rdSpike: its % RD is at least SOURCE_ANOMALY_RULE.spikePoints above (or below) both the previous and
 *   the next year with data of the comune that are not flagged for the two reasons above.
 */

/** SQL: the population band's index (0: fino a 5.000, …) of `expr` inhabitants, the contract's bounds. */
function bandIndex(expr: string): string {
  const cases = POPULATION_BANDS.map((band, i) => {
    const { max } = POPULATION_BAND_RANGES[band];
    return max === null ? `ELSE ${i}` : `WHEN ${expr} <= ${max} THEN ${i}`;
  });
  return `CASE ${cases.join(' ')} END`;
}

/** Recomputes source_anomalies from waste_stats, in the caller's transaction (recomputeAggregates'). */
export async function recomputeSourceAnomalies(q: Queryable): Promise<void> {
  await q.query('DELETE FROM source_anomalies');
  await q.query(
    `WITH latest AS (
       SELECT DISTINCT ON (city_id) city_id, population, year FROM waste_stats
        WHERE population IS NOT NULL ORDER BY city_id, year DESC
     ), base AS (
       SELECT w.city_id, w.year, c.region_id, w.produced_t,
         coalesce(w.population, l.population) AS population,
         CASE WHEN w.population IS NULL THEN l.year END AS population_year,
         coalesce(w.rd_pct, w.sorted_t * 100 / NULLIF(w.produced_t, 0)) AS rd
       FROM waste_stats w JOIN cities c ON c.id = w.city_id LEFT JOIN latest l ON l.city_id = w.city_id
     ), sized AS (
       SELECT b.*, CASE WHEN b.population > 0 THEN b.produced_t * 1000 / b.population END AS kg,
         ${bandIndex('b.population')} AS band
       FROM base b
     ), peers AS (
       SELECT region_id, band, year, count(*) AS n, percentile_cont(0.1) WITHIN GROUP (ORDER BY kg) AS p10
         FROM sized WHERE kg IS NOT NULL
        GROUP BY GROUPING SETS ((region_id, band, year), (band, year))
     ), judged AS (
       SELECT s.*,
         CASE WHEN r.n >= $1 THEN r.p10 ELSE i.p10 END AS peer_p10,
         CASE WHEN r.n >= $1 THEN r.n ELSE i.n END AS peer_n
       FROM sized s
       LEFT JOIN peers r ON r.region_id = s.region_id AND r.band = s.band AND r.year = s.year
       LEFT JOIN peers i ON i.region_id IS NULL AND i.band = s.band AND i.year = s.year
     ), flagged AS (
       SELECT j.*,
         coalesce(j.kg < j.peer_p10 * $2, false) AS little_waste,
         coalesce(j.rd >= $3, false) AS full_rd
       FROM judged j
     ), neighbours AS (
       SELECT city_id, year,
         lag(year) OVER w AS year_before, lag(rd) OVER w AS rd_before,
         lead(year) OVER w AS year_after, lead(rd) OVER w AS rd_after
       FROM flagged WHERE rd IS NOT NULL AND NOT little_waste AND NOT full_rd
       WINDOW w AS (PARTITION BY city_id ORDER BY year)
     ), spiked AS (
       SELECT f.*, n.year_before, n.rd_before, n.year_after, n.rd_after,
         coalesce((f.rd - n.rd_before >= $4 AND f.rd - n.rd_after >= $4)
           OR (n.rd_before - f.rd >= $4 AND n.rd_after - f.rd >= $4), false) AS rd_spike
       FROM flagged f LEFT JOIN neighbours n ON n.city_id = f.city_id AND n.year = f.year
     )
     INSERT INTO source_anomalies (city_id, year, reasons, produced_t, population, population_year,
       kg_per_capita, peer_kg_per_capita, peer_count, rd_pct, year_before, rd_before, year_after, rd_after)
     SELECT city_id, year,
       array_remove(ARRAY[CASE WHEN little_waste THEN 'littleWaste' END, CASE WHEN full_rd THEN 'fullRd' END,
         CASE WHEN rd_spike THEN 'rdSpike' END], NULL),
       produced_t, CASE WHEN kg IS NOT NULL THEN population END,
       CASE WHEN kg IS NOT NULL THEN population_year END, kg,
       CASE WHEN little_waste THEN peer_p10 END, CASE WHEN little_waste THEN peer_n END, rd,
       CASE WHEN rd_spike THEN year_before END, CASE WHEN rd_spike THEN rd_before END,
       CASE WHEN rd_spike THEN year_after END, CASE WHEN rd_spike THEN rd_after END
     FROM spiked WHERE little_waste OR full_rd OR rd_spike`,
    [
      SOURCE_ANOMALY_RULE.minPeers,
      SOURCE_ANOMALY_RULE.littleWasteShare,
      SOURCE_ANOMALY_RULE.fullRdPct,
      SOURCE_ANOMALY_RULE.spikePoints,
    ],
  );
}
