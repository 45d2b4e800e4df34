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

/** Reads the file (or every .csv of the folder, for folder datasets) and hashes what it read. */
async function readSource(
  dataset: DatasetId,
  filePath: string,
  displayPath: string,
): Promise<{ files: [SourceFile, ...SourceFile[]]; sha256: string }> {
  const hash = createHash('sha256');
  const files: SourceFile[] = [];
  if (DATASETS[dataset].input === 'folder') {
    if (!(await stat(filePath)).isDirectory())
      throw new Error(`${displayPath}: the ${dataset} dataset needs a folder`);
    for (const name of (await readdir(filePath)).filter((n) => n.endsWith('.csv')).sort()) {
      const bytes = await readFile(join(filePath, name));
      hash.update(name).update('\0').update(bytes).update('\0');
      files.push({ path: join(displayPath, name), name, text: bytes.toString('utf8') });
    }
    if (files.length === 0) throw new Error(`${displayPath}: the folder has no .csv file`);
  } else {
    const bytes = await readFile(filePath);
    hash.update(bytes);
    files.push({ path: displayPath, name: basename(filePath), text: bytes.toString('utf8') });
  }
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
  const started = Date.now();
  const log = options.log ?? (() => {});
  const displayPath = options.displayPath ?? filePath;
  const def = DATASETS[dataset];
  const { files, sha256 } = await readSource(dataset, filePath, displayPath);
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
    fileName: basename(filePath),
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
