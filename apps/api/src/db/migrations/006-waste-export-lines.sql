-- The CSV export of collection data, formatted once per import (importer/export-lines.ts):
-- one ready line per comune and year, numbered in export order, so a download is a scan of this table
-- in keyset pages instead of a join, a pivot and per-cell formatting for every row of every download.
CREATE TABLE waste_export_lines (
  pos integer PRIMARY KEY,
  city_id text NOT NULL,
  year integer NOT NULL,
  province_id text NOT NULL,
  region_id text NOT NULL,
  line text NOT NULL
);
-- The header line the lines were formatted for (its fraction columns follow waste_fractions).
CREATE TABLE waste_export_header (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  line text NOT NULL
);
