import type { Queryable } from '../db/db';
import type { RowError } from './parse-utils';
import { searchText, type ImportRecord } from '@portal/contract';
import { SOURCE_RANK, type CollectionData, type Progress } from './types';
import { importMessage } from './messages';

const CHUNK = 5000;

/**
 * Runs `sql` (an INSERT … SELECT * FROM unnest($1::type[], …)) once per chunk of rows,
 * passing one array per column: a few statements instead of one per row.
 */
export async function bulkInsert(
  q: Queryable,
  sql: string,
  columns: unknown[][],
  progress?: Progress,
): Promise<void> {
  const n = columns[0]?.length ?? 0;
  for (let i = 0; i < n; i += CHUNK) {
    await q.query(
      sql,
      columns.map((c) => c.slice(i, i + CHUNK)),
    );
    progress?.advance(Math.min(CHUNK, n - i));
    // A turn of the event loop between chunks: on the embedded database each statement runs on this
    // thread, and awaiting it alone lets no request in until the import ends.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The advisory lock every import's transaction holds: one import at a time on a database (decision 067). */
const IMPORT_LOCK_KEY = 726_151_034;

/** Takes the import lock until the transaction ends; false when another session's import holds it. */
export async function tryLockImports(q: Queryable): Promise<boolean> {
  const [row] = await q.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
    IMPORT_LOCK_KEY,
  ]);
  return row?.locked === true;
}

/** Takes the import lock until the transaction ends, waiting for another session's import to end. */
export async function lockImports(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK_KEY]);
}

export async function findImport(q: Queryable, dataset: string, sha256: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM imports WHERE dataset = $1 AND sha256 = $2', [dataset, sha256]);
  return rows.length > 0;
}

/**
 * Records an import as a new row, a forced re-import of a file imported before included (its old row
 * goes): the data version (getDataVersion: the highest id and the count of rows) changes with every
 * import, so the response caches and the web app's page caches are dropped.
 */
export async function recordImport(
  q: Queryable,
  r: { dataset: string; fileName: string; sha256: string; rowCount: number; years: number[] },
): Promise<void> {
  await q.query('DELETE FROM imports WHERE dataset = $1 AND sha256 = $2', [r.dataset, r.sha256]);
  await q.query(
    `INSERT INTO imports (dataset, file_name, sha256, row_count, years) VALUES ($1, $2, $3, $4, $5::int[])`,
    [r.dataset, r.fileName, r.sha256, r.rowCount, r.years],
  );
}

/** The latest imports, newest first (the back-office's Data section). */
export async function recentImports(q: Queryable, limit: number): Promise<ImportRecord[]> {
  const rows = await q.query<Omit<ImportRecord, 'importedAt'> & { importedAt: Date | string }>(
    `SELECT dataset, file_name AS "fileName", row_count AS "rowCount", years, imported_at AS "importedAt"
       FROM imports ORDER BY imported_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    ...r,
    years: r.years.map(Number),
    importedAt: new Date(r.importedAt).toISOString(),
  }));
}

export async function loadIds(q: Queryable, table: 'regions' | 'provinces' | 'cities'): Promise<Set<string>> {
  const rows = await q.query<{ id: string }>(`SELECT id FROM ${table}`);
  return new Set(rows.map((r) => r.id));
}

export async function loadReferenceIds(
  q: Queryable,
  table: 'waste_fractions' | 'sorting_types' | 'action_categories',
): Promise<Set<string>> {
  const rows = await q.query<{ id: string }>(`SELECT id FROM ${table}`);
  return new Set(rows.map((r) => r.id));
}

/** Collection rows must name a known comune, or one whose province exists (it is then created). */
export async function checkCollection(q: Queryable, data: CollectionData): Promise<RowError[]> {
  const provinces = await loadIds(q, 'provinces');
  const cities = await loadIds(q, 'cities');
  const errors: RowError[] = [];
  const fractions = await loadReferenceIds(q, 'waste_fractions');
  for (const id of new Set(data.fractions.map((f) => f.fractionId))) {
    if (!fractions.has(id)) {
      errors.push({
        line: 1,
        reason: importMessage('fractionNotImported', { fraction: id }),
      });
    }
  }
  for (const row of data.stats) {
    if (cities.has(row.cityId)) continue;
    const province = row.cityId.slice(0, 3);
    if (!provinces.has(province)) {
      errors.push({
        line: row.line,
        reason: importMessage('comuneAndProvinceUnknown', { city: row.cityId, province }),
      });
    }
  }
  return errors;
}

/**
 * Creates the comuni a collection file names that the cities table lacks (mergers newer than the
 * boundaries), and renames those an earlier import created (no cadastral code: not from the ISTAT list)
 * when the file now spells them otherwise, so a re-import applies a correction of comuneName().
 */
async function createMissingCities(q: Queryable, data: CollectionData): Promise<void> {
  const cities = await loadIds(q, 'cities');
  const created = await q.query<{ id: string; name: string }>(
    'SELECT id, name FROM cities WHERE cadastral_code IS NULL',
  );
  const names = new Map(data.stats.map((row) => [row.cityId, row.city.name]));
  const renamed = created.filter((c) => names.has(c.id) && names.get(c.id) !== c.name);
  if (renamed.length) {
    await q.query(
      `UPDATE cities c SET name = u.name, search_name = u.search_name
         FROM unnest($1::text[], $2::text[], $3::text[]) AS u (id, name, search_name) WHERE c.id = u.id`,
      [
        renamed.map((c) => c.id),
        renamed.map((c) => names.get(c.id)!),
        renamed.map((c) => searchText(names.get(c.id)!)),
      ],
    );
  }
  const seen = new Set<string>();
  const cols: [string[], string[], string[], number[], number[]] = [[], [], [], [], []];
  for (const row of data.stats) {
    if (cities.has(row.cityId) || seen.has(row.cityId)) continue;
    seen.add(row.cityId);
    cols[0].push(row.cityId);
    cols[1].push(row.city.name);
    cols[2].push(searchText(row.city.name));
    cols[3].push(row.city.latitude as number);
    cols[4].push(row.city.longitude as number);
  }
  await bulkInsert(
    q,
    `INSERT INTO cities (id, province_id, region_id, name, search_name, latitude, longitude, has_shape)
     SELECT u.id, p.id, p.region_id, u.name, u.search_name, u.lat, u.lon, false
     FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[]) AS u (id, name, search_name, lat, lon)
     JOIN provinces p ON p.id = substr(u.id, 1, 3)`,
    cols,
  );
}

/** The newly written row wins over the stored one (ties go to the newer file). */
const WINS = 'excluded.source_rank >= waste_stats.source_rank';
/** The columns the winning source decides; the population is filled from the other when the winner has none. */
const WINNER_COLUMNS = [
  'produced_t',
  'sorted_t',
  'unsorted_t',
  'rd_pct',
  'cost_per_capita',
  'aggregation_name',
  'source',
  'source_rank',
] as const;

/**
 * Writes a collection file: its source's rows for the years it covers are replaced; where another
 * source already holds a comune-year, the higher source_rank wins (ties go to the newer file); a winner
 * without the year's population takes the loser's (ISPRA's 2010–2017 tonnes with ARPAE's inhabitants).
 */
export async function writeCollection(q: Queryable, data: CollectionData, progress: Progress): Promise<void> {
  const rank = SOURCE_RANK[data.source];
  const years = [...new Set(data.stats.map((s) => s.year))].sort();
  progress.start(`${data.source}: writing`, data.stats.length + data.fractions.length);
  await createMissingCities(q, data);
  await q.query('DELETE FROM waste_stats WHERE source = $1 AND year = ANY($2::int[])', [data.source, years]);
  const s = data.stats;
  await bulkInsert(
    q,
    `INSERT INTO waste_stats (city_id, year, population, produced_t, sorted_t, unsorted_t, rd_pct,
       cost_per_capita, aggregation_name, source, source_rank)
     SELECT u.*, '${data.source}', ${rank}
     FROM unnest($1::text[], $2::int[], $3::int[], $4::float8[], $5::float8[], $6::float8[], $7::float8[],
       $8::float8[], $9::text[]) AS u
     ON CONFLICT (city_id, year) DO UPDATE SET
       ${WINNER_COLUMNS.map((c) => `${c} = CASE WHEN ${WINS} THEN excluded.${c} ELSE waste_stats.${c} END`).join(', ')},
       population = CASE WHEN ${WINS} THEN coalesce(excluded.population, waste_stats.population)
                         ELSE coalesce(waste_stats.population, excluded.population) END`,
    [
      s.map((r) => r.cityId),
      s.map((r) => r.year),
      s.map((r) => r.population),
      s.map((r) => r.producedT),
      s.map((r) => r.sortedT),
      s.map((r) => r.unsortedT),
      s.map((r) => r.rdPct),
      s.map((r) => r.costPerCapita),
      s.map((r) => r.aggregationName),
    ],
    progress,
  );
  // Fraction rows follow their waste_stats row: those of the city-years this source now holds are replaced.
  await q.query(
    `DELETE FROM waste_fraction_stats f USING waste_stats w
     WHERE w.city_id = f.city_id AND w.year = f.year AND w.source = $1 AND w.year = ANY($2::int[])`,
    [data.source, years],
  );
  const f = data.fractions;
  await bulkInsert(
    q,
    `INSERT INTO waste_fraction_stats (city_id, year, fraction_id, tonnes)
     SELECT u.city_id, u.year, u.fraction_id, u.tonnes
     FROM unnest($1::text[], $2::int[], $3::text[], $4::float8[]) AS u (city_id, year, fraction_id, tonnes)
     JOIN waste_stats w ON w.city_id = u.city_id AND w.year = u.year AND w.source = '${data.source}'`,
    [f.map((r) => r.cityId), f.map((r) => r.year), f.map((r) => r.fractionId), f.map((r) => r.tonnes)],
    progress,
  );
  progress.stop();
}
