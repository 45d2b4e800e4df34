import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DATASET_IDS,
  DATASET_LABELS,
  DetailSchema,
  DownloadLogFilterSchema,
  DownloadLogQuerySchema,
  DownloadLogSchema,
  ImportResultSchema,
  ImportsOverviewSchema,
  MAX_IMPORT_BYTES,
  ValidationErrorSchema,
  type DownloadLogEntry,
} from '@portal/contract';
import { DATASETS } from '../../importer/datasets';
import { ImportValidationError, importSources, type SourceBytes } from '../../importer/import-dataset';
import { recentImports } from '../../importer/imports.repo';
import { isDatasetId, type DatasetId } from '../../importer/types';
import { csvStream, safeFileName } from '../../lib/csv';
import { allDownloads, describeQuery, listDownloads } from '../../plugins/download-log';
import { ApiError, RelayedError } from '../../plugins/errors';
import { msg } from '../../plugins/i18n';
import { pageLinks } from '../../plugins/pagination';
import { recordAudit } from './audit';
import { staffErrors, staffScope, tags } from './route-kit';

const MAX_IMPORT_MB = MAX_IMPORT_BYTES / 1024 / 1024;

/** The columns of the download log's export, newest first. */
const EXPORT_COLUMNS = [
  { header: 'data e ora (UTC)', value: (e: DownloadLogEntry) => e.at },
  { header: 'utente', value: (e: DownloadLogEntry) => e.user ?? 'account eliminato' },
  { header: 'formato', value: (e: DownloadLogEntry) => e.format },
  { header: 'richiesta', value: (e: DownloadLogEntry) => describeQuery(e.query) },
  { header: 'righe', value: (e: DownloadLogEntry) => e.rowCount, decimals: 0 },
];

/** The multipart form of an upload: the dataset, then its file(s), read whole (at most MAX_IMPORT_BYTES). */
async function readUpload(req: FastifyRequest): Promise<{ dataset: DatasetId; files: SourceBytes[] }> {
  if (!req.isMultipart()) throw new ApiError(400, { file: [msg('importNoFile')] });
  let dataset: string | undefined;
  const files: SourceBytes[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'dataset') dataset = String(part.value);
      } else if (part.fieldname === 'file' && part.filename) {
        // Only the base name: a browser may send a path, and messages name the file by it.
        const name = part.filename.split(/[\\/]/).pop()!;
        files.push({ name, path: name, bytes: await part.toBuffer() });
      } else {
        await part.toBuffer(); // drained: a stray part must not stall the form
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, { detail: msg('importTooLarge', { mb: MAX_IMPORT_MB }) });
    throw err;
  }
  if (!dataset || !isDatasetId(dataset)) throw new ApiError(400, { dataset: [msg('importUnknownDataset')] });
  if (files.length === 0) throw new ApiError(400, { file: [msg('importNoFile')] });
  if (DATASETS[dataset].input === 'file' && files.length > 1)
    throw new ApiError(400, { file: [msg('importOneFile')] });
  if (DATASETS[dataset].input === 'folder' && files.some((f) => !f.name.endsWith('.csv')))
    throw new ApiError(400, { file: [msg('importNotCsv')] });
  return { dataset, files };
}

/**
 * The back-office's Downloads and Data sections (docs/decisions/056-staff-back-office.md): the download log
 * with its CSV export, and the upload of a dataset file, imported as `npm run admin -- import` does it.
 */
export const adminDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffOnly = staffScope(app);
  // This plugin's routes only: the rest of the API takes JSON alone.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 64, fields: 4, parts: 68, fieldSize: 1024 },
  });

  app.get(
    '/api/admin/downloads/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'The download log: who downloaded what, when; newest first (staff only)',
        querystring: DownloadLogQuerySchema,
        response: { 200: DownloadLogSchema, 400: ValidationErrorSchema, ...staffErrors },
      },
    },
    async (req) => {
      const { count, results } = await listDownloads(app.db, req.query);
      return { count, ...pageLinks(app.config.PUBLIC_URL, req, count, req.query), results };
    },
  );

  app.get(
    '/api/admin/downloads/export/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'The download log with the same filters, every matching entry, as CSV (staff only)',
        querystring: DownloadLogFilterSchema,
        produces: ['text/csv'],
        response: { 400: ValidationErrorSchema, ...staffErrors },
      },
    },
    async (req, reply) => {
      const stream = csvStream(EXPORT_COLUMNS, allDownloads(app.db, req.query), { rows: 0 });
      const name = safeFileName(['registro-download', new Date().toISOString().slice(0, 10)], 'csv');
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(stream as never); // a stream is sent as is, never serialized
    },
  );

  app.get(
    '/api/admin/imports/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'The datasets the importer knows, and the latest imports (staff only)',
        response: { 200: ImportsOverviewSchema, ...staffErrors },
      },
    },
    async () => ({
      datasets: DATASET_IDS.map((id) => ({
        id,
        label: DATASET_LABELS[id],
        multipleFiles: DATASETS[id].input === 'folder',
      })),
      recent: await recentImports(app.db, 20),
    }),
  );

  app.post(
    '/api/admin/imports/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Import an uploaded dataset file in one transaction, audited (staff only)',
        description:
          'multipart/form-data: `dataset`, then one `file` (several for a folder dataset). Bad rows: 400 ' +
          '{"file": ["name:LINE: reason", …]} and nothing changes. Imported: the statistics and the pages ' +
          'refresh on every process (the data version moves).',
        consumes: ['multipart/form-data'],
        response: {
          200: ImportResultSchema,
          400: ValidationErrorSchema,
          413: DetailSchema,
          ...staffErrors,
        },
      },
    },
    async (req) => {
      const staff = req.user!;
      const { dataset, files } = await readUpload(req);
      const displayPath = DATASETS[dataset].input === 'folder' ? dataset : files[0]!.name;
      let summary;
      try {
        summary = await app.db.transaction(async (tx) => {
          const done = await importSources(tx, dataset, files, { displayPath });
          if (done.status === 'imported')
            await recordAudit(tx, {
              actor: { id: staff.id, label: staff.email },
              action: 'data.import',
              target: { id: null, label: `${dataset}: ${files.map((f) => f.name).join(', ')}` },
              before: null,
              after: `${done.rowCount} righe` + (done.years.length ? `, anni ${done.years.join(', ')}` : ''),
              reason: null,
            });
          return done;
        });
      } catch (err) {
        if (err instanceof ImportValidationError) throw new RelayedError(400, { file: err.lines });
        throw err;
      }
      // This process answers from the new data at once; the others, and the web processes' page caches,
      // see the data version move within their next check.
      await app.responseCache.currentVersion();
      req.log.info(
        { event: 'data-import', dataset, rows: summary.rowCount, status: summary.status, staffId: staff.id },
        'data imported from the back-office',
      );
      return {
        dataset,
        files: files.map((f) => f.name),
        status: summary.status,
        rowCount: summary.rowCount,
        years: summary.years,
        ms: summary.ms,
      };
    },
  );
};
