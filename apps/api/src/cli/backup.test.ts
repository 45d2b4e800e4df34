import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, createPostgresTestDb } from '../../test/db';
import { insertGeoFixture } from '../../test/fixtures';
import { openDb, type Db, type Queryable } from '../db/db';
import { migrate } from '../db/migrate';
import { importDataset } from '../importer/import-dataset';
import { DATA_DIR, REPO_ROOT, runAdmin } from '../importer/test-helpers';
import { enqueueMail } from '../plugins/mailer';
import { runAccountsCommand } from './accounts-commands';
import { BackupRefused, restorePglite } from './backup';

/**
 * Row count and md5 of the ordered rows of every table of the public schema (as information_schema
 * lists them, so a table added later is covered without touching this test), and every sequence's state.
 */
async function snapshot(q: Queryable): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tables = await q.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  for (const { name } of tables) {
    const [r] = await q.query<{ n: number; md5: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5
         FROM "${name}" t`,
    );
    out[name] = `${r!.n} rows, md5 ${r!.md5}`;
  }
  const sequences = await q.query<{ name: string }>(
    `SELECT sequence_name AS name FROM information_schema.sequences WHERE sequence_schema = 'public'`,
  );
  for (const { name } of sequences) {
    const [s] = await q.query<{ v: string }>(`SELECT last_value || ' ' || is_called AS v FROM "${name}"`);
    out[`sequence ${name}`] = s!.v;
  }
  return out;
}

async function snapshotOf(dataDir: string): Promise<Record<string, string>> {
  const db = await openDb({ dataDir });
  try {
    return await snapshot(db);
  } finally {
    await db.close();
  }
}

/** Every file of a folder with the sha256 of its content: "untouched" means this did not change. */
async function folderHash(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    out[relative(dir, full)] = createHash('sha256')
      .update(await readFile(full))
      .digest('hex');
  }
  return out;
}

/** A small but complete portal database: reference lists, geography, collection data, an account, mail. */
async function seedPortal(db: Db): Promise<void> {
  await migrate(db);
  await importDataset(db, 'reference', join(DATA_DIR, 'reference'));
  await importDataset(db, 'regions', join(DATA_DIR, 'geo/regions.topo.json'));
  await importDataset(db, 'provinces', join(DATA_DIR, 'geo/provinces.topo.json'));
  await importDataset(db, 'comuni', join(DATA_DIR, 'geo/comuni-centroids-2023.csv'));
  await db.exec(`
    INSERT INTO waste_stats (city_id, year, population, produced_t, sorted_t, rd_pct, source, source_rank) VALUES
      ('028060', 2023, 206496, 120000.5, 80000.25, 66.67, 'ispra-kpi', 2),
      ('082053', 2024, 630167, 330000, 66000, 20, 'ispra-kpi', 2);
  `);
  const code = await runAccountsCommand(
    db,
    ['user', 'create', '--email', 'backup@example.it', '--password', 'Verde-Bottiglia-42', '--verified'],
    () => {},
  );
  expect(code).toBe(0);
  await enqueueMail(db, {
    to: 'backup@example.it',
    subject: 'In attesa',
    text: 'Un messaggio non ancora consegnato',
    html: '<p>Un messaggio non ancora consegnato</p>',
  });
}

/** A process that opens a PGlite folder as the API does and keeps it open until its stdin ends. */
async function holdOpen(dir: string): Promise<ChildProcess> {
  const script = join(tmp, 'hold-open.mts');
  await writeFile(
    script,
    `import { openDb } from ${JSON.stringify(join(REPO_ROOT, 'apps/api/src/db/db.ts'))};
     const db = await openDb({ dataDir: process.argv[2] });
     await db.query('SELECT count(*) FROM users');
     process.stdout.write('open\\n');
     process.stdin.on('end', async () => { await db.close(); process.exit(0); });
     process.stdin.resume();`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('open') && resolve());
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.on('exit', () => resolve());
  });

/** restorePglite in this process (the checks the CLI runs), returning what it refused with. */
async function refusal(file: string, dbDir: string): Promise<string> {
  const err = await restorePglite(file, dbDir, { force: true, log: () => {} }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupRefused);
  return (err as Error).message;
}

let tmp: string;
let sourceVar: string; // VAR_DIR of the seeded database (its folder is VAR_DIR/db)
let sourceDb: string;
let backupFile: string;
let restored: string; // the fresh folder the first test restores into; later tests reuse it
let expected: Record<string, string>;
let backup: Awaited<ReturnType<typeof runAdmin>>; // the first backup of the seeded folder
let holder: ChildProcess | undefined;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'backup-test-'));
  sourceVar = join(tmp, 'var');
  sourceDb = join(sourceVar, 'db');
  backupFile = join(tmp, 'backups', 'portale.tar.gz');
  restored = join(tmp, 'fresh', 'db');
  await mkdir(sourceDb, { recursive: true });
  const db = await openDb({ dataDir: sourceDb });
  try {
    await seedPortal(db);
    expected = await snapshot(db);
  } finally {
    await db.close();
  }
  // Through the real command line, as an operator runs it; the tests below restore this file.
  backup = await runAdmin(['backup', backupFile], { VAR_DIR: sourceVar });
});

afterAll(async () => {
  holder?.kill('SIGKILL');
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('backup and restore of the embedded database (CLI)', () => {
  it('restores a backup into a fresh folder with every row of every table', async () => {
    // The seed is not trivial: the comparison below would notice a lost table or row.
    expect(expected.users).toMatch(/^1 rows/);
    expect(expected.mail_outbox).toMatch(/^1 rows/);
    expect(Number(/^(\d+)/.exec(expected.cities!)![1])).toBeGreaterThan(7000);
    expect(expected.boundaries).not.toMatch(/^0 rows/);
    expect(Object.keys(expected).length).toBeGreaterThan(15);

    expect(backup.stderr).toMatch(new RegExp(`backup of ${sourceDb} written to ${backupFile} \\(.+ MB\\)`));
    expect(backup.code).toBe(0);
    // The folder was closed cleanly by the command: the API can open it again.
    expect(existsSync(join(sourceDb, 'postmaster.pid'))).toBe(false);

    const restore = await runAdmin(['restore', backupFile], { DB_DIR: restored });
    expect(restore.stderr).toMatch(
      new RegExp(`^restored ${backupFile} into ${restored}: \\d+ tables, \\d+ rows$`, 'm'),
    );
    expect(restore.code).toBe(0);
    expect(await readdir(join(tmp, 'fresh'))).toEqual(['db']); // no staging folder left behind
    expect(await snapshotOf(restored)).toEqual(expected);
  });

  it('refuses a missing or damaged file and a non-empty folder, leaving it untouched; --force replaces it', async () => {
    const before = await folderHash(restored);
    expect(Object.keys(before).length).toBeGreaterThan(100);

    // Through the command line: a missing file, a cut file, and a folder that holds a database.
    const missing = await runAdmin(['restore', join(tmp, 'missing.tar.gz'), '--force'], { DB_DIR: restored });
    expect(missing.stderr).toContain(
      `restore: backup file ${join(tmp, 'missing.tar.gz')} not found. Nothing was changed.`,
    );
    expect(missing.code).toBe(1);

    const good = await readFile(backupFile);
    const truncated = join(tmp, 'truncated.tar.gz');
    await writeFile(truncated, good.subarray(0, good.length >> 1));
    const cut = await runAdmin(['restore', truncated, '--force'], { DB_DIR: restored });
    expect(cut.stderr).toMatch(
      /^restore: .*truncated\.tar\.gz is not a backup made by "npm run admin -- backup": the compressed data is damaged or cut short \(.+\)\. Nothing was changed\.$/m,
    );
    expect(cut.code).toBe(1);

    const occupied = await runAdmin(['restore', backupFile], { DB_DIR: restored });
    expect(occupied.stderr).toContain(
      `restore: ${restored} already holds a database; use restore --force to replace it. Nothing was changed.`,
    );
    expect(occupied.code).toBe(1);

    // The same checks in this process, for the other ways a file can be wrong (all with --force).
    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const notADatabase = join(tmp, 'not-a-database.tar.gz');
    // A well-formed archive of something else (the repository's data/reference folder).
    await promisify(execFile)('tar', ['czf', notADatabase, '-C', join(DATA_DIR, 'reference'), '.']);
    const cases: [string, Buffer | undefined, RegExp][] = [
      ['flipped.tar.gz', flipped, /the compressed data is damaged or cut short/],
      ['junk.tar.gz', Buffer.from('questo non è un backup\n'.repeat(100)), /it is not a tar archive/],
      ['empty.tar.gz', Buffer.alloc(0), /the archive is cut short/],
      ['not-a-database.tar.gz', undefined, /it holds no database folder \(no PG_VERSION\)/],
      ['.', undefined, /is not a file/],
    ];
    for (const [name, content, message] of cases) {
      const file = join(tmp, name);
      if (content) await writeFile(file, content);
      const text = await refusal(file, restored);
      expect(text, name).toMatch(message);
      expect(text, name).toMatch(/Nothing was changed\.$/);
    }

    expect(await folderHash(restored)).toEqual(before);
    expect(await readdir(join(tmp, 'fresh'))).toEqual(['db']);

    // A changed database, put back as it was by restore --force.
    const db = await openDb({ dataDir: restored });
    await db.exec(`DELETE FROM mail_outbox; DELETE FROM waste_stats WHERE year = 2024`);
    await db.close();
    const forced = await runAdmin(['restore', backupFile, '--force'], { DB_DIR: restored });
    expect(forced.stderr).toContain(`restored ${backupFile} into ${restored}`);
    expect(forced.code).toBe(0);
    expect(await readdir(join(tmp, 'fresh'))).toEqual(['db']); // the replaced folder is gone
    expect(await snapshotOf(restored)).toEqual(expected);
  });

  it('will not write over an existing backup file without --force, nor back up a missing database', async () => {
    const before = await readFile(backupFile);
    const res = await runAdmin(['backup', backupFile], { VAR_DIR: sourceVar });
    expect(res.stderr).toContain(`backup: ${backupFile} exists; use backup --force to overwrite it.`);
    expect(res.code).toBe(1);
    expect((await readFile(backupFile)).equals(before)).toBe(true);

    const nothing = join(tmp, 'nothing-here');
    const missing = await runAdmin(['backup', join(tmp, 'x.tar.gz')], { DB_DIR: nothing });
    expect(missing.stderr).toContain(`backup: there is no database in ${nothing}; nothing to back up.`);
    expect(missing.code).toBe(1);
    expect(existsSync(nothing)).toBe(false);
  });

  it('refuses, naming the process, while another process has the folder open', async () => {
    holder = await holdOpen(restored);
    const before = await folderHash(restored);
    const out = join(tmp, 'busy.tar.gz');

    const refused = await runAdmin(['backup', out], { DB_DIR: restored });
    expect(refused.stderr).toContain(`backup: ${restored} is in use by process ${holder.pid} `);
    expect(refused.stderr).toContain('Stop the API (npm start) and try again. Nothing was done.');
    expect(refused.code).toBe(1);
    expect(existsSync(out)).toBe(false);

    const restore = await runAdmin(['restore', backupFile, '--force'], { DB_DIR: restored });
    expect(restore.stderr).toContain(`restore: ${restored} is in use by process ${holder.pid} `);
    expect(restore.code).toBe(1);

    expect(await folderHash(restored)).toEqual(before);
    // Nothing left beside the folder but the holder's own lock (db/folder-lock.ts).
    expect(await readdir(join(tmp, 'fresh'))).toEqual(['db', 'db.lock']);
    expect((await readFile(`${restored}.lock`, 'utf8')).trim()).toBe(String(holder.pid));
    holder.stdin!.end(); // closes the database and exits
    await exited(holder);
  });

  it('is not blocked by a process that was killed with the folder open', async () => {
    holder = await holdOpen(restored);
    holder.kill('SIGKILL');
    await exited(holder);
    // PGlite's postmaster.pid stays behind; what counts is that no live process holds the folder.
    expect(existsSync(join(restored, 'postmaster.pid'))).toBe(true);
    const out = join(tmp, 'after-kill.tar.gz');
    const res = await runAdmin(['backup', out], { DB_DIR: restored });
    expect(res.stderr).toContain(`written to ${out}`);
    expect(res.code).toBe(0);
    const again = join(tmp, 'after-kill', 'db');
    await restorePglite(out, again, { log: () => {} });
    expect(await snapshotOf(again)).toEqual(expected);
  });
});

describe('backup and restore with DATABASE_URL (PostgreSQL)', () => {
  it('print the pg_dump and pg_restore commands and exit 1 without doing anything', async () => {
    const url = 'postgres://portal:segreto@db.example.it:5432/portal';
    for (const command of ['backup', 'restore']) {
      const res = await runAdmin([command, 'portale.dump'], {
        DATABASE_URL: url,
        VAR_DIR: join(tmp, 'pg-var'),
      });
      expect(res.stderr).toContain(
        `  back up:   pg_dump --format=custom --no-owner --file=portale.dump "$DATABASE_URL"`,
      );
      expect(res.stderr).toContain(
        '  restore:   pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" portale.dump',
      );
      expect(res.stderr).not.toContain('segreto'); // the password is not echoed
      expect(res.code).toBe(1);
      expect(existsSync(join(tmp, 'pg-var'))).toBe(false);
    }
  });

  // Runs the printed commands against the test PostgreSQL server, in both passes (PostgreSQL mode is
  // about the server, whichever database the pass gives the other tests).
  describe('the printed commands, run on PostgreSQL', () => {
    it('copy every row into a new database, and put a changed database back as it was', async () => {
      const source = await createPostgresTestDb();
      const copyName = `portal_restore_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      try {
        await insertGeoFixture(source.db);
        await runAccountsCommand(
          source.db,
          ['user', 'create', '--email', 'pg@example.it', '--password', 'Verde-Bottiglia-42', '--verified'],
          () => {},
        );
        await enqueueMail(source.db, { to: 'pg@example.it', subject: 's', text: 't', html: '<p>t</p>' });
        const before = await snapshot(source.db);
        expect(before.users).toMatch(/^1 rows/);

        const printed = (await runAdmin(['backup', join(tmp, 'pg.dump')], { DATABASE_URL: source.url }))
          .stderr;
        const line = (label: string) => new RegExp(`^  ${label}:\\s+(.+)$`, 'm').exec(printed)![1]!;
        const sh = (command: string, url: string) =>
          promisify(execFile)('sh', ['-c', command], { env: { ...process.env, DATABASE_URL: url } });

        await sh(line('back up'), source.url!);
        await admin.query(`CREATE DATABASE ${copyName}`);
        const copyUrl = new URL(adminUrl());
        copyUrl.pathname = `/${copyName}`;
        await sh(line('restore'), copyUrl.toString());
        const copy = await openDb({ databaseUrl: copyUrl.toString() });
        try {
          expect(await snapshot(copy)).toEqual(before);
        } finally {
          await copy.close();
        }

        // Over a database that changed since: --clean puts it back as it was.
        await source.db.exec('DELETE FROM mail_outbox; DELETE FROM cities WHERE id = $$028099$$');
        expect(await snapshot(source.db)).not.toEqual(before);
        await sh(line('restore'), source.url!);
        expect(await snapshot(source.db)).toEqual(before);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${copyName} WITH (FORCE)`);
        await admin.end();
        await source.drop().catch(() => {});
      }
    });
  });
});
