import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { App } from '../app';
import { rvmRoutes } from '../features/rvm/rvm.routes';
import { errorsPlugin, httpError } from '../plugins/errors';
import { createAuthToken } from '../plugins/auth';
import { responseCachePlugin } from '../plugins/response-cache';
import { insertUser } from '../features/accounts/accounts.repo';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { testConfig } from '../../test/accounts';
import { listRoutes, routeKey } from '../../test/routes';

/*
 * Pen-test findings 5 and 6 (docs/security.md).
 * 5: the response cache was keyed on the raw query string and held up to 20,000 entries, so anonymous
 *    GETs spelling one query many ways (page=0002, page=00002…) could fill gigabytes.
 * 6: the pagination links of cached, `public` bodies were built from the request's Host and
 *    X-Forwarded-* headers, so one request with `Host: evil.example` poisoned them for every caller.
 */

const PUBLIC_URL = 'https://portale.example.it';
const LIST = '/api/reverse-vending-machines/reverse-vending-machine/';

let t: TestDb;
let app: App;
beforeAll(async () => {
  ({ t, app } = await buildTestApp({ template: 'seeded', config: testConfig({ PUBLIC_URL }) }));
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('finding 5: the response cache is keyed on the validated query and bounded in bytes', () => {
  it('stores one entry for every spelling of the same query', async () => {
    app.responseCache.clear();
    const spellings = [
      `${LIST}?page=2&pageSize=10`,
      `${LIST}?pageSize=10&page=2`,
      `${LIST}?page=0002&pageSize=010`,
      `${LIST}?page=00000000002&pageSize=10`,
      `${LIST}?page=2.0&pageSize=1e1`,
      `${LIST}?page=%32&pageSize=%31%30`,
      `${LIST}?page=+2&pageSize=10+`,
      `/${LIST}/?page=2&pageSize=10`,
    ];
    const etags = new Set<string>();
    for (const url of spellings) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      etags.add(String(res.headers.etag));
    }
    expect(etags.size).toBe(1);
    expect(app.responseCache.size).toBe(1);

    // A trimmed search: blanks of any length are the same (empty) search.
    for (const search of ['', '%20', '%20%20%20', '+++', '%09']) {
      expect((await get(`${LIST}?search=${search}`)).statusCode).toBe(200);
    }
    expect(app.responseCache.size).toBe(2);

    // Unknown parameters are refused by the strict schema before the cache is reached.
    for (let i = 0; i < 5; i++) {
      expect((await get(`${LIST}?page=2&pageSize=10&x${i}=1`)).statusCode).toBe(400);
    }
    expect(app.responseCache.size).toBe(2);

    // A route without a query schema ignores the query, and duplicate slashes are the same route.
    const operators = '/api/reverse-vending-machines/operators/';
    for (const url of [operators, `${operators}?a=1`, `${operators}?a=2&b=`, `/${operators}/?z=9`]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect(app.responseCache.size).toBe(3);
  });

  it('never holds more bytes than its bound, however many distinct queries', async () => {
    const maxBytes = 64 * 1024;
    const small = Fastify().withTypeProvider<ZodTypeProvider>();
    small.setValidatorCompiler(validatorCompiler);
    small.setSerializerCompiler(serializerCompiler);
    small.decorate('db', t.db);
    small.decorate('config', testConfig({ PUBLIC_URL }));
    await small.register(errorsPlugin);
    await small.register(responseCachePlugin, { dataVersion: async () => '1', maxBytes });
    await small.register(rvmRoutes);
    try {
      let served = 0;
      for (let pageSize = 1; pageSize <= 40; pageSize++) {
        for (const page of [1, 2, 3]) {
          const res = await small.inject({ method: 'GET', url: `${LIST}?page=${page}&pageSize=${pageSize}` });
          expect(res.statusCode).toBe(200);
          served += res.body.length;
          expect(small.responseCache.bytes).toBeLessThanOrEqual(maxBytes);
        }
      }
      // Far more was served than the bound: the cache evicted rather than grew.
      expect(served).toBeGreaterThan(4 * maxBytes);
      expect(small.responseCache.size).toBeGreaterThan(0);
      expect(small.responseCache.size).toBeLessThan(120);

      // The most recent entry is still served from the cache (304 to its ETag).
      const url = `${LIST}?page=3&pageSize=40`;
      const etag = String((await small.inject({ method: 'GET', url })).headers.etag);
      const again = await small.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
    } finally {
      await small.close();
    }
  });
});

describe('finding 6: pagination links come from PUBLIC_URL and the validated query', () => {
  const canonical = `${PUBLIC_URL}${LIST}`;

  it('ignores Host and X-Forwarded-* so a cached body cannot be poisoned', async () => {
    app.responseCache.clear();
    const evil = await get(`${LIST}?page=2&pageSize=10`, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(evil.statusCode).toBe(200);
    const normal = await get(`${LIST}?page=2&pageSize=10`);
    for (const body of [evil.json(), normal.json()]) {
      expect(body.next).toBe(`${canonical}?page=3&pageSize=10`);
      expect(body.previous).toBe(`${canonical}?pageSize=10`);
    }

    // The comuni list (cached too since issue 17): its links do not follow Host either.
    const cities = await get('/api/cities/city/?pageSize=2', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(cities.json().next).toBe(`${PUBLIC_URL}/api/cities/city/?page=2&pageSize=2`);
  });

  it('gives canonical links whatever raw spelling filled the cache entry', async () => {
    app.responseCache.clear();
    const junk = await get(
      `//api//reverse-vending-machines/reverse-vending-machine//?pageSize=010&page=0002.0`,
    );
    expect(junk.statusCode).toBe(200);
    const normal = await get(`${LIST}?page=2&pageSize=10`);
    expect(app.responseCache.size).toBe(1);
    for (const body of [junk.json(), normal.json()]) {
      expect(body.next).toBe(`${canonical}?page=3&pageSize=10`);
      expect(body.previous).toBe(`${canonical}?pageSize=10`);
    }

    // The search as validated (trimmed), the parameters sorted.
    const search = (await get(`${LIST}?search=%20Bottiglia+&pageSize=5&page=02`)).json();
    expect(search.count).toBeGreaterThan(15);
    expect(search.next).toBe(`${canonical}?page=3&pageSize=5&search=Bottiglia`);
    expect(search.previous).toBe(`${canonical}?pageSize=5&search=Bottiglia`);
  });
});

describe('the response cache computes each key once and evicts the least recently used', () => {
  /** An app with one cached route whose computations are counted and held until released. */
  async function countingApp(maxEntries: number) {
    const small = Fastify();
    await small.register(errorsPlugin);
    await small.register(responseCachePlugin, { dataVersion: async () => '1', maxEntries });
    const computed: string[] = [];
    let release = () => {};
    let held = Promise.resolve();
    const hold = () => {
      held = new Promise((r) => (release = r));
    };
    small.get<{ Params: { id: string } }>('/item/:id', async (req, reply) =>
      small.responseCache.send(req, reply, z.object({ id: z.string() }), async () => {
        computed.push(req.params.id);
        await held;
        if (req.params.id === 'broken') throw httpError(503, 'unavailable');
        return { id: req.params.id };
      }),
    );
    return { small, computed, hold, release: () => release() };
  }

  it('answers simultaneous misses of one key with one computation', async () => {
    const { small, computed, hold, release } = await countingApp(10);
    try {
      hold();
      const answers = Array.from({ length: 8 }, () => small.inject({ method: 'GET', url: '/item/a' }));
      const other = small.inject({ method: 'GET', url: '/item/b' });
      await vi.waitFor(() => expect(computed).toHaveLength(2));
      release();
      for (const res of await Promise.all(answers)) expect(res.json()).toEqual({ id: 'a' });
      expect((await other).json()).toEqual({ id: 'b' });
      expect(computed.sort()).toEqual(['a', 'b']);

      // A failure reaches every waiting request as itself, and is not kept.
      hold();
      const failing = Array.from({ length: 3 }, () => small.inject({ method: 'GET', url: '/item/broken' }));
      await vi.waitFor(() => expect(computed).toContain('broken'));
      release();
      for (const res of await Promise.all(failing)) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          detail: 'Servizio temporaneamente non disponibile, riprova più tardi.',
        });
      }
      expect(computed.filter((id) => id === 'broken')).toHaveLength(1);
      expect((await small.inject({ method: 'GET', url: '/item/broken' })).statusCode).toBe(503);
      expect(computed.filter((id) => id === 'broken')).toHaveLength(2);
    } finally {
      await small.close();
    }
  });

  it('evicts the entry read least recently, not the oldest', async () => {
    const { small, computed } = await countingApp(2);
    try {
      const get = (id: string) => small.inject({ method: 'GET', url: `/item/${id}` });
      await get('a');
      await get('b');
      await get('a'); // a is now the most recently used
      await get('c'); // full: b goes
      expect(computed).toEqual(['a', 'b', 'c']);
      await get('a');
      expect(computed).toEqual(['a', 'b', 'c']);
      await get('b');
      expect(computed).toEqual(['a', 'b', 'c', 'b']);
    } finally {
      await small.close();
    }
  });
});

describe('HTTP caching', () => {
  const PUBLIC = 'public, max-age=60, stale-while-revalidate=600, stale-if-error=86400';
  const PRIVATE = 'private, no-store';
  const RVM = '/api/reverse-vending-machines/reverse-vending-machine';
  /**
   * Every GET route, a URL it answers 200 (or 302) to, and the Cache-Control it must send: `public` for the
   * answers of the response cache (the same for everyone until an import), `private` for what depends on
   * the visitor or must not be kept, `no-cache` for the data version (asked every time); `own` for
   * swagger-ui's assets, which set their own.
   */
  const GET_ROUTES: Record<
    string,
    { url: string; cache: 'public' | 'private' | 'no-cache' | 'own'; token?: true | 'staff' }
  > = {
    'GET /api/cities/regions/': { url: '/api/cities/regions/', cache: 'public' },
    'GET /api/cities/provinces/': { url: '/api/cities/provinces/?region=05', cache: 'public' },
    'GET /api/cities/city/': { url: '/api/cities/city/?search=pad', cache: 'public' },
    'GET /api/cities/city/:id/': { url: '/api/cities/city/028001/', cache: 'public' },
    'GET /api/cities/boundaries/regions/': { url: '/api/cities/boundaries/regions/', cache: 'public' },
    'GET /api/cities/boundaries/provinces/': { url: '/api/cities/boundaries/provinces/', cache: 'public' },
    'GET /api/cities/boundaries/comuni/:regionId/': {
      url: '/api/cities/boundaries/comuni/05/',
      cache: 'public',
    },
    'GET /api/stats/overall/': { url: '/api/stats/overall/?region=05', cache: 'public' },
    'GET /api/stats/cities/city/:id/': { url: '/api/stats/cities/city/028001/', cache: 'public' },
    'GET /api/stats/regions/waste-sorting-map/': {
      url: '/api/stats/regions/waste-sorting-map/',
      cache: 'public',
    },
    'GET /api/stats/rankings/': { url: '/api/stats/rankings/?region=05', cache: 'public' },
    'GET /api/stats/cities/city/:id/rank/': { url: '/api/stats/cities/city/028001/rank/', cache: 'public' },
    'GET /api/waste-sorting/fractions/': { url: '/api/waste-sorting/fractions/', cache: 'public' },
    'GET /api/waste-sorting/types/': { url: '/api/waste-sorting/types/', cache: 'public' },
    'GET /api/actions/categories/': { url: '/api/actions/categories/', cache: 'public' },
    [`GET ${RVM}/`]: { url: `${RVM}/`, cache: 'public' },
    [`GET ${RVM}/map/`]: { url: `${RVM}/map/`, cache: 'public' },
    [`GET ${RVM}/stats/summary/`]: { url: `${RVM}/stats/summary/`, cache: 'public' },
    [`GET ${RVM}/stats/by-operator/`]: { url: `${RVM}/stats/by-operator/`, cache: 'public' },
    [`GET ${RVM}/stats/by-city/`]: { url: `${RVM}/stats/by-city/`, cache: 'public' },
    [`GET ${RVM}/stats/by-region/`]: { url: `${RVM}/stats/by-region/`, cache: 'public' },
    [`GET ${RVM}/years/`]: { url: `${RVM}/years/`, cache: 'public' },
    'GET /api/reverse-vending-machines/operators/': {
      url: '/api/reverse-vending-machines/operators/',
      cache: 'public',
    },

    'GET /api/health/': { url: '/api/health/', cache: 'private' },
    'GET /api/data-version/': { url: '/api/data-version/', cache: 'no-cache' },
    'GET /api/csrf/': { url: '/api/csrf/', cache: 'private' },
    'GET /api/auth/user/': { url: '/api/auth/user/', cache: 'private', token: true },
    'GET /api/auth/sessions/': { url: '/api/auth/sessions/', cache: 'private', token: true },
    'GET /api/auth/sign-in-events/': { url: '/api/auth/sign-in-events/', cache: 'private', token: true },
    'GET /api/stats/download/': {
      url: '/api/stats/download/?format=csv&level=region&id=05',
      cache: 'private',
      token: true,
    },
    'GET /api/stats/download/count/': {
      url: '/api/stats/download/count/?format=csv&level=region&id=05',
      cache: 'private',
      token: true,
    },
    'GET /api/stats/compare/download/': {
      url: '/api/stats/compare/download/?format=png&aree=italia',
      cache: 'private',
      token: true,
    },
    'GET /api/stats/rankings/download/': {
      url: '/api/stats/rankings/download/?level=region',
      cache: 'private',
      token: true,
    },
    [`GET ${RVM}/download/`]: { url: `${RVM}/download/`, cache: 'private', token: true },
    'GET /api/schema/': { url: '/api/schema/', cache: 'private' },
    'GET /api/docs/json': { url: '/api/docs/json', cache: 'private' },
    'GET /api/docs/yaml': { url: '/api/docs/yaml', cache: 'private' },
    'GET /api/docs': { url: '/api/docs', cache: 'own' },
    'GET /api/docs/': { url: '/api/docs/', cache: 'own' },
    'GET /api/docs/*': { url: '/api/docs/static/swagger-ui.css', cache: 'own' },
    'GET /api/docs/static/index.html': { url: '/api/docs/static/index.html', cache: 'own' },
    'GET /api/docs/static/swagger-initializer.js': {
      url: '/api/docs/static/swagger-initializer.js',
      cache: 'own',
    },
    'GET /api/admin/licenses/': { url: '/api/admin/licenses/', cache: 'private', token: 'staff' },
    'GET /api/admin/audit/': { url: '/api/admin/audit/', cache: 'private', token: 'staff' },
    'GET /api/admin/contact-messages/': {
      url: '/api/admin/contact-messages/',
      cache: 'private',
      token: 'staff',
    },
    'GET /api/admin/mail/': { url: '/api/admin/mail/', cache: 'private', token: 'staff' },
    'GET /api/admin/users/': { url: '/api/admin/users/', cache: 'private', token: 'staff' },
    'GET /api/admin/sign-in-events/': { url: '/api/admin/sign-in-events/', cache: 'private', token: 'staff' },
    'GET /api/admin/downloads/': { url: '/api/admin/downloads/', cache: 'private', token: 'staff' },
    'GET /api/admin/downloads/export/': {
      url: '/api/admin/downloads/export/',
      cache: 'private',
      token: 'staff',
    },
    'GET /api/admin/imports/': { url: '/api/admin/imports/', cache: 'private', token: 'staff' },
    'GET /api/admin/imports/current/': {
      url: '/api/admin/imports/current/',
      cache: 'private',
      token: 'staff',
    },
  };

  let token: string;
  let staffToken: string;
  beforeAll(async () => {
    const id = await insertUser(t.db, {
      email: 'cache-licensed@example.it',
      passwordHash: 'unused',
      firstName: 'Prova',
      lastName: 'Cache',
      verified: true,
      isStaff: false,
    });
    await t.db.query(
      "UPDATE users SET license_status = 'active', license_requested_at = now(), license_approved_at = now() WHERE id = $1",
      [id],
    );
    token = await createAuthToken(t.db, id);
    const staffId = await insertUser(t.db, {
      email: 'cache-staff@example.it',
      passwordHash: 'unused',
      firstName: 'Prova',
      lastName: 'Staff',
      verified: true,
      isStaff: true,
    });
    staffToken = await createAuthToken(t.db, staffId);
  });

  it('has a row for every GET route, and no row for a route that is gone', () => {
    const gets = listRoutes(app)
      .filter((r) => r.method === 'GET')
      .map(routeKey);
    expect(gets.filter((r) => !(r in GET_ROUTES))).toEqual([]);
    expect(Object.keys(GET_ROUTES).filter((r) => !gets.includes(r))).toEqual([]);
  });

  it.each(Object.entries(GET_ROUTES))('%s', async (_route, { url, cache, token: signedIn }) => {
    const key = signedIn === 'staff' ? staffToken : token;
    const res = await get(url, signedIn ? { authorization: `Token ${key}` } : {});
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(400);
    if (cache === 'public') {
      expect(res.headers['cache-control']).toBe(PUBLIC);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    } else if (cache === 'private' || cache === 'no-cache') {
      expect(res.headers['cache-control']).toBe(cache === 'private' ? PRIVATE : 'no-cache');
      expect(res.headers.etag).toBeUndefined();
    } else {
      expect(res.headers['cache-control'] ?? '').not.toMatch(/public, max-age=60/);
    }
  });

  it('answers 304, without a body, to a matching If-None-Match (any form of it), with the same headers', async () => {
    const url = '/api/stats/cities/city/028001/';
    const first = await get(url);
    const etag = String(first.headers.etag);
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, `"a",W/${etag} , "b"`]) {
      const again = await get(url, { 'if-none-match': inm });
      expect(again.statusCode, inm).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(PUBLIC);
    }
    // A stale ETag (the data changed since) gets the whole answer.
    const changed = await get(url, { 'if-none-match': '"stale"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  it('keeps answering 304 after the cache was dropped, while the body is the same', async () => {
    const url = '/api/cities/regions/';
    const etag = String((await get(url)).headers.etag);
    app.responseCache.clear();
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
  });

  it('keeps errors, even of cached routes, out of shared caches', async () => {
    for (const url of ['/api/stats/cities/city/999999/', '/api/cities/city/999999/', '/api/nope/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
      expect(res.headers.etag, url).toBeUndefined();
    }
    const invalid = await get('/api/cities/city/?page=zero');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe(PRIVATE);
  });

  it('takes max-age and stale-while-revalidate from its options (HTTP_CACHE_* in the app)', async () => {
    const small = Fastify();
    await small.register(errorsPlugin);
    await small.register(responseCachePlugin, {
      dataVersion: async () => '1',
      maxAgeSeconds: 5,
      staleWhileRevalidateSeconds: 30,
    });
    small.get('/x', async (req, reply) =>
      small.responseCache.send(req, reply, z.object({}), async () => ({})),
    );
    small.get('/y', async () => ({}));
    try {
      const x = await small.inject({ method: 'GET', url: '/x' });
      expect(x.headers['cache-control']).toBe(
        'public, max-age=5, stale-while-revalidate=30, stale-if-error=86400',
      );
      const y = await small.inject({ method: 'GET', url: '/y' });
      expect(y.headers['cache-control']).toBe(PRIVATE);
    } finally {
      await small.close();
    }
  });
});
