-- Comuni of ISTAT's 2023 list (the bundled boundaries) abolished since by a merger, with the comune they
-- merged into (data/reference/comuni-soppressi.csv): recomputeAggregates marks them dissolved, which the
-- data alone cannot tell from a comune of today without recent data.
CREATE TABLE dissolved_comuni (
  id text PRIMARY KEY,
  name text NOT NULL,
  merged_into text NOT NULL,
  year integer NOT NULL
);
