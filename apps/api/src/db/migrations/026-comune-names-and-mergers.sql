-- Other names of comuni (issue 35): ISTAT's names in the other official language (Bozen, St. Ulrich, Aoste…)
-- and the everyday forms of some capoluoghi (Reggio Emilia, Reggio Calabria), from
-- data/reference/comuni-altri-nomi.csv (decision 073). The reference import stores every search form of an
-- alias (searchText of @portal/contract; "St. Ulrich" also as "Sankt Ulrich"), and the comune search
-- matches them besides the official name.
CREATE TABLE city_aliases (
  city_id text NOT NULL,
  alias text NOT NULL,
  search_form text NOT NULL,
  source text NOT NULL,
  PRIMARY KEY (city_id, search_form)
);

-- Mergers of 2010–2023 (issue 35, point 9: a comune's successor and predecessors), from
-- data/reference/comuni-fusioni-2010-2023.csv, join the 2024 ones in dissolved_comuni. The bundled data
-- proves which comune a merged one became, not always the year (decision 073): year is null when unknown.
ALTER TABLE dissolved_comuni ALTER COLUMN year DROP NOT NULL;
CREATE INDEX dissolved_comuni_merged_into ON dissolved_comuni (merged_into);
