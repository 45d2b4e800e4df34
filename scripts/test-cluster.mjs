// `npm run test:cluster`: starts `npm run cluster` (nginx in front of 2 API and 2 web processes) on a fresh
// PostgreSQL database, a Redis server and an SMTP server of its own, and proves what several processes
// must share, printing PASS or FAIL and what was seen for each check:
//   sessions     — register through api-1, verify and sign in through api-2; the token works on every
//                  process and through nginx; logout on api-1 ends it everywhere.
//   login limit  — wrong passwords spread over both processes meet the limit at the same count as on one.
//   import       — a back-office import through api-1: api-2's statistics and both web processes' cached
//                  pages show the new figure within 10 s.
//   mail         — 300 registrations spread over both processes while SMTP is down; when SMTP returns,
//                  exactly 300 mails arrive, one per address, none twice.
//   failover     — SIGKILL of api-1 under load through nginx: no request fails; api-1 is started again and
//                  nginx sends it requests again.
//   Redis down   — the portal keeps answering, limits let requests through and the log says so; Redis back:
//                  the limit applies again.
//   stop         — SIGINT to the cluster stops every process and exits 0.
// Needs nginx (apt-get install nginx), redis-server and PostgreSQL (TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres). Exits 1 when anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  DEFAULT_ADMIN_DATABASE_URL,
  ROOT,
  createFreshDatabase,
  postgresAnswers,
  spawnCluster,
} from './services.mjs';
import { findNginx } from './nginx-config.mjs';
import { freePort, startSmtp } from './smtp-sink.mjs';

const PUBLIC_PORT = 3500;
const WEB_PORT = 3501; // and 3502
const API_PORTS = [8501, 8502];
const INTERNAL_PORT = 8599;
const CSRF = 'cluster-csrf-token-0123456789abcdef';
const PASSWORD = 'Grappolo-Distribuito-2026';
const REGISTRATIONS = 300;
/** GET requests through nginx in the failover check (about 10 s on two cores). */
const LOAD_REQUESTS = 20_000;
/** Alcamo (081001), 2020: tonnes produced in the bundled data, and in the file the test imports. */
const ALCAMO = { id: '081001', year: 2020, before: '17.915', after: '18.915' };

const started = Date.now();
const log = (msg) => process.stdout.write(`[test:cluster] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok });
  process.stdout.write(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? ` — ${detail}` : ''}\n`);
  return ok;
}

// ---------------------------------------------------------------------------------------------------
// HTTP

/**
 * One request on its own connection. `from`: the local address to connect from (any 127.x.y.z is this
 * machine), so that through nginx, which writes X-Forwarded-For from the connection, each caller is its
 * own client.
 * @param {number} port
 * @param {{ method?: string, path: string, headers?: Record<string, string>, body?: string | Buffer,
 *   from?: string }} options
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string,
 *   json: () => any }>}
 */
function request(port, { method = 'GET', path: p, headers = {}, body, from }) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: p,
        headers,
        agent: false,
        localAddress: from,
        timeout: 60_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${p} on ${port}: no answer in 60 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

const csrf = { cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF };
/** A JSON POST; `ip` is the client address the API is told (it trusts X-Forwarded-For from loopback). */
const post = (port, p, body, { ip, token, from } = {}) =>
  request(port, {
    method: 'POST',
    path: p,
    from,
    headers: {
      ...csrf,
      'content-type': 'application/json',
      ...(ip ? { 'x-forwarded-for': ip } : {}),
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
const userOf = (port, token) =>
  request(port, { path: '/api/auth/user/', headers: { authorization: `Token ${token}` } });

/** Retries `fn` until it returns a truthy value or `timeoutMs` passes; returns the value or null. */
async function until(fn, timeoutMs, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) return null;
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------------------------------
// Redis of our own (stopped and started again by the test)

/** The reply of one Redis command (inline form), or null when Redis does not answer. */
function redisCommand(port, command) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(2000, () => done(null));
    socket.on('error', () => done(null));
    socket.on('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (d) => done(d.toString().trim()));
  });
}

function startRedis(port, dir) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  return { child, ready: until(async () => (await redisCommand(port, 'PING')) === '+PONG', 10_000) };
}

// ---------------------------------------------------------------------------------------------------
// The cluster

const clusterLog = () => cluster?.output() ?? '';
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function admin(databaseUrl, varDir, args) {
  const res = spawnSync('npm', ['run', '-s', 'admin', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, VAR_DIR: varDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`admin ${args.join(' ')}: ${res.stdout}${res.stderr}`);
}

// ---------------------------------------------------------------------------------------------------
// Checks

const [API1, API2] = API_PORTS;
const WEB_PORTS = [WEB_PORT, WEB_PORT + 1];

async function checkSessions(smtp) {
  const email = 'sessioni.cluster@example.it';
  const reg = await post(
    API1,
    '/api/registration/',
    { email1: email, email2: email, firstName: 'Ada', lastName: 'Grappoli', password: PASSWORD },
    { ip: '10.1.0.1' },
  );
  const mail = await until(
    async () => smtp.messages.find((m) => m.to?.value?.some((v) => v.address === email)),
    30_000,
  );
  const key = mail && /[?&]key=([^\s&"<>]+)/.exec(mail.text ?? '')?.[1];
  const verify = key
    ? await post(
        API2,
        '/api/registration/verify-email/',
        { key: decodeURIComponent(key), password: PASSWORD },
        { ip: '10.1.0.1' },
      )
    : null;
  const login = await post(API2, '/api/auth/login/', { email, password: PASSWORD }, { ip: '10.1.0.1' });
  const token = login.status === 200 ? login.json().key : null;
  check(
    'sessions: registered through api-1, verified and signed in through api-2',
    reg.status === 201 && verify?.status === 200 && Boolean(token),
    `registration ${reg.status}, mail ${mail ? 'received' : 'missing'}, verification ${verify?.status ?? '-'}, sign-in ${login.status}`,
  );
  if (!token) return email;
  const everywhere = async () =>
    Promise.all([API1, API2, PUBLIC_PORT].map(async (port) => (await userOf(port, token)).status));
  const before = await everywhere();
  const signedInAs = (await userOf(API1, token)).json().email;
  check(
    'sessions: the token works on api-1, api-2 and through nginx',
    before.every((s) => s === 200) && signedInAs === email,
    `GET /api/auth/user/: ${before.join(', ')} (api-1, api-2, nginx)`,
  );
  const logout = await post(API1, '/api/auth/logout/', {}, { token });
  const after = await everywhere();
  check(
    'sessions: logout on api-1 ends the session on every process',
    logout.status < 300 && after.every((s) => s === 401),
    `logout ${logout.status}; then GET /api/auth/user/: ${after.join(', ')}`,
  );
  return email;
}

/** Wrong passwords from one client address until a 429, sending the n-th try to ports[n % length]. */
async function attemptsBeforeLimit(email, ip, ports, max = 40) {
  for (let n = 0; n < max; n++) {
    const res = await post(
      ports[n % ports.length],
      '/api/auth/login/',
      { email, password: 'Sbagliata-123456' },
      { ip },
    );
    if (res.status === 429) return { allowed: n, retryAfter: res.headers['retry-after'] };
    if (res.status !== 400) return { allowed: n, unexpected: res.status };
  }
  return { allowed: max };
}

async function checkLoginLimit(email) {
  const one = await attemptsBeforeLimit(email, '10.2.0.1', [API1]);
  const spread = await attemptsBeforeLimit(email, '10.2.0.2', [API1, API2]);
  check(
    'login limit: spread over both processes it stops at the same count as on one process',
    one.allowed === spread.allowed && one.allowed > 0 && one.allowed < 40 && spread.retryAfter !== undefined,
    `one process: ${one.allowed} wrong passwords, then 429; alternating api-1/api-2: ${spread.allowed}, then 429 (Retry-After ${spread.retryAfter ?? '-'} s)`,
  );
  return one.allowed;
}

/** The bundled Sicily file with Alcamo's 2020 row changed to `produced` tonnes (and `crlf` line ends). */
function sicilyFile(produced, unsorted, crlf) {
  const text = readFileSync(path.join(ROOT, 'data/ispra/sicilia-2010-2024.csv'), 'utf8');
  const lines = text.split('\n');
  const header = lines[0].replace(/^\uFEFF/, '').split(',');
  const row = lines.findIndex((line) => line.startsWith(`${ALCAMO.year},${ALCAMO.id},`));
  const cells = lines[row].split(',');
  cells[header.indexOf('Totale RU (t)')] = produced;
  cells[header.indexOf('Indifferenziato (t)')] = unsorted;
  lines[row] = cells.join(',');
  return lines.join(crlf ? '\r\n' : '\n');
}

async function importSicily(token, content) {
  const form = new FormData();
  form.append('dataset', 'ispra-comuni');
  form.append('file', new Blob([content], { type: 'text/csv' }), 'sicilia-2010-2024.csv');
  const res = await fetch(`http://127.0.0.1:${API1}/api/admin/imports/`, {
    method: 'POST',
    headers: { ...csrf, authorization: `Token ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.text() };
}

/** Alcamo's tonnes as api-`port` and each web process show them. */
async function alcamoEverywhere(figure) {
  const stats = await request(API2, { path: `/api/stats/cities/city/${ALCAMO.id}/?year=${ALCAMO.year}` });
  const api2 = stats.status === 200 && stats.text.includes(figure.replace('.', ''));
  const pages = await Promise.all(
    WEB_PORTS.map(async (port) => {
      const res = await request(port, { path: `/?comune=${ALCAMO.id}&anno=${ALCAMO.year}` });
      return res.status === 200 && res.text.includes(figure);
    }),
  );
  return { api2, web1: pages[0], web2: pages[1] };
}

async function checkImport(databaseUrl, varDir) {
  const staff = 'staff.cluster@example.it';
  admin(databaseUrl, varDir, [
    'user',
    'create',
    '--email',
    staff,
    '--password',
    PASSWORD,
    '--verified',
    '--staff',
  ]);
  const login = await post(
    API1,
    '/api/auth/login/',
    { email: staff, password: PASSWORD },
    { ip: '10.3.0.1' },
  );
  const token = login.json().key;
  // Both web processes have the comune's page in their cache before the import (the second request of
  // each is a HIT), so the check below sees the cache invalidated, not a first render.
  const before = await alcamoEverywhere(ALCAMO.before);
  const hits = await Promise.all(
    WEB_PORTS.map(
      async (port) =>
        (await request(port, { path: `/?comune=${ALCAMO.id}&anno=${ALCAMO.year}` })).headers['x-page-cache'],
    ),
  );
  const imported = await importSicily(token, sicilyFile('18915.293', '10395.880', false));
  const t0 = Date.now();
  const seen = {};
  await until(
    async () => {
      const now = await alcamoEverywhere(ALCAMO.after);
      for (const [where, ok] of Object.entries(now))
        if (ok && !(where in seen)) seen[where] = Date.now() - t0;
      return Object.keys(seen).length === 3;
    },
    10_000,
    200,
  );
  const within = Object.keys(seen).length === 3;
  check(
    'import: a back-office import through api-1 refreshes api-2 and both web processes within 10 s',
    before.api2 &&
      before.web1 &&
      before.web2 &&
      hits.every((h) => h === 'HIT') &&
      imported.status === 200 &&
      within,
    `before: ${ALCAMO.before} t everywhere (pages ${hits.join(', ')}); import ${imported.status}; ${ALCAMO.after} t on ` +
      ['api2', 'web1', 'web2'].map((w) => `${w} after ${w in seen ? seconds(seen[w]) : 'never'}`).join(', '),
  );
  // The bundled figures back (CRLF: other bytes than the file imported before, so it is imported again).
  const back = await importSicily(token, sicilyFile('17915.293', '9395.880', true));
  if (back.status !== 200) log(`putting the bundled figures back failed: ${back.status} ${back.body}`);
}

async function checkMail(smtpPort, smtp, databaseUrl) {
  await smtp.close();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const t0 = Date.now();
    const statuses = {};
    let next = 0;
    const worker = async () => {
      while (next < REGISTRATIONS) {
        const i = next++;
        const email = `massa.${i}@example.it`;
        const res = await post(
          API_PORTS[i % 2],
          '/api/registration/',
          { email1: email, email2: email, firstName: 'Utente', lastName: `Numero ${i}`, password: PASSWORD },
          { ip: `10.4.${i >> 8}.${i & 255}` },
        );
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const registered = Date.now() - t0;
    // Every one of them tried once and failed (SMTP down) before SMTP comes back.
    const outbox = async () =>
      (
        await db.query(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE attempts >= 1 AND status = 'pending')::int AS failed,
                  count(*) FILTER (WHERE status = 'sent')::int AS sent
             FROM mail_outbox WHERE to_address LIKE 'massa.%'`,
        )
      ).rows[0];
    const tried = await until(
      async () => {
        const o = await outbox();
        return o.failed === REGISTRATIONS ? o : null;
      },
      60_000,
      500,
    );
    const back = await startSmtp(smtpPort);
    const t1 = Date.now();
    const delivered = () =>
      back.messages.filter((m) => m.to?.value?.some((v) => v.address.startsWith('massa.')));
    await until(async () => delivered().length >= REGISTRATIONS, 150_000, 500);
    const deliveredAfter = Date.now() - t1;
    await sleep(5000); // anything sent twice would arrive now
    const mails = delivered();
    const addresses = new Set(mails.flatMap((m) => m.to.value.map((v) => v.address)));
    const final = await outbox();
    check(
      `mail: ${REGISTRATIONS} registrations over both processes with SMTP down, then exactly ${REGISTRATIONS} mails, none twice`,
      statuses[201] === REGISTRATIONS &&
        tried !== null &&
        mails.length === REGISTRATIONS &&
        addresses.size === REGISTRATIONS &&
        final.sent === REGISTRATIONS,
      `answers ${JSON.stringify(statuses)} in ${seconds(registered)}; outbox before SMTP returned: ${tried ? `${tried.failed} failed once, 0 sent` : 'not all tried'}; ` +
        `after: ${mails.length} mails to ${addresses.size} addresses (all within ${seconds(deliveredAfter)}), ${final.sent} rows sent`,
    );
    return back;
  } finally {
    await db.end();
  }
}

async function checkFailover(varDir) {
  const accessLog = path.join(varDir, 'cluster', 'nginx', 'access.log');
  const urls = [
    '/api/stats/overall/',
    '/api/stats/cities/city/015146/',
    '/api/stats/regions/waste-sorting-map/',
    '/api/cities/regions/',
    `/api/stats/cities/city/${ALCAMO.id}/?year=${ALCAMO.year}`,
  ];
  const victim = cluster.processes().find((p) => p.name === 'api-1');
  let killedAt = 0;
  const load = autocannon({
    url: `http://127.0.0.1:${PUBLIC_PORT}`,
    connections: 16,
    // A number of requests rather than a duration: the run ends when the last one is answered, not by
    // dropping those in flight.
    amount: LOAD_REQUESTS,
    timeout: 10,
    requests: urls.map((p) => ({ method: 'GET', path: p })),
  });
  const statuses = {};
  let answered = 0;
  // The kill comes after a quarter of the requests, whatever the machine's speed.
  load.on('response', (_client, status) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    answered += 1;
    if (answered === LOAD_REQUESTS / 4) {
      killedAt = Date.now();
      process.kill(victim.pid, 'SIGKILL');
    }
  });
  const result = await load;
  const non2xx = Object.entries(statuses).filter(([s]) => !s.startsWith('2'));
  check(
    'failover: api-1 killed (SIGKILL) under load through nginx, no request fails',
    killedAt > 0 &&
      result.errors === 0 &&
      result.timeouts === 0 &&
      non2xx.length === 0 &&
      result.requests.total === LOAD_REQUESTS,
    `${result.requests.total} of ${LOAD_REQUESTS} GET requests answered in ${seconds(result.duration * 1000)} at 16 connections, api-1 killed after ${LOAD_REQUESTS / 4} answers; answers ${JSON.stringify(statuses)}, ${result.errors} errors, ${result.timeouts} timeouts`,
  );
  // Started again by the cluster, and nginx sends it requests again.
  const restarted = await until(
    async () => {
      const p = cluster.processes().find((q) => q.name === 'api-1');
      if (p.pid === victim.pid || !alive(p.pid)) return null;
      const health = await request(API1, { path: '/api/health/' });
      return health.status === 200 ? p : null;
    },
    60_000,
    500,
  );
  const restartedAfter = Date.now() - killedAt;
  const offset = statSync(accessLog).size;
  const rejoined = restarted
    ? await until(
        async () => {
          await Promise.all(
            Array.from({ length: 20 }, () => request(PUBLIC_PORT, { path: '/api/stats/overall/' })),
          );
          await sleep(1200); // nginx writes its access log every second
          const lines = readFileSync(accessLog, 'utf8').slice(offset).split('\n');
          return lines.filter(
            (l) =>
              l.includes('/api/stats/overall/') &&
              l.includes(`upstream=127.0.0.1:${API1} upstream_status=200`),
          ).length;
        },
        30_000,
        0,
      )
    : null;
  check(
    'failover: api-1 is started again and nginx sends it requests again',
    Boolean(restarted && rejoined),
    restarted
      ? `new pid ${restarted.pid} healthy ${seconds(restartedAfter)} after the kill; ${rejoined ?? 0} requests answered by it through nginx`
      : 'api-1 was not started again within 60 s',
  );
}

async function checkRedisDown(redis, redisPort, redisDir, email, limit) {
  const logBefore = clusterLog().length;
  redis.child.kill('SIGTERM');
  await until(async () => (await redisCommand(redisPort, 'PING')) === null, 10_000);
  const t0 = Date.now();
  const answers = {};
  // Enough that each process alone would pass the limit: a per-process fallback would answer 429.
  const tries = 2 * limit + 4;
  for (let n = 0; n < tries; n++) {
    const res = await post(
      API_PORTS[n % 2],
      '/api/auth/login/',
      { email, password: 'Sbagliata-123456' },
      { ip: '10.5.0.1' },
    );
    answers[res.status] = (answers[res.status] ?? 0) + 1;
  }
  const pages = await Promise.all([
    request(PUBLIC_PORT, { path: '/api/stats/overall/' }),
    request(PUBLIC_PORT, { path: '/glossario' }),
  ]);
  const took = Date.now() - t0;
  const said = clusterLog().slice(logBefore).includes('rate-limit store unavailable: request let through');
  check(
    'Redis down: the portal answers, the limits let requests through, and the log says so',
    answers[400] === tries && pages.every((r) => r.status === 200) && said,
    `${tries} wrong passwords from one address, alternating api-1/api-2: ${JSON.stringify(answers)} (no 429); statistics and a page: ${pages.map((r) => r.status).join(', ')}; ${seconds(took)}; log ${said ? 'says "rate-limit store unavailable: request let through"' : 'is silent'}`,
  );
  const again = startRedis(redisPort, redisDir);
  const up = await again.ready;
  // Each process reconnects on its own (ioredis retries every 2 s at most): once a counter of each has
  // reached Redis again, the limit is shared again. Each round asks from new addresses.
  let round = 0;
  const reconnected = await until(
    async () => {
      round += 1;
      const counted = await Promise.all(
        API_PORTS.map(async (port, i) => {
          const ip = `10.6.${round}.${i + 1}`;
          await post(
            port,
            '/api/auth/login/',
            { email: 'nessuno@example.it', password: 'Sbagliata-123456' },
            { ip },
          );
          return (await redisCommand(redisPort, `EXISTS portal:rl:login:ip:${ip}`)) === ':1';
        }),
      );
      return counted.every(Boolean);
    },
    30_000,
    500,
  );
  const spread = await attemptsBeforeLimit(email, '10.5.0.2', API_PORTS);
  const recovered = clusterLog().slice(logBefore).split('\n');
  const back = ['api-1', 'api-2'].filter((name) =>
    recovered.some((l) => l.startsWith(`[${name}]`) && l.includes('rate-limit store answers again')),
  );
  check(
    'Redis back: the login limit applies again, at the same count, and the log says so',
    Boolean(up && reconnected) &&
      spread.allowed === limit &&
      spread.retryAfter !== undefined &&
      back.length === 2,
    `Redis ${up ? 'answering' : 'not started'}, counters ${reconnected ? `written again by both processes (round ${round})` : 'not written by both processes'}; alternating api-1/api-2: ${spread.allowed} wrong passwords, then ${spread.retryAfter !== undefined ? '429' : 'no 429'}; "rate-limit store answers again" logged by ${back.join(' and ') || 'no process'}`,
  );
  return again;
}

// ---------------------------------------------------------------------------------------------------
// Main

const NGINX = findNginx();
if (!NGINX) {
  log('nginx is not installed: apt-get install nginx (Debian or Ubuntu), or set NGINX_BIN.');
  process.exit(1);
}
if (spawnSync('redis-server', ['--version']).status !== 0) {
  log('redis-server is not installed: apt-get install redis-server.');
  process.exit(1);
}
const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_DATABASE_URL;
if (!(await postgresAnswers(adminUrl))) {
  log(`PostgreSQL does not answer at ${adminUrl} (set TEST_DATABASE_URL).`);
  process.exit(1);
}

const varDir = mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
const logFile = path.join(varDir, 'cluster.log');
const database = await createFreshDatabase(adminUrl, 'portal_cluster');
const redisPort = await freePort();
let redis = startRedis(redisPort, varDir);
const smtpPort = await freePort();
let smtp = await startSmtp(smtpPort);
let cluster;
try {
  if (!(await redis.ready)) throw new Error('redis-server did not start');
  log(
    `starting the cluster on ${PUBLIC_PORT} (fresh database, Redis on ${redisPort}, SMTP on ${smtpPort}); its output: ${logFile}`,
  );
  cluster = spawnCluster({
    api: 2,
    web: 2,
    port: PUBLIC_PORT,
    apiPort: API_PORTS[0],
    webPort: WEB_PORT,
    internalPort: INTERNAL_PORT,
    logFile,
    env: {
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      VAR_DIR: varDir,
      NGINX_BIN: NGINX,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${PUBLIC_PORT}`,
    },
  });
  const ready = await cluster.ready;
  check(
    'start: npm run cluster serves the portal with 2 API and 2 web processes behind nginx',
    ready,
    `${seconds(Date.now() - started)} from a fresh database`,
  );
  if (!ready)
    throw new Error(`the cluster did not start:\n${clusterLog().split('\n').slice(-30).join('\n')}`);

  const email = await checkSessions(smtp);
  const limit = await checkLoginLimit(email);
  await checkImport(database.url, varDir);
  smtp = await checkMail(smtpPort, smtp, database.url);
  await checkFailover(varDir);
  redis = await checkRedisDown(redis, redisPort, varDir, email, limit);

  const pids = cluster.processes().map((p) => p.pid);
  const t0 = Date.now();
  const code = await cluster.stop();
  const left = pids.filter(alive);
  check(
    'stop: SIGINT stops nginx and every process, and the cluster exits 0',
    code === 0 && left.length === 0,
    `exit ${code} after ${seconds(Date.now() - t0)}; processes left: ${left.length}`,
  );
} catch (err) {
  check('the cluster test ran to its end', false, err instanceof Error ? err.message : String(err));
} finally {
  if (cluster && (await cluster.stop()) !== 0) cluster.kill();
  redis.child.kill('SIGTERM');
  await smtp.close();
  await database.drop().catch((err) => log(`could not drop ${database.url}: ${err.message}`));
}

const failed = results.filter((r) => !r.ok);
if (failed.length) {
  log(`the cluster's last lines:\n${clusterLog().split('\n').slice(-40).join('\n')}`);
} else {
  rmSync(varDir, { recursive: true, force: true });
}
log(`${results.length - failed.length} passed, ${failed.length} failed, in ${seconds(Date.now() - started)}`);
process.exit(failed.length ? 1 : 0);
