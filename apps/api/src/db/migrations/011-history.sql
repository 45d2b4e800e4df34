-- Fifteen years of data (issue 15): ISPRA per-comune tonnes 2010–2017 for all of Italy, Campania 2022,
-- ARPAE Emilia-Romagna figures by collection system and home composting (data/SOURCES.md).

-- Comuni that no longer exist (merged since 2010) keep their data; recomputeAggregates sets these from
-- waste_stats: the first and last year with data, and dissolved = no data in the latest year any comune has.
ALTER TABLE cities ADD COLUMN first_year integer;
ALTER TABLE cities ADD COLUMN last_year integer;
ALTER TABLE cities ADD COLUMN dissolved boolean NOT NULL DEFAULT false;

-- An area's % in a year where some comuni give only their % is an estimate weighted by production.
ALTER TABLE area_stats DROP CONSTRAINT area_stats_rd_pct_method_check;
UPDATE area_stats SET rd_pct_method = 'estimate' WHERE rd_pct_method = 'weighted_mean';
ALTER TABLE area_stats ADD CONSTRAINT area_stats_rd_pct_method_check
  CHECK (rd_pct_method IN ('tonnes', 'estimate'));

-- Collection systems with real figures (ARPAE): door to door, street containers, collection centres, …
CREATE TABLE collection_systems (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  position integer NOT NULL
);

-- Separately collected tonnes of a comune and year by collection system, as its source gives them.
CREATE TABLE city_collection_systems (
  city_id text NOT NULL REFERENCES cities (id),
  year integer NOT NULL,
  system_id text NOT NULL REFERENCES collection_systems (id),
  tonnes double precision NOT NULL,
  source text NOT NULL,
  PRIMARY KEY (city_id, year, system_id)
);

-- Their sums for provinces, regions and Italy, recomputed with area_stats.
CREATE TABLE area_collection_systems (
  level text NOT NULL CHECK (level IN ('country', 'region', 'province')),
  area_id text NOT NULL,
  year integer NOT NULL,
  system_id text NOT NULL REFERENCES collection_systems (id),
  tonnes double precision NOT NULL,
  -- comuni of the area with figures by collection system that year
  comuni_count integer NOT NULL,
  source text NOT NULL,
  PRIMARY KEY (level, area_id, year, system_id)
);

-- Home composting (a prevention action with real figures): kg per comune and year, with the population the
-- source gives for that year (the base of kg per inhabitant).
CREATE TABLE home_composting (
  city_id text NOT NULL REFERENCES cities (id),
  year integer NOT NULL,
  kg double precision NOT NULL,
  population integer,
  source text NOT NULL,
  PRIMARY KEY (city_id, year, source)
);

-- The source ranks grew (SOURCE_RANK in importer/types.ts): ISPRA's national 2010–2017 tables are 5,
-- ISPRA's full per-comune format (Sicily) now 4, Regione Campania 3.
UPDATE waste_stats SET source_rank = 4 WHERE source = 'ispra-comuni';
