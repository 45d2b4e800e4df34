/**
 * `backup <file>` and `restore <file>` of the embedded database (PGlite in DB_DIR).
 *
 * A backup is PGlite's own dump of the data folder (dumpDataDir: a gzipped tar), taken after a
 * CHECKPOINT by this process while no other process has the folder open: PGlite is single-process and
 * takes no lock of its own, so both commands look for another process holding files of the folder
 * (the running API) and refuse. A restore checks the whole file first (gzip CRC, tar headers, the files
 * every PostgreSQL data folder has), loads it into a new folder next to DB_DIR, opens it, and only then
 * swaps it in with renames, so a bad file or a crash half-way leaves DB_DIR as it was.
 * With DATABASE_URL set, both print the pg_dump / pg_restore commands to use instead
 * (docs/decisions/027-backups.md).
 */
import { existsSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { parseCommandArgs } from './args';

type Output = (line: string) => void;

export interface FileCommand {
  name: string[];
  usage: string;
  summary: string;
  /** Works on the database files itself: gets the configuration, not an open database. */
  files: true;
  run(
    args: string[],
    ctx: { config: Config; log: Output; resolvePath: (p: string) => string },
  ): Promise<number>;
}

/** What the operator did wrong or what stands in the way; the message is the whole explanation. */
export class BackupRefused extends Error {}

/** The PostgreSQL tools, for DATABASE_URL mode. The URL stays a variable: it may hold a password. */
export function postgresInstructions(command: 'backup' | 'restore', file: string): string {
  return [
    `${command}: DATABASE_URL is set, so the database is a PostgreSQL server; back it up and restore it with`,
    "PostgreSQL's own tools (of the server's major version or newer), with DATABASE_URL in the environment:",
    '',
    `  back up:   pg_dump --format=custom --no-owner --file=${shellQuote(file)} "$DATABASE_URL"`,
    `  restore:   pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" ${shellQuote(file)}`,
    '',
    'Stop the API processes before a restore. Nothing was done.',
  ].join('\n');
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Other processes that hold a file inside dir open (Linux /proc, like fuser): a running API keeps the
 * catalog and WAL files of its PGlite folder open from start to stop. undefined where /proc is missing.
 * Processes of other users cannot be seen: run the commands as the user that runs the API.
 */
export function processesUsing(dir: string): number[] | undefined {
  if (!existsSync('/proc/self/fd')) return undefined;
  let real: string;
  try {
    real = realpathSync(dir);
  } catch {
    return []; // no folder, no user
  }
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target === real || target.startsWith(`${real}/`)) {
        found.push(Number(entry));
        break;
      }
    }
  }
  return found;
}

function refuseIfInUse(dir: string, command: string): void {
  const users = processesUsing(dir);
  if (users === undefined) {
    // No /proc: PGlite's postmaster.pid is there exactly while an instance has the folder open
    // (or was killed without closing it).
    if (existsSync(join(dir, 'postmaster.pid'))) {
      throw new BackupRefused(
        `${command}: ${dir} may be in use (it holds postmaster.pid): stop the API (npm start) and try again. ` +
          'If the API was killed without stopping, start and stop it once. Nothing was done.',
      );
    }
    return;
  }
  if (users.length) {
    throw new BackupRefused(
      `${command}: ${dir} is in use by process ${users.join(', ')} (the API, or another admin command): ` +
        'the embedded database can be opened by one process at a time. Stop the API (npm start) and try again. ' +
        'Nothing was done.',
    );
  }
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** Reads a 0-terminated ASCII field of a tar header. */
function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/**
 * The uncompressed tar of a PGlite data folder, or why the file is not one. gunzip checks the CRC and
 * length of the whole content; then every tar header's checksum and size, the end marker, and the files
 * every PostgreSQL data folder has.
 */
export function readDataDirTar(file: Buffer): { tar: Buffer } | { problem: string } {
  let tar = file;
  if (file[0] === 0x1f && file[1] === 0x8b) {
    try {
      tar = gunzipSync(file);
    } catch (err) {
      return { problem: `the compressed data is damaged or cut short (${(err as Error).message})` };
    }
  }
  const names = new Set<string>();
  let offset = 0;
  let ended = false;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) {
      ended = true;
      break;
    }
    const stored = parseInt(field(header, 148, 8).trim(), 8);
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (sum !== stored) return { problem: `it is not a tar archive (bad header at byte ${offset})` };
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) return { problem: `bad entry size at byte ${offset}` };
    const prefix = field(header, 257, 6).startsWith('ustar') ? field(header, 345, 155) : '';
    names.add((prefix ? `${prefix}/` : '') + field(header, 0, 100));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  if (!ended || offset > tar.length) return { problem: 'the archive is cut short' };
  const has = (name: string) => names.has(name) || names.has(`/${name}`) || names.has(`./${name}`);
  for (const required of ['PG_VERSION', 'global/pg_control']) {
    if (!has(required)) return { problem: `it holds no database folder (no ${required})` };
  }
  return { tar };
}

/** Tables of the public schema with their row counts: what the operator sees after each command. */
async function describeDatabase(pg: PGlite): Promise<{ tables: number; rows: number }> {
  const { rows: tables } = await pg.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  let rows = 0;
  for (const t of tables) {
    const { rows: r } = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.name}`);
    rows += r[0]!.n;
  }
  return { tables: tables.length, rows };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** <file> and --force, or what is wrong with the arguments. */
function fileAndForce(
  command: string,
  args: string[],
): { file: string; force: boolean } | { problem: string } {
  const parsed = parseCommandArgs(args, { force: { type: 'boolean' } });
  if ('problem' in parsed) return { problem: `${command}: ${parsed.problem}` };
  if (parsed.positionals.length !== 1) return { problem: `${command} needs exactly one <file>` };
  return { file: parsed.positionals[0]!, force: parsed.values.force ?? false };
}

export async function backupPglite(dbDir: string, file: string, options: { force?: boolean; log: Output }) {
  if (!existsSync(join(dbDir, 'PG_VERSION'))) {
    throw new BackupRefused(`backup: there is no database in ${dbDir}; nothing to back up.`);
  }
  refuseIfInUse(dbDir, 'backup');
  if (!options.force && existsSync(file)) {
    throw new BackupRefused(`backup: ${file} exists; use backup --force to overwrite it. Nothing was done.`);
  }
  const pg = await PGlite.create(dbDir);
  let dump: Buffer;
  let summary: { tables: number; rows: number };
  try {
    // Everything committed goes to the data files, so the copy needs no WAL replay when opened.
    await pg.exec('CHECKPOINT');
    summary = await describeDatabase(pg);
    dump = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pg.close();
  }
  const check = readDataDirTar(dump);
  if ('problem' in check) throw new Error(`backup: the dump PGlite produced is unreadable: ${check.problem}`);
  // Written next to its destination and renamed: an interrupted backup never leaves a half file there.
  await mkdir(dirname(file), { recursive: true });
  const partial = join(dirname(file), `.${basename(file)}.partial-${process.pid}`);
  try {
    await writeFile(partial, dump);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  options.log(
    `backup of ${dbDir} written to ${file} (${mb(dump.length)}): ${summary.tables} tables, ${summary.rows} rows`,
  );
}

export async function restorePglite(file: string, dbDir: string, options: { force?: boolean; log: Output }) {
  let content: Buffer;
  try {
    if (!(await stat(file)).isFile())
      throw new BackupRefused(`restore: ${file} is not a file. Nothing was changed.`);
    content = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupRefused(`restore: backup file ${file} not found. Nothing was changed.`);
    }
    throw err;
  }
  const checked = readDataDirTar(content);
  if ('problem' in checked) {
    throw new BackupRefused(
      `restore: ${file} is not a backup made by "npm run admin -- backup": ${checked.problem}. Nothing was changed.`,
    );
  }
  refuseIfInUse(dbDir, 'restore');
  if (!options.force && !(await isEmptyOrMissing(dbDir))) {
    throw new BackupRefused(
      `restore: ${dbDir} already holds a database; use restore --force to replace it. Nothing was changed.`,
    );
  }

  const parent = dirname(dbDir);
  await mkdir(parent, { recursive: true });
  const staging = join(parent, `.${basename(dbDir)}.restore-${process.pid}`);
  const previous = join(parent, `.${basename(dbDir)}.replaced-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  let summary: { tables: number; rows: number };
  try {
    const pg = await PGlite.create({
      dataDir: staging,
      loadDataDir: new Blob([checked.tar], { type: 'application/x-tar' }),
    });
    try {
      const [known] = (
        await pg.query<{ t: string | null }>(`SELECT to_regclass('public.schema_migrations')::text AS t`)
      ).rows;
      if (!known?.t) {
        throw new BackupRefused(
          `restore: ${file} holds a PostgreSQL folder but not the portal's database (no schema_migrations). Nothing was changed.`,
        );
      }
      summary = await describeDatabase(pg);
    } finally {
      await pg.close();
    }
    // The swap: two renames on one file system. DB_DIR is the old folder or the new one, never a mix.
    if (existsSync(dbDir)) await rename(dbDir, previous);
    await rename(staging, dbDir);
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(dbDir) && existsSync(previous)) await rename(previous, dbDir);
    if (err instanceof BackupRefused) throw err;
    throw new Error(
      `restore: ${file} could not be loaded (${(err as Error).message}). Nothing was changed.`,
      {
        cause: err,
      },
    );
  }
  await rm(previous, { recursive: true, force: true });
  options.log(`restored ${file} into ${dbDir}: ${summary.tables} tables, ${summary.rows} rows`);
}

export const BACKUP_COMMANDS: FileCommand[] = [
  {
    name: ['backup'],
    usage: 'backup <file> [--force]',
    summary: 'copy the embedded database to a .tar.gz file (the API must be stopped; --force: overwrite)',
    files: true,
    async run(args, { config, log, resolvePath }) {
      const parsed = fileAndForce('backup', args);
      if ('problem' in parsed) {
        log(`${parsed.problem}\nusage: npm run admin -- ${this.usage}`);
        return 2;
      }
      const { file, force } = parsed;
      if (config.DATABASE_URL) {
        log(postgresInstructions('backup', file));
        return 1;
      }
      await backupPglite(config.DB_DIR, resolvePath(file), { force, log });
      return 0;
    },
  },
  {
    name: ['restore'],
    usage: 'restore <file> [--force]',
    summary: 'put a backup in place of the embedded database (the API must be stopped; --force: replace it)',
    files: true,
    async run(args, { config, log, resolvePath }) {
      const parsed = fileAndForce('restore', args);
      if ('problem' in parsed) {
        log(`${parsed.problem}\nusage: npm run admin -- ${this.usage}`);
        return 2;
      }
      const { file, force } = parsed;
      if (config.DATABASE_URL) {
        log(postgresInstructions('restore', file));
        return 1;
      }
      await restorePglite(resolvePath(file), config.DB_DIR, { force, log });
      return 0;
    },
  },
];
