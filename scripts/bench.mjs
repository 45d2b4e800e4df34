// `npm run bench`: performance figures, printed, never asserted by a test. Parts: `stats`, `web`, `csv` and
// `load` (all four by default; `npm run bench -- load` runs one), `cluster` (only when named: it needs
// nginx, PostgreSQL and Redis) and `flood` (only when named: one client's flood of page misses beside
// cached pages, issue 34). The mixed load must give no error: when it
// does, the figures are printed all the same and the command exits 1.
// stats — the API on the bundled data under 64 connections, beside a bare node:http server that answers
// the same bytes, in the same run: req/s, p50/p99 latency and the ratio to the bare server.
// Ports: BENCH_API_PORT (API; the bare server takes the next one) and BENCH_WEB_PORT (web app); by default
// 8200/3200 for stats and web, 8300/3300 for load.
import http from 'node:http';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  DEFAULT_ADMIN_DATABASE_URL,
  ROOT,
  createFreshDatabase,
  ensureWebBuild,
  postgresAnswers,
  spawnCluster,
  startServices,
} from './services.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 64;
const API_PORT = Number(process.env.BENCH_API_PORT || 8200);
const BARE_PORT = API_PORT + 1;
const WEB_PORT = Number(process.env.BENCH_WEB_PORT || 3200);
const LOAD_API_PORT = Number(process.env.BENCH_API_PORT || 8300);
const LOAD_WEB_PORT = Number(process.env.BENCH_WEB_PORT || 3300);
const OVERLOAD_CONNECTIONS = Number(process.env.BENCH_OVERLOAD_CONNECTIONS || 400);
const OVERLOAD_SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS || 20);

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

const row = (name, r, base) =>
  `${name.padEnd(44)} ${String(Math.round(r.requests.average)).padStart(8)} req/s` +
  `   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms` +
  `   errors ${r.errors + r.non2xx}` +
  (base ? `   ratio ${(r.requests.average / base.requests.average).toFixed(2)}` : '');

async function benchStats() {
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  console.log('Starting the API on a fresh embedded database with the bundled data…');
  const services = startServices({
    env: { VAR_DIR: varDir, API_PORT: String(API_PORT), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    apiOnly: true,
    log: () => {},
  });
  try {
    await services.ready;
    const api = `http://127.0.0.1:${API_PORT}`;
    const all = await allCityIds(api);
    // 500 comuni drawn at random, each asked once first, as earlier visitors would have.
    // (A few comuni merged away before 2024 have no data at all; they are left out of the sample.)
    const cities = [];
    const warmStart = Date.now();
    for (const id of all.sort(() => Math.random() - 0.5)) {
      if ((await fetch(`${api}/api/stats/cities/city/${id}/`)).ok) cities.push(id);
      if (cities.length === 500) break;
    }
    console.log(
      `First (uncached) answer of a comune: ${((Date.now() - warmStart) / cities.length).toFixed(1)} ms on average`,
    );
    const overall = Buffer.from(await (await fetch(`${api}/api/stats/overall/`)).arrayBuffer());
    const city = Buffer.from(await (await fetch(`${api}/api/stats/cities/city/${cities[0]}/`)).arrayBuffer());

    const bare = http.createServer((req, res) => {
      const body = req.url.startsWith('/api/stats/overall/') ? overall : city;
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
      });
      res.end(body);
    });
    await new Promise((r) => bare.listen(BARE_PORT, '127.0.0.1', r));

    const randomCity = (base) => ({
      url: base,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: `/api/stats/cities/city/${cities[Math.floor(Math.random() * cities.length)]}/`,
          }),
        },
      ],
    });
    console.log(
      `\n${CONNECTIONS} connections, ${DURATION_S} s each, ${cities.length} random comuni of ${all.length}\n`,
    );
    const bareOverall = await run({ url: `http://127.0.0.1:${BARE_PORT}/api/stats/overall/` });
    const apiOverall = await run({ url: `${api}/api/stats/overall/` });
    const bareCity = await run(randomCity(`http://127.0.0.1:${BARE_PORT}`));
    const apiCity = await run(randomCity(api));
    console.log(row('bare node:http  /api/stats/overall/', bareOverall));
    console.log(row('API             /api/stats/overall/', apiOverall, bareOverall));
    console.log(row('bare node:http  /api/stats/cities/city/{id}/', bareCity));
    console.log(row('API             /api/stats/cities/city/{id}/', apiCity, bareCity));
    bare.close();
  } finally {
    await services.stop();
    rmSync(varDir, { recursive: true, force: true });
  }
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

// csv — the full national CSV export of a licensed user: rows/s and the API's peak resident memory.
async function benchCsv({ label, databaseUrl = '' }) {
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const env = { ...process.env, VAR_DIR: varDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
  const email = 'bench@example.it';
  const password = 'Bench-Licenza-2024';
  for (const args of [
    ['user', 'create', '--email', email, '--password', password, '--verified'],
    ['license', 'approve', email],
  ]) {
    const res = spawnSync('npm', ['run', '-s', 'admin', '--', ...args], { cwd: ROOT, env, encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`admin ${args.join(' ')}: ${res.stderr}`);
  }
  console.log(`\nStarting the API on a fresh ${label} database with the bundled data…`);
  const services = startServices({
    env: { VAR_DIR: varDir, API_PORT: String(API_PORT), LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl },
    apiOnly: true,
    log: () => {},
  });
  try {
    await services.ready;
    const api = `http://127.0.0.1:${API_PORT}`;
    const csrf = 'bench-csrf-token-0123456789';
    const login = await fetch(`${api}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
      body: JSON.stringify({ email, password }),
    });
    const { key } = await login.json();
    const pid = services.pidOf('api');
    let peak = rssMb(pid);
    const before = peak;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    // Plain (a script or curl) and gzip (what a browser asks for), twice each: the first read is cold.
    const runs = [];
    for (const encoding of ['identity', 'gzip', 'identity', 'gzip']) {
      const started = performance.now();
      const res = await fetch(`${api}/api/stats/download/?format=csv`, {
        headers: { authorization: `Token ${key}`, 'accept-encoding': encoding },
      });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body) {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      }
      const seconds = (performance.now() - started) / 1000;
      runs.push({ encoding, status: res.status, rows: lines - 1, bytes, seconds });
    }
    clearInterval(sampler);
    const { rows, bytes, status } = runs[0];
    console.log(
      `\nFull national CSV export on ${label} (status ${status}): ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB`,
    );
    for (const r of runs) {
      console.log(
        `  ${r.encoding.padEnd(8)} ${r.seconds.toFixed(2)} s  ${Math.round(r.rows / r.seconds).toLocaleString('en')} rows/s`,
      );
    }
    console.log(
      `  API resident memory: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at peak (+${(peak - before).toFixed(0)} MB)`,
    );
  } finally {
    await services.stop();
    rmSync(varDir, { recursive: true, force: true });
  }
}

/** Gzipped size of the JavaScript a first visit to url loads (every script of the HTML, Next's chunks). */
async function firstLoadJs(base, pathname) {
  const html = await (await fetch(base + pathname)).text();
  const sources = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]))];
  let gzipped = 0;
  let withoutNoModule = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    const size = gzipSync(body, { level: 9 }).length;
    gzipped += size;
    const tag =
      html.match(new RegExp(`<script[^>]+src="${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`))?.[0] ??
      '';
    if (!/nomodule/i.test(tag)) withoutNoModule += size;
  }
  return { scripts: sources.length, gzipped, withoutNoModule };
}

/** Every comune id the API lists (pages of 500, following `next`). */
async function allCityIds(api) {
  const ids = [];
  for (let next = `${api}/api/cities/city/?pageSize=500`; next;) {
    const page = await (await fetch(next)).json();
    ids.push(...page.results.map((c) => c.id));
    next = page.next && page.next.replace(/^https?:\/\/[^/]+/, api);
  }
  return ids;
}

/** Creates verified accounts with the admin CLI on the database of varDir (before the API starts). */
function createAccounts(varDir, emails, password) {
  const env = { ...process.env, VAR_DIR: varDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
  for (const email of emails) {
    const created = spawnSync(
      'npm',
      ['run', '-s', 'admin', '--', 'user', 'create', '--email', email, '--password', password, '--verified'],
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(`admin user create: ${created.stderr}`);
  }
}

/** The login request of the mixed loads: accounts in turn, a distinct X-Forwarded-For per attempt. */
function loginRequest(emails, password) {
  const csrf = 'bench-csrf-token-0123456789abcdef';
  let ip = 0;
  return {
    method: 'POST',
    path: '/api/auth/login/',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    setupRequest: (r) => {
      ip += 1;
      const xff = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
      const email = emails[ip % emails.length];
      return {
        ...r,
        headers: { ...r.headers, 'x-forwarded-for': xff },
        body: JSON.stringify({ email, password }),
      };
    },
  };
}

/**
 * The mixed loads stand for many visitors, not one: the web server limits each client (decision 064, 065),
 * so each request without an address of its own gets one of 1,024 (X-Forwarded-For, which the web app
 * keeps from a loopback peer, WEB_TRUST_PROXY's default).
 */
function asVisitors(requests) {
  let n = 0;
  return requests.map((request) => ({
    ...request,
    setupRequest: (r, context) => {
      const made = request.setupRequest ? request.setupRequest(r, context) : r;
      if (made.headers?.['x-forwarded-for']) return made;
      n = (n + 1) % 1024;
      return { ...made, headers: { ...made.headers, 'x-forwarded-for': `10.200.${n >> 8}.${n & 255}` } };
    },
  }));
}

/**
 * One autocannon run that also counts the answers by status, the 503s that carry Retry-After (read from
 * each answer's headers, which autocannon hands to a request's onResponse) and the 503s' latencies
 * (autocannon's own latency figures count 2xx answers only).
 */
function runRoute({ url, connections, duration, timeout, requests, visitors = false }) {
  return new Promise((resolve, reject) => {
    const statuses = {};
    const shed = { count: 0, retryAfter: 0, latencies: [] };
    const tracked = (visitors ? asVisitors(requests) : requests).map((request) => ({
      ...request,
      onResponse: (status, _body, _context, headers) => {
        if (status !== 503) return;
        shed.count += 1;
        if (Object.keys(headers ?? {}).some((k) => k.toLowerCase() === 'retry-after')) shed.retryAfter += 1;
      },
    }));
    const instance = autocannon({ url, connections, duration, timeout, requests: tracked }, (err, res) =>
      err ? reject(err) : resolve({ res, statuses, shed }),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 503) shed.latencies.push(ms);
    });
  });
}

const percentile = (values, p) => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** One GET with node:http, the body as sent (no decompression). */
function getRaw(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A row of the pages' throughput table: like row(), with the count of answers. */
const pageRow = (name, r, base) =>
  r.requests.total === 0
    ? `${name.padEnd(38)} no answer within the run (${r.requests.sent} requests sent, ${r.errors} errors)`
    : `${name.padEnd(38)} ${String(Math.round(r.requests.average)).padStart(7)} req/s` +
      `   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(5)} ms` +
      `   errors ${r.errors + r.non2xx}   answers ${r.requests.total}` +
      (base ? `   ratio ${(r.requests.average / base.requests.average).toFixed(2)}` : '');

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok) => (ok ? 'met' : 'NOT met');

// The pages measured by the web part: budgets of their uncompressed HTML.
const HOME = { path: '/', label: '/ (Italia)', budgetKb: 80 };
const MILANO = { path: '/?comune=015146', label: '/?comune=015146 (Milano)', budgetKb: 60 };
const ABANO = { path: '/?comune=028001', label: '/?comune=028001 (Abano Terme)', budgetKb: 60 };
// Issue 20's pages, measured by Lighthouse beside the home page and a comune page.
const RANKINGS = { path: '/classifiche', label: '/classifiche' };
const COMPARE = {
  path: '/confronta?aree=comune:015146,regione:05,italia',
  label: '/confronta (3 territori)',
};

/** Throughput of the pages at 64 connections, each warmed once first. */
async function pageThroughput(base, pages) {
  const results = [];
  for (const page of pages) {
    await fetch(base + page.path);
    results.push(await run({ url: base + page.path }));
  }
  return results;
}

// web — in one run, against the built app on a fresh embedded database (web BENCH_WEB_PORT, API
// BENCH_API_PORT, bare server the port after the API's):
// 1. the HTML of /, Milano and Abano Terme (uncompressed, gzipped, budgets) and the first-load JS of /;
// 2. cached / and Milano at 64 connections beside a bare node:http server sending the same bytes;
// 3. the same two pages with the page cache off (WEB_PAGE_CACHE_MB=0: the app is started once that way
//    first, measured, then restarted on the same database with its default settings);
// 4. an overload: BENCH_OVERLOAD_CONNECTIONS (400) for BENCH_OVERLOAD_SECONDS (20 s) on a mix through the
//    web origin, timeout 10 s: statuses per route, 503s and their Retry-After, timeouts, socket errors;
// 5. Lighthouse (mobile and desktop) on /, Abano Terme, /classifiche and /confronta, in Debian's Chromium (BENCH_LIGHTHOUSE_DIR: the
//    folder where each whole report is written as JSON).
async function benchWeb() {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  ensureWebBuild({ log: (m) => console.log(m) });
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const emails = [1, 2, 3, 4, 5].map((n) => `sovraccarico${n}@example.it`);
  const password = 'Prova-Sotto-Pressione-91';
  createAccounts(varDir, emails, password);
  const start = (env) =>
    startServices({
      env: {
        VAR_DIR: varDir,
        API_PORT: String(API_PORT),
        PORT: String(WEB_PORT),
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      log: () => {},
    });
  const base = `http://127.0.0.1:${WEB_PORT}`;
  const measured = [HOME, MILANO];
  console.log(
    '\nStarting the API and the web app on a fresh embedded database, page cache off (WEB_PAGE_CACHE_MB=0)…',
  );
  let services = start({ WEB_PAGE_CACHE_MB: '0' });
  let chrome;
  let bare;
  try {
    await services.ready;
    console.log(`Measuring ${measured.map((p) => p.path).join(' and ')} without the page cache…`);
    const uncached = await pageThroughput(base, measured);
    await services.stop();
    console.log('Restarting the web app and the API on the same database with the page cache on (default)…');
    services = start({});
    await services.ready;

    // 1. Sizes.
    console.log('\nHTML of the pages (budgets on the uncompressed HTML; gzip as the web app sends it)');
    for (const page of [HOME, MILANO, ABANO]) {
      const plain = await getRaw(base + page.path);
      const zipped = await getRaw(base + page.path, { 'accept-encoding': 'gzip' });
      const sentGzipped = zipped.headers['content-encoding'] === 'gzip';
      const gz = sentGzipped ? zipped.body.length : gzipSync(plain.body).length;
      console.log(
        `${page.label.padEnd(32)} status ${plain.status}  ${String(plain.body.length).padStart(8)} B (${kb(plain.body.length)})` +
          `  gzip ${String(gz).padStart(7)} B (${kb(gz)}${sentGzipped ? '' : ', gzipped here: sent uncompressed'})` +
          `  budget ≤ ${page.budgetKb} KB: ${verdict(plain.body.length <= page.budgetKb * 1024)}`,
      );
      console.log(
        `${''.padEnd(32)} cache-control: ${plain.headers['cache-control'] ?? '(none)'}; etag: ${plain.headers.etag ?? '(none)'}`,
      );
    }
    const js = await firstLoadJs(base, '/');
    console.log(
      `\nFirst-load JavaScript of /: ${kb(js.withoutNoModule)} gzipped in modern browsers ` +
        `(${kb(js.gzipped)} with the nomodule polyfills, ${js.scripts} scripts); ` +
        `budget 200 KB: ${verdict(js.withoutNoModule <= 200 * 1024)}`,
    );

    // 2 and 3. Throughput: the cached pages beside a bare server sending the same bytes, then the figures
    // measured without the page cache.
    const bodies = new Map();
    for (const page of measured) {
      const res = await getRaw(base + page.path);
      bodies.set(page.path, { body: res.body, type: res.headers['content-type'] });
    }
    bare = http.createServer((req, res) => {
      const { body, type } = bodies.get(req.url) ?? bodies.get('/');
      res.writeHead(200, { 'content-type': type, 'content-length': body.length });
      res.end(body);
    });
    await new Promise((r) => bare.listen(BARE_PORT, '127.0.0.1', r));
    const bareRuns = [];
    const cachedRuns = [];
    for (const page of measured) {
      // Once the web app has answered what it still had queued from the previous run.
      await fetch(base + page.path);
      bareRuns.push(await run({ url: `http://127.0.0.1:${BARE_PORT}${page.path}` }));
      await fetch(base + page.path);
      cachedRuns.push(await run({ url: base + page.path }));
    }
    await new Promise((r) => bare.close(r));
    bare = undefined;
    console.log(
      `\nPages, ${CONNECTIONS} connections, ${DURATION_S} s each; the bare node:http server sends the same bytes ` +
        'with the same content-type. Aims for the cached pages: ratio ≥ 0.5, p99 ≤ 150 ms.\n',
    );
    measured.forEach((page, i) => {
      const [b, c, u] = [bareRuns[i], cachedRuns[i], uncached[i]];
      const aim = c.requests.average / b.requests.average >= 0.5 && c.latency.p99 <= 150;
      console.log(pageRow(`bare node:http       ${page.path}`, b));
      console.log(`${pageRow(`web, page cache on   ${page.path}`, c, b)}   aims ${verdict(aim)}`);
      console.log(pageRow(`web, page cache off  ${page.path}`, u, b));
      const speedUp =
        u.requests.total === 0
          ? 'not measurable: no answer without the page cache within the run'
          : `×${(c.requests.average / u.requests.average).toFixed(1)} (cached req/s ÷ uncached req/s)`;
      console.log(`${''.padEnd(21)}page cache speed-up: ${speedUp}\n`);
    });

    // 4. Overload.
    await overload(base, `http://127.0.0.1:${API_PORT}`, services, emails, password);

    // 5. Lighthouse.
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const aims = { mobile: 95, desktop: 100 };
    console.log(
      '\nLighthouse 12 (performance, accessibility, best practices, SEO; LCP, TBT, CLS). ' +
        'Aims: performance ≥ 95 mobile, 100 desktop; accessibility 100',
    );
    const lighthouseBase = `http://localhost:${WEB_PORT}`;
    for (const page of [HOME, ABANO, RANKINGS, COMPARE]) {
      for (const formFactor of ['mobile', 'desktop']) {
        const config =
          formFactor === 'desktop'
            ? (await import('lighthouse/core/config/desktop-config.js')).default
            : undefined;
        const result = await lighthouse(
          lighthouseBase + page.path,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          },
          config,
        );
        const { categories: c, audits: a } = result.lhr;
        if (process.env.BENCH_LIGHTHOUSE_DIR) {
          // The whole report, for a look at what weighs (e.g. the LCP element, the long tasks).
          const name = `${page.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${formFactor}.json`;
          writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, name), JSON.stringify(result.lhr));
        }
        const points = (k) => Math.round((c[k]?.score ?? 0) * 100);
        const score = (k) => String(points(k)).padStart(3);
        const aim = points('performance') >= aims[formFactor] && points('accessibility') === 100;
        console.log(
          `${page.label.padEnd(30)} ${formFactor.padEnd(8)} perf ${score('performance')}  a11y ${score('accessibility')}` +
            `  bp ${score('best-practices')}  seo ${score('seo')}   LCP ${a['largest-contentful-paint'].displayValue}` +
            `  TBT ${a['total-blocking-time'].displayValue}  CLS ${a['cumulative-layout-shift'].displayValue}` +
            `   aims ${verdict(aim)}`,
        );
      }
    }
  } finally {
    bare?.close();
    await chrome?.kill();
    await services.stop();
    rmSync(varDir, { recursive: true, force: true });
  }
}

// The overload of the web part: more connections than the two processes can answer in time, on a mix
// through the web origin. The aim is that the excess is refused quickly (503 with Retry-After) rather
// than left to time out.
async function overload(base, api, services, emails, password) {
  const ids = (await allCityIds(api)).filter((id) => id !== '015146' && id !== '028001');
  for (const page of [HOME, MILANO, ABANO]) await fetch(base + page.path);
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const share = (fraction) => Math.max(1, Math.round(OVERLOAD_CONNECTIONS * fraction));
  const routes = [
    {
      name: 'cached pages (/, Milano, Abano)',
      connections: share(0.3),
      requests: [{ path: HOME.path }, { path: MILANO.path }, { path: ABANO.path }],
    },
    {
      name: 'uncached comune pages (random id)',
      connections: share(0.25),
      requests: [{ setupRequest: (r) => ({ ...r, path: `/?comune=${pick(ids)}` }) }],
    },
    {
      name: 'stats API (Italia, random comune)',
      connections: 0,
      requests: [
        { path: '/api/stats/overall/' },
        { setupRequest: (r) => ({ ...r, path: `/api/stats/cities/city/${pick(ids)}/` }) },
      ],
    },
    {
      name: 'login POST /api/auth/login/',
      connections: share(0.1),
      requests: [loginRequest(emails, password)],
    },
  ];
  routes[2].connections = Math.max(1, OVERLOAD_CONNECTIONS - routes.reduce((n, r) => n + r.connections, 0));
  const total = routes.reduce((n, r) => n + r.connections, 0);
  const pids = { API: services.pidOf('api'), web: services.pidOf('web') };
  const peak = { API: 0, web: 0 };
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) peak[name] = Math.max(peak[name], memoryMb(pid).rss);
  };
  sample();
  const sampler = setInterval(sample, 200);
  console.log(
    `Overload: ${total} connections for ${OVERLOAD_SECONDS} s on the web origin, autocannon timeout 10 s, ` +
      `uncached comune pages drawn from ${ids.length} comuni…`,
  );
  const runs = await Promise.all(
    routes.map((route) =>
      runRoute({
        url: base,
        connections: route.connections,
        duration: OVERLOAD_SECONDS,
        timeout: 10,
        requests: route.requests,
        visitors: true,
      }).then((r) => ({ route, ...r })),
    ),
  );
  clearInterval(sampler);
  const afterStarted = performance.now();
  const after = await fetch(`${base}/`).catch(() => undefined);
  const afterMs = performance.now() - afterStarted;
  console.log(
    `\n${'route'.padEnd(34)} ${'conn'.padStart(4)} ${'answers'.padStart(8)} ${'2xx/s'.padStart(7)}` +
      `  2xx p50/p99        503  w/ Retry-After  503 p50/p99       timeouts  socket errors  statuses`,
  );
  const sum = { shed: 0, retryAfter: 0, timeouts: 0, socket: 0 };
  for (const { route, res, statuses, shed } of runs) {
    const answers = Object.values(statuses).reduce((n, v) => n + v, 0);
    const ok = Object.entries(statuses)
      .filter(([code]) => code.startsWith('2'))
      .reduce((n, [, v]) => n + v, 0);
    const socket = res.errors - res.timeouts;
    sum.shed += shed.count;
    sum.retryAfter += shed.retryAfter;
    sum.timeouts += res.timeouts;
    sum.socket += socket;
    const shedLatency = shed.latencies.length
      ? `${Math.round(percentile(shed.latencies, 50))}/${Math.round(percentile(shed.latencies, 99))} ms`
      : '-';
    console.log(
      `${route.name.padEnd(34)} ${String(route.connections).padStart(4)} ${String(answers).padStart(8)}` +
        ` ${(ok / OVERLOAD_SECONDS).toFixed(1).padStart(7)}  ${`${res.latency.p50}/${res.latency.p99} ms`.padEnd(17)}` +
        ` ${String(shed.count).padStart(5)}  ${String(shed.retryAfter).padStart(14)}  ${shedLatency.padEnd(16)}` +
        ` ${String(res.timeouts).padStart(9)}  ${String(socket).padStart(13)}` +
        `  ${JSON.stringify(statuses)}`,
    );
  }
  console.log(
    `\n503 answers: ${sum.shed}, with Retry-After: ${sum.retryAfter}; timeouts: ${sum.timeouts}; ` +
      `socket errors: ${sum.socket}. Aim: the excess refused with 503 + Retry-After, 0 timeouts: ` +
      `${verdict(sum.shed > 0 && sum.retryAfter === sum.shed && sum.timeouts === 0)}`,
  );
  console.log(
    `Right after the overload: / answered ${after ? after.status : 'nothing'} in ${Math.round(afterMs)} ms. ` +
      `Peak resident memory during the overload: API ${peak.API.toFixed(0)} MB, web ${peak.web.toFixed(0)} MB.`,
  );
}

/** Current and peak (high-water mark since start) resident memory of a process in MB, from /proc. */
function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

// flood — one client floods the web app with addresses that are each a miss (issue 34, finding 3) while
// connections read pages it has cached: the built app (build folder apps/web/.next-flood) on a fresh embedded
// database, web BENCH_WEB_PORT and API BENCH_API_PORT (3400/8400 unless set). First the cached pages alone
// (16 connections) and /api/stats/overall/ (8), BENCH_FLOOD_SECONDS (20 s) each, then both again beside
// the flood: 96 connections asking, in turn, /ecocompattatori?cerca=<n>, /?anno=x<n>, /?anno=x<n>&_rsc=
// with `RSC: 1` and /mappa.svg?anno=<n>, with a new <n> each time: addresses that are still a render each
// with the fixes of issue 34 (a value of a parameter the page reads is a page of its own; RSC requests are
// never kept), unlike `?x=<n>`, `v=<n>` or /sitemap.xml, now the pages already kept (HITs), which would make
// the "beside the flood" figures look better than a flood of misses gets. Asked once each, they are rendered
// but not kept once the cache is full (its doorkeeper). Everything comes from 127.0.0.1, one client
// as the web server counts them. Printed: answers/s, p50/p90/p99 of the 2xx answers and the statuses per
// route, then whether the warmed pages are still in the page cache (X-Page-Cache of one more request).
const FLOOD_API_PORT = Number(process.env.BENCH_API_PORT || 8400);
const FLOOD_WEB_PORT = Number(process.env.BENCH_WEB_PORT || 3400);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS || 20);

async function benchFlood() {
  const distDir = process.env.NEXT_DIST_DIR;
  process.env.NEXT_DIST_DIR = '.next-flood';
  ensureWebBuild({ log: (m) => console.log(m) });
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  console.log('\nStarting the API and the web app on a fresh embedded database…');
  const services = startServices({
    env: {
      VAR_DIR: varDir,
      API_PORT: String(FLOOD_API_PORT),
      PORT: String(FLOOD_WEB_PORT),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    log: () => {},
  });
  try {
    await services.ready;
    const base = `http://127.0.0.1:${FLOOD_WEB_PORT}`;
    const cached = [HOME.path, MILANO.path, ABANO.path, '/ecocompattatori', '/glossario'];
    for (const page of cached) await fetch(base + page).then((r) => r.arrayBuffer());
    let n = 0;
    // Each a miss after issue 34's fixes: a new value of a parameter the page reads, or an RSC request.
    const junk = [
      () => ({ path: `/ecocompattatori?cerca=${(n += 1)}` }),
      () => ({ path: `/?anno=x${(n += 1)}` }),
      // `_rsc=`: Next.js's hash of no router headers (any other is answered 307).
      () => ({ path: `/?anno=x${(n += 1)}&_rsc=`, headers: { rsc: '1' } }),
      () => ({ path: `/mappa.svg?anno=${(n += 1)}` }),
    ];
    let turn = 0;
    const readers = [
      { name: 'cached pages (5 pages)', connections: 16, requests: cached.map((p) => ({ path: p })) },
      { name: 'API /api/stats/overall/', connections: 8, requests: [{ path: '/api/stats/overall/' }] },
    ];
    const flood = {
      name: 'flood: a miss each (one client)',
      connections: 96,
      requests: [
        {
          setupRequest: (r) => {
            const next = junk[turn++ % junk.length]();
            return { ...r, path: next.path, headers: { ...r.headers, ...next.headers } };
          },
        },
      ],
    };
    const runAll = (routes) =>
      Promise.all(
        routes.map((route) =>
          runRoute({
            url: base,
            connections: route.connections,
            duration: FLOOD_SECONDS,
            timeout: 10,
            requests: route.requests,
          }).then((r) => ({ route, ...r })),
        ),
      );
    const print = (runs) => {
      for (const { route, res, statuses } of runs) {
        const answers = Object.values(statuses).reduce((sum, v) => sum + v, 0);
        console.log(
          `${route.name.padEnd(34)} ${String(route.connections).padStart(4)} ${(answers / FLOOD_SECONDS).toFixed(0).padStart(8)}` +
            `  ${`${res.latency.p50}/${res.latency.p90}/${res.latency.p99} ms`.padEnd(20)} ${String(res.timeouts).padStart(8)}  ${JSON.stringify(statuses)}`,
        );
      }
    };
    const header = `${'route'.padEnd(34)} ${'conn'.padStart(4)} ${'answers/s'.padStart(8)}  ${'2xx p50/p90/p99'.padEnd(20)} timeouts  statuses`;
    console.log(`\nAlone, ${FLOOD_SECONDS} s:\n${header}`);
    print(await runAll(readers));
    console.log(`\nBeside the flood, ${FLOOD_SECONDS} s:\n${header}`);
    print(await runAll([...readers, flood]));
    console.log(`(${n} junk addresses asked in all)`);
    const after = [];
    for (const page of cached) {
      const res = await fetch(base + page);
      await res.arrayBuffer();
      after.push(`${page} ${res.status} ${res.headers.get('x-page-cache')}`);
    }
    console.log(`After the flood, the warmed pages: ${after.join('; ')}`);
  } finally {
    await services.stop();
    rmSync(varDir, { recursive: true, force: true });
    if (distDir === undefined) delete process.env.NEXT_DIST_DIR;
    else process.env.NEXT_DIST_DIR = distDir;
  }
}

// load — a mixed load on the built app as `npm start` runs it (web 3300, API 8300 unless BENCH_WEB_PORT /
// BENCH_API_PORT, fresh embedded database, build in apps/web/.next-chaos): 100 connections for 60 s
// (BENCH_LOAD_SECONDS), everything through the web app's origin as a browser would: home page, comune
// pages, the statistics API, the city search, login. Throughput, p50/p99 per route, errors (socket errors,
// timeouts, answers other than 2xx, 429 and 503), 429s and 503s apart, and the peak resident memory of the
// API and the web app.
async function benchLoad() {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
  const distDir = process.env.NEXT_DIST_DIR;
  process.env.NEXT_DIST_DIR = '.next-chaos';
  ensureWebBuild({ log: (m) => console.log(m) });
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  // Several accounts, taken in turn: each login attempt counts on its account until it succeeds (at most
  // 10 in flight per account), and 15 connections signing in to one account at once is not a real use.
  const emails = [1, 2, 3, 4, 5].map((n) => `carico${n}@example.it`);
  const password = 'Carico-Misto-2024';
  createAccounts(varDir, emails, password);
  console.log('\nStarting the API and the web app on a fresh embedded database…');
  const services = startServices({
    env: {
      VAR_DIR: varDir,
      API_PORT: String(LOAD_API_PORT),
      PORT: String(LOAD_WEB_PORT),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    log: () => {},
  });
  try {
    await services.ready;
    const base = `http://127.0.0.1:${LOAD_WEB_PORT}`;
    // Comuni with data (a few merged away before 2024 have none), each page and statistic asked once.
    const page = await (await fetch(`${base}/api/cities/city/?pageSize=500`)).json();
    const cities = [];
    for (const { id } of page.results.sort(() => Math.random() - 0.5)) {
      if ((await fetch(`${base}/api/stats/cities/city/${id}/`)).ok) cities.push(id);
      if (cities.length === 100) break;
    }
    for (const id of cities) await fetch(`${base}/?comune=${id}`);
    await fetch(`${base}/`);
    const pick = (list) => list[Math.floor(Math.random() * list.length)];
    const searches = ['rom', 'mil', 'tor', 'nap', 'bol', 'san', 'ver', 'pad', 'cas', 'mon', 'bar', 'pal'];
    const routes = [
      { name: 'home page /', connections: 20, requests: [{ path: '/' }] },
      {
        name: 'comune page /?comune={id}',
        connections: 20,
        requests: [{ setupRequest: (r) => ({ ...r, path: `/?comune=${pick(cities)}` }) }],
      },
      {
        name: 'stats API (Italia, comune)',
        connections: 25,
        requests: [
          { path: '/api/stats/overall/' },
          { setupRequest: (r) => ({ ...r, path: `/api/stats/cities/city/${pick(cities)}/` }) },
        ],
      },
      {
        name: 'search /api/cities/city/?search=',
        connections: 20,
        requests: [{ setupRequest: (r) => ({ ...r, path: `/api/cities/city/?search=${pick(searches)}` }) }],
      },
      {
        // A distinct X-Forwarded-For per login (the API trusts the web app's proxy on loopback), so that
        // the per-IP limit of 30 logins in 5 minutes does not turn the run into a run of 429s.
        name: 'login POST /api/auth/login/',
        connections: 15,
        requests: [loginRequest(emails, password)],
      },
    ];
    const pids = { API: services.pidOf('api'), web: services.pidOf('web') };
    const peak = { API: 0, web: 0 };
    const sample = () => {
      for (const [name, pid] of Object.entries(pids)) peak[name] = Math.max(peak[name], memoryMb(pid).rss);
    };
    sample();
    const before = { API: peak.API, web: peak.web };
    const sampler = setInterval(sample, 200);
    const total = routes.reduce((n, r) => n + r.connections, 0);
    console.log(`\n${total} connections for ${seconds} s, split by route, all on the web app's origin\n`);
    const runs = await Promise.all(
      routes.map((route) =>
        runRoute({
          url: base,
          connections: route.connections,
          duration: seconds,
          timeout: 30,
          requests: route.requests,
          visitors: true,
        }).then((r) => ({ route, ...r })),
      ),
    );
    clearInterval(sampler);
    sample();
    let requests = 0;
    let errors = 0;
    let shedTotal = 0;
    console.log(
      `${'route'.padEnd(36)} ${'conn'.padStart(4)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)}` +
        `   p50      p99      errors   429   503`,
    );
    for (const { route, res, statuses } of runs) {
      const throttled = statuses[429] ?? 0;
      const shed = statuses[503] ?? 0;
      const bad = Object.entries(statuses)
        .filter(([code]) => !code.startsWith('2') && code !== '429' && code !== '503')
        .reduce((n, [, v]) => n + v, 0);
      // autocannon's errors include its timeouts.
      const routeErrors = res.errors + bad;
      requests += res.requests.total;
      errors += routeErrors;
      shedTotal += shed;
      console.log(
        `${route.name.padEnd(36)} ${String(route.connections).padStart(4)} ${String(res.requests.total).padStart(8)}` +
          ` ${(res.requests.total / seconds).toFixed(1).padStart(7)}   ${`${res.latency.p50} ms`.padEnd(8)} ` +
          `${`${res.latency.p99} ms`.padEnd(8)} ${String(routeErrors).padStart(6)} ${String(throttled).padStart(5)}` +
          ` ${String(shed).padStart(5)}` +
          (bad || res.errors ? `   statuses ${JSON.stringify(statuses)}, timeouts ${res.timeouts}` : ''),
      );
    }
    console.log(
      `\nThroughput: ${(requests / seconds).toFixed(1)} req/s overall, ${requests} requests, ${errors} errors, ` +
        `${shedTotal} answers 503 (load shed)`,
    );
    if (errors > 0) {
      console.log('The mixed load must run without errors: see the statuses above.');
      process.exitCode = 1;
    }
    for (const name of ['API', 'web']) {
      const m = memoryMb(pids[name]);
      console.log(
        `${name} resident memory: ${before[name].toFixed(0)} MB before, ${peak[name].toFixed(0)} MB at peak during ` +
          `the load (sampled every 200 ms), ${m.hwm.toFixed(0)} MB high-water mark since start (VmHWM)`,
      );
    }
  } finally {
    await services.stop();
    rmSync(varDir, { recursive: true, force: true });
    if (distDir === undefined) delete process.env.NEXT_DIST_DIR;
    else process.env.NEXT_DIST_DIR = distDir;
  }
}

// cluster — `npm run cluster` on a fresh PostgreSQL database and Redis (BENCH_REDIS_URL, default
// redis://127.0.0.1:6379/9), with 1 API + 1 web process and then 2 + 2, at 64 connections for BENCH_SECONDS:
// 50 comune pages from the web processes' cache and the statistics of 500 comuni, through nginx, and with
// one process of each, the same straight to the process (what nginx costs). Prints req/s, p50/p99, errors
// and req/s per process of the kind that answered.
const CLUSTER_PORT = 3600;
async function benchCluster() {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_DATABASE_URL;
  if (!(await postgresAnswers(adminUrl))) {
    console.log(`(no PostgreSQL at ${adminUrl}: the cluster part needs one)`);
    return;
  }
  ensureWebBuild({ log: (m) => console.log(m) });
  const database = await createFreshDatabase(adminUrl, 'portal_bench_cluster');
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-cluster-'));
  const ports = { port: CLUSTER_PORT, webPort: CLUSTER_PORT + 1, apiPort: 8601, internalPort: 8699 };
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/9',
    VAR_DIR: varDir,
    LOG_LEVEL: 'warn',
  };
  const base = `http://127.0.0.1:${CLUSTER_PORT}`;
  const rows = [];
  try {
    for (const [apis, webs] of [
      [1, 1],
      [2, 2],
    ]) {
      console.log(`\nStarting the cluster: ${apis} API + ${webs} web processes behind nginx…`);
      const cluster = spawnCluster({
        api: apis,
        web: webs,
        ...ports,
        env,
        logFile: path.join(varDir, `cluster-${apis}-${webs}.log`),
      });
      try {
        if (!(await cluster.ready))
          throw new Error(`the cluster did not start:\n${cluster.output().slice(-3000)}`);
        const all = await allCityIds(base);
        const cities = all.slice(0, 500);
        const pages = all.slice(0, 50).map((id) => `/?comune=${id}`);
        // Every page in every web process's cache, every comune in every API process's.
        for (let i = 0; i < webs; i++)
          for (const p of pages) await fetch(`http://127.0.0.1:${ports.webPort + i}${p}`);
        for (let i = 0; i < apis; i++)
          for (const id of cities)
            await fetch(`http://127.0.0.1:${ports.apiPort + i}/api/stats/cities/city/${id}/`);
        const pick = (list) => list[Math.floor(Math.random() * list.length)];
        // X-Page-Cache of each answer: a row is about cached pages only if they were HITs.
        const cacheStates = {};
        const pageLoad = (url) => ({
          url,
          requests: [
            {
              setupRequest: (req) => ({ ...req, path: pick(pages) }),
              onResponse: (_status, _body, _context, headers) => {
                const state = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'x-page-cache');
                cacheStates[state?.[1] ?? 'none'] = (cacheStates[state?.[1] ?? 'none'] ?? 0) + 1;
              },
            },
          ],
        });
        /** A row of the table: [name, result, processes that answered, note]. */
        const pagesRow = async (name, url, processes) => {
          for (const key of Object.keys(cacheStates)) delete cacheStates[key];
          const r = await run(pageLoad(url));
          return [name, r, processes, `   X-Page-Cache ${JSON.stringify(cacheStates)}`];
        };
        const statsLoad = (url) => ({
          url,
          requests: [
            { setupRequest: (req) => ({ ...req, path: `/api/stats/cities/city/${pick(cities)}/` }) },
          ],
        });
        const label = `${apis} API + ${webs} web`;
        rows.push(await pagesRow(`${label}, nginx: comune pages`, base, webs));
        rows.push([`${label}, nginx: comune statistics`, await run(statsLoad(base)), apis]);
        if (apis === 1) {
          rows.push(
            await pagesRow('1 web process, direct: comune pages', `http://127.0.0.1:${ports.webPort}`, 1),
          );
          rows.push([
            '1 API process, direct: comune statistics',
            await run(statsLoad(`http://127.0.0.1:${ports.apiPort}`)),
            1,
          ]);
        }
      } finally {
        const code = await cluster.stop();
        if (code !== 0) console.log(`(the cluster stopped with ${code})`);
      }
    }
    console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, on ${os.cpus().length} cores\n`);
    for (const [name, r, processes, note = ''] of rows)
      console.log(
        `${row(name, r)}   per process ${String(Math.round(r.requests.average / processes)).padStart(6)} req/s${note}`,
      );
  } finally {
    rmSync(varDir, { recursive: true, force: true });
    await database.drop();
  }
}

const parts = process.argv.slice(2);
if (parts.length === 0 || parts.includes('stats')) await benchStats();
if (parts.length === 0 || parts.includes('web')) await benchWeb();
if (parts.length === 0 || parts.includes('csv')) {
  await benchCsv({ label: 'PGlite' });
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_DATABASE_URL;
  if (await postgresAnswers(adminUrl)) {
    const database = await createFreshDatabase(adminUrl, 'portal_bench');
    try {
      await benchCsv({ label: 'PostgreSQL', databaseUrl: database.url });
    } finally {
      await database.drop();
    }
  } else {
    console.log(`(no PostgreSQL at ${adminUrl}: the PostgreSQL run is skipped)`);
  }
}
if (parts.length === 0 || parts.includes('load')) await benchLoad();
if (parts.includes('flood')) await benchFlood();
if (parts.includes('cluster')) await benchCluster();
