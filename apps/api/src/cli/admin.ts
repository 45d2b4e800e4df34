/**
 * Operators' command line: `npm run admin -- <command>`. Each command is one entry of COMMANDS;
 * add new ones (user create, license approve …) there. Exit codes: 0 ok, 1 failure, 2 usage error.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { replaceInvisible } from '@portal/contract';
import { loadConfig } from '../config';
import { openDb, type Db } from '../db/db';
import { DatabaseInUseError } from '../db/folder-lock';
import { migrate } from '../db/migrate';
import { ACCOUNTS_COMMANDS } from './accounts-commands';
import { parseCommandArgs } from './args';
import { loadEnvFileIfPresent } from './env-file';
import { withUserPassword } from './user-password';
import { runThroughApi } from './remote';
import { BACKUP_COMMANDS, BackupRefused, type FileCommand } from './backup';
import { DATASETS } from '../importer/datasets';
import { importDataset, ImportValidationError } from '../importer/import-dataset';
import { importMessage } from '../importer/messages';
import { createProgress } from '../importer/progress';
import { isSeeded, seedBundledData } from '../importer/seed';
import { DATASET_IDS, isDatasetId } from '../importer/types';

/** A usage mistake: the message and the help go to stderr, exit code 2. */
export class UsageError extends Error {}

export interface Command {
  /** Words that name the command, e.g. ['import'] or ['user', 'create']. */
  name: string[];
  usage: string;
  summary: string;
  /** Runs with the arguments after the name and an open, migrated database; returns the exit code. */
  run(args: string[], ctx: CommandContext): Promise<number>;
}

export interface CommandContext {
  db: Db;
  log: (line: string) => void;
  /** A path of the command line made absolute: relative to the folder the operator ran npm from. */
  resolvePath: (path: string) => string;
}

/** Paths on the command line are relative to where the operator ran npm, not to apps/api. */
const operatorCwd = () => process.env.INIT_CWD ?? process.cwd();
const resolveFrom = (cwd: string) => (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
const resolveUserPath = (path: string) => resolveFrom(operatorCwd())(path);

const DATABASE_COMMANDS: Command[] = [
  {
    name: ['migrate'],
    usage: 'migrate',
    summary: 'apply the database migrations not applied yet',
    run: async (args) => {
      if (args.length) throw new UsageError('migrate takes no arguments');
      return 0; // the database is migrated before every command
    },
  },
  {
    name: ['seed'],
    usage: 'seed [--force]',
    summary: 'import the bundled data/ folder if the database is empty (--force: import it again)',
    run: async (args, { db, log }) => {
      const parsed = parseCommandArgs(args, { force: { type: 'boolean' } });
      if ('problem' in parsed || parsed.positionals.length)
        throw new UsageError(`seed: unknown argument ${args.join(' ')}`);
      const force = parsed.values.force ?? false;
      if (!force && (await isSeeded(db))) {
        log(
          'the database already holds data; nothing to do (use seed --force to import the bundled data again)',
        );
        return 0;
      }
      const { ms } = await seedBundledData(db, { log, force });
      log(`seeded in ${(ms / 1000).toFixed(1)} s`);
      return 0;
    },
  },
  {
    name: ['import'],
    usage: 'import <dataset> <file> [--force]',
    summary: 'import one file (or folder, for reference) of a dataset; all rows or none',
    run: async (args, { db, log, resolvePath }) => {
      const parsed = parseCommandArgs(args, { force: { type: 'boolean' } });
      if ('problem' in parsed) throw new UsageError(`import: ${parsed.problem}`);
      const force = parsed.values.force ?? false;
      const [dataset, file, ...rest] = parsed.positionals;
      if (!dataset || !file || rest.length) throw new UsageError('import needs <dataset> <file>');
      if (!isDatasetId(dataset)) throw new UsageError(`unknown dataset "${dataset}"`);
      await importDataset(db, dataset, resolvePath(file), {
        log,
        progress: createProgress(log),
        displayPath: file,
        force,
      });
      return 0;
    },
  },
];

export const COMMANDS: (Command | FileCommand)[] = [
  ...DATABASE_COMMANDS,
  ...ACCOUNTS_COMMANDS,
  ...BACKUP_COMMANDS,
];

export function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.usage.length)) + 2;
  const dsWidth = Math.max(...DATASET_IDS.map((d) => d.length)) + 2;
  return [
    'Usage: npm run admin -- <command>',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.usage.padEnd(width)}${c.summary}`),
    `  ${'--help'.padEnd(width)}show this help`,
    '',
    'Datasets (import <dataset> <file>):',
    ...DATASET_IDS.map((d) => `  ${d.padEnd(dsWidth)}${DATASETS[d].description}`),
    '',
    'Database: DATABASE_URL (postgres://…) if set, else PGlite in VAR_DIR/db (DB_DIR overrides).',
    'Relative paths are resolved against the folder npm was run from.',
  ].join('\n');
}

function findCommand(argv: string[]): { command: Command | FileCommand; args: string[] } | undefined {
  const matches = COMMANDS.filter((c) => c.name.every((w, i) => argv[i] === w));
  const command = matches.sort((a, b) => b.name.length - a.name.length)[0];
  return command && { command, args: argv.slice(command.name.length) };
}

/**
 * What the commands print may hold text that visitors typed (names, organisations, file contents):
 * control characters other than line break and tab are shown as '?', so no escape sequence reaches the
 * operator's terminal, and so are the invisible format characters (bidi overrides, zero-width
 * characters: the contract's replaceInvisible), so no line shows other text than it holds.
 */
export const printable = (line: string) => replaceInvisible(line.replace(/[^\P{Cc}\t\n]/gu, '?'), '?');

/** The exit code of a failure, its message logged: usage 2, anything else 1. */
function failure(err: unknown, log: (line: string) => void): number {
  if (err instanceof UsageError) {
    log(`${err.message}\n\n${helpText()}`);
    return 2;
  }
  if (err instanceof BackupRefused) {
    log(err.message);
    return 1;
  }
  if (err instanceof ImportValidationError) {
    // The importer's Italian lines, as the back-office shows them; the technical detail behind some of
    // them (a CSV parser's, the database's) too, since the operator's terminal is the server's.
    for (const line of err.lines) log(line);
    if (err.more) log(importMessage('moreNotShown', { more: err.more }));
    for (const detail of err.details) log(`${importMessage('technicalDetail')} ${detail}`);
    log(importMessage('importFailed', { total: err.total }));
    return 1;
  }
  log(`error: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
}

/**
 * Runs a command line on a database that is already open and migrated: the running API does this for
 * the admin CLI when the embedded database is its own (its Unix socket: cli/channel.ts). The
 * commands that work on the database files (backup, restore) cannot run beside the portal.
 */
export async function executeOnOpenDb(
  argv: string[],
  { db, log, cwd }: { db: Db; log: (line: string) => void; cwd: string },
): Promise<number> {
  const found = findCommand(argv);
  if (!found) {
    log(`unknown command: ${argv.join(' ')}\n\n${helpText()}`);
    return 2;
  }
  if ('files' in found.command) {
    log(
      `${found.command.name.join(' ')} works on the database files: stop the portal (npm start) first, ` +
        'then run it again.',
    );
    return 1;
  }
  try {
    return await found.command.run(found.args, { db, log, resolvePath: resolveFrom(cwd) });
  } catch (err) {
    return failure(err, log);
  }
}

export async function main(commandLine: string[]): Promise<number> {
  const log = (line: string) => process.stderr.write(`${printable(line)}\n`);
  if (commandLine.length === 0 || commandLine.includes('--help') || commandLine.includes('-h')) {
    process.stdout.write(`${helpText()}\n`);
    return commandLine.length === 0 ? 2 : 0;
  }
  if (!findCommand(commandLine)) {
    log(`unknown command: ${commandLine.join(' ')}\n\n${helpText()}`);
    return 2;
  }
  let db: Db | undefined;
  try {
    // The portal's .env, as `npm start` reads it; silent when there is none (env-file.ts).
    loadEnvFileIfPresent();
    // `user create`'s password from PORTAL_USER_PASSWORD or a hidden prompt, never from what npm echoes.
    const completed = await withUserPassword(commandLine, process.env, {
      input: process.stdin,
      output: process.stderr,
    });
    if ('problem' in completed) {
      log(completed.problem);
      return 2;
    }
    const { argv } = completed;
    const found = findCommand(argv)!;
    // The same database as the server: DATABASE_URL, else PGlite in DB_DIR (default VAR_DIR/db).
    const config = loadConfig({
      ...process.env,
      ...(process.env.DB_DIR ? { DB_DIR: resolveUserPath(process.env.DB_DIR) } : {}),
      ...(process.env.VAR_DIR ? { VAR_DIR: resolveUserPath(process.env.VAR_DIR) } : {}),
    });
    const command = found.command;
    // backup and restore handle the database files themselves: no open database, no migration.
    if ('files' in command)
      return await command.run(found.args, { config, log, resolvePath: resolveUserPath });
    if (!config.DATABASE_URL) await mkdir(config.DB_DIR, { recursive: true });
    try {
      db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DB_DIR });
    } catch (err) {
      // The embedded database is the running portal's: its API carries the command out.
      if (!(err instanceof DatabaseInUseError)) throw err;
      const code = await runThroughApi(config.DB_DIR, err.pid, argv, operatorCwd(), log);
      if (code === null) throw err;
      return code;
    }
    const applied = await migrate(db);
    if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
    return await command.run(found.args, { db, log, resolvePath: resolveUserPath });
  } catch (err) {
    return failure(err, log);
  } finally {
    await db?.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
