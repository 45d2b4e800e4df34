import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { inject, vi } from 'vitest';
import { openDb, type Db } from '../src/db/db';
import { isAlive } from '../src/db/folder-lock';
import { migrate } from '../src/db/migrate';
import { seedBundledData } from '../src/importer/seed';
import { DATA_DIR } from '../src/importer/test-helpers';
import { adminUrl } from './admin-url';

export { adminUrl };

/** Which database the API tests run on: set by scripts/test.mjs for each pass. */
export const testDbKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/**
 * What a test database starts from: `migrated` (every migration, no row) or `seeded` (migrated, then
 * the whole bundled data/ imported by seedBundledData, as `npm run db:seed` does).
 */
export type Template = 'migrated' | 'seeded';

export interface TestDb {
  db: Db;
  /** postgres://… of the fresh database, or undefined on PGlite. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh database of this pass (TEST_DB_KIND), copied from a template that the run builds once: an
 * in-memory PGlite opened from the template's data folder, or on PostgreSQL a new database created
 * with `CREATE DATABASE … TEMPLATE`, that drop() removes.
 */
export async function createTestDb({ template = 'migrated' }: { template?: Template } = {}): Promise<TestDb> {
  if (testDbKind === 'pglite') {
    const db = await openDb({ loadDataDir: await pgliteTemplate(template) });
    return { db, drop: () => db.close() };
  }
  return createPostgresTestDb({ template });
}

/**
 * An embedded database folder made from a template of the run, closed: what `npm start` leaves in DB_DIR
 * (the seeded template: the bundled data imported), for a test that starts the API process on it.
 */
export async function pgliteFolderFromTemplate(template: Template, dataDir: string): Promise<void> {
  const db = await openDb({ dataDir, loadDataDir: await pgliteTemplate(template) });
  await db.close();
}

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL, whatever the pass. */
export async function createPostgresTestDb({
  template = 'migrated',
}: { template?: Template } = {}): Promise<TestDb> {
  const source = await postgresTemplate(template);
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  // WAL_LOG (the default) copies a small database fastest; FILE_COPY a large one (measured: the seeded
  // template in ~6 s instead of minutes of WAL), at the price of a checkpoint.
  const strategy = template === 'seeded' ? 'FILE_COPY' : 'WAL_LOG';
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${source} STRATEGY ${strategy}`);
  const url = databaseUrl(name);
  const db = await openDb({ databaseUrl: url });
  return {
    db,
    url,
    async drop() {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function build(db: Db, template: Template): Promise<void> {
  await migrate(db);
  if (template === 'seeded') await seedBundledData(db, { dataDir: DATA_DIR });
}

const pgliteTemplates = new Map<Template, Promise<Blob>>();

/** The PGlite template's data folder (a tarball), built by the first file of the run that asks. */
function pgliteTemplate(template: Template): Promise<Blob> {
  let blob = pgliteTemplates.get(template);
  if (!blob) {
    const file = join(inject('apiTestRun').dir, `${template}.pglite.tar`);
    blob = buildOnce(file, async () => {
      const db = await openDb({});
      try {
        await build(db, template);
        const tar = await db.dumpDataDir!();
        await writeFile(`${file}.part`, Buffer.from(await tar.arrayBuffer()));
        await rename(`${file}.part`, file);
      } finally {
        await db.close();
      }
    }).then(async () => new Blob([await readFile(file)]));
    pgliteTemplates.set(template, blob);
  }
  return blob;
}

const postgresTemplates = new Map<Template, Promise<string>>();

/** The name of the PostgreSQL template database, built by the first file of the run that asks. */
function postgresTemplate(template: Template): Promise<string> {
  let name = postgresTemplates.get(template);
  if (!name) {
    const run = inject('apiTestRun');
    const tpl = `portal_tpl_${run.id}_${template}`;
    name = buildOnce(join(run.dir, `${tpl}.pg`), async (marker) => {
      // Built under another name and renamed when complete: a half-built template is never used.
      const part = `${tpl}_part`;
      await adminQuery(`DROP DATABASE IF EXISTS ${part} WITH (FORCE)`);
      await adminQuery(`CREATE DATABASE ${part}`);
      // No statement time limit: the seed's big statements may take long on a loaded machine.
      const db = await openDb({ databaseUrl: databaseUrl(part), queryTimeoutMs: 0 });
      try {
        await build(db, template);
      } finally {
        await db.close();
      }
      await adminQuery(`ALTER DATABASE ${part} RENAME TO ${tpl}`);
      writeFileSync(marker, tpl);
    }).then(() => tpl);
    postgresTemplates.set(template, name);
  }
  return name;
}

/**
 * Runs `make` once for the whole run, across the test processes: the first to take `<done>.lock`
 * builds `done`; the others wait for it (or take over when the builder died without finishing).
 */
async function buildOnce(done: string, make: (done: string) => Promise<void>): Promise<void> {
  const lock = `${done}.lock`;
  for (;;) {
    if (existsSync(done)) return;
    let fd: number | undefined;
    try {
      fd = openSync(lock, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (fd !== undefined) {
      writeSync(fd, String(process.pid));
      closeSync(fd);
      try {
        await make(done);
        return;
      } finally {
        rmSync(lock, { force: true });
      }
    }
    // Another process builds it: wait until it is done, or its lock is gone (it failed or died).
    await vi.waitFor(
      () => {
        if (existsSync(done) || !existsSync(lock)) return;
        // 0: the lock was created but its pid not written yet (the holder is alive).
        const holder = Number(readFileSync(lock, 'utf8'));
        if (holder && !isAlive(holder)) return rmSync(lock, { force: true });
        throw new Error(`waiting for ${done}`);
      },
      { timeout: 600_000, interval: 200 },
    );
  }
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
