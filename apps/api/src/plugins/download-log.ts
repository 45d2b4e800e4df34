import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  downloadQueryPairs,
  type DownloadLogEntry,
  type DownloadLogFilter,
  type DownloadLogQuery,
} from '@portal/contract';
import type { Queryable } from '../db/db';
import { likePattern } from '../lib/like-pattern';

/**
 * The log of every download (who, what, when): the API log and the downloads_log table. Both data
 * downloads use it, features/downloads and the ecocompattatori one (features/rvm), so each is logged
 * alike. This module owns the downloads_log SQL (an account's deletion in features/accounts unlinks it),
 * the back-office's list and export of it included.
 */
export interface DownloadEntry {
  format: string;
  /** What was asked for, as the query parameters (an ecocompattatori download carries source '2'). */
  query: unknown;
}

async function insertLogRow(
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

/** Logs a file answered whole (an image or a PDF): no rows. */
export async function logDownload(app: FastifyInstance, req: FastifyRequest, entry: DownloadEntry) {
  const userId = req.user!.id;
  req.log.info({ userId, format: entry.format, query: entry.query }, 'download');
  await insertLogRow(app.db, { userId, ...entry, rowCount: null });
}

/** Logs a streamed CSV once it is sent, with the rows it held; a failed insert is logged, not thrown. */
export function logWhenStreamed(
  app: FastifyInstance,
  req: FastifyRequest,
  stream: Readable,
  entry: DownloadEntry,
  counter: { rows: number },
): void {
  const userId = req.user!.id;
  // Listened for now, written through afterReply: the row is tracked work that app.settled() and the
  // app's close wait for, rather than a promise no one holds.
  const closed = new Promise<void>((resolve) => stream.once('close', resolve));
  app.afterReply('download log', async () => {
    await closed;
    req.log.info({ userId, format: entry.format, query: entry.query, rows: counter.rows }, 'download');
    await insertLogRow(app.db, { userId, ...entry, rowCount: counter.rows });
  });
}

/** The back-office's filters of the log; days are Europe/Rome calendar days, both ends included. */
function logFilter(f: DownloadLogFilter): { where: string; params: unknown[] } {
  const where = `($1 = '' OR lower(u.email) LIKE $1 OR lower(u.first_name || ' ' || u.last_name) LIKE $1)
    AND ($2::text IS NULL OR d.format = $2)
    AND ($3::date IS NULL OR d.created_at >= ($3::date)::timestamp AT TIME ZONE 'Europe/Rome')
    AND ($4::date IS NULL OR d.created_at < ($4::date + 1)::timestamp AT TIME ZONE 'Europe/Rome')`;
  return {
    where,
    params: [f.search ? likePattern(f.search) : '', f.format ?? null, f.from ?? null, f.to ?? null],
  };
}

const LOG_COLUMNS = `d.id::int AS id, d.created_at AS at, u.email AS "user", d.format, d.query,
  d.row_count AS "rowCount"`;
type LogRow = Omit<DownloadLogEntry, 'at'> & { at: Date | string };
const toEntry = (r: LogRow): DownloadLogEntry => ({
  ...r,
  at: new Date(r.at).toISOString(),
  query: r.query && typeof r.query === 'object' ? r.query : {},
});

/** A page of the log, newest first, and how many entries match. */
export async function listDownloads(
  q: Queryable,
  query: DownloadLogQuery,
): Promise<{ count: number; results: DownloadLogEntry[] }> {
  const { where, params } = logFilter(query);
  const from = 'downloads_log d LEFT JOIN users u ON u.id = d.user_id';
  const [{ count } = { count: 0 }] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${from} WHERE ${where}`,
    params,
  );
  const rows = await q.query<LogRow>(
    `SELECT ${LOG_COLUMNS} FROM ${from} WHERE ${where} ORDER BY d.created_at DESC, d.id DESC
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    params,
  );
  return { count, results: rows.map(toEntry) };
}

/** Every matching entry, newest first, a page at a time (the CSV export). */
export async function* allDownloads(q: Queryable, filter: DownloadLogFilter, pageSize = 1000) {
  for (let page = 1; ; page++) {
    const { results } = await listDownloads(q, { ...filter, page, pageSize });
    if (results.length) yield results;
    if (results.length < pageSize) return;
  }
}

/** `label: value` pairs of what was asked for, in Italian and in the order given: one cell of the export. */
export const describeQuery = (query: Record<string, unknown>) =>
  downloadQueryPairs(query)
    .map(([label, v]) => `${label}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join('; ');
