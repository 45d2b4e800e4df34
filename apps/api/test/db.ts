import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';

/** Which database the API tests run on: set by scripts/test.mjs for each pass. */
export const testDbKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDb {
  db: Db;
  /** postgres://… of the fresh database, or undefined on PGlite. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated, empty database: an in-memory PGlite, or on PostgreSQL a new database
 * (created from TEST_DATABASE_URL's server) that drop() removes.
 */
export async function createTestDb(): Promise<TestDb> {
  if (testDbKind === 'pglite') {
    const db = await openDb({});
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  return createPostgresTestDb();
}

/** A fresh, migrated, empty database on the PostgreSQL server of TEST_DATABASE_URL, whatever the pass. */
export async function createPostgresTestDb(): Promise<TestDb> {
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
