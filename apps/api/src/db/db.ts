import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataFolder } from './folder-lock';

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
  /**
   * Statements waiting for the database: with PGlite (one connection) every statement sent and not yet
   * answered; with PostgreSQL the requests waiting for a connection of the pool. Read by load shedding.
   */
  pendingQueries(): number;
  /** PGlite only: the whole data folder as a tarball, which `loadDataDir` opens again (test templates). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DbOptions {
  /** postgres://… ; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; absent means an in-memory database (tests). */
  dataDir?: string;
  /** PGlite: start from this tarball of a data folder (Db.dumpDataDir) instead of an empty database. */
  loadDataDir?: Blob;
  /** Milliseconds a node-postgres connection attempt may take. */
  connectTimeoutMs?: number;
  /** Milliseconds a node-postgres statement may wait for its answer (0: no limit). */
  queryTimeoutMs?: number;
  /** Connections the node-postgres pool may open (default 10). */
  poolMax?: number;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// What node-postgres and its pool throw when the server cannot be reached or stops answering.
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/;
// SQLSTATE: connection exceptions (08…), server shutting down or starting (57P01-57P03), too many connections.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/**
 * True when an error means "the database cannot be reached right now" (refused, cut, timed out, shutting
 * down), as opposed to a wrong statement or a constraint: the API answers those with 503, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (DRIVER_MESSAGES.test(e.message)) return true;
  }
  return false;
}

// count(*) and sums of integers come back as int8; both drivers give plain numbers here.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// Dates stay ISO strings, as the API sends them.
pg.types.setTypeParser(1082, (v) => v);

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const lock = dataDir ? lockDataFolder(dataDir) : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ?? 'memory://', {
      loadDataDir,
      parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v), 1082: (v: string) => v },
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  let pending = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    pending += 1;
    try {
      return await work();
    } finally {
      pending -= 1;
    }
  };
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const res = await counted(() => q.query<T>(sql, params as unknown[] | undefined));
      return res.rows;
    },
    async exec(sql: string) {
      await counted(() => q.exec(sql));
    },
  });
  const base = wrap(client);
  return {
    kind: 'pglite',
    ...base,
    pendingQueries: () => pending,
    transaction: (fn) => client.transaction((tx) => fn(wrap(tx))),
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, options: DbOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    // A server that stops answering (network cut, not closed) must not hold a request for ever.
    query_timeout: options.queryTimeoutMs ?? 30_000,
    keepAlive: true,
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
    pendingQueries: () => pool.waitingCount,
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        // A connection that failed or timed out is in an unknown state: drop it instead of waiting
        // for a ROLLBACK that will not come back (the server rolls back when the connection closes).
        broken =
          isDatabaseUnavailable(err) ||
          !(await client.query('ROLLBACK').then(
            () => true,
            () => false,
          ));
        throw err;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
