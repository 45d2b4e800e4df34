import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Db, Queryable } from './db';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// SQL for the schema; TypeScript (exporting `up(tx)`) where stored data must be recomputed by the code
// that computes it at import time (e.g. search forms of names).
const FILE_PATTERN = /^(\d{3})-[a-z0-9-]+\.(sql|ts)$/;
// Any constant works; it keeps two processes from migrating the same database at once.
const LOCK_KEY = 726_151_001;

export interface Migration {
  version: number;
  name: string;
  /** The SQL of a .sql migration. */
  sql?: string;
  /** The step of a .ts migration, run inside the same transaction. */
  up?: (tx: Queryable) => Promise<void>;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => FILE_PATTERN.test(f)).sort();
  return Promise.all(
    files.map(async (name): Promise<Migration> => {
      const version = Number(FILE_PATTERN.exec(name)![1]);
      if (name.endsWith('.sql')) return { version, name, sql: await readFile(dir + name, 'utf8') };
      const mod = (await import(pathToFileURL(dir + name).href)) as { up: Migration['up'] };
      if (typeof mod.up !== 'function') throw new Error(`migration ${name} does not export up(tx)`);
      return { version, name, up: mod.up };
    }),
  );
}

/** Applies, in order and in one transaction, the migrations not applied yet. Returns their names. */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const m of all) {
      if (done.has(m.version)) continue;
      if (m.sql !== undefined) await tx.exec(m.sql);
      if (m.up) await m.up(tx);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
