/**
 * Fault: the importer dies half-way. The real admin CLI imports the ISPRA KPI file (7,881 comuni,
 * 60,438 rows) into a database that already holds a previous import; it is killed with SIGKILL once it
 * has written every row but before its transaction commits. The database must be exactly as before
 * (every table, row by row), and running the same import again must succeed. In the PostgreSQL pass
 * the database is a PostgreSQL database; in the PGlite pass it is a PGlite data folder on disk.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db, type Queryable } from '../db/db';
import { migrate } from '../db/migrate';
import { createPostgresTestDb, testDbKind, type TestDb } from '../../test/db';
import { importDataset } from '../importer/import-dataset';
import { DATA_DIR, REPO_ROOT, runAdmin } from '../importer/test-helpers';

const KPI = join(DATA_DIR, 'ispra/comuni-2024-kpi.csv');

/** Where the CLI finds the database: DATABASE_URL for PostgreSQL, DB_DIR for a PGlite folder. */
let env: Record<string, string | undefined>;
let pgDb: TestDb | undefined;
let dataDir: string | undefined;

/** Opens the database under test; a PGlite folder is held by one process at a time, so close it after. */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  if (pgDb) return fn(pgDb.db);
  const db = await openDb({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** Every table of the schema: its row count and an md5 of all its rows in a fixed order. */
async function snapshot(q: Queryable): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await q.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const [row] = await q.query<{ rows: number; md5: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5
         FROM "${name}" t`,
    );
    out[name] = row!;
  }
  return out;
}

beforeAll(async () => {
  // The previous import: reference lists, geography and the ISPRA per-comune file of Sicily.
  const load = async (db: Db) => {
    await importDataset(db, 'reference', join(DATA_DIR, 'reference'));
    await importDataset(db, 'regions', join(DATA_DIR, 'geo/regions.topo.json'));
    await importDataset(db, 'provinces', join(DATA_DIR, 'geo/provinces.topo.json'));
    await importDataset(db, 'comuni', join(DATA_DIR, 'geo/comuni-centroids-2023.csv'));
    await importDataset(db, 'ispra-comuni', join(DATA_DIR, 'ispra/sicilia-2010-2024.csv'));
  };
  if (testDbKind === 'postgres') {
    pgDb = await createPostgresTestDb();
    await load(pgDb.db);
    env = { DATABASE_URL: pgDb.url };
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-import-kill-'));
    const db = await openDb({ dataDir });
    await migrate(db);
    await load(db);
    await db.close();
    env = { DB_DIR: dataDir };
  }
});

afterAll(async () => {
  await pgDb?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * On PostgreSQL: the importer's server session, while it is inside a transaction that has written
 * (it holds a transaction id) and has not committed.
 */
async function uncommittedWriter(): Promise<number | undefined> {
  const c = new pg.Client({ connectionString: pgDb!.url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND backend_xid IS NOT NULL AND state IN ('active', 'idle in transaction')`,
    );
    return rows[0]?.pid;
  } finally {
    await c.end();
  }
}

/** Waits until the killed importer's server session is gone (the server rolled its transaction back). */
async function waitForSessionsToEnd(timeoutMs: number): Promise<void> {
  const c = new pg.Client({ connectionString: pgDb!.url });
  await c.connect();
  try {
    await expect
      .poll(
        async () => {
          const { rows } = await c.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          );
          return rows[0]!.n;
        },
        { message: 'the importer session ends', timeout: timeoutMs, interval: 100 },
      )
      .toBe(0);
  } finally {
    await c.end();
  }
}

describe(`an import killed half-way (${testDbKind})`, () => {
  let before: Awaited<ReturnType<typeof snapshot>>;

  it('leaves the database exactly as it was', async () => {
    before = await withDb(snapshot);
    expect(before.waste_stats!.rows).toBeGreaterThan(5000);

    // The importer as the operator runs it (npm run admin -- import …), in its own process.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli/admin.ts', 'import', 'ispra-kpi', KPI],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: '', DB_DIR: '', ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    let writerPid: number | undefined;
    let triggered = false;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    // Its progress line "ispra-kpi: writing: N rows in … ms" comes when every row is written, before
    // the aggregates are recomputed and the transaction commits (seconds later): kill it right there.
    const killed = new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (triggered || !/ispra-kpi: writing: \d+ rows/.test(stderr)) return;
        triggered = true;
        void (async () => {
          // On PostgreSQL, first see the uncommitted writes on the server.
          if (pgDb) writerPid = await uncommittedWriter();
          child.kill('SIGKILL');
          resolve();
        })();
      });
    });
    const result = await Promise.race([
      killed.then(() => exited),
      exited.then((r) => {
        if (!triggered) throw new Error(`the importer ended by itself (${r.code}):\n${stderr}`);
        return killed.then(() => r);
      }),
    ]);
    expect(result.signal).toBe('SIGKILL');
    expect(stderr).not.toMatch(/imported \d+ rows/);
    if (pgDb) {
      expect(writerPid, 'the importer had uncommitted writes when it was killed').toBeTypeOf('number');
      await waitForSessionsToEnd(30_000);
    }

    const after = await withDb(snapshot);
    expect(after).toEqual(before);
  });

  it('succeeds when run again, and then holds the new rows', async () => {
    const res = await runAdmin(['import', 'ispra-kpi', KPI], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/ispra-kpi: imported 7881 rows/);
    const after = await withDb(snapshot);
    expect(after.imports!.rows).toBe(before.imports!.rows + 1);
    expect(after.waste_stats!.rows).toBeGreaterThan(before.waste_stats!.rows);
    expect(after.waste_stats!.md5).not.toBe(before.waste_stats!.md5);
  });
});
