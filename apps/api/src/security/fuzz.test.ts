import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { runAccountsCommand } from '../cli/accounts-commands';
import { createAuthToken } from '../plugins/auth';
import { MemoryRateLimitStore } from '../plugins/rate-limit';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { insertGeoFixture } from '../../test/fixtures';
import { CSRF, PASSWORD, client, testConfig } from '../../test/accounts';
import { listRoutes, openApiOperation, routeKey, type JsonSchema, type RouteInfo } from '../../test/routes';

/*
 * A property-based fuzz of every route the app serves (read from the app, so a new endpoint is fuzzed
 * without touching this file): random methods, path parameters, query strings, bodies and headers.
 * Properties: no answer is a 5xx; every 4xx is JSON in the documented shape.
 * The seed is fixed under CI (CI=true), so a CI run is repeatable, and random elsewhere, to explore; the
 * test prints it. FUZZ_SEED=<seed> replays a run (with the same FUZZ_RUNS; a busy machine may stop it
 * earlier, see FUZZ_TIME_LIMIT_MS), FUZZ_RUNS widens one.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
/** A busy machine stops the run early rather than timing out (it then ran fewer cases, all checked). */
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 50_000);
const CI_SEED = 20_261_123;
const SEED =
  process.env.FUZZ_SEED !== undefined
    ? Number(process.env.FUZZ_SEED)
    : process.env.CI === 'true' || process.env.CI === '1'
      ? CI_SEED
      : Math.floor(Math.random() * 2 ** 31);
const EMAIL = 'fuzz@example.it';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

let t: TestDb;
let app: App;
let routes: RouteInfo[];
let userId: number;
const store = new MemoryRateLimitStore();

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig(), rateLimitStore: store }));
  await insertGeoFixture(t.db);
  await t.db.exec(`
    INSERT INTO area_stats (level, area_id, year, comuni_count, comuni_with_tonnes, population, produced_t, sorted_t, rd_pct, rd_pct_method)
      VALUES ('country', 'IT', 2024, 1, 1, 20366, 15453.7, 12084.8, 78.2, 'tonnes');
  `);
  await createFuzzUser();
  await app.ready();
  routes = listRoutes(app);
});

// ---- values ---------------------------------------------------------------------------------------

/*
 * Huge values are generated as short markers and expanded when the request is sent, so a failure report
 * stays readable: ~1 MB of ASCII (just under the 1 MiB body limit once quoted) and 1.2 MB of UTF-8 (over it).
 */
const HUGE = new Map([
  ['<HUGE:1MB-ascii>', 'x'.repeat(1_000_000)],
  ['<HUGE:600kB-latin>', 'é'.repeat(300_000)],
  ['<HUGE:1.2MB-euro>', '€'.repeat(400_000)],
  ['<HUGE:20kB-query>', `q=${'x'.repeat(20_000)}`],
  ['<HUGE:100kB-cookie>', `a=${'b'.repeat(100_000)}`],
  ['<HUGE:5kB-token-cookie>', `token=${'t'.repeat(5000)}`],
  ['<HUGE:deep-json>', `${'['.repeat(5000)}"\u0000"${']'.repeat(5000)}`],
]);
const expand = (s: string) => HUGE.get(s) ?? s;
function expandDeep(value: unknown): unknown {
  if (typeof value === 'string') return expand(value);
  if (Array.isArray(value)) return value.map(expandDeep);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, expand(k), { value: expandDeep(v), enumerable: true, writable: true });
    }
    return out;
  }
  return value;
}

/** Strings that have broken parsers, databases and mailers before. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀🇮🇹👩‍👩‍👧',
  'Città di Vò',
  '\r\nBcc: victim@example.com',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../etc/passwd',
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  '=HYPERLINK("http://x")',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(40),
  '2024',
  '028001',
  '05',
  'csv',
  'png',
  'pdf',
  'city',
  'region',
  'totalWasteProduced',
  EMAIL,
  PASSWORD,
  '__proto__',
  'constructor',
);

const anyString = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('<HUGE:1MB-ascii>', '<HUGE:600kB-latin>') },
);

const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    anyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(anyString, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** Percent-encodes the UTF-8 of s (lone surrogates become U+FFFD, as a browser would send them). */
const encode = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** A path or query piece: mostly encoded, sometimes raw bad percent sequences. */
const urlPiece = fc.oneof(
  { weight: 5, arbitrary: anyString.filter((s) => !HUGE.has(s)).map(encode) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%ED%A0%80', '%00', '%C0%AF', '..', '%2e%2e%2f') },
);

/** A header value a real client could send: visible ASCII and Latin-1. */
const headerValue = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

// ---- requests -------------------------------------------------------------------------------------

interface Shape {
  route: RouteInfo;
  method: string | null;
  params: string[];
  query: [string, string][];
  rawQuery: string | null;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'fields'; value: Record<string, unknown> }
    | { kind: 'raw'; value: string };
  contentType: string | null;
  auth: 'none' | 'valid' | 'cookie' | string;
  csrf: 'valid' | 'none' | 'mismatch' | 'header-only';
  cookie: string | null;
  headers: Record<string, string>;
  freshLimits: boolean;
}

const fieldValue = fc.oneof(
  { weight: 3, arbitrary: anyString },
  { weight: 1, arbitrary: anyJson },
  { weight: 1, arbitrary: fc.constantFrom(true, false, 0, -1, 2024, 1e308, null, [], {}) },
);

/** Values of ids and names that exist in the fixture, to reach past validation into the handlers. */
const KNOWN = [
  EMAIL,
  PASSWORD,
  'Prova',
  '05',
  '19',
  '028',
  '082',
  '028001',
  '082053',
  'PD',
  'Padova',
  'pad',
  'carta-cartone',
  '2024',
  '2023,2024',
  '2024-05-31',
];
const knownString = fc.constantFrom(...KNOWN);

/** A value the schema accepts (mostly): what a well-behaved client would send. */
function plausible(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return knownString;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(plausible));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'boolean') return fc.boolean();
  if (type === 'integer' || type === 'number') {
    const min = schema.minimum ?? 0;
    return fc.integer({ min, max: Math.min(schema.maximum ?? min + 100, min + 10_000) });
  }
  if (type === 'object') {
    const props = schema.properties ?? {};
    return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, plausible(v)])), {
      requiredKeys: schema.required?.filter((k) => k in props) ?? [],
    });
  }
  if (schema.format === 'email') return fc.constantFrom(EMAIL, 'altro@example.it');
  const fits = (v: string) =>
    v.length >= (schema.minLength ?? 0) &&
    v.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(v));
  const pattern = schema.pattern ? fc.stringMatching(new RegExp(schema.pattern, 'u')).filter(fits) : null;
  // Only known values that fit: a filter no value passes would retry forever.
  const known = KNOWN.filter(fits);
  const knownFit = known.length ? fc.constantFrom(...known) : null;
  if (pattern) return knownFit ? fc.oneof(knownFit, pattern) : pattern;
  return knownFit ?? fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 20 });
}

/** null most of the time, a value of arb one time in five. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

/** A generated route with what the fuzz knows of it: its OpenAPI body and parameters. */
function requestShape(): fc.Arbitrary<Shape> {
  return fc.constantFrom(...routes).chain((route) => {
    const op = openApiOperation(app, route);
    const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
    const keys = Object.keys(bodySchema?.properties ?? {});
    const parameters = op?.parameters ?? [];
    const queryParams = parameters.filter((p) => p.in === 'query');
    const pathParams = [...route.path.matchAll(/:(\w+)|\*/g)].map(
      (m) => parameters.find((p) => p.in === 'path' && p.name === m[1])?.schema,
    );
    const str = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
    return fc.record({
      route: fc.constant(route),
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
      ),
      params: fc.tuple(
        ...pathParams.map((schema) =>
          fc.oneof(
            { weight: 1, arbitrary: plausible(schema).map((v) => encode(str(v))) },
            { weight: 1, arbitrary: urlPiece },
          ),
        ),
      ),
      query: fc
        .tuple(
          fc.tuple(
            ...queryParams.map((p) =>
              fc.option(
                plausible(p.schema).map((v) => [p.name, str(v)] as [string, string]),
                {
                  freq: p.required ? 8 : 2,
                },
              ),
            ),
          ),
          fc.oneof(
            { weight: 2, arbitrary: fc.constant([] as [string, string][]) },
            {
              weight: 1,
              arbitrary: fc.array(
                fc.tuple(
                  fc.oneof(
                    {
                      weight: 4,
                      arbitrary: queryParams.length
                        ? fc.constantFrom(...queryParams.map((p) => p.name))
                        : fc.constant('page'),
                    },
                    {
                      weight: 1,
                      arbitrary: fc.oneof(
                        fc.string({ maxLength: 8 }),
                        fc.constantFrom('__proto__', 'toString'),
                      ),
                    },
                  ),
                  anyString.filter((s) => !HUGE.has(s)),
                ),
                { minLength: 1, maxLength: 3 },
              ),
            },
          ),
        )
        .map(([known, random]) => [...known.filter((q): q is [string, string] => q !== null), ...random]),
      rawQuery: sometimes(
        fc.constantFrom('%', 'a=%zz', '&&&==', 'page[]=1&page[]=2', 'a=%00', '<HUGE:20kB-query>'),
      ),
      body: fc.oneof(
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
        { weight: 2, arbitrary: anyJson.map((value) => ({ kind: 'json' as const, value })) },
        {
          weight: keys.length ? 6 : 0,
          arbitrary: fc
            .tuple(
              plausible(bodySchema),
              fc.oneof(
                { weight: 1, arbitrary: fc.constant({}) },
                {
                  weight: 2,
                  arbitrary: fc.dictionary(fc.constantFrom(...(keys.length ? keys : ['x'])), fieldValue, {
                    minKeys: 1,
                    maxKeys: 2,
                  }),
                },
              ),
            )
            .map(([value, mutations]) => ({
              kind: 'fields' as const,
              value: { ...(value as object), ...mutations },
            })),
        },
        {
          weight: keys.length ? 3 : 0,
          arbitrary: fc
            .dictionary(
              fc.oneof(
                { weight: 6, arbitrary: fc.constantFrom(...(keys.length ? keys : ['x'])) },
                { weight: 1, arbitrary: fc.string() },
              ),
              fieldValue,
              { maxKeys: keys.length + 1 },
            )
            .map((value) => ({ kind: 'fields' as const, value })),
        },
        {
          weight: 1,
          arbitrary: fc
            .oneof(
              anyString,
              fc.constantFrom(
                '{"a":',
                '{"a":1}}',
                'null',
                '[]',
                '\u0000',
                '<HUGE:1.2MB-euro>',
                '<HUGE:deep-json>',
              ),
            )
            .map((value) => ({ kind: 'raw' as const, value })),
        },
      ),
      contentType: sometimes(
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'application/json; charset=latin1',
          'APPLICATION/JSON',
          'application/json;;;',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=xyz',
          'application/xml',
          '*/*',
          '',
        ),
      ),
      auth: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('none', 'valid', 'cookie') },
        {
          weight: 1,
          arbitrary: fc.oneof(
            fc.constantFrom(
              'Token',
              'Token ',
              'Bearer abc',
              'Basic Zm9vOmJhcg==',
              `Token ${'a'.repeat(300)}`,
              'Token a b',
            ),
            headerValue.map((v) => `Token ${v}`),
            headerValue,
          ),
        },
      ),
      csrf: fc.oneof(
        { weight: 6, arbitrary: fc.constant('valid' as const) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('none' as const, 'mismatch' as const, 'header-only' as const),
        },
      ),
      cookie: sometimes(
        fc.oneof(
          fc.constantFrom('<HUGE:100kB-cookie>', '<HUGE:5kB-token-cookie>'),
          headerValue.map((v) => `token=${v}`),
          headerValue,
        ),
      ),
      headers: fc.record(
        {
          'accept-language': fc.oneof(fc.constantFrom('en', 'it', 'en-US,en;q=0.9', '*', 'de'), headerValue),
          'accept-encoding': fc.oneof(
            fc.constantFrom('gzip', 'br', 'deflate', 'identity;q=0', '*'),
            headerValue,
          ),
          'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), headerValue),
          'if-none-match': fc.oneof(fc.constant('*'), headerValue),
          'x-api-token': headerValue,
          range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=x'),
          accept: fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*'), headerValue),
        },
        { requiredKeys: [] },
      ),
      freshLimits: fc.boolean(),
    });
  });
}

/** The signed-in user of the runs (verified, PASSWORD). */
async function createFuzzUser(): Promise<void> {
  await runAccountsCommand(
    t.db,
    ['user', 'create', '--email', EMAIL, '--password', PASSWORD, '--verified'],
    () => {},
  );
  const [row] = await t.db.query<{ id: number }>('SELECT id::int AS id FROM users WHERE email = $1', [EMAIL]);
  userId = row!.id;
}

/**
 * A live key of the runs' user. PASSWORD is one of the KNOWN values, so a run may delete the account
 * (DELETE /api/auth/user/ with the right password): it is made again for the runs after it.
 */
async function fuzzToken(): Promise<string> {
  const [row] = await t.db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  if (!row) await createFuzzUser();
  return createAuthToken(t.db, userId);
}

async function send(s: Shape) {
  if (s.freshLimits) store.clear();
  let i = 0;
  const path = s.route.path.replace(/:\w+|\*/g, () => s.params[i++] ?? 'x');
  const query = [
    ...s.query.map(([k, v]) => `${encode(k)}=${encode(v)}`),
    ...(s.rawQuery === null ? [] : [expand(s.rawQuery)]),
  ].join('&');
  const headers: Record<string, string> = { ...s.headers };
  const cookies: string[] = [];
  if (s.contentType !== null) headers['content-type'] = s.contentType;
  if (s.auth === 'valid') headers.authorization = `Token ${await fuzzToken()}`;
  else if (s.auth === 'cookie') cookies.push(`token=${await fuzzToken()}`);
  else if (s.auth !== 'none') headers.authorization = s.auth;
  if (s.csrf === 'valid' || s.csrf === 'mismatch') cookies.push(`csrftoken=${CSRF}`);
  if (s.csrf === 'valid' || s.csrf === 'header-only') headers['x-csrftoken'] = CSRF;
  if (s.csrf === 'mismatch') headers['x-csrftoken'] = `${CSRF}x`;
  if (s.cookie !== null) cookies.push(expand(s.cookie));
  if (cookies.length) headers.cookie = cookies.join('; ');
  const payload =
    s.body.kind === 'none'
      ? undefined
      : s.body.kind === 'raw'
        ? expand(s.body.value)
        : JSON.stringify(expandDeep(s.body.value) ?? null);
  if (payload !== undefined && s.contentType === null && s.body.kind !== 'raw') {
    headers['content-type'] = 'application/json';
  }
  return app.inject({
    method: (s.method ?? s.route.method) as InjectOptions['method'],
    url: `${path}${query ? `?${query}` : ''}`,
    headers,
    payload,
  });
}

function decodedBody(res: Awaited<ReturnType<typeof send>>): string {
  const raw = res.rawPayload;
  switch (res.headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'deflate':
      return inflateSync(raw).toString('utf8');
    default:
      return raw.toString('utf8');
  }
}

/** The documented error shapes: {"detail": "…"} or {"<field>": ["…", …], …}. */
export function isDocumentedError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 0) return false;
  if (entries.length === 1 && entries[0]![0] === 'detail') return typeof entries[0]![1] === 'string';
  return entries.every(
    ([, v]) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string' && m.length > 0),
  );
}

/** Checks one answer; returns a description of what is wrong, or null. */
function problemOf(s: Shape, res: Awaited<ReturnType<typeof send>>): string | null {
  if (res.statusCode >= 500) return `${res.statusCode}: ${res.body.slice(0, 300)}`;
  // Every answer, whatever the request, carries the security headers (checked fully in health.test.ts).
  if (res.headers['x-content-type-options'] !== 'nosniff' || !res.headers['content-security-policy'])
    return `${res.statusCode} without the security headers`;
  if (res.statusCode < 400 || (s.method ?? s.route.method) === 'HEAD') return null;
  if (!String(res.headers['content-type']).startsWith('application/json'))
    return `${res.statusCode} with content-type ${res.headers['content-type']}`;
  let body: unknown;
  try {
    body = JSON.parse(decodedBody(res));
  } catch {
    return `${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  if (!isDocumentedError(body)) return `${res.statusCode} with body ${JSON.stringify(body).slice(0, 300)}`;
  if (res.statusCode === 429 && !res.headers['retry-after']) return '429 without Retry-After';
  return null;
}

/** A short, readable description of a generated request for the failure report. */
function describeShape(s: Shape): string {
  const text = JSON.stringify({ ...s, route: routeKey(s.route) }) ?? 'undefined';
  return text.length > 2000 ? `${text.slice(0, 2000)}… (${text.length} chars)` : text;
}

describe('fuzz of every endpoint', () => {
  it('lists the routes of the app, including the documented ones', () => {
    const keys = routes.map(routeKey);
    expect(keys).toContain('POST /api/auth/login/');
    expect(keys).toContain('GET /api/stats/download/');
    expect(keys).toContain('GET /api/csrf/');
    const documented = Object.keys((app.swagger() as { paths: object }).paths);
    for (const p of documented)
      expect(keys.some((k) => k.endsWith(` ${p.replace(/\{(\w+)\}/g, ':$1')}`))).toBe(true);
  });

  it('keeps the answers to what the fuzz found in the documented shape (regressions)', async () => {
    const api = client(app);
    // A query key named like an Object.prototype member crashed the 400 builder (errors[field].push).
    for (const key of ['toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      const res = await api.get(
        `/api/reverse-vending-machines/reverse-vending-machine/stats/by-region/?${key}=1`,
      );
      expect([key, res.statusCode]).toEqual([key, 400]);
      expect(res.json()).toEqual({ [key === '__proto__' ? 'nonFieldErrors' : key]: ['Campo non previsto.'] });
    }
    // PostgreSQL refuses NUL in text: a NUL in a profile field was a 500.
    const token = await fuzzToken();
    const nul = 'a\u0000b';
    for (const [res, field] of [
      [await api.patch('/api/auth/user/', { firstName: nul }, { token }), 'firstName'],
      [await api.post('/api/auth/login/', { email: EMAIL, password: nul }), 'password'],
      [await api.get(`/api/cities/city/?search=a%00b`), 'search'],
      [await api.get(`/api/reverse-vending-machines/reverse-vending-machine/?search=%00`), 'search'],
    ] as const) {
      expect([field, res.statusCode, res.json()]).toEqual([
        field,
        400,
        { [field]: ['I caratteri nulli non sono ammessi.'] },
      ]);
    }
    // A malformed percent-encoding in the path got fastify's own {"error", "code", "message"} body.
    for (const path of ['/api/stats/cities/city/%e/', '/api/cities/city/%zz/', '/api/%ED%A0%80/']) {
      const res = await api.get(path);
      expect([path, res.statusCode, res.json()]).toEqual([path, 404, { detail: 'Non trovato.' }]);
    }
  });

  it('no answer is a 5xx and every 4xx has the documented error shape', async () => {
    const hit = new Set<string>();
    const statuses = new Map<string, number>();
    console.log(`fuzz: seed ${SEED}, up to ${RUNS} runs (FUZZ_SEED=${SEED} replays it)`);
    await fc.assert(
      fc.asyncProperty(requestShape(), async (s) => {
        hit.add(routeKey(s.route));
        const res = await send(s);
        const k = `${routeKey(s.route)} ${res.statusCode}`;
        statuses.set(k, (statuses.get(k) ?? 0) + 1);
        const problem = problemOf(s, res);
        if (problem) throw new Error(`${problem}\nrequest: ${describeShape(s)}`);
      }),
      {
        numRuns: RUNS,
        seed: SEED,
        interruptAfterTimeLimit: TIME_LIMIT_MS,
        markInterruptAsFailure: false,
        // Shrinking re-sends huge requests many times; FUZZ_SHRINK=1 turns it on to minimise a failure.
        endOnFailure: process.env.FUZZ_SHRINK !== '1',
      },
    );
    if (process.env.FUZZ_STATS)
      console.log(
        [...statuses]
          .sort()
          .map(([k, n]) => `${k}: ${n}`)
          .join('\n'),
      );
    // The run is big enough to reach every route (a route never reached would not be fuzzed).
    expect([...hit].sort()).toEqual(routes.map(routeKey).sort());
  });
});
