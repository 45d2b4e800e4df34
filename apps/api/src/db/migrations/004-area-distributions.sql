-- How the comuni of each area are spread over collection modes, prevention action categories and sets of
-- separately collected fractions; recomputed with area_stats by every import.

-- Demo data (no year): comuni of the area using each collection mode / action category.
CREATE TABLE area_demo_distributions (
  level text NOT NULL CHECK (level IN ('country', 'region', 'province')),
  area_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('sorting_type', 'action_category')),
  item_id text NOT NULL,
  comuni_count integer NOT NULL,
  -- comuni of the area that have demo data of this kind (the base of the share)
  comuni_total integer NOT NULL,
  PRIMARY KEY (level, area_id, kind, item_id)
);

-- The ten most common sets of fractions with tonnes > 0 among the comuni of an area in a year.
CREATE TABLE area_fraction_sets (
  level text NOT NULL CHECK (level IN ('country', 'region', 'province')),
  area_id text NOT NULL,
  year integer NOT NULL,
  fraction_ids text[] NOT NULL,
  comuni_count integer NOT NULL,
  -- comuni of the area reporting any fraction that year
  comuni_total integer NOT NULL,
  PRIMARY KEY (level, area_id, year, fraction_ids)
);
