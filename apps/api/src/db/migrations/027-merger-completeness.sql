-- Whether the comuni linked to a successor account for it (issue 35, point 9; decision 073): false when the
-- successor's urban waste says that comuni the list does not link merged into it too (Don into Amblar-Don).
-- The same value on every row of a successor; true for the rows of a list that is complete by itself
-- (comuni-soppressi.csv, ISTAT's) and of a file without the column.
ALTER TABLE dissolved_comuni ADD COLUMN complete boolean NOT NULL DEFAULT true;
