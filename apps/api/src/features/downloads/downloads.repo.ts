import type { Queryable } from '../../db/db';

/** What a CSV export of collection data covers: an area, some years, and the filter kinds of SPEC §3. */
export interface WasteExportFilter {
  level: 'country' | 'region' | 'province' | 'city';
  id?: string;
  years?: number[];
  wasteFraction?: string;
  sortingType?: string;
  actionsCategory?: string;
}

export interface WasteExportRow {
  year: number;
  cityId: string;
  city: string;
  sigla: string;
  province: string;
  region: string;
  population: number | null;
  producedT: number | null;
  sortedT: number | null;
  rdPct: number | null;
  costPerCapita: number | null;
  aggregationName: string | null;
  source: string;
  fractions: Record<string, number> | null;
}

const AREA_COLUMN = {
  country: null,
  region: 'c.region_id',
  province: 'c.province_id',
  city: 'c.id',
} as const;

/** The WHERE clause of an export and its parameters ($1…$5). */
function whereOf(f: WasteExportFilter): { sql: string; params: unknown[] } {
  const column = AREA_COLUMN[f.level];
  return {
    sql: `${column ? `${column} = $1` : '$1::text IS NULL'}
      AND ($2::int[] IS NULL OR w.year = ANY($2::int[]))
      AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM waste_fraction_stats fs
            WHERE fs.city_id = w.city_id AND fs.year = w.year AND fs.fraction_id = $3 AND fs.tonnes > 0))
      AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM city_sorting_types st
            WHERE st.city_id = w.city_id AND st.sorting_type_id = $4))
      AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM city_actions ca
            WHERE ca.city_id = w.city_id AND ca.category_id = $5))`,
    params: [
      column ? f.id : null,
      f.years?.length ? f.years : null,
      f.wasteFraction ?? null,
      f.sortingType ?? null,
      f.actionsCategory ?? null,
    ],
  };
}

export async function countWasteRows(db: Queryable, f: WasteExportFilter): Promise<number> {
  const { sql, params } = whereOf(f);
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM waste_stats w JOIN cities c ON c.id = w.city_id WHERE ${sql}`,
    params,
  );
  return row?.n ?? 0;
}

/**
 * The rows of an export, one per comune and year, in pages by keyset (city, year): memory stays flat
 * however large the export, on both drivers.
 */
export async function* streamWasteRows(
  db: Queryable,
  f: WasteExportFilter,
  pageSize = 5000,
): AsyncGenerator<WasteExportRow[]> {
  const { sql, params } = whereOf(f);
  let after: [string, number] = ['', 0];
  for (;;) {
    const rows = await db.query<WasteExportRow>(
      `SELECT w.year, c.id AS "cityId", c.name AS city, p.sigla, p.name AS province, r.name AS region,
              w.population, w.produced_t AS "producedT", w.sorted_t AS "sortedT",
              coalesce(w.rd_pct, w.sorted_t * 100 / NULLIF(w.produced_t, 0)) AS "rdPct",
              w.cost_per_capita AS "costPerCapita", w.aggregation_name AS "aggregationName", w.source
         FROM waste_stats w
         JOIN cities c ON c.id = w.city_id
         JOIN provinces p ON p.id = c.province_id
         JOIN regions r ON r.id = c.region_id
        WHERE ${sql} AND (w.city_id, w.year) > ($6, $7)
        ORDER BY w.city_id, w.year
        LIMIT $8`,
      [...params, after[0], after[1], pageSize],
    );
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    // The fractions of the page's comuni in one range scan of the primary key, matched in memory.
    const fractions = await db.query<{ cityId: string; year: number; fractionId: string; tonnes: number }>(
      `SELECT city_id AS "cityId", year, fraction_id AS "fractionId", tonnes FROM waste_fraction_stats
        WHERE city_id BETWEEN $1 AND $2`,
      [rows[0]!.cityId, last.cityId],
    );
    const byRow = new Map<string, Record<string, number>>();
    for (const f of fractions) {
      const key = `${f.cityId}:${f.year}`;
      const entry = byRow.get(key) ?? {};
      entry[f.fractionId] = f.tonnes;
      byRow.set(key, entry);
    }
    for (const row of rows) row.fractions = byRow.get(`${row.cityId}:${row.year}`) ?? null;
    yield rows;
    after = [last.cityId, last.year];
    if (rows.length < pageSize) return;
  }
}

export async function listFractionColumns(db: Queryable): Promise<{ id: string; name: string }[]> {
  return db.query('SELECT id, name FROM waste_fractions ORDER BY position');
}

/** Does the area exist? (unknown ids answer 404 rather than an empty file) */
export async function areaExists(
  db: Queryable,
  level: WasteExportFilter['level'],
  id?: string,
): Promise<boolean> {
  if (level === 'country') return true;
  const table = { region: 'regions', province: 'provinces', city: 'cities' }[level];
  const [row] = await db.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${table} WHERE id = $1) AS ok`,
    [id],
  );
  return row?.ok ?? false;
}

export async function logDownload(
  db: Queryable,
  entry: { userId: number; format: string; query: unknown; rowCount: number | null },
): Promise<void> {
  await db.query('INSERT INTO downloads_log (user_id, format, query, row_count) VALUES ($1, $2, $3, $4)', [
    entry.userId,
    entry.format,
    JSON.stringify(entry.query),
    entry.rowCount,
  ]);
}
