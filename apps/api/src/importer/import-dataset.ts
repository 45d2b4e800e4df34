import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Db, Queryable } from '../db/db';
import { recomputeAggregates } from './aggregates';
import { DATASETS } from './datasets';
import { findImport, lockImports, recordImport } from './imports.repo';
import { parseInWorker } from './parse-in-worker';
import { importMessage } from './messages';
import { controlCharacterErrors, CsvSyntaxError, csvSyntaxRow, type RowError } from './parse-utils';
import { silentProgress } from './progress';
import type { DatasetId, Parsed, Progress, SourceFile } from './types';

export interface ImportOptions {
  /** Where progress and outcome lines go (operators' messages). */
  log?: (line: string) => void;
  progress?: Progress;
  /** How the file is named in messages (the path as the operator typed it); defaults to filePath. */
  displayPath?: string;
  /** Import even if a file with the same hash was imported before. */
  force?: boolean;
  /** Recompute the area aggregates after writing (default true; the seed does it once at the end). */
  recomputeAggregates?: boolean;
}

export interface ImportSummary {
  dataset: DatasetId;
  file: string;
  status: 'imported' | 'unchanged';
  rowCount: number;
  years: number[];
  sha256: string;
  ms: number;
}

/** At most this many bad rows are reported (issue 34: every one of 300,000 made a 40 MB answer). */
export const MAX_REPORTED_ERRORS = 100;

/**
 * Bad rows: nothing was written. `lines` are `path, riga LINE: reason` in Italian (messages.ts), what the
 * back-office shows and the CLI prints: the first MAX_REPORTED_ERRORS in file and line order; `total`
 * counts them all. `details` are the technical messages behind some of them (a CSV parser's, the
 * database's), for the server log only.
 */
export class ImportValidationError extends Error {
  readonly total: number;
  constructor(
    readonly lines: string[],
    total?: number,
    readonly details: string[] = [],
  ) {
    const count = total ?? lines.length;
    super(
      `${count === 1 ? importMessage('refusedOne') : importMessage('refused', { count })}\n` +
        lines.slice(0, 20).join('\n'),
    );
    this.name = 'ImportValidationError';
    this.total = count;
  }

  /** How many bad rows are not in `lines`. */
  get more(): number {
    return this.total - this.lines.length;
  }
}

/** The first MAX_REPORTED_ERRORS errors in file and line order, formatted, and how many there were. */
export function validationError(
  errors: RowError[],
  displayPath: string,
  /** Errors counted but not in `errors` (they were after the first ones). */
  uncounted = 0,
): ImportValidationError {
  const first = firstErrors(errors);
  const lines = first.map((e) =>
    importMessage('at', { file: e.file ?? displayPath, line: e.line, reason: e.reason }),
  );
  const details = first.flatMap((e) => (e.detail ? [`${e.file ?? displayPath}:${e.line}: ${e.detail}`] : []));
  return new ImportValidationError(lines, errors.length + uncounted, details);
}

/** The first MAX_REPORTED_ERRORS errors in file and line order. */
function firstErrors(errors: RowError[]): RowError[] {
  const order = (a: RowError, b: RowError) =>
    a.file === b.file ? a.line - b.line : (a.file ?? '').localeCompare(b.file ?? '');
  // The first few kept in order in one pass (errors mostly come in order): no sort of them all, which
  // ran on the event loop for every one of a file's errors.
  const first: RowError[] = [];
  for (const e of errors) {
    if (first.length === MAX_REPORTED_ERRORS && order(e, first.at(-1)!) >= 0) continue;
    let i = first.length;
    while (i > 0 && order(e, first[i - 1]!) < 0) i--;
    first.splice(i, 0, e);
    if (first.length > MAX_REPORTED_ERRORS) first.pop();
  }
  return first;
}

/** One file's bytes as read from disk or uploaded, and how messages name it. */
export interface SourceBytes {
  /** The base name (a folder dataset's hash covers the names too). */
  name: string;
  /** The path in messages: `file, riga LINE: reason`. */
  path: string;
  bytes: Buffer;
}

/** The file (or every .csv of the folder, for folder datasets) on disk, and how messages name each. */
async function listSource(
  dataset: DatasetId,
  filePath: string,
  displayPath: string,
): Promise<{ name: string; path: string; diskPath: string }[]> {
  if (DATASETS[dataset].input === 'folder') {
    if (!(await stat(filePath)).isDirectory())
      throw new Error(importMessage('needsFolder', { file: displayPath, dataset }));
    const names = (await readdir(filePath)).filter((n) => n.endsWith('.csv')).sort();
    if (names.length === 0) throw new Error(importMessage('folderWithoutCsv', { file: displayPath }));
    return names.map((name) => ({ name, path: join(displayPath, name), diskPath: join(filePath, name) }));
  }
  return [{ name: basename(filePath), path: displayPath, diskPath: filePath }];
}

/** Reads the file (or every .csv of the folder, for folder datasets). */
async function readSource(dataset: DatasetId, filePath: string, displayPath: string): Promise<SourceBytes[]> {
  const files = await listSource(dataset, filePath, displayPath);
  return Promise.all(
    files.map(async (f) => ({ name: f.name, path: f.path, bytes: await readFile(f.diskPath) })),
  );
}

/** A folder dataset's files by name, in code-unit order (as readdir's names always were); a file as is. */
export function sourceOrder<T extends { name: string }>(dataset: DatasetId, sources: T[]): T[] {
  if (DATASETS[dataset].input !== 'folder') return sources;
  return [...sources].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The hash an import is known by: a folder's names and bytes in sourceOrder, or a file's bytes. */
function hashOf(dataset: DatasetId, sources: { name: string; bytes: Buffer }[]): string {
  const hash = createHash('sha256');
  const folder = DATASETS[dataset].input === 'folder';
  for (const s of sourceOrder(dataset, sources)) {
    if (folder) hash.update(s.name).update('\0').update(s.bytes).update('\0');
    else hash.update(s.bytes);
  }
  return hash.digest('hex');
}

/**
 * hashOf for files on disk, read in chunks (the back-office's upload): the same hash, without holding
 * the files in memory or the event loop for more than a chunk.
 */
export async function hashFiles(
  dataset: DatasetId,
  files: { name: string; diskPath: string }[],
): Promise<string> {
  const hash = createHash('sha256');
  const folder = DATASETS[dataset].input === 'folder';
  for (const f of sourceOrder(dataset, files)) {
    if (folder) hash.update(f.name).update('\0');
    for await (const chunk of createReadStream(f.diskPath)) hash.update(chunk as Buffer);
    if (folder) hash.update('\0');
  }
  return hash.digest('hex');
}

/** The files as text, and the hash an import is known by. */
function decodeSource(
  dataset: DatasetId,
  sources: SourceBytes[],
): { files: [SourceFile, ...SourceFile[]]; sha256: string } {
  const files = sourceOrder(dataset, sources).map((s) => ({
    path: s.path,
    name: s.name,
    text: s.bytes.toString('utf8'),
  }));
  return { files: files as [SourceFile, ...SourceFile[]], sha256: hashOf(dataset, sources) };
}

/** What parseSources made of an import's files, before the database is touched: writeParsed writes it. */
export interface ParsedImport {
  dataset: DatasetId;
  sha256: string;
  /** The name of the import record: the file's, or the folder's. */
  fileName: string;
  /** How messages name the import. */
  displayPath: string;
  /** `errors` holds the first MAX_REPORTED_ERRORS bad rows; errorCount counts them all. */
  parsed: Parsed<unknown> & { errorCount: number };
}

/**
 * The part of an import that needs no database: decodes the files, refuses control characters, parses
 * and validates every row (ImportValidationError). Pure CPU: the back-office runs it in a worker thread
 * (parse-in-worker.ts), so a large file never holds the API's event loop.
 */
export function parseSources(dataset: DatasetId, sources: SourceBytes[], displayPath: string): ParsedImport {
  const { files, sha256 } = decodeSource(dataset, sources);
  const encoding = files.flatMap((f) => controlCharacterErrors(f.text, f.path));
  if (encoding.length) throw validationError(encoding, displayPath);
  let parsed: Parsed<unknown>;
  try {
    parsed = DATASETS[dataset].parse(files) as Parsed<unknown>;
  } catch (err) {
    // csv-parse refused the text: its line, in Italian; its own English only for the server log.
    if (err instanceof CsvSyntaxError) throw validationError([csvSyntaxRow(err, files)], displayPath);
    throw err;
  }
  const fileName = DATASETS[dataset].input === 'folder' ? basename(displayPath) || dataset : files[0].name;
  // Bad rows are reported with those of the checks that need the database (writeParsed): only the first
  // few travel, with their count.
  const errors = firstErrors(parsed.errors);
  return {
    dataset,
    sha256,
    fileName,
    displayPath,
    parsed: { ...parsed, errors, errorCount: parsed.errors.length },
  };
}

/** An error of PostgreSQL or PGlite: a five-character SQLSTATE (23505 unique, 23503 foreign key…). */
function isDatabaseError(err: unknown): err is Error & { code: string; detail?: string } {
  const code = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

function summaryOf(
  prepared: Pick<ParsedImport, 'dataset' | 'displayPath' | 'sha256'>,
  started: number,
  status: ImportSummary['status'],
  rowCount = 0,
  years: number[] = [],
): ImportSummary {
  const { dataset, displayPath, sha256 } = prepared;
  return { dataset, file: displayPath, status, rowCount, years, sha256, ms: Date.now() - started };
}

/**
 * The summary of an import already done (same dataset, same sha256: a file is known by its hash, and not
 * parsed or written again), or null when it must be imported; always null with `force`.
 */
export async function alreadyImported(
  q: Queryable,
  prepared: Pick<ParsedImport, 'dataset' | 'displayPath' | 'sha256'>,
  started: number,
  options: Pick<ImportOptions, 'force' | 'log'> = {},
): Promise<ImportSummary | null> {
  const { dataset, displayPath, sha256 } = prepared;
  if (options.force || !(await findImport(q, dataset, sha256))) return null;
  options.log?.(
    `${dataset}: ${displayPath} was already imported (sha256 ${sha256.slice(0, 12)}…); nothing to do`,
  );
  return summaryOf(prepared, started, 'unchanged');
}

/**
 * The part of an import that needs the database, inside `q`'s transaction: a file already imported
 * (same dataset, same sha256) is a no-op unless `force`; otherwise the checks that need the database
 * (ImportValidationError), the writes, the import record and, unless told otherwise, the aggregates.
 */
export async function writeParsed(
  q: Queryable,
  prepared: ParsedImport,
  options: ImportOptions & { started?: number } = {},
): Promise<ImportSummary> {
  const started = options.started ?? Date.now();
  const log = options.log ?? (() => {});
  const { dataset, displayPath, sha256, parsed } = prepared;
  const def = DATASETS[dataset];
  const done = await alreadyImported(q, prepared, started, options);
  if (done) return done;
  // Rows that did not parse are not checked; those that did are, so the file's bad rows come in one go.
  const errors = [...parsed.errors, ...(await def.check(q, parsed.data as never))];
  if (errors.length) throw validationError(errors, displayPath, parsed.errorCount - parsed.errors.length);
  try {
    await def.write(q, parsed.data as never, options.progress ?? silentProgress);
  } catch (err) {
    // The database refused a row the checks let through (a constraint): the staff read that in Italian,
    // the database's own message goes to the server log (ImportValidationError.details).
    if (!isDatabaseError(err)) throw err;
    throw new ImportValidationError(
      [importMessage('atFile', { file: displayPath, reason: importMessage('databaseRefused') })],
      1,
      [`${displayPath}: ${err.message}${err.detail ? ` (${err.detail})` : ''}`],
    );
  }
  await recordImport(q, {
    dataset,
    fileName: prepared.fileName,
    sha256,
    rowCount: parsed.rowCount,
    years: parsed.years,
  });
  if (def.changesStats && options.recomputeAggregates !== false) await recomputeAggregates(q);
  const result = summaryOf(prepared, started, 'imported', parsed.rowCount, parsed.years);
  log(
    `${dataset}: imported ${result.rowCount} rows from ${displayPath}` +
      (result.years.length ? ` (years ${result.years[0]}–${result.years.at(-1)})` : '') +
      ` in ${result.ms} ms`,
  );
  return result;
}

/**
 * Imports one file into `q` (the database or an open transaction): validates every row, refuses the
 * whole file on any bad row (ImportValidationError), otherwise writes it with its import record and,
 * unless told otherwise, the recomputed aggregates. A file already imported (same dataset, same sha256)
 * is a no-op.
 */
export async function importWithin(
  q: Queryable,
  dataset: DatasetId,
  filePath: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const displayPath = options.displayPath ?? filePath;
  return importSources(q, dataset, await readSource(dataset, filePath, displayPath), options);
}

/**
 * importWithin for files already in memory: a folder dataset's files are given together.
 * `options.displayPath` names the import in messages (default: the first file's path).
 */
export async function importSources(
  q: Queryable,
  dataset: DatasetId,
  sources: SourceBytes[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = Date.now();
  const displayPath = options.displayPath ?? sources[0]?.path ?? dataset;
  // A file imported before is known by its hash alone: it is not parsed again.
  const sha256 = hashOf(dataset, sources);
  const done = await alreadyImported(q, { dataset, displayPath, sha256 }, started, options);
  if (done) return done;
  return writeParsed(q, parseSources(dataset, sources, displayPath), { ...options, started });
}

/**
 * Imports one file in one transaction: all of it, with its import record and the aggregates, or nothing
 * (the admin CLI). The file is parsed in a worker thread before the transaction opens (parse-in-worker.ts):
 * a CLI import that the running API carries out on the embedded database does not hold its event loop.
 * The transaction takes the import lock: it waits for a back-office import on the same database.
 */
export async function importDataset(
  db: Db,
  dataset: DatasetId,
  filePath: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = Date.now();
  const displayPath = options.displayPath ?? filePath;
  const files = await listSource(dataset, filePath, displayPath);
  const sha256 = await hashFiles(dataset, files);
  // Not parsed again when imported before (writeParsed checks once more, inside the transaction).
  const done = await alreadyImported(db, { dataset, displayPath, sha256 }, started, options);
  if (done) return done;
  const prepared = await parseInWorker({ dataset, displayPath, files });
  return db.transaction(async (tx) => {
    await lockImports(tx);
    return writeParsed(tx, prepared, { ...options, started });
  });
}
