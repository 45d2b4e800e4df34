import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ImportValidationError, type ParsedImport } from './import-dataset';
import type { DatasetId } from './types';

/** The files of an import on disk, as the worker reads them. */
export interface ParseRequest {
  dataset: DatasetId;
  displayPath: string;
  files: { name: string; path: string; diskPath: string }[];
  /** Tests only: the worker waits until its first Int32 is not 0 (Atomics), before it reads anything. */
  hold?: SharedArrayBuffer;
}

export type ParseReply =
  | { kind: 'parsed'; prepared: ParsedImport }
  | { kind: 'invalid'; lines: string[]; total: number; details: string[] };

/**
 * The heap a parse may take. The largest bundled input (ISPRA's 2010–2017 folder, 12 MB) parses into about
 * 55 MB of rows (a process peak of 300 MB with the loader); an upload is at most 32 MB. Past the limit the
 * worker alone stops (ParseOutOfMemory), not the API.
 */
export const PARSE_HEAP_MB = 1024;

/** The parse ran out of its heap (PARSE_HEAP_MB): the file is too large or too odd to read. */
export class ParseOutOfMemory extends Error {
  constructor() {
    super(`parsing the import needed more than ${PARSE_HEAP_MB} MB`);
    this.name = 'ParseOutOfMemory';
  }
}

/**
 * The worker's first module, as a data: URL. A worker thread does not inherit the TypeScript loader of the
 * API's process (nor the test runner's), so it registers tsx (its ESM API, found through tsx's own
 * exports map) and then loads parse-worker.ts, named in workerData.
 */
function bootUrl(): URL {
  const require = createRequire(import.meta.url);
  const manifest = require('tsx/package.json') as {
    exports: Record<string, { import: { default: string } }>;
  };
  const api = pathToFileURL(
    join(dirname(require.resolve('tsx/package.json')), manifest.exports['./esm/api']!.import.default),
  );
  const boot = [
    "import { workerData } from 'node:worker_threads';",
    `const { register } = await import(${JSON.stringify(api.href)});`,
    'register();',
    'await import(workerData.entry);',
  ].join('\n');
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/**
 * parseSources of import-dataset.ts in a worker thread, reading the files from disk: the CPU-bound half
 * of an import (tens of seconds for a hostile 32 MB file) leaves the event loop free, and its memory is
 * capped. Resolves with the parsed import; rejects with ImportValidationError for bad rows.
 */
export async function parseInWorker(request: ParseRequest): Promise<ParsedImport> {
  const worker = new Worker(bootUrl(), {
    workerData: { entry: new URL('./parse-worker.ts', import.meta.url).href, request },
    resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
    // The worker shares the process's stdout/stderr; it logs nothing itself.
    stdout: false,
    stderr: false,
  });
  try {
    const reply = await new Promise<ParseReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', (err: Error & { code?: string }) =>
        reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ParseOutOfMemory() : err),
      );
      worker.once('exit', (code) => reject(new Error(`the parse worker stopped (exit code ${code})`)));
    });
    if (reply.kind === 'invalid') throw new ImportValidationError(reply.lines, reply.total, reply.details);
    return reply.prepared;
  } finally {
    await worker.terminate();
  }
}
