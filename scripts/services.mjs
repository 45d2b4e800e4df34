// Shared by start.mjs, test.mjs, cluster.mjs, test-cluster.mjs and bench.mjs: build the web app when its
// sources changed, start the API and the web app as child processes and stop them together, run the
// cluster, make a fresh PostgreSQL database.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIR = path.join(ROOT, 'apps/web');
const NEXT_BIN = path.join(ROOT, 'node_modules/next/dist/bin/next');
const BUILD_INPUTS = ['apps/web', 'packages/contract', 'packages/charts'];
// next-env.d.ts is written by every build (it names the build folder), so it is not an input.
const SKIP = new Set(['node_modules', '.next', 'test-results', 'next-env.d.ts']);
const isBuildDir = (name) => SKIP.has(name) || name.startsWith('.next-');

function collectFiles(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (isBuildDir(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) collectFiles(full, out);
    else out.push(full);
  }
  return out;
}

/** A fingerprint of everything the web build depends on (paths, sizes, modification times). */
function webSourcesHash() {
  const hash = createHash('sha256');
  for (const dir of BUILD_INPUTS) {
    for (const file of collectFiles(path.join(ROOT, dir), []).sort()) {
      const st = statSync(file);
      hash.update(`${path.relative(ROOT, file)}:${st.size}:${st.mtimeMs}\n`);
    }
  }
  for (const name of Object.keys(process.env)
    .filter((k) => k.startsWith('NEXT_PUBLIC_'))
    .sort()) {
    hash.update(`${name}=${process.env[name]}\n`);
  }
  return hash.digest('hex');
}

/** Runs `next build` unless the last build was made from the same sources (or `force`). */
export function ensureWebBuild({ log = console.log, force = false } = {}) {
  const stampFile = path.join(WEB_DIR, process.env.NEXT_DIST_DIR || '.next', 'portal-build-stamp');
  const current = webSourcesHash();
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === current) return false;
  log('Building the web app (first start or changed sources)…');
  const res = spawnSync(process.execPath, [NEXT_BIN, 'build'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new Error('next build failed');
  writeFileSync(stampFile, current);
  return true;
}

/** API_TOKEN from the environment, else var/api-token, created on the first run. */
export function ensureApiToken(varDir = path.join(ROOT, 'var')) {
  if (process.env.API_TOKEN) return process.env.API_TOKEN;
  const file = path.join(varDir, 'api-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(varDir, { recursive: true });
  const token = randomBytes(32).toString('hex');
  writeFileSync(file, token + '\n', { mode: 0o600 });
  return token;
}

export async function waitForUrl(url, { timeoutMs, isAlive = () => true }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`stopped before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** How an API process is run: `node --import tsx src/server.ts` in apps/api (with --watch in dev). */
export function apiProcess({ dev = false } = {}) {
  const args = ['--import', 'tsx', 'src/server.ts'];
  return { args: dev ? ['--watch', ...args] : args, cwd: path.join(ROOT, 'apps/api'), env: {} };
}

/**
 * How a web process is run: server/web-server.mjs (Next.js behind the shared page cache, the pages' CSP,
 * load shedding; in dev without the cache), with two preloads: drain-on-close.mjs (on SIGTERM it answers
 * what it accepted, then closes its connections) and client-address.mjs (X-Forwarded-For written from the
 * connection, which the API's per-IP limits read).
 */
export function webProcess({ dev = false } = {}) {
  const preload = (name) => pathToFileURL(path.join(ROOT, 'scripts', name)).href;
  return {
    args: [
      '--import',
      preload('drain-on-close.mjs'),
      '--import',
      preload('client-address.mjs'),
      path.join(WEB_DIR, 'server/web-server.mjs'),
      ...(dev ? ['--dev'] : []),
    ],
    cwd: WEB_DIR,
    env: { NODE_ENV: dev ? 'development' : 'production' },
  };
}

/**
 * Starts the API, waits for its health check (the first start imports the bundled data), then the web app.
 * Returns at once { ready, stop(), exited }: ready resolves when both answer, exited with the exit codes
 * once both processes are gone; stop() may be called at any moment, even before ready.
 */
export function startServices({ env = {}, dev = false, apiOnly = false, log = console.log } = {}) {
  // || rather than ??: an empty variable (API_PORT= in .env) means unset.
  const apiPort = env.API_PORT || process.env.API_PORT || '8000';
  const webPort = env.PORT || process.env.PORT || '3000';
  const baseEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    API_TOKEN: ensureApiToken(env.VAR_DIR ?? process.env.VAR_DIR),
    API_URL: `http://127.0.0.1:${apiPort}`,
    ...env,
    API_PORT: apiPort,
    PORT: webPort,
  };
  const children = [];
  let stopping = false;
  const exitCodes = {};
  let resolveExited;
  const exited = new Promise((r) => (resolveExited = r));

  const launch = (name, args, cwd, extraEnv = {}) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...baseEnv, ...extraEnv }, stdio: 'inherit' });
    children.push({ name, child });
    child.on('exit', (code, signal) => {
      // `next dev` ends by the signal it was asked to stop with: that is a clean stop too. The API and
      // `next start` (through drain-on-close.mjs) exit 0 after a graceful stop.
      const stoppedBySignal = stopping && (signal === 'SIGTERM' || signal === 'SIGINT');
      exitCodes[name] = stoppedBySignal ? 0 : (code ?? 1);
      log(`${name} exited (${signal ?? code})`);
      if (!stopping) {
        log(`${name} exited unexpectedly (${code ?? signal}); stopping the rest.`);
        // The caller waits for `exited` (what stop() returns, and it never rejects).
        void stop();
      }
      if (children.every(({ child: c }) => c.exitCode !== null || c.signalCode !== null)) {
        resolveExited(exitCodes);
      }
    });
    return child;
  };

  const running = (child) => child.exitCode === null && child.signalCode === null;
  // The web app stops first: pages and /api/* requests it accepted still need the API to finish. The API
  // is told once the web app is gone (or after 7 s, should the web app not drain by then).
  const stop = () => {
    if (stopping) return exited;
    stopping = true;
    const web = children.find((c) => c.name === 'web')?.child;
    const stopApi = () => {
      for (const { name, child } of children) if (name !== 'web' && running(child)) child.kill('SIGTERM');
    };
    if (web && running(web)) {
      web.once('exit', stopApi);
      setTimeout(stopApi, 7000).unref();
      web.kill('SIGTERM');
    } else stopApi();
    if (children.length === 0) resolveExited(exitCodes);
    return exited;
  };

  const apiCommand = apiProcess({ dev });
  const webCommand = webProcess({ dev });
  const ready = (async () => {
    const api = launch('api', apiCommand.args, apiCommand.cwd);
    await waitForUrl(`http://127.0.0.1:${apiPort}/api/health/`, {
      timeoutMs: 10 * 60_000,
      isAlive: () => api.exitCode === null && !stopping,
    });
    if (stopping) throw new Error('stopped');
    if (apiOnly) return;
    const web = launch('web', webCommand.args, webCommand.cwd, webCommand.env);
    await waitForUrl(`http://127.0.0.1:${webPort}/`, {
      timeoutMs: 120_000,
      isAlive: () => web.exitCode === null && !stopping,
    });
  })();
  ready.catch(() => stop());
  const pidOf = (name) => children.find((c) => c.name === name)?.child.pid;
  return { ready, stop, exited, apiPort, webPort, pidOf };
}

export const DEFAULT_ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** True when a PostgreSQL server answers at url within 3 s. */
export async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates an empty database on the server of adminUrl; returns its URL and a drop() that removes it. */
export async function createFreshDatabase(adminUrl, prefix) {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Runs `scripts/cluster.mjs` (what `npm run cluster` runs) as a child, its output into `logFile`. Returns
 * at once { child, ready, exited, output(), processes(), stop(), kill() }: ready resolves true once it printed
 * "Portal ready", false if it exited or `timeoutMs` passed first; exited with its exit code (or signal);
 * processes() reads VAR_DIR/cluster/processes.json; stop() sends SIGINT (Ctrl-C) and resolves with the exit
 * code, or 'no exit in 60 s'; kill() is SIGKILL to it and to every process it started.
 * @param {{ api: number, web: number, port: number, apiPort: number, webPort: number, internalPort: number,
 *   env: Record<string, string>, logFile: string, timeoutMs?: number }} options env must hold VAR_DIR.
 */
export function spawnCluster({
  api,
  web,
  port,
  apiPort,
  webPort,
  internalPort,
  env,
  logFile,
  timeoutMs = 20 * 60_000,
}) {
  const out = createWriteStream(logFile);
  const args = ['--api', api, '--web', web, '--port', port, '--api-port', apiPort, '--web-port', webPort];
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'scripts/cluster.mjs'), ...args.map(String), '--internal-port', String(internalPort)],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const output = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
      if (output().includes('Portal ready')) return true;
      await new Promise((r) => setTimeout(r, 500));
    }
    return false;
  })();
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill('SIGINT');
    const timer = new Promise((r) => setTimeout(() => r('no exit in 60 s'), 60_000).unref());
    return Promise.race([exited, timer]);
  };
  const processes = () =>
    JSON.parse(readFileSync(path.join(env.VAR_DIR, 'cluster', 'processes.json'), 'utf8')).processes;
  /** SIGKILL to the cluster and to the process group of each of its processes (they run detached). */
  const kill = () => {
    child.kill('SIGKILL');
    for (const { pid } of existsSync(path.join(env.VAR_DIR, 'cluster', 'processes.json'))
      ? processes()
      : []) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  };
  return { child, ready, exited, output, processes, stop, kill };
}
