-- Geography: ids are ISTAT codes as text, with their leading zeros
-- (region '05', province '028', comune '028001').
CREATE TABLE regions (
  id text PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE provinces (
  id text PRIMARY KEY,
  region_id text NOT NULL REFERENCES regions (id),
  name text NOT NULL,
  sigla text NOT NULL
);
CREATE INDEX provinces_region_idx ON provinces (region_id);

CREATE TABLE cities (
  id text PRIMARY KEY,
  province_id text NOT NULL REFERENCES provinces (id),
  region_id text NOT NULL REFERENCES regions (id),
  name text NOT NULL,
  -- lower case, without accents or punctuation: what ?search= compares with
  search_name text NOT NULL,
  cadastral_code text,
  -- population of the latest year with data
  population integer,
  latitude double precision,
  longitude double precision,
  -- true when the bundled comuni boundaries have a polygon for this code
  has_shape boolean NOT NULL DEFAULT false
);
CREATE INDEX cities_province_idx ON cities (province_id);
CREATE INDEX cities_region_idx ON cities (region_id);
CREATE INDEX cities_search_idx ON cities (search_name text_pattern_ops);

-- TopoJSON documents for the maps: level 'regions' and 'provinces' with area_id 'IT',
-- level 'comuni' with the region id.
CREATE TABLE boundaries (
  level text NOT NULL CHECK (level IN ('regions', 'provinces', 'comuni')),
  area_id text NOT NULL,
  topojson text NOT NULL,
  PRIMARY KEY (level, area_id)
);

-- Reference lists.
CREATE TABLE waste_fractions (
  id text PRIMARY KEY,
  name text NOT NULL,
  color text NOT NULL,
  eer_codes text[] NOT NULL,
  position integer NOT NULL
);

CREATE TABLE sorting_types (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  position integer NOT NULL
);

CREATE TABLE action_categories (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  position integer NOT NULL
);

-- Every import that changed the database: re-importing a file with the same hash is a no-op.
CREATE TABLE imports (
  id serial PRIMARY KEY,
  dataset text NOT NULL,
  file_name text NOT NULL,
  sha256 text NOT NULL,
  row_count integer NOT NULL,
  years integer[] NOT NULL DEFAULT '{}',
  imported_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (dataset, sha256)
);

-- Collection figures per comune and year. Tonnes may be missing where a source gives only the %.
-- When two sources cover the same comune and year, the one with the higher source_rank is kept.
CREATE TABLE waste_stats (
  city_id text NOT NULL REFERENCES cities (id),
  year integer NOT NULL,
  population integer,
  produced_t double precision,
  sorted_t double precision,
  unsorted_t double precision,
  rd_pct double precision,
  cost_per_capita double precision,
  aggregation_name text,
  source text NOT NULL,
  source_rank integer NOT NULL,
  PRIMARY KEY (city_id, year)
);
CREATE INDEX waste_stats_year_idx ON waste_stats (year);

CREATE TABLE waste_fraction_stats (
  city_id text NOT NULL,
  year integer NOT NULL,
  fraction_id text NOT NULL REFERENCES waste_fractions (id),
  tonnes double precision NOT NULL,
  PRIMARY KEY (city_id, year, fraction_id),
  FOREIGN KEY (city_id, year) REFERENCES waste_stats (city_id, year) ON DELETE CASCADE
);

-- Demo data (no public source): collection modes and prevention actions per comune.
CREATE TABLE city_sorting_types (
  city_id text NOT NULL REFERENCES cities (id),
  sorting_type_id text NOT NULL REFERENCES sorting_types (id),
  fraction_id text NOT NULL REFERENCES waste_fractions (id),
  PRIMARY KEY (city_id, sorting_type_id, fraction_id)
);

CREATE TABLE city_actions (
  city_id text NOT NULL REFERENCES cities (id),
  category_id text NOT NULL REFERENCES action_categories (id),
  title text NOT NULL,
  started_year integer NOT NULL,
  PRIMARY KEY (city_id, category_id, title)
);

-- Reverse vending machines (ecocompattatori); quantities are demo data.
CREATE TABLE rvm_operators (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE rvm_machines (
  id text PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES rvm_operators (id),
  city_id text NOT NULL REFERENCES cities (id),
  address text NOT NULL,
  cap text,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  installed_on date NOT NULL,
  active boolean NOT NULL,
  demo boolean NOT NULL
);
CREATE INDEX rvm_machines_city_idx ON rvm_machines (city_id);

CREATE TABLE rvm_yearly (
  machine_id text NOT NULL REFERENCES rvm_machines (id) ON DELETE CASCADE,
  year integer NOT NULL,
  pieces integer NOT NULL,
  kg double precision NOT NULL,
  PRIMARY KEY (machine_id, year)
);

-- Sums of comuni for provinces, regions and Italy (level 'country', area_id 'IT'),
-- recomputed after every import, so no request sums comuni.
CREATE TABLE area_stats (
  level text NOT NULL CHECK (level IN ('country', 'region', 'province')),
  area_id text NOT NULL,
  year integer NOT NULL,
  -- comuni with a row this year, and those of them with tonnes
  comuni_count integer NOT NULL,
  comuni_with_tonnes integer NOT NULL,
  -- population of the comuni with tonnes (the base of every per-capita figure)
  population integer,
  produced_t double precision,
  sorted_t double precision,
  unsorted_t double precision,
  -- sorted_t / produced_t when every comune has tonnes, else the population-weighted mean of their %
  rd_pct double precision,
  rd_pct_method text CHECK (rd_pct_method IN ('tonnes', 'weighted_mean')),
  cost_per_capita double precision,
  PRIMARY KEY (level, area_id, year)
);

CREATE TABLE area_fraction_stats (
  level text NOT NULL,
  area_id text NOT NULL,
  year integer NOT NULL,
  fraction_id text NOT NULL REFERENCES waste_fractions (id),
  tonnes double precision NOT NULL,
  comuni_count integer NOT NULL,
  -- population of the comuni that report this fraction
  population integer,
  PRIMARY KEY (level, area_id, year, fraction_id)
);
