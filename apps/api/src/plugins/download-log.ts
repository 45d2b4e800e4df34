import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';

/**
 * The log of every download (who, what, when): the API log and the downloads_log table. Both data
 * downloads use it, features/downloads and the ecocompattatori one (features/rvm), so each is logged
 * alike. This module owns the downloads_log SQL (an account's deletion in features/accounts unlinks it).
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
  stream.on('close', () => {
    req.log.info({ userId, format: entry.format, query: entry.query, rows: counter.rows }, 'download');
    insertLogRow(app.db, { userId, ...entry, rowCount: counter.rows }).catch((err) =>
      req.log.error({ err }, 'download log failed'),
    );
  });
}
