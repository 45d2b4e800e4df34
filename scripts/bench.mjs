// `npm run bench`: performance figures, printed, never asserted by a test. Parts: `stats`, `web`, `csv` and
// `load` (all four by default; `npm run bench -- load` runs one). The mixed load must give no error: when it
// does, the figures are printed all the same and the command exits 1.
// stats — the API on the bundled data under 64 connections, beside a bare node:http server that answers
// the same bytes, in the same run: req/s, p50/p99 latency and the ratio to the bare server.
import http from 'node:http';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  startServices,
} from './services.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 64;
const API_PORT = Number(process.env.BENCH_API_PORT || 8200);
const BARE_PORT = API_PORT + 1;
const WEB_PORT = 3200;

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
    const all = [];
    for (let next = `${api}/api/cities/city/?pageSize=500`; next;) {
      const page = await (await fetch(next)).json();
      all.push(...page.results.map((c) => c.id));
      next = page.next && page.next.replace(/^https?:\/\/[^/]+/, api);
    }
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

// web — the home page's first-load JavaScript and Lighthouse (mobile and desktop) on / and a comune view,
// in Debian's Chromium, against the built app on a fresh embedded database.
async function benchWeb() {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  ensureWebBuild({ log: (m) => console.log(m) });
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  console.log('\nStarting the API and the web app on a fresh embedded database…');
  const services = startServices({
    env: {
      VAR_DIR: varDir,
      API_PORT: String(API_PORT),
      PORT: String(WEB_PORT),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    log: () => {},
  });
  let chrome;
  try {
    await services.ready;
    const base = `http://localhost:${WEB_PORT}`;
    const js = await firstLoadJs(base, '/');
    console.log(
      `\nFirst-load JavaScript of /: ${(js.withoutNoModule / 1024).toFixed(1)} KB gzipped in modern browsers ` +
        `(${(js.gzipped / 1024).toFixed(1)} KB with the nomodule polyfills, ${js.scripts} scripts); budget 250 KB`,
    );
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
    const pages = [
      ['/', 'home (Italia)'],
      ['/?comune=028001', 'comune (Abano Terme)'],
    ];
    console.log('\nLighthouse 12 (performance, accessibility, best practices, SEO; LCP, TBT, CLS)');
    for (const [pathname, label] of pages) {
      for (const formFactor of ['mobile', 'desktop']) {
        const config =
          formFactor === 'desktop'
            ? (await import('lighthouse/core/config/desktop-config.js')).default
            : undefined;
        const result = await lighthouse(
          base + pathname,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          },
          config,
        );
        const { categories: c, audits: a } = result.lhr;
        const score = (k) => String(Math.round((c[k]?.score ?? 0) * 100)).padStart(3);
        console.log(
          `${label.padEnd(22)} ${formFactor.padEnd(8)} perf ${score('performance')}  a11y ${score('accessibility')}` +
            `  bp ${score('best-practices')}  seo ${score('seo')}   LCP ${a['largest-contentful-paint'].displayValue}` +
            `  TBT ${a['total-blocking-time'].displayValue}  CLS ${a['cumulative-layout-shift'].displayValue}`,
        );
      }
    }
  } finally {
    await chrome?.kill();
    await services.stop();
    rmSync(varDir, { recursive: true, force: true });
  }
}

/** Current and peak (high-water mark since start) resident memory of a process in MB, from /proc. */
function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

// load — a mixed load on the built app as `npm start` runs it (web 3300, API 8300, fresh embedded database,
// build in apps/web/.next-chaos): 100 connections for 60 s (BENCH_LOAD_SECONDS), everything through the web
// app's origin as a browser would: home page, comune pages, the statistics API, the city search, login.
// Throughput, p50/p99 per route, errors (socket errors, timeouts, answers other than 2xx and 429) and 429s
// apart, and the peak resident memory of the API and the web app.
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
  const env = { ...process.env, VAR_DIR: varDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
  for (const email of emails) {
    const created = spawnSync(
      'npm',
      ['run', '-s', 'admin', '--', 'user', 'create', '--email', email, '--password', password, '--verified'],
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(`admin user create: ${created.stderr}`);
  }
  console.log('\nStarting the API and the web app on a fresh embedded database…');
  const services = startServices({
    env: { VAR_DIR: varDir, API_PORT: '8300', PORT: '3300', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    log: () => {},
  });
  try {
    await services.ready;
    const base = 'http://127.0.0.1:3300';
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
    const csrf = 'bench-csrf-token-0123456789abcdef';
    let ip = 0;
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
        requests: [
          {
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
          },
        ],
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
      routes.map(
        (route) =>
          new Promise((resolve, reject) => {
            const statuses = {};
            const instance = autocannon(
              {
                url: base,
                connections: route.connections,
                duration: seconds,
                timeout: 30,
                requests: route.requests,
              },
              (err, res) => (err ? reject(err) : resolve({ route, res, statuses })),
            );
            instance.on('response', (_client, status) => (statuses[status] = (statuses[status] ?? 0) + 1));
          }),
      ),
    );
    clearInterval(sampler);
    sample();
    let requests = 0;
    let errors = 0;
    console.log(
      `${'route'.padEnd(36)} ${'conn'.padStart(4)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)}` +
        `   p50      p99      errors   429`,
    );
    for (const { route, res, statuses } of runs) {
      const throttled = statuses[429] ?? 0;
      const bad = Object.entries(statuses)
        .filter(([code]) => !(Number(code) >= 200 && Number(code) < 300) && code !== '429')
        .reduce((n, [, v]) => n + v, 0);
      const routeErrors = res.errors + res.timeouts + bad;
      requests += res.requests.total;
      errors += routeErrors;
      console.log(
        `${route.name.padEnd(36)} ${String(route.connections).padStart(4)} ${String(res.requests.total).padStart(8)}` +
          ` ${(res.requests.total / seconds).toFixed(1).padStart(7)}   ${`${res.latency.p50} ms`.padEnd(8)} ` +
          `${`${res.latency.p99} ms`.padEnd(8)} ${String(routeErrors).padStart(6)} ${String(throttled).padStart(5)}` +
          (bad ? `   statuses ${JSON.stringify(statuses)}` : ''),
      );
    }
    console.log(
      `\nThroughput: ${(requests / seconds).toFixed(1)} req/s overall, ${requests} requests, ${errors} errors`,
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
