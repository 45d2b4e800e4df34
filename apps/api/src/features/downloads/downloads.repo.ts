import type { AreaLevel } from '@portal/contract';
import type { Queryable } from '../../db/db';

/** What a CSV export of collection data covers: an area, some years, and the filter kinds of SPEC §3. */
export interface WasteExportFilter {
  level: AreaLevel;
  id?: string;
  years?: number[];
  wasteFraction?: string;
  sortingType?: string;
  actionsCategory?: string;
}

/** The columns an export filters on: waste_stats w joined with cities c, or waste_export_lines w. */
const COLUMNS = {
  joined: { region: 'c.region_id', province: 'c.province_id', city: 'c.id' },
  lines: { region: 'w.region_id', province: 'w.province_id', city: 'w.city_id' },
} as const;

/**
 * The WHERE clause of an export and its parameters ($1…$5); w has city_id and year. A row (comune, year)
 * is kept by waste_fraction when the comune collected that fraction that year (tonnes > 0), by
 * sorting_type when the comune uses that mode (modes have no year), by actions_category when the comune
 * had an action of that category started in that year or before.
 */
function whereOf(f: WasteExportFilter, from: keyof typeof COLUMNS): { sql: string; params: unknown[] } {
  const column = f.level === 'country' ? null : COLUMNS[from][f.level];
  return {
    sql: `${column ? `${column} = $1` : '$1::text IS NULL'}
      AND ($2::int[] IS NULL OR w.year = ANY($2::int[]))
      AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM waste_fraction_stats fs
            WHERE fs.city_id = w.city_id AND fs.year = w.year AND fs.fraction_id = $3 AND fs.tonnes > 0))
      AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM city_sorting_types st
            WHERE st.city_id = w.city_id AND st.sorting_type_id = $4))
      AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM city_actions ca
            WHERE ca.city_id = w.city_id AND ca.category_id = $5 AND ca.started_year <= w.year))`,
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
  const { sql, params } = whereOf(f, 'joined');
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM waste_stats w JOIN cities c ON c.id = w.city_id WHERE ${sql}`,
    params,
  );
  return row?.n ?? 0;
}

/** The header line of the CSV export (formatted with the lines, importer/export-lines.ts). */
export async function wasteCsvHeader(db: Queryable): Promise<string | undefined> {
  const [row] = await db.query<{ line: string }>('SELECT line FROM waste_export_header');
  return row?.line;
}

/**
 * The lines of an export, one per comune and year in (comune, year) order, as CRLF-joined pages of up
 * to pageSize lines read by keyset on their position: memory stays flat however large the export, and
 * each page is one text value for the driver to decode.
 */
export async function* streamWasteCsvPages(
  db: Queryable,
  f: WasteExportFilter,
  counter: { rows: number },
  pageSize = 10_000,
): AsyncGenerator<string> {
  const { sql, params } = whereOf(f, 'lines');
  let after = 0;
  for (;;) {
    const [page] = await db.query<{ body: string | null; n: number; last: number | null }>(
      `SELECT string_agg(line, E'\\r\\n' ORDER BY pos) AS body, count(*)::int AS n, max(pos) AS last
         FROM (SELECT w.pos, w.line FROM waste_export_lines w
                WHERE ${sql} AND w.pos > $6 ORDER BY w.pos LIMIT $7) page`,
      [...params, after, pageSize],
    );
    if (!page?.body || page.last === null) return;
    counter.rows += page.n;
    yield page.body;
    after = page.last;
    if (page.n < pageSize) return;
  }
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

/** The filter values that name nothing (unknown ids answer 400 rather than an empty file). */
export async function unknownFilters(
  db: Queryable,
  f: Pick<WasteExportFilter, 'wasteFraction' | 'sortingType' | 'actionsCategory'>,
): Promise<('wasteFraction' | 'sortingType' | 'actionsCategory')[]> {
  const [row] = await db.query<{ wasteFraction: boolean; sortingType: boolean; actionsCategory: boolean }>(
    `SELECT ($1::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM waste_fractions WHERE id = $1)) AS "wasteFraction",
            ($2::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sorting_types WHERE id = $2)) AS "sortingType",
            ($3::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM action_categories WHERE id = $3)) AS "actionsCategory"`,
    [f.wasteFraction ?? null, f.sortingType ?? null, f.actionsCategory ?? null],
  );
  return (['wasteFraction', 'sortingType', 'actionsCategory'] as const).filter((k) => row?.[k]);
}

/** The sigla of each province of `ids` ('082' → 'PA'): the names of comuni in a comparison, 'Palermo (PA)'. */
export async function provinceSiglas(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ id: string; sigla: string }>(
    'SELECT id, sigla FROM provinces WHERE id = ANY($1::text[])',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r.sigla]));
}
