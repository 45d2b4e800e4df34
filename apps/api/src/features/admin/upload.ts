import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { isAlive } from '../../db/folder-lock';
import { DATASETS } from '../../importer/datasets';
import { isDatasetId, type DatasetId } from '../../importer/types';
import { ApiError } from '../../plugins/errors';
import { msg } from '../../plugins/i18n';

/** One uploaded file, on disk. */
export interface UploadedFile {
  /** The base name as the browser sent it. */
  name: string;
  /** How messages name it (the base name). */
  path: string;
  diskPath: string;
}

export interface Upload {
  dataset: DatasetId;
  files: UploadedFile[];
  /** The upload's own folder: the caller removes it (removeUpload) once the import is over. */
  dir: string;
}

export interface UploadLimits {
  /** Where each upload gets its own folder. */
  root: string;
  /** The bytes of all the files together. */
  maxBytes: number;
  /** The files of a folder dataset (a file dataset takes one). */
  maxFiles: number;
  /** Called as soon as the dataset is known, before any file is read (refuses a busy import). */
  onDataset?(dataset: DatasetId): void;
}

/** An upload refused half-way: the rest of its body is never read, so the connection closes after the answer. */
const refused = (statusCode: number, body: ConstructorParameters<typeof ApiError>[1]) =>
  new ApiError(statusCode, body, { connection: 'close' });

/**
 * Reads a multipart upload (decision 067): the `dataset` field must come first, and is checked before any
 * file is read; each file is counted as it arrives and streamed to its own folder under `root`, the bytes
 * of all the files capped together at `maxBytes` (413). Nothing is held in memory but a chunk. On any
 * refusal the folder is removed before the error is thrown.
 */
export async function receiveUpload(req: FastifyRequest, limits: UploadLimits): Promise<Upload> {
  if (!req.isMultipart()) throw new ApiError(400, { file: [msg('importNoFile')] });
  let dataset: DatasetId | undefined;
  let dir: string | undefined;
  const files: UploadedFile[] = [];
  let total = 0;
  const tooLarge = () =>
    refused(413, { detail: msg('importTooLarge', { mb: limits.maxBytes / 1024 / 1024 }) });
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'dataset') continue;
        const value = String(part.value);
        if (!isDatasetId(value)) throw refused(400, { dataset: [msg('importUnknownDataset')] });
        if (dataset !== undefined && dataset !== value)
          throw refused(400, { dataset: [msg('importUnknownDataset')] });
        dataset = value;
        limits.onDataset?.(dataset);
        continue;
      }
      // A file before the dataset: refused unread, so its size, count and name never cost anything.
      if (!dataset) throw refused(400, { dataset: [msg('importDatasetFirst')] });
      const input = DATASETS[dataset].input;
      const counted = part.fieldname === 'file' && Boolean(part.filename);
      if (counted) {
        if (input === 'file' && files.length === 1) throw refused(400, { file: [msg('importOneFile')] });
        if (files.length === limits.maxFiles)
          throw refused(400, { file: [msg('importTooManyFiles', { max: limits.maxFiles })] });
        if (input === 'folder' && !part.filename.endsWith('.csv'))
          throw refused(400, { file: [msg('importNotCsv')] });
      }
      const cap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          total += chunk.length;
          done(total > limits.maxBytes ? tooLarge() : null, chunk);
        },
      });
      if (!counted) {
        // A stray part is read through the cap and dropped: it must not stall the form.
        await pipeline(part.file, cap, async (source: AsyncIterable<Buffer>) => {
          for await (const chunk of source) void chunk;
        });
        continue;
      }
      if (!dir) {
        await mkdir(limits.root, { recursive: true });
        dir = await mkdtemp(join(limits.root, `upload-${process.pid}-`));
      }
      // Only the base name: a browser may send a path, and messages name the file by it. On disk the file
      // has a number, never the name it was sent with.
      const name = part.filename.split(/[\\/]/).pop()!;
      const diskPath = join(dir, String(files.length));
      await pipeline(part.file, cap, createWriteStream(diskPath));
      if (part.file.truncated) throw tooLarge();
      files.push({ name, path: name, diskPath });
    }
    if (!dataset) throw new ApiError(400, { dataset: [msg('importUnknownDataset')] });
    if (files.length === 0) throw new ApiError(400, { file: [msg('importNoFile')] });
  } catch (err) {
    if (dir) await removeUpload(dir);
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // The parser's own count (stray file parts count there too): the same answer as the count above.
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new ApiError(400, { file: [msg('importTooManyFiles', { max: limits.maxFiles })] });
    throw err;
  }
  return { dataset, files, dir: dir! };
}

/** Removes an upload's folder and its files. */
export function removeUpload(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

/**
 * Removes the upload folders a process killed mid-import left under `root` (`upload-<pid>-…` of a pid that
 * no longer runs), once, when the API starts. Other live processes' folders (a cluster on one machine
 * sharing VAR_DIR) are theirs and stay.
 */
export async function removeStaleUploads(root: string): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(/^upload-(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) await removeUpload(join(root, name));
  }
}
