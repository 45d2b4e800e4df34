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
