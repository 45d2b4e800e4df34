import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Db, Queryable } from '../db/db';
import { recomputeAggregates } from './aggregates';
import { DATASETS } from './datasets';
import { findImport, recordImport } from './imports.repo';
import { controlCharacterErrors, type RowError } from './parse-utils';
import { silentProgress } from './progress';
import type { DatasetId, Progress, SourceFile } from './types';

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

/** Bad rows: nothing was written. `lines` are `path:LINE: reason`, ready for stderr. */
export class ImportValidationError extends Error {
  constructor(readonly lines: string[]) {
    super(`${lines.length} bad row(s); nothing was imported:\n${lines.slice(0, 20).join('\n')}`);
    this.name = 'ImportValidationError';
  }
}

function formatErrors(errors: RowError[], displayPath: string): string[] {
  return [...errors]
    .sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line)
    .map((e) => `${e.file ?? displayPath}:${e.line}: ${e.reason}`);
}

/** One file's bytes as read from disk or uploaded, and how messages name it. */
export interface SourceBytes {
  /** The base name (a folder dataset's hash covers the names too). */
  name: string;
  /** The path in messages: `file:line: reason`. */
  path: string;
  bytes: Buffer;
}

/** Reads the file (or every .csv of the folder, for folder datasets). */
async function readSource(dataset: DatasetId, filePath: string, displayPath: string): Promise<SourceBytes[]> {
  if (DATASETS[dataset].input === 'folder') {
    if (!(await stat(filePath)).isDirectory())
      throw new Error(`${displayPath}: the ${dataset} dataset needs a folder`);
    const names = (await readdir(filePath)).filter((n) => n.endsWith('.csv')).sort();
    if (names.length === 0) throw new Error(`${displayPath}: the folder has no .csv file`);
    return Promise.all(
      names.map(async (name) => ({
        name,
        path: join(displayPath, name),
        bytes: await readFile(join(filePath, name)),
      })),
    );
  }
  return [{ name: basename(filePath), path: displayPath, bytes: await readFile(filePath) }];
}

/** The files as text, and the hash an import is known by: a folder's names and bytes, or a file's bytes. */
function decodeSource(
  dataset: DatasetId,
  sources: SourceBytes[],
): { files: [SourceFile, ...SourceFile[]]; sha256: string } {
  const hash = createHash('sha256');
  const folder = DATASETS[dataset].input === 'folder';
  // By code unit, as readdir's names were always sorted: a folder keeps the hash it was imported with.
  const ordered = folder
    ? [...sources].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    : sources;
  for (const s of ordered) {
    if (folder) hash.update(s.name).update('\0').update(s.bytes).update('\0');
    else hash.update(s.bytes);
  }
  const files = ordered.map((s) => ({ path: s.path, name: s.name, text: s.bytes.toString('utf8') }));
  return { files: files as [SourceFile, ...SourceFile[]], sha256: hash.digest('hex') };
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
 * importWithin for files already in memory (the back-office's upload): a folder dataset's files are given
 * together. `options.displayPath` names the import in messages (default: the first file's path).
 */
export async function importSources(
  q: Queryable,
  dataset: DatasetId,
  sources: SourceBytes[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const displayPath = options.displayPath ?? sources[0]?.path ?? dataset;
  const def = DATASETS[dataset];
  const { files, sha256 } = decodeSource(dataset, sources);
  const summary = (status: ImportSummary['status'], rowCount: number, years: number[]): ImportSummary => ({
    dataset,
    file: displayPath,
    status,
    rowCount,
    years,
    sha256,
    ms: Date.now() - started,
  });
  if (!options.force && (await findImport(q, dataset, sha256))) {
    log(`${dataset}: ${displayPath} was already imported (sha256 ${sha256.slice(0, 12)}…); nothing to do`);
    return summary('unchanged', 0, []);
  }
  const encoding = files.flatMap((f) => controlCharacterErrors(f.text, f.path));
  if (encoding.length) throw new ImportValidationError(formatErrors(encoding, displayPath));
  const parsed = def.parse(files);
  const errors = [...parsed.errors, ...(await def.check(q, parsed.data))];
  if (errors.length) throw new ImportValidationError(formatErrors(errors, displayPath));
  await def.write(q, parsed.data, options.progress ?? silentProgress);
  await recordImport(q, {
    dataset,
    fileName: DATASETS[dataset].input === 'folder' ? basename(displayPath) || dataset : files[0].name,
    sha256,
    rowCount: parsed.rowCount,
    years: parsed.years,
  });
  if (def.changesStats && options.recomputeAggregates !== false) await recomputeAggregates(q);
  const result = summary('imported', parsed.rowCount, parsed.years);
  log(
    `${dataset}: imported ${result.rowCount} rows from ${displayPath}` +
      (result.years.length ? ` (years ${result.years[0]}–${result.years.at(-1)})` : '') +
      ` in ${result.ms} ms`,
  );
  return result;
}

/** Imports one file in one transaction: all of it, with its import record and the aggregates, or nothing. */
export function importDataset(
  db: Db,
  dataset: DatasetId,
  filePath: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  return db.transaction((tx) => importWithin(tx, dataset, filePath, options));
}
