import type { SourceAnomalyReason } from '@portal/contract';
import type { Queryable } from '../db/db';

/**
 * The CSV export of collection data (docs/downloads.md), formatted in SQL once per import into
 * waste_export_lines: a download then only reads ready lines in keyset pages, which is what makes the
 * national export fast on the embedded database as well (its driver decodes every field in WebAssembly).
 *
 * Cells follow lib/csv.ts: ';' between cells, decimal comma without thousands separator and trailing
 * zeros, a text a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe, a
 * text holding ';', '"', CR or LF is quoted with '"' doubled. The header line is stored beside the lines.
 */

/**
 * The fixed columns before the fractions, and the last ones after them: the source, and the flag of a
 * comune-year whose figures fail the plausibility rule (docs/decisions/070): its reasons' codes.
 */
const HEAD = [
  'anno',
  'codice_istat',
  'comune',
  'sigla_provincia',
  'provincia',
  'regione',
  'popolazione',
  'rifiuti_urbani_t',
  'rifiuti_urbani_kg_abitante',
  'raccolta_differenziata_t',
  'raccolta_differenziata_percentuale',
  'raccolta_differenziata_kg_abitante',
  'costo_servizio_euro_abitante',
  'aggregazione',
];
const TAIL = ['fonte', 'dato_anomalo_fonte'];

/** The CSV's code of each reason of source_anomalies (docs/downloads.md). */
export const ANOMALY_CODES: Record<SourceAnomalyReason, string> = {
  littleWaste: 'pochi_rifiuti',
  fullRd: 'rd_oltre_99_5',
  rdSpike: 'picco_rd',
};
/** The CSV cell of a flagged comune-year's reasons: their codes, comma-separated. */
export function anomalyCodes(reasons: readonly SourceAnomalyReason[]): string {
  return reasons.map((reason) => ANOMALY_CODES[reason]).join(',');
}

const anomalyCell = Object.entries(ANOMALY_CODES).reduce(
  (expr, [reason, code]) => `replace(${expr}, '${reason}', '${code}')`,
  "array_to_string(a.reasons, ',')",
);

/** SQL: a number with at most `decimals` decimals, decimal comma; '' for NULL. */
const num = (expr: string, decimals = 3) =>
  `coalesce(replace(trim_scale(round((${expr})::numeric, ${decimals}))::text, '.', ','), '')`;

/** SQL: a text cell (expr: a column), formula-escaped and quoted when it must be; '' for NULL. */
function text(expr: string): string {
  const escaped = `CASE WHEN ${expr} ~ '^[=+@\\t\\r-]' THEN '''' || ${expr} ELSE ${expr} END`;
  return `coalesce(CASE WHEN ${expr} ~ '[;"\\r\\n]' THEN '"' || replace(${escaped}, '"', '""') || '"' ELSE ${escaped} END, '')`;
}

/** A header cell: the same quoting as the lines (header names are plain identifiers in practice). */
function headerCell(name: string): string {
  return /[;"\r\n]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name;
}

/** The fractions, in column order, and the header line the export of this code has for them. */
async function exportLayout(
  q: Pick<Queryable, 'query'>,
): Promise<{ fractions: { id: string }[]; header: string }> {
  const fractions = await q.query<{ id: string }>('SELECT id FROM waste_fractions ORDER BY position');
  const header = [...HEAD, ...fractions.map((f) => `${f.id}_t`), ...TAIL].map(headerCell).join(';');
  return { fractions, header };
}

/**
 * Recomputes every export line and the header from waste_stats, the geography and the fractions, in the
 * caller's transaction (readers see the old lines or the new ones, never a mix).
 */
export async function refreshExportLines(q: Queryable): Promise<void> {
  const { fractions, header } = await exportLayout(q);
  const pivot = fractions.length
    ? `LEFT JOIN (
         SELECT city_id, year, ${fractions
           .map((f, i) => `max(tonnes) FILTER (WHERE fraction_id = $${i + 1}) AS f${i}`)
           .join(', ')}
           FROM waste_fraction_stats GROUP BY city_id, year
       ) f ON f.city_id = w.city_id AND f.year = w.year`
    : '';
  const cells = [
    'w.year::text',
    text('c.id'),
    text('c.name'),
    text('p.sigla'),
    text('p.name'),
    text('r.name'),
    num('w.population', 0),
    num('w.produced_t'),
    num('w.produced_t * 1000 / NULLIF(w.population, 0)', 2),
    num('w.sorted_t'),
    num('coalesce(w.rd_pct, w.sorted_t * 100 / NULLIF(w.produced_t, 0))', 2),
    num('w.sorted_t * 1000 / NULLIF(w.population, 0)', 2),
    num('w.cost_per_capita', 2),
    text('w.aggregation_name'),
    ...fractions.map((_, i) => num(`f.f${i}`)),
    text('w.source'),
    `coalesce(${anomalyCell}, '')`,
  ];
  await q.query('DELETE FROM waste_export_lines');
  await q.query(
    `INSERT INTO waste_export_lines (pos, city_id, year, province_id, region_id, line)
     SELECT row_number() OVER (ORDER BY w.city_id, w.year), w.city_id, w.year, c.province_id, c.region_id,
            ${cells.join(` || ';' || `)}
       FROM waste_stats w
       JOIN cities c ON c.id = w.city_id
       JOIN provinces p ON p.id = c.province_id
       JOIN regions r ON r.id = c.region_id
       LEFT JOIN source_anomalies a ON a.city_id = w.city_id AND a.year = w.year
       ${pivot}
      ORDER BY w.city_id, w.year`,
    fractions.map((f) => f.id),
  );
  await q.query(
    `INSERT INTO waste_export_header (line) VALUES ($1)
     ON CONFLICT (only_row) DO UPDATE SET line = EXCLUDED.line`,
    [header],
  );
}

/**
 * Formats the export lines of a database that has data but no lines yet (one migrated from before them),
 * or lines of another column layout (formatted by an earlier version of this code, e.g. before
 * rifiuti_urbani_kg_abitante): the stored header tells which. True when it formatted them.
 */
export async function ensureExportLines(db: {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  query: Queryable['query'];
}): Promise<boolean> {
  const [state] = await db.query<{ header: string | null; data: boolean }>(
    `SELECT (SELECT line FROM waste_export_header) AS header, EXISTS (SELECT 1 FROM waste_stats) AS data`,
  );
  if (!state?.data) return false;
  if (state.header === (await exportLayout(db)).header) return false;
  await db.transaction((tx) => refreshExportLines(tx));
  await db.query('ANALYZE waste_export_lines');
  return true;
}
