// `npm test`: unit tests, the API integration tests on PGlite and on PostgreSQL, and the Playwright
// suite in Debian's Chromium against the built app. `node scripts/test.mjs api|e2e|unit` runs one part;
// `node scripts/test.mjs e2e e2e/foo.spec.ts …` passes the remaining arguments to Playwright.
// The API passes, the unit tests and the web build run side by side (much of the API tests' time is
// spent waiting: on PostgreSQL, on timers, on sockets), each part's output printed whole when it ends.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import {
  DEFAULT_ADMIN_DATABASE_URL,
  ROOT,
  createFreshDatabase,
  ensureWebBuild,
  postgresAnswers,
  startServices,
} from './services.mjs';

const only = process.argv[2];
const playwrightArgs = only === 'e2e' ? process.argv.slice(3) : [];
const CI = process.env.CI === 'true' || process.env.CI === '1';
const CHROMIUM = '/usr/bin/chromium';
// Ports of the servers the browser tests start (E2E_WEB_PORT / E2E_API_PORT override them).
const E2E_WEB_PORT = process.env.E2E_WEB_PORT ?? '3100';
const E2E_API_PORT = process.env.E2E_API_PORT ?? '8100';
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
const PLAYWRIGHT = path.join(ROOT, 'node_modules/@playwright/test/cli.js');
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedParts = [];
/** [part, lines] of each failed background part: why it failed, printed again at the end. */
const digests = [];
/** [part, seconds] of each part, printed at the end. */
const durations = [];
const startedAt = Date.now();

const log = (msg) => process.stdout.write(`\n[test] ${msg}\n`);
const secondsSince = (t) => Math.round((Date.now() - t) / 1000);

function run(part, args, env = {}) {
  log(part);
  const started = Date.now();
  const res = spawnSync(process.execPath, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  durations.push([part, secondsSince(started)]);
  if (res.status !== 0) failedParts.push(part);
  return res.status === 0;
}

/**
 * The lines of a failed part's output that say why (failed tests, errors, timeouts), at most 60: the
 * whole output comes before the browser tests' and is out of sight at the end of a long log.
 * @param {string} output
 */
function failureDigest(output) {
  const plain = stripVTControlCharacters(output);
  const lines = plain.split('\n');
  const wanted = /FAIL|✗|×|Error|Unhandled|timed out|Timeout|exit code|⎯⎯/;
  return lines.filter((line) => wanted.test(line)).slice(0, 60);
}

/** Like run(), without waiting: the output goes to a file, printed whole when the part ends. */
function runInBackground(part, args, env = {}) {
  log(`${part}: started`);
  const started = Date.now();
  const file = path.join(reportDir, `${part.replace(/\W+/g, '-')}.log`);
  const fd = openSync(file, 'w');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      closeSync(fd);
      durations.push([part, secondsSince(started)]);
      log(`${part}: ended after ${secondsSince(started)} s${code === 0 ? '' : `, exit code ${code}`}`);
      const output = readFileSync(file);
      process.stdout.write(output);
      if (code !== 0) {
        failedParts.push(part);
        digests.push([part, failureDigest(output.toString('utf8'))]);
      }
      resolve(code === 0);
    });
  });
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

async function vitest(part, project, env) {
  const out = path.join(reportDir, `${part.replace(/\W+/g, '-')}.json`);
  await runInBackground(
    part,
    [
      VITEST,
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
  countVitest(out);
}

/** True when a Redis server answers PING at redis://host:port. */
function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/** Environment of the API passes: TEST_REDIS_URL when Redis answers (required under CI). */
async function redisEnv() {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await redisAnswers(url)) return { TEST_REDIS_URL: url };
  if (CI) {
    log(`Redis does not answer at ${url}, and CI requires the Redis rate-limit tests.`);
    failedParts.push('Redis rate-limit store');
  } else {
    log(`Notice: no Redis answers at ${url}; the Redis rate-limit tests are skipped (set TEST_REDIS_URL).`);
  }
  return { TEST_REDIS_URL: '' };
}

/** The API passes: on PGlite, and on PostgreSQL when it answers (required under CI). */
async function apiPasses() {
  const redis = await redisEnv();
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_DATABASE_URL;
  const passes = [vitest('API tests on PGlite', 'api', { TEST_DB_KIND: 'pglite', ...redis })];
  if (await postgresAnswers(url)) {
    passes.push(
      vitest('API tests on PostgreSQL', 'api', {
        TEST_DB_KIND: 'postgres',
        TEST_DATABASE_URL: url,
        ...redis,
      }),
    );
  } else if (CI) {
    log(`PostgreSQL does not answer at ${url}, and CI requires that pass.`);
    failedParts.push('API tests on PostgreSQL');
  } else {
    log(`Notice: no PostgreSQL answers at ${url}; the PostgreSQL pass is skipped (set TEST_DATABASE_URL).`);
  }
  await Promise.all(passes);
}

const e2eWanted = (!only || only === 'e2e') && (existsSync(CHROMIUM) || CI);
await Promise.all([
  (async () => {
    if (!only || only === 'unit') await vitest('unit tests', 'unit');
    // The browser tests' build (a no-op when the built app is current), while the API passes run.
    if (!only && e2eWanted) {
      await runInBackground('web build', [
        '--input-type=module',
        '-e',
        "const { ensureWebBuild } = await import('./scripts/services.mjs'); ensureWebBuild();",
      ]);
    }
  })(),
  !only || only === 'api' ? apiPasses() : undefined,
]);

if (!only || only === 'e2e') {
  if (!e2eWanted) {
    log(`Notice: ${CHROMIUM} is missing; the browser tests are skipped (apt-get install chromium).`);
  } else if (!failedParts.includes('web build')) {
    await runE2e();
  }
}

/**
 * The browser tests run the built app against a fresh database: on the PostgreSQL server when one answers
 * (so fixtures can run admin commands while the API is up), on a fresh embedded PGlite otherwise.
 */
async function runE2e() {
  log('browser tests: building the web app and starting both servers on a fresh database');
  try {
    ensureWebBuild({ log });
  } catch (err) {
    failedParts.push(`web build: ${err.message}`);
    return;
  }
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_DATABASE_URL;
  let database;
  if (await postgresAnswers(adminUrl)) {
    database = await createFreshDatabase(adminUrl, 'portal_e2e');
  } else if (CI) {
    failedParts.push('browser tests need PostgreSQL under CI');
    return;
  } else {
    log('Notice: no PostgreSQL answers; the browser tests run on PGlite and skip what needs admin commands.');
  }
  const databaseUrl = database?.url ?? '';
  const services = startServices({
    env: {
      VAR_DIR: varDir,
      API_PORT: E2E_API_PORT,
      PORT: E2E_WEB_PORT,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
    },
    log,
  });
  try {
    await services.ready;
    const out = path.join(reportDir, 'e2e.json');
    run(
      'Playwright suite in Chromium',
      [PLAYWRIGHT, 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json', ...playwrightArgs],
      {
        E2E_BASE_URL: `http://localhost:${E2E_WEB_PORT}`,
        E2E_API_URL: `http://127.0.0.1:${E2E_API_PORT}`,
        E2E_VAR_DIR: varDir,
        E2E_DATABASE_URL: databaseUrl,
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      },
    );
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats;
      totals.passed += s.expected + s.flaky;
      totals.failed += s.unexpected;
      totals.skipped += s.skipped;
    }
  } catch (err) {
    failedParts.push(`servers for the browser tests: ${err.message}`);
  } finally {
    await services.stop();
    rmSync(varDir, { recursive: true, force: true });
    await database?.drop();
  }
}

rmSync(reportDir, { recursive: true, force: true });
console.log('');
for (const [part, seconds] of durations) console.log(`[test] ${part}: ${seconds} s`);
console.log(`[test] total: ${secondsSince(startedAt)} s`);
for (const [part, lines] of digests) {
  console.log(`[test] why ${part} failed (its lines that name a failure or an error):`);
  for (const line of lines.length ? lines : ['(none: see its whole output above)']) console.log(`  ${line}`);
}
if (failedParts.length) console.log(`[test] failed parts: ${failedParts.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedParts.length ? 1 : 0);
