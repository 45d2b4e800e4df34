-- The population of each province, region and Italy counted by the 2011 census (ISTAT), for the year whose
-- comuni have tonnes but no population of their own (ISPRA's 2010–2017 tables give none): the base of the
-- areas' kg per inhabitant of 2011 (data/SOURCES.md, `istat-census`).
CREATE TABLE area_census (
  level text NOT NULL CHECK (level IN ('country', 'region', 'province')),
  area_id text NOT NULL,
  year integer NOT NULL,
  population integer NOT NULL,
  PRIMARY KEY (level, area_id, year)
);
