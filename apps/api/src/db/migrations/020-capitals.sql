-- Capoluoghi di provincia (issue 20: the rankings' "solo capoluoghi"). ISTAT's list of the capoluoghi of the
-- 107 provinces, città metropolitane and liberi consorzi (data/reference/capoluoghi.csv, a province may have
-- more than one: Barletta, Andria and Trani) is stored by the reference import; recomputeAggregates sets
-- cities.capital from it in the same transaction, as it sets cities.dissolved from dissolved_comuni.
CREATE TABLE provincial_capitals (
  city_id text PRIMARY KEY,
  province_id text NOT NULL,
  name text NOT NULL
);
ALTER TABLE cities ADD COLUMN capital boolean NOT NULL DEFAULT false;
