import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DATASET_IDS,
  DATASET_LABELS,
  DetailSchema,
  DownloadLogFilterSchema,
  DownloadLogQuerySchema,
  DownloadLogSchema,
  ImportResultSchema,
  ImportStatusSchema,
  ImportsOverviewSchema,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_FILES,
  ValidationErrorSchema,
  type DownloadLogEntry,
} from '@portal/contract';
import type { Queryable } from '../../db/db';
import { DATASETS } from '../../importer/datasets';
import {
  alreadyImported,
  hashFiles,
  ImportValidationError,
  writeParsed,
  type ImportSummary,
} from '../../importer/import-dataset';
import { recentImports, tryLockImports } from '../../importer/imports.repo';
import { parseInWorker, ParseOutOfMemory } from '../../importer/parse-in-worker';
import type { Progress } from '../../importer/types';
import { csvStream, safeFileName } from '../../lib/csv';
import { allDownloads, describeQuery, listDownloads } from '../../plugins/download-log';
import { ApiError, RelayedError } from '../../plugins/errors';
import { langOf, msg, t } from '../../plugins/i18n';
import { pageLinks } from '../../plugins/pagination';
import { recordAudit } from './audit';
import { ImportBusy, ImportRunner } from './import-runner';
import { staffErrors, staffScope, tags } from './route-kit';
import { receiveUpload, removeStaleUploads, removeUpload, type Upload } from './upload';

/** 409: one import at a time (decision 067); the dataset of the running one when this process runs it. */
const busyError = (err: ImportBusy, headers?: Record<string, string>) =>
  new ApiError(
    409,
    { detail: err.dataset ? msg('importBusy', { dataset: err.dataset }) : msg('importBusyElsewhere') },
    headers,
  );

/**
 * Tests only (data-upload.test.ts): `parseHold`, a SharedArrayBuffer whose first Int32 holds the next
 * parse in its worker until it is set; `parsing`, told when the parse starts; `inTransaction`, run after
 * the writes, before the commit.
 */
export const importTestHooks: {
  parseHold?: SharedArrayBuffer;
  parsing?: () => void;
  inTransaction?: (tx: Queryable) => Promise<void>;
} = {};

/** The columns of the download log's export, newest first. */
const EXPORT_COLUMNS = [
  { header: 'data e ora (UTC)', value: (e: DownloadLogEntry) => e.at },
  { header: 'utente', value: (e: DownloadLogEntry) => e.user ?? 'account eliminato' },
  { header: 'formato', value: (e: DownloadLogEntry) => e.format },
  { header: 'richiesta', value: (e: DownloadLogEntry) => describeQuery(e.query) },
  { header: 'righe', value: (e: DownloadLogEntry) => e.rowCount, decimals: 0 },
];

/**
 * The back-office's Downloads and Data sections (docs/decisions/056-staff-back-office.md): the download log
 * with its CSV export, and the upload of a dataset file, imported as `npm run admin -- import` does it.
 */
export const adminDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffOnly = staffScope(app);
  // This plugin's routes only: the rest of the API takes JSON alone.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMPORT_BYTES,
      // One more than allowed, so that receiveUpload sees the file too many and says so in Italian.
      files: MAX_IMPORT_FILES + 1,
      fields: 4,
      parts: MAX_IMPORT_FILES + 5,
      fieldSize: 1024,
    },
  });
  const runner = new ImportRunner();
  // Each upload's own folder, removed when its import is over: on the data disk, not a tmpfs in memory.
  const uploadRoot = join(app.config.VAR_DIR, 'uploads');
  await removeStaleUploads(uploadRoot);

  /** The import of an upload: parsed in a worker thread, then written in one transaction with its audit. */
  const runImport = async (
    upload: Upload,
    sha256: string,
    staff: { id: number; email: string },
    state: { phase: 'parsing' | 'writing' },
    progress: Progress,
  ): Promise<ImportSummary> => {
    const { dataset, files } = upload;
    const started = Date.now();
    const displayPath = DATASETS[dataset].input === 'folder' ? dataset : files[0]!.name;
    const done = await alreadyImported(app.db, { dataset, displayPath, sha256 }, started);
    if (done) return done;
    importTestHooks.parsing?.();
    const prepared = await parseInWorker({
      dataset,
      displayPath,
      files,
      hold: importTestHooks.parseHold,
    });
    state.phase = 'writing';
    return app.db.transaction(async (tx) => {
      // Another API process on the same database is importing: one at a time there too.
      if (!(await tryLockImports(tx))) throw new ImportBusy(null);
      const done = await writeParsed(tx, prepared, { started, progress });
      await importTestHooks.inTransaction?.(tx);
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
  };

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

  app.get(
    '/api/admin/imports/current/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Where the import this process runs has got: its phase and rows written (staff only)',
        description:
          'Read-only; `running` is null when this API process runs no import. Behind several API ' +
          'processes only the one running the import knows it (decision 076).',
        response: { 200: ImportStatusSchema, ...staffErrors },
      },
    },
    () => {
      const state = runner.current;
      if (!state) return { running: null };
      const { dataset, phase, step, startedAt } = state;
      return {
        running: {
          dataset,
          phase,
          step: step ? { done: step.done, total: step.total } : null,
          startedAt: startedAt.toISOString(),
        },
      };
    },
  );

  app.post(
    '/api/admin/imports/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Import an uploaded dataset file in one transaction, audited (staff only)',
        description:
          'multipart/form-data: `dataset` FIRST (a file part before it is refused unread: 400), then one ' +
          '`file` (several for a folder dataset), at most 32 MB in all (413). Bad rows: 400 {"file": ' +
          '["name, riga LINE: motivo", …]} in Italian whatever the language asked (the importer\'s ' +
          'catalogue, decision 076), the first 100 and a last line with the count of the rest; nothing ' +
          'changes. One import at a time: another upload while one runs is a 409 (the same dataset and ' +
          'bytes join the running import and get its result). Imported: the statistics and the pages ' +
          'refresh on every process (the data version moves).',
        consumes: ['multipart/form-data'],
        response: {
          200: ImportResultSchema,
          400: ValidationErrorSchema,
          409: DetailSchema,
          413: DetailSchema,
          ...staffErrors,
        },
      },
    },
    async (req) => {
      const staff = req.user!;
      // The dataset is known before any file is read: another dataset's import running is a 409 at once.
      const upload = await receiveUpload(req, {
        root: uploadRoot,
        maxBytes: MAX_IMPORT_BYTES,
        maxFiles: MAX_IMPORT_FILES,
        onDataset(dataset) {
          try {
            runner.refuseIfBusy(dataset);
          } catch (err) {
            // Its files are never read: the connection closes after the answer.
            throw busyError(err as ImportBusy, { connection: 'close' });
          }
        },
      });
      const { dataset, files } = upload;
      let summary: ImportSummary;
      try {
        const sha256 = await hashFiles(dataset, files);
        // The same bytes already being imported: this request waits for that import and answers its result.
        const result = runner.run({ dataset, sha256 }, (state, progress) =>
          runImport(upload, sha256, staff, state, progress),
        );
        summary = await result;
      } catch (err) {
        if (err instanceof ImportValidationError) {
          // What a CSV parser or the database said, in its own words: for the server log, never the answer.
          if (err.details.length)
            req.log.warn({ event: 'data-import-refused', dataset, details: err.details }, 'import refused');
          const more = err.more
            ? [t(langOf(req), 'importMoreErrors', { more: err.more, total: err.total })]
            : [];
          throw new RelayedError(400, { file: [...err.lines, ...more] });
        }
        if (err instanceof ImportBusy) throw busyError(err);
        if (err instanceof ParseOutOfMemory) throw new ApiError(413, { detail: msg('importTooComplex') });
        throw err;
      } finally {
        await removeUpload(upload.dir);
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
