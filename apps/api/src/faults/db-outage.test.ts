/**
 * Fault: the database goes away. A TCP proxy sits between the API and PostgreSQL and is cut in the
 * middle of the run, either refusing connections or swallowing them (a silent network cut). The API
 * must say so quickly (health 503 within 2 s), keep serving the statistics it has cached, answer
 * writes with 503 and the generic Italian message, never hang, and recover by itself when the proxy
 * comes back. PostgreSQL is the database here in both test passes: PGlite has no network to cut.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDb, type Db } from '../db/db';
import { createPostgresTestDb, type TestDb } from '../../test/db';
import { insertGeoFixture } from '../../test/fixtures';
import { PASSWORD, client, testConfig } from '../../test/accounts';
import { TcpProxy, type CutMode } from '../../test/tcp-proxy';
import { runAccountsCommand } from '../cli/accounts-commands';

const UNAVAILABLE = { detail: 'Servizio temporaneamente non disponibile, riprova più tardi.' };
const UNAVAILABLE_EN = { detail: 'Service temporarily unavailable, please try again later.' };
// The pool's limits in this test: a connection attempt may take 1 s, a statement 2 s.
const CONNECT_TIMEOUT_MS = 1000;
const QUERY_TIMEOUT_MS = 2000;
// A write may wait for a connection attempt and a statement, plus an argon2 hash: 6 s is generous.
const WRITE_BOUND_MS = 6000;
const CACHED = ['/api/stats/overall/?region=05', '/api/stats/cities/city/028001/'];
// Not cached: each call is a search the response cache has not seen, so it reads the database.
let searches = 0;
const uncached = () => `/api/cities/city/?search=padova${++searches}`;
const USER = 'resiliente@example.it';

let t: TestDb;
let proxy: TcpProxy;
let appDb: Db;
let app: App;
let seq = 0;

beforeAll(async () => {
  t = await createPostgresTestDb();
  await insertGeoFixture(t.db);
  await runAccountsCommand(
    t.db,
    ['user', 'create', '--email', USER, '--password', PASSWORD, '--verified'],
    () => {},
  );
  const target = new URL(t.url!);
  proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.start();
  const viaProxy = new URL(t.url!);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  appDb = await openDb({
    databaseUrl: viaProxy.toString(),
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    queryTimeoutMs: QUERY_TIMEOUT_MS,
  });
  // The cache checks the data version every 100 ms, so the outage hits the check too.
  app = await buildApp({ db: appDb, config: testConfig(), cacheCheckEveryMs: 100 });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await appDb?.close();
  await proxy?.stop();
  await t?.drop();
});

/** A request and how long it took. */
async function timed<T>(fn: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const started = performance.now();
  const res = await fn();
  return { res, ms: performance.now() - started };
}

/** One write of each kind, each from its own client address (the per-IP limits stay out of the way). */
function writes() {
  const api = client(app);
  seq += 1;
  const email = `nuovo${seq}@example.it`;
  return {
    register: (lang?: string) =>
      api.post(
        '/api/registration/',
        { email1: email, email2: email, firstName: 'Nora', lastName: 'Rossi', password: 'Lattine-Blu-2024' },
        { ip: `10.0.${seq}.1`, lang },
      ),
    login: () => api.post('/api/auth/login/', { email: USER, password: PASSWORD }, { ip: `10.0.${seq}.2` }),
    contact: () =>
      api.post(
        '/api/contact-us/',
        {
          firstName: 'Nora',
          lastName: 'Rossi',
          email,
          reason: 'platform_report',
          message: 'Prova durante un guasto del database.',
          privacy: true,
        },
        { ip: `10.0.${seq}.3` },
      ),
  };
}

describe.each<CutMode>(['refuse', 'hang'])('the database cut off (%s)', (mode) => {
  const warm = new Map<string, { body: string; etag: string | undefined }>();

  it('serves normally before the cut, and warms the statistics cache', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    expect((await writes().login()).statusCode).toBe(200);
    for (const url of CACHED) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      warm.set(url, { body: res.body, etag: res.headers.etag as string | undefined });
    }
  });

  it('health answers 503 within 2 s, while the statistics already cached keep answering', async () => {
    await proxy.cut(mode);
    const health = await timed(() => app.inject({ method: 'GET', url: '/api/health/' }));
    expect(health.res.statusCode).toBe(503);
    expect(health.res.json()).toEqual({ status: 'unavailable' });
    expect(health.ms).toBeLessThan(2000);

    // Let the cache's data-version check fail a few times: it must not drop what it holds.
    await new Promise((r) => setTimeout(r, 500));
    for (const url of CACHED) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(warm.get(url)!.body);
      expect(res.headers.etag, url).toBe(warm.get(url)!.etag);
    }
  });

  it('answers writes and uncached reads with 503 and the generic message, in bounded time', async () => {
    const w = writes();
    const cases = {
      register: () => w.register(),
      login: () => w.login(),
      contact: () => w.contact(),
      uncached: () => app.inject({ method: 'GET', url: uncached() }),
    };
    for (const [name, call] of Object.entries(cases)) {
      const { res, ms } = await timed(call);
      expect(res.statusCode, name).toBe(503);
      // Exactly the documented shape: no stack trace, no driver message.
      expect(res.json(), name).toEqual(UNAVAILABLE);
      expect(ms, name).toBeLessThan(WRITE_BOUND_MS);
    }
    const en = await writes().register('en');
    expect(en.statusCode).toBe(503);
    expect(en.json()).toEqual(UNAVAILABLE_EN);
  });

  it('works again without a restart once the database is back', async () => {
    await proxy.heal();
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/health/' })).statusCode, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(200);
    const w = writes();
    const reg = await w.register();
    expect(reg.statusCode, reg.body).toBe(201);
    const login = await w.login();
    expect(login.statusCode, login.body).toBe(200);
    const contact = await w.contact();
    expect(contact.statusCode, contact.body).toBe(201);
    expect((await app.inject({ method: 'GET', url: uncached() })).statusCode).toBe(200);
    for (const url of CACHED) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(warm.get(url)!.body);
    }
    // The registrations of the outage left nothing behind; the one after it did.
    const users = await t.db.query<{ email: string }>(
      `SELECT email FROM users WHERE email LIKE 'nuovo%' ORDER BY email`,
    );
    expect(users.map((u) => u.email)).toContain(`nuovo${seq}@example.it`);
    expect(users.length).toBe(mode === 'refuse' ? 1 : 2);
  });
});
