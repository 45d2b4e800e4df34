// `npm run cluster`: the portal as it runs in production on one machine. nginx on one public port sends
// /api/ to N API processes and everything else to M web processes; the processes share PostgreSQL
// (DATABASE_URL) and Redis (REDIS_URL). nginx's configuration is written from deploy/nginx.conf.template
// at every start. A process that dies is started again (after 1 s, longer if it keeps dying); Ctrl-C or
// SIGTERM stops nginx (it finishes what it accepted), then the web processes, then the API processes, and
// exits 0 when all stopped cleanly. `--help` lists the flags; docs/operations.md, "Cluster", says more.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { findNginx, nginxConfig } from './nginx-config.mjs';
import {
  ROOT,
  apiProcess,
  ensureApiToken,
  ensureWebBuild,
  postgresAnswers,
  waitForUrl,
  webProcess,
} from './services.mjs';

const USAGE = `Usage: npm run cluster -- [--api N] [--web M] [--port P] [--api-port A] [--web-port W] [--internal-port I]

  --api N            API processes (default 2), on ports A, A+1, …
  --web M            web processes (default 2), on ports W, W+1, …
  --port P           nginx's public port (default 8080): the portal's one address
  --api-port A       first API port (default API_PORT, else 8000)
  --web-port W       first web port (default PORT, else 3000)
  --internal-port I  nginx's loopback port for the web processes' calls to the API (default 8090)

Required: DATABASE_URL (postgres://…) and REDIS_URL (redis://…). Optional: NGINX_BIN (default: nginx on
PATH, else /usr/sbin/nginx), VAR_DIR (default var: nginx's files go to VAR_DIR/cluster), PUBLIC_URL
(default http://localhost:P), API_TOKEN (default: var/api-token).`;

const log = (msg) => process.stdout.write(`[cluster] ${msg}\n`);
/** One line, then exit 1: what is missing and how to get it. */
function fail(msg) {
  process.stderr.write(`[cluster] ${msg}\n`);
  process.exit(1);
}

let flags;
try {
  flags = parseArgs({
    options: {
      api: { type: 'string', default: '2' },
      web: { type: 'string', default: '2' },
      port: { type: 'string', default: '8080' },
      'api-port': { type: 'string', default: process.env.API_PORT || '8000' },
      'web-port': { type: 'string', default: process.env.PORT || '3000' },
      'internal-port': { type: 'string', default: '8090' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }).values;
} catch (err) {
  fail(`${err instanceof Error ? err.message : err}\n${USAGE}`);
}
if (flags.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

/** A whole number in [min, max] from a flag, or a one-line error naming it. */
function intFlag(name, min, max) {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`--${name} must be a whole number from ${min} to ${max} (got "${flags[name]}")`);
  return value;
}
const apiCount = intFlag('api', 1, 32);
const webCount = intFlag('web', 1, 32);
const publicPort = intFlag('port', 1, 65535);
const firstApiPort = intFlag('api-port', 1, 65535 - apiCount);
const firstWebPort = intFlag('web-port', 1, 65535 - webCount);
const internalPort = intFlag('internal-port', 1, 65535);

const databaseUrl = process.env.DATABASE_URL || '';
const redisUrl = process.env.REDIS_URL || '';
if (!/^postgres(ql)?:\/\//.test(databaseUrl))
  fail(
    'DATABASE_URL is required (postgres://user:password@host:5432/db): several API processes share one PostgreSQL database; the embedded one is a folder only one process may open.',
  );
if (!/^rediss?:\/\//.test(redisUrl))
  fail(
    'REDIS_URL is required (redis://host:6379): every API process must count the rate limits in the same place.',
  );

const nginxBin = findNginx();
if (!nginxBin)
  fail(
    'nginx is not installed: on Debian or Ubuntu `sudo apt-get install nginx` (the service it starts on port 80 is not used and may be stopped), or set NGINX_BIN to its path.',
  );

const apis = Array.from({ length: apiCount }, (_, i) => ({ name: `api-${i + 1}`, port: firstApiPort + i }));
const webs = Array.from({ length: webCount }, (_, i) => ({ name: `web-${i + 1}`, port: firstWebPort + i }));
const ports = [
  ['nginx', publicPort],
  ['nginx (internal)', internalPort],
  ...apis.map((p) => [p.name, p.port]),
  ...webs.map((p) => [p.name, p.port]),
];
const varDir = path.resolve(ROOT, process.env.VAR_DIR || 'var');
const prefix = path.join(varDir, 'cluster', 'nginx');
const stateFile = path.join(varDir, 'cluster', 'processes.json');

// The processes run in process groups of their own (a Ctrl-C in the terminal reaches this script alone,
// which stops them in order), so a cluster script killed with SIGKILL leaves them running: the next start
// stops what the last one's processes.json names, if those processes are still the cluster's.
if (existsSync(stateFile)) {
  let left = 0;
  for (const { pid } of JSON.parse(readFileSync(stateFile, 'utf8')).processes ?? []) {
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone
    }
    // The pid may be someone else's by now: only this cluster's nginx (its prefix) and the portal's processes.
    if (!(cmdline.includes(prefix) || /src\/server\.ts|web-server\.mjs/.test(cmdline))) continue;
    try {
      process.kill(-pid, 'SIGKILL');
      left += 1;
    } catch {
      // gone meanwhile
    }
  }
  if (left) {
    log(`stopped ${left} processes left running by a cluster that was killed`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const seen = new Map();
for (const [name, port] of ports) {
  if (seen.has(port)) fail(`${name} and ${seen.get(port)} would both use port ${port}: change a port flag`);
  seen.set(port, name);
}

/** null when the port can be listened on (every address, as nginx and the web processes do), else why not. */
function portProblem(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (err) => resolve(err.code ?? 'error'));
    server.listen(port, () => server.close(() => resolve(null)));
  });
}
for (const [name, port] of ports) {
  const problem = await portProblem(port);
  if (problem === 'EACCES')
    fail(`port ${port} (${name}) needs root (ports below 1024): run as root, or choose another port`);
  if (problem) fail(`port ${port} (${name}) is already in use: stop what uses it, or change a port flag`);
}
if (!(await postgresAnswers(databaseUrl))) {
  const { hostname, port, pathname } = new URL(databaseUrl);
  fail(`PostgreSQL does not answer at DATABASE_URL (${hostname}:${port || 5432}${pathname})`);
}

// ---------------------------------------------------------------------------------------------------
// nginx's configuration

for (const dir of ['temp/body', 'temp/proxy', 'temp/fastcgi', 'temp/uwsgi', 'temp/scgi'])
  mkdirSync(path.join(prefix, dir), { recursive: true });
const confFile = path.join(prefix, 'nginx.conf');
try {
  writeFileSync(
    confFile,
    nginxConfig({
      prefix,
      listen: String(publicPort),
      internalListen: `127.0.0.1:${internalPort}`,
      apiServers: apis.map((p) => `127.0.0.1:${p.port}`),
      webServers: webs.map((p) => `127.0.0.1:${p.port}`),
      // As root (a container, CI), nginx's workers would otherwise run as nobody, who cannot write the
      // temp folders under VAR_DIR.
      user: process.getuid?.() === 0 ? os.userInfo().username : null,
    }),
  );
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}
const nginxArgs = ['-p', prefix, '-c', confFile, '-e', 'stderr'];
const checked = spawnSync(nginxBin, ['-t', '-q', ...nginxArgs], { encoding: 'utf8' });
if (checked.status !== 0) fail(`nginx refuses ${confFile}: ${(checked.stderr || checked.stdout).trim()}`);

// ---------------------------------------------------------------------------------------------------
// Processes

const publicUrl = process.env.PUBLIC_URL || `http://localhost:${publicPort}`;
const { hostname: publicHost, port: publicUrlPort } = new URL(publicUrl);
if (['localhost', '127.0.0.1', '[::1]'].includes(publicHost) && Number(publicUrlPort || 80) !== publicPort)
  log(
    `warning: PUBLIC_URL=${publicUrl} (from the environment or .env) is not nginx's address: the links of mails will miss nginx; set PUBLIC_URL=http://localhost:${publicPort} or unset it`,
  );
const commonEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  API_TOKEN: ensureApiToken(varDir),
  VAR_DIR: varDir,
  PUBLIC_URL: publicUrl,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
};
let stopping = false;

/** A process kept running: started again when it exits while the cluster is not stopping. */
class Supervised {
  /**
   * @param {string} name
   * @param {{ command: string, args: string[], cwd: string, env: Record<string, string> }} how
   * @param {number | null} port
   */
  constructor(name, how, port) {
    this.name = name;
    this.how = how;
    this.port = port;
    this.child = null;
    this.restarts = 0;
    this.startedAt = 0;
    this.delayMs = 500; // the first restart waits 1 s
    /** @type {number | undefined} */
    this.exitCode = undefined;
    /** @type {Promise<number | null> | null} resolves with the exit code once the process is gone */
    this.exited = null;
  }

  start() {
    const { command, args, cwd, env } = this.how;
    // detached: a process group of its own (see above); nginx's workers share their master's.
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.child = child;
    this.startedAt = Date.now();
    for (const stream of [child.stdout, child.stderr]) {
      readline
        .createInterface({ input: stream, crlfDelay: Infinity })
        .on('line', (line) => process.stdout.write(`[${this.name}] ${line}\n`));
    }
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        const clean = code === 0 || (stopping && signal !== null && signal !== 'SIGKILL');
        this.exitCode = clean ? 0 : (code ?? 1);
        if (!stopping) this.restartLater(code, signal);
        resolve(this.exitCode);
      });
      // Could not be started at all (no exit event follows).
      child.on('error', (err) => {
        if (child.pid !== undefined) return;
        log(`${this.name} could not be started: ${err.message}`);
        this.exitCode = 1;
        if (!stopping) this.restartLater(null, null);
        resolve(1);
      });
    });
    writeState();
  }

  /** After 1 s; doubled at each further death within a minute of the start, up to 30 s. */
  restartLater(code, signal) {
    const quickDeath = Date.now() - this.startedAt < 60_000;
    this.delayMs = quickDeath ? Math.min(this.delayMs * 2, 30_000) : 1000;
    log(`${this.name} exited (${signal ?? `code ${code}`}): starting it again in ${this.delayMs / 1000} s`);
    setTimeout(() => {
      if (stopping) return;
      this.restarts += 1;
      this.start();
    }, this.delayMs);
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * Sends `signal`; after `timeoutMs` without an exit, SIGKILL to its whole group. Resolves with the exit
   * code: 0 for a process that is not running (one that died on its own was reported, and waits for a
   * restart that will not come).
   */
  async stop(signal, timeoutMs) {
    if (!this.running) return 0;
    this.child.kill(signal);
    const timer = setTimeout(() => {
      log(`${this.name} did not stop within ${timeoutMs / 1000} s: SIGKILL`);
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }, timeoutMs);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}

const node = process.execPath;
const api = apiProcess();
const web = webProcess();
const apiProcs = apis.map(
  ({ name, port }) =>
    new Supervised(
      name,
      {
        command: node,
        args: api.args,
        cwd: api.cwd,
        env: {
          ...commonEnv,
          ...api.env,
          API_HOST: process.env.API_HOST || '127.0.0.1',
          API_PORT: String(port),
        },
      },
      port,
    ),
);
const webProcs = webs.map(
  ({ name, port }) =>
    new Supervised(
      name,
      {
        command: node,
        args: web.args,
        cwd: web.cwd,
        // The web processes' calls to the API go through nginx's internal port: spread and failed over.
        env: { ...commonEnv, ...web.env, PORT: String(port), API_URL: `http://127.0.0.1:${internalPort}` },
      },
      port,
    ),
);
const nginx = new Supervised(
  'nginx',
  { command: nginxBin, args: nginxArgs, cwd: prefix, env: { ...process.env } },
  publicPort,
);
const all = [nginx, ...apiProcs, ...webProcs];

/** VAR_DIR/cluster/processes.json: each process's name, port and pid (the cluster test reads it). */
function writeState() {
  const processes = all.map((p) => ({
    name: p.name,
    port: p.port,
    pid: p.child?.pid ?? null,
    restarts: p.restarts,
  }));
  writeFileSync(stateFile, JSON.stringify({ publicUrl, internalPort, processes }, null, 2) + '\n');
}

async function stopAll(reason, failed = false) {
  if (stopping) return;
  stopping = true;
  log(`${reason}: stopping nginx, then the web processes, then the API processes…`);
  // nginx first (SIGQUIT: it stops accepting and finishes the requests it has, which still need the
  // processes behind it), then the web processes, whose renders still need the API.
  const codes = [await nginx.stop('SIGQUIT', 15_000)];
  codes.push(...(await Promise.all(webProcs.map((p) => p.stop('SIGTERM', 15_000)))));
  codes.push(...(await Promise.all(apiProcs.map((p) => p.stop('SIGTERM', 15_000)))));
  const ok = codes.every((c) => c === 0);
  log(ok ? 'stopped' : `stopped, some processes uncleanly (exit codes ${codes.join(', ')})`);
  process.exit(ok && !failed ? 0 : 1);
}
process.on('SIGINT', () => void stopAll('SIGINT'));
process.on('SIGTERM', () => void stopAll('SIGTERM'));
// Re-parented (whatever started us died without passing a signal on): stop rather than leave orphans.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stopAll('parent exited');
}, 500).unref();

const healthy = (proc, url, timeoutMs) =>
  waitForUrl(url, { timeoutMs, isAlive: () => proc.running && !stopping });

try {
  ensureWebBuild({ log });
  // The first API process alone: it migrates the database and, when it is empty, imports the bundled data.
  const [first, ...others] = apiProcs;
  first.start();
  log(`${first.name} on ${first.port}: migrating and, on a new database, importing the bundled data…`);
  await healthy(first, `http://127.0.0.1:${first.port}/api/health/`, 15 * 60_000);
  for (const p of others) p.start();
  await Promise.all(others.map((p) => healthy(p, `http://127.0.0.1:${p.port}/api/health/`, 120_000)));
  nginx.start();
  await healthy(nginx, `http://127.0.0.1:${internalPort}/api/health/`, 30_000);
  for (const p of webProcs) p.start();
  await Promise.all(webProcs.map((p) => healthy(p, `http://127.0.0.1:${p.port}/`, 120_000)));
  await waitForUrl(`http://127.0.0.1:${publicPort}/`, { timeoutMs: 30_000 });
  const range = (list) =>
    list.length === 1 ? `${list[0].port}` : `${list[0].port}–${list[list.length - 1].port}`;
  log(
    `Portal ready: ${publicUrl}/  (nginx on ${publicPort} in front of ${apiCount} API processes on ${range(apis)} and ${webCount} web processes on ${range(webs)}; processes: ${stateFile})`,
  );
} catch (err) {
  if (!stopping) {
    log(`could not start: ${err instanceof Error ? err.message : err}`);
    await stopAll('start failed', true);
  }
}
