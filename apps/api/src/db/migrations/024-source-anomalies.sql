-- Comune-years whose source figures fail the plausibility rule (issue 35, docs/decisions/070): written by
-- recomputeAggregates (importer/source-anomalies.ts) in the import's transaction, from waste_stats, which
-- keeps the source's values untouched. One row per flagged comune-year: the reasons and the figures that
-- make it so, as the pages, the rankings and the CSV show them.
--   reasons: 'littleWaste' (kg per inhabitant under a third of the 10th percentile of the comuni of its
--   region and population band that year), 'fullRd' (% RD >= 99.5), 'rdSpike' (% RD tens of points away
--   from both its previous and its next year with plausible data, in the same direction).
CREATE TABLE source_anomalies (
  city_id text NOT NULL,
  year integer NOT NULL,
  reasons text[] NOT NULL,
  produced_t double precision,
  -- The inhabitants of the kg per inhabitant: the year's, else those of population_year (the comune's
  -- latest year with a population: ISPRA's 2010–2017 tables give none).
  population integer,
  population_year integer,
  kg_per_capita double precision,
  -- littleWaste: the 10th percentile of the kg per inhabitant of the comparable comuni, and how many they are.
  peer_kg_per_capita double precision,
  peer_count integer,
  rd_pct double precision,
  -- rdSpike: the % RD of the previous and the next year with plausible data.
  year_before integer,
  rd_before double precision,
  year_after integer,
  rd_after double precision,
  PRIMARY KEY (city_id, year),
  FOREIGN KEY (city_id, year) REFERENCES waste_stats (city_id, year) ON DELETE CASCADE
);
