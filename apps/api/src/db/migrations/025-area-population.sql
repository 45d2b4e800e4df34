-- ISTAT's resident population on 1 January of each year of Italy, the regions and the provinces whose
-- figure is exact (dataset istat-popolazione, data/istat/popolazione-2010-2022.csv): the base of an area's kg
-- per inhabitant of year Y is the population on 1 January Y+1 (= 31 December Y), where its comuni give
-- none (ISPRA's 2010–2017 tables). docs/decisions/071-population-of-the-areas.md.
CREATE TABLE area_population (
  level text NOT NULL CHECK (level IN ('country', 'region', 'province')),
  area_id text NOT NULL,
  -- the population counted on 1 January of this year
  year integer NOT NULL,
  population integer NOT NULL CHECK (population > 0),
  PRIMARY KEY (level, area_id, year)
);

-- Where an area-year's population comes from: 'comuni' (the sum of its comuni's, as their sources give
-- it), 'istat' (area_population on 1 January of year + 1), 'census' (area_census of the year); null
-- without a population.
ALTER TABLE area_stats ADD COLUMN population_source text
  CHECK (population_source IN ('comuni', 'istat', 'census'));
