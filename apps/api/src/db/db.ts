import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Anything that runs a parameterised SQL statement: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside one transaction: everything it writes lands together or not at all. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://… ; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; absent means an in-memory database (tests). */
  dataDir?: string;
  /** Milliseconds a node-postgres connection attempt may take. */
  connectTimeoutMs?: number;
}

// count(*) and sums of integers come back as int8; both drivers give plain numbers here.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// Dates stay ISO strings, as the API sends them.
pg.types.setTypeParser(1082, (v) => v);

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<Db> {
  const client = await PGlite.create(dataDir ?? 'memory://', {
    parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v), 1082: (v: string) => v },
  });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const res = await q.query<T>(sql, params as unknown[] | undefined);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(client);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => client.transaction((tx) => fn(wrap(tx))),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: DbOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
  });
  // A dropped server connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const res = await q.query(sql, params);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
