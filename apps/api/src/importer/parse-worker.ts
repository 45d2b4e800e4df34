import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { ImportValidationError, parseSources } from './import-dataset';
import type { ParseRequest, ParseReply } from './parse-in-worker';

/**
 * The worker thread of parse-in-worker.ts: reads the uploaded files from disk and runs parseSources
 * (decode, control characters, every row parsed and validated), then posts the result and ends. Its CPU
 * and memory are not the API's event loop's: a large or hostile file holds this thread only.
 */
const request = (workerData as { request: ParseRequest }).request;
// Tests hold the parse here (a synchronous wait, as a long parse is) to show the API answers meanwhile.
if (request.hold) Atomics.wait(new Int32Array(request.hold), 0, 0);
let reply: ParseReply;
try {
  const sources = request.files.map((f) => ({ name: f.name, path: f.path, bytes: readFileSync(f.diskPath) }));
  reply = { kind: 'parsed', prepared: parseSources(request.dataset, sources, request.displayPath) };
} catch (err) {
  if (!(err instanceof ImportValidationError)) throw err;
  reply = { kind: 'invalid', lines: err.lines, total: err.total, details: err.details };
}
parentPort!.postMessage(reply);
