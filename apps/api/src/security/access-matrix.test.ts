import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createAuthToken, sha256 } from '../plugins/auth';
import { MemoryRateLimitStore } from '../plugins/rate-limit';
import {
  createEmailChangeKey,
  createPasswordResetToken,
  createVerificationKey,
  insertUser,
} from '../features/accounts/accounts.repo';
import { encodeUid } from '../features/accounts/accounts.routes';
import { hashPassword } from '../features/accounts/passwords';
import { recomputeAggregates } from '../importer/aggregates';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { insertGeoFixture } from '../../test/fixtures';
import { CSRF, PASSWORD, testConfig } from '../../test/accounts';
import { listRoutes, routeKey } from '../../test/routes';

/*
 * The access-control matrix: for every route the app serves and every kind of visitor, the status a
 * realistic, valid request gets. A route without a row here fails the test, so a new endpoint must
 * state who may use it. docs/security.md shows the same table.
 */

/** deactivated: a licensed account the staff deactivated, still sending a token made before that. */
const ROLES = ['anonymous', 'registered', 'pending', 'licensed', 'staff', 'deactivated'] as const;
type Role = (typeof ROLES)[number];
type Statuses = Record<Role, number>;

const all = (status: number): Statuses => ({
  anonymous: status,
  registered: status,
  pending: status,
  licensed: status,
  staff: status,
  deactivated: status,
});
/** Any signed-in user; 401 without a token, or with the dead token of a deactivated account. */
const signedIn = (status: number): Statuses => ({ ...all(status), anonymous: 401, deactivated: 401 });
/** The back-office: staff accounts only. */
const staffOnly: Statuses = { ...signedIn(403), staff: 200 };
/** CSV downloads: an active licence only (staff is no exception). */
const licensedOnly: Statuses = { ...signedIn(403), licensed: 200 };

/** What a cell of the matrix knows: a user of the role (none for anonymous) and a unique suffix. */
interface Cell {
  role: Role;
  userId: number | null;
  email: string | null;
  n: number;
}
interface Request {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body?: Record<string, unknown> | FormData;
}
interface Case {
  label?: string;
  request: (cell: Cell) => Request | Promise<Request>;
  expected: Statuses;
}

const RVM = '/api/reverse-vending-machines/reverse-vending-machine';
let t: TestDb;

/** Every route → its cases. Keys are "METHOD /path" as fastify registers them. */
const MATRIX: Record<string, Case[]> = {
  'GET /api/health/': [{ request: () => ({ url: '/api/health/' }), expected: all(200) }],
  'GET /api/data-version/': [{ request: () => ({ url: '/api/data-version/' }), expected: all(200) }],
  'GET /api/csrf/': [{ request: () => ({ url: '/api/csrf/' }), expected: all(200) }],
  'GET /api/schema/': [{ request: () => ({ url: '/api/schema/' }), expected: all(200) }],
  'GET /api/docs': [{ request: () => ({ url: '/api/docs' }), expected: all(200) }],
  'GET /api/docs/': [{ request: () => ({ url: '/api/docs/' }), expected: all(200) }],
  'GET /api/docs/*': [{ request: () => ({ url: '/api/docs/static/swagger-ui.css' }), expected: all(200) }],
  'GET /api/docs/json': [{ request: () => ({ url: '/api/docs/json' }), expected: all(200) }],
  'GET /api/docs/yaml': [{ request: () => ({ url: '/api/docs/yaml' }), expected: all(200) }],
  'GET /api/docs/static/index.html': [
    { request: () => ({ url: '/api/docs/static/index.html' }), expected: all(302) },
  ],
  'GET /api/docs/static/swagger-initializer.js': [
    { request: () => ({ url: '/api/docs/static/swagger-initializer.js' }), expected: all(200) },
  ],

  'GET /api/cities/regions/': [{ request: () => ({ url: '/api/cities/regions/' }), expected: all(200) }],
  'GET /api/cities/provinces/': [
    { request: () => ({ url: '/api/cities/provinces/?region=05' }), expected: all(200) },
  ],
  'GET /api/cities/city/': [{ request: () => ({ url: '/api/cities/city/?search=pad' }), expected: all(200) }],
  'GET /api/cities/city/:id/': [{ request: () => ({ url: '/api/cities/city/028001/' }), expected: all(200) }],
  'GET /api/cities/boundaries/regions/': [
    { request: () => ({ url: '/api/cities/boundaries/regions/' }), expected: all(200) },
  ],
  'GET /api/cities/boundaries/provinces/': [
    { request: () => ({ url: '/api/cities/boundaries/provinces/' }), expected: all(200) },
  ],
  'GET /api/cities/boundaries/comuni/:regionId/': [
    { request: () => ({ url: '/api/cities/boundaries/comuni/05/' }), expected: all(200) },
  ],

  'POST /api/auth/login/': [
    {
      // Each cell signs in a verified account of its own.
      request: async (c) => ({
        method: 'POST',
        url: '/api/auth/login/',
        body: { email: (await newUser(`login-${c.n}`)).email, password: PASSWORD },
      }),
      expected: all(200),
    },
  ],
  'POST /api/auth/logout/': [
    { request: () => ({ method: 'POST', url: '/api/auth/logout/' }), expected: all(200) },
  ],
  'GET /api/auth/user/': [{ request: () => ({ url: '/api/auth/user/' }), expected: signedIn(200) }],
  'PATCH /api/auth/user/': [
    {
      request: () => ({
        method: 'PATCH',
        url: '/api/auth/user/',
        body: { organization: 'Comune di Padova' },
      }),
      expected: signedIn(200),
    },
  ],
  // Account settings (/profilo): each asks for the current password of the cell's own account.
  'POST /api/auth/password/change/': [
    {
      request: () => ({
        method: 'POST',
        url: '/api/auth/password/change/',
        body: { oldPassword: PASSWORD, newPassword1: 'Nuova-Lattina-77', newPassword2: 'Nuova-Lattina-77' },
      }),
      expected: signedIn(200),
    },
  ],
  'POST /api/auth/email/change/': [
    {
      request: (c) => ({
        method: 'POST',
        url: '/api/auth/email/change/',
        body: { newEmail: `moved-${c.n}@example.it`, password: PASSWORD },
      }),
      expected: signedIn(200),
    },
  ],
  'POST /api/auth/email/change/confirm/': [
    {
      // The key proves the new mailbox: whoever holds it confirms, signed in or not.
      request: async (c) => {
        const user = await newUser(`moving-${c.n}`);
        return {
          method: 'POST',
          url: '/api/auth/email/change/confirm/',
          body: { key: await createEmailChangeKey(t.db, user.id, `moved-here-${c.n}@example.it`) },
        };
      },
      expected: all(200),
    },
  ],
  'DELETE /api/auth/user/': [
    {
      request: () => ({ method: 'DELETE', url: '/api/auth/user/', body: { password: PASSWORD } }),
      expected: signedIn(200),
    },
  ],
  // The user's sessions and sign-in events (/profilo).
  'GET /api/auth/sessions/': [{ request: () => ({ url: '/api/auth/sessions/' }), expected: signedIn(200) }],
  'DELETE /api/auth/sessions/:id/': [
    {
      label: 'another session of their own',
      request: async (c) => ({ method: 'DELETE', url: `/api/auth/sessions/${await sessionIdOf(c.userId)}/` }),
      expected: signedIn(200),
    },
    {
      label: "someone else's session",
      request: async (c) => {
        const other = await newUser(`session-owner-${c.n}`);
        return { method: 'DELETE', url: `/api/auth/sessions/${await sessionIdOf(other.id)}/` };
      },
      expected: signedIn(404),
    },
  ],
  'POST /api/auth/sessions/end-others/': [
    { request: () => ({ method: 'POST', url: '/api/auth/sessions/end-others/' }), expected: signedIn(200) },
  ],
  'GET /api/auth/sign-in-events/': [
    { request: () => ({ url: '/api/auth/sign-in-events/?page=1' }), expected: signedIn(200) },
  ],
  'POST /api/registration/': [
    {
      request: (c) => {
        const email = `new-${c.n}@example.it`;
        return {
          method: 'POST',
          url: '/api/registration/',
          body: { email1: email, email2: email, firstName: 'Nuova', lastName: 'Utente', password: PASSWORD },
        };
      },
      expected: all(201),
    },
  ],
  'POST /api/registration/verify-email/': [
    {
      request: async (c) => {
        const user = await newUser(`verify-${c.n}`, { verified: false });
        return {
          method: 'POST',
          url: '/api/registration/verify-email/',
          body: { key: await createVerificationKey(t.db, user.id), password: PASSWORD },
        };
      },
      expected: all(200),
    },
  ],
  'POST /api/registration/resend-email/': [
    {
      request: async (c) => ({
        method: 'POST',
        url: '/api/registration/resend-email/',
        body: { email: (await newUser(`resend-${c.n}`, { verified: false })).email },
      }),
      expected: all(200),
    },
  ],
  'POST /api/auth/password/reset/': [
    {
      request: async (c) => ({
        method: 'POST',
        url: '/api/auth/password/reset/',
        body: { email: (await newUser(`reset-${c.n}`)).email },
      }),
      expected: all(200),
    },
  ],
  'POST /api/auth/password/reset/confirm/': [
    {
      request: async (c) => {
        const user = await newUser(`confirm-${c.n}`);
        return {
          method: 'POST',
          url: '/api/auth/password/reset/confirm/',
          body: {
            uid: encodeUid(user.id),
            token: await createPasswordResetToken(t.db, user.id),
            newPassword1: 'Nuova-Lattina-77',
            newPassword2: 'Nuova-Lattina-77',
          },
        };
      },
      expected: all(200),
    },
  ],
  'POST /api/users/license/request/': [
    {
      request: () => ({ method: 'POST', url: '/api/users/license/request/' }),
      // Asking again while pending changes nothing (200); an active licence cannot be asked for (400).
      expected: { ...signedIn(200), licensed: 400 },
    },
  ],
  'POST /api/contact-us/': [
    {
      request: (c) => ({
        method: 'POST',
        url: '/api/contact-us/',
        body: {
          firstName: 'Lucia',
          lastName: 'Gallo',
          email: `contact-${c.n}@example.it`,
          reason: 'other',
          message: 'Una domanda sui dati.',
          privacy: true,
        },
      }),
      expected: all(201),
    },
  ],

  'GET /api/stats/overall/': [{ request: () => ({ url: '/api/stats/overall/' }), expected: all(200) }],
  'GET /api/stats/cities/city/:id/': [
    { request: () => ({ url: '/api/stats/cities/city/028001/' }), expected: all(200) },
  ],
  'GET /api/stats/regions/waste-sorting-map/': [
    { request: () => ({ url: '/api/stats/regions/waste-sorting-map/' }), expected: all(200) },
  ],
  'GET /api/stats/rankings/': [{ request: () => ({ url: '/api/stats/rankings/' }), expected: all(200) }],
  'GET /api/stats/cities/city/:id/rank/': [
    { request: () => ({ url: '/api/stats/cities/city/028001/rank/' }), expected: all(200) },
  ],
  'GET /api/waste-sorting/fractions/': [
    { request: () => ({ url: '/api/waste-sorting/fractions/' }), expected: all(200) },
  ],
  'GET /api/waste-sorting/types/': [
    { request: () => ({ url: '/api/waste-sorting/types/' }), expected: all(200) },
  ],
  'GET /api/actions/categories/': [
    { request: () => ({ url: '/api/actions/categories/' }), expected: all(200) },
  ],
  'GET /api/stats/download/': [
    {
      label: 'csv',
      request: () => ({ url: '/api/stats/download/?format=csv&level=region&id=05' }),
      expected: licensedOnly,
    },
    {
      label: 'png',
      request: () => ({ url: '/api/stats/download/?format=png&statistic=totalWasteProduced' }),
      expected: signedIn(200),
    },
  ],
  'GET /api/stats/download/count/': [
    {
      request: () => ({ url: '/api/stats/download/count/?format=csv&level=region&id=05' }),
      expected: licensedOnly,
    },
  ],
  'GET /api/stats/compare/download/': [
    {
      label: 'png',
      request: () => ({ url: '/api/stats/compare/download/?format=png&aree=italia' }),
      expected: signedIn(200),
    },
    {
      label: 'csv',
      request: () => ({ url: '/api/stats/compare/download/?format=csv&aree=italia' }),
      expected: licensedOnly,
    },
  ],
  'GET /api/stats/rankings/download/': [
    { request: () => ({ url: '/api/stats/rankings/download/?level=region' }), expected: licensedOnly },
  ],

  [`GET ${RVM}/`]: [{ request: () => ({ url: `${RVM}/` }), expected: all(200) }],
  [`GET ${RVM}/map/`]: [{ request: () => ({ url: `${RVM}/map/` }), expected: all(200) }],
  [`GET ${RVM}/stats/summary/`]: [{ request: () => ({ url: `${RVM}/stats/summary/` }), expected: all(200) }],
  [`GET ${RVM}/stats/by-operator/`]: [
    { request: () => ({ url: `${RVM}/stats/by-operator/` }), expected: all(200) },
  ],
  [`GET ${RVM}/stats/by-city/`]: [{ request: () => ({ url: `${RVM}/stats/by-city/` }), expected: all(200) }],
  [`GET ${RVM}/stats/by-region/`]: [
    { request: () => ({ url: `${RVM}/stats/by-region/` }), expected: all(200) },
  ],
  [`GET ${RVM}/years/`]: [{ request: () => ({ url: `${RVM}/years/` }), expected: all(200) }],
  [`GET ${RVM}/download/`]: [{ request: () => ({ url: `${RVM}/download/` }), expected: licensedOnly }],
  'GET /api/reverse-vending-machines/operators/': [
    { request: () => ({ url: '/api/reverse-vending-machines/operators/' }), expected: all(200) },
  ],

  // The back-office: staff accounts only; each decision on a user in the status it applies to.
  'GET /api/admin/licenses/': [
    { request: () => ({ url: '/api/admin/licenses/?status=all&search=prova' }), expected: staffOnly },
  ],
  'POST /api/admin/licenses/:pk/approve/': [
    {
      request: async (c) => ({
        method: 'POST',
        url: `/api/admin/licenses/${(await newUser(`approve-${c.n}`, { licence: 'pending' })).id}/approve/`,
        body: {},
      }),
      expected: staffOnly,
    },
  ],
  'POST /api/admin/licenses/:pk/reject/': [
    {
      request: async (c) => ({
        method: 'POST',
        url: `/api/admin/licenses/${(await newUser(`reject-${c.n}`, { licence: 'pending' })).id}/reject/`,
        body: { reason: 'Uso previsto non indicato.' },
      }),
      expected: staffOnly,
    },
  ],
  'POST /api/admin/licenses/:pk/revoke/': [
    {
      request: async (c) => ({
        method: 'POST',
        url: `/api/admin/licenses/${(await newUser(`revoke-${c.n}`, { licence: 'active' })).id}/revoke/`,
        body: { reason: 'Uso non conforme.' },
      }),
      expected: staffOnly,
    },
  ],
  'GET /api/admin/audit/': [{ request: () => ({ url: '/api/admin/audit/' }), expected: staffOnly }],
  'GET /api/admin/contact-messages/': [
    { request: () => ({ url: '/api/admin/contact-messages/?state=all' }), expected: staffOnly },
  ],
  'POST /api/admin/contact-messages/:id/handled/': [
    {
      request: async (c) => {
        const [row] = await t.db.query<{ id: number }>(
          `INSERT INTO contact_messages (first_name, last_name, email, reason, message)
           VALUES ('Prova', 'Accesso', $1, 'other', 'Buongiorno') RETURNING id::int AS id`,
          [`contatto-${c.n}@example.it`],
        );
        return { method: 'POST', url: `/api/admin/contact-messages/${row!.id}/handled/`, body: {} };
      },
      expected: staffOnly,
    },
  ],
  'GET /api/admin/users/': [
    { request: () => ({ url: '/api/admin/users/?status=all&search=prova' }), expected: staffOnly },
  ],
  // Each action on a fresh account in the state it applies to.
  ...Object.fromEntries(
    (
      [
        ['resend-verification', { verified: false }, {}],
        ['verify', { verified: false }, {}],
        ['deactivate', {}, { reason: 'Uso non conforme.' }],
        ['reactivate', { deactivated: true }, {}],
        ['grant-staff', {}, {}],
        ['remove-staff', { staff: true }, {}],
      ] as const
    ).map(([action, state, body]) => [
      `POST /api/admin/users/:pk/${action}/`,
      [
        {
          request: async (c: Cell): Promise<Request> => {
            const target = await newUser(`${action}-${c.n}`, state);
            return { method: 'POST', url: `/api/admin/users/${target.id}/${action}/`, body };
          },
          // A staff account's access is the operator's (decision 068): the staff reach the route and
          // are refused with 400, the others never get past the staff check.
          expected: action === 'remove-staff' ? { ...signedIn(403), staff: 400 } : staffOnly,
        },
      ],
    ]),
  ),
  'GET /api/admin/sign-in-events/': [
    { request: () => ({ url: '/api/admin/sign-in-events/?kind=login&search=prova' }), expected: staffOnly },
  ],
  'GET /api/admin/downloads/': [
    { request: () => ({ url: '/api/admin/downloads/?format=csv&from=2026-01-01' }), expected: staffOnly },
  ],
  'GET /api/admin/downloads/export/': [
    { request: () => ({ url: '/api/admin/downloads/export/?search=prova' }), expected: staffOnly },
  ],
  'GET /api/admin/imports/': [{ request: () => ({ url: '/api/admin/imports/' }), expected: staffOnly }],
  'GET /api/admin/imports/current/': [
    { request: () => ({ url: '/api/admin/imports/current/' }), expected: staffOnly },
  ],
  // The first staff upload imports the file, the next ones find it imported: 200 both.
  'POST /api/admin/imports/': [
    {
      request: () => {
        const form = new FormData();
        form.append('dataset', 'demo-actions');
        const csv = 'istat,category,title,started_year\n028001,acqua-pubblica,Casa dell’acqua,2022\n';
        form.append('file', new Blob([csv], { type: 'text/csv' }), 'azioni.csv');
        return { method: 'POST', url: '/api/admin/imports/', body: form };
      },
      expected: staffOnly,
    },
  ],
  'GET /api/admin/mail/': [
    { request: () => ({ url: '/api/admin/mail/?status=failed' }), expected: staffOnly },
  ],
  'POST /api/admin/mail/:id/retry/': [
    {
      request: async (c) => {
        const [row] = await t.db.query<{ id: number }>(
          `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, status, attempts, last_error)
           VALUES ($1, 'Prova', 'Prova', '<p>Prova</p>', 'failed', 8, 'connessione rifiutata')
           RETURNING id::int AS id`,
          [`posta-${c.n}@example.it`],
        );
        return { method: 'POST', url: `/api/admin/mail/${row!.id}/retry/`, body: {} };
      },
      expected: staffOnly,
    },
  ],
};

let app: App;
let passwordHash: string;
const store = new MemoryRateLimitStore();

/** A new account straight in the database (the password hash is computed once for all of them). */
async function newUser(
  name: string,
  options: {
    verified?: boolean;
    staff?: boolean;
    deactivated?: boolean;
    licence?: 'inactive' | 'pending' | 'active';
  } = {},
): Promise<{ id: number; email: string }> {
  const email = `${name}@example.it`;
  const id = await insertUser(t.db, {
    email,
    passwordHash,
    firstName: 'Prova',
    lastName: 'Accesso',
    verified: options.verified ?? true,
    isStaff: options.staff ?? false,
  });
  if (options.licence && options.licence !== 'inactive') {
    await t.db.query(
      `UPDATE users SET license_status = $2, license_requested_at = now(),
              license_approved_at = CASE WHEN $2 = 'active' THEN now() END
        WHERE id = $1`,
      [id, options.licence],
    );
  }
  if (options.deactivated)
    await t.db.query("UPDATE users SET deactivated_at = now(), deactivation_reason = 'prova' WHERE id = $1", [
      id,
    ]);
  return { id, email };
}

/** The (public, random) id of a new session of the user; of no one's for the anonymous cell. */
async function sessionIdOf(userId: number | null): Promise<string> {
  if (userId === null) return '00000000-0000-4000-8000-000000000001';
  const key = await createAuthToken(t.db, userId);
  const [row] = await t.db.query<{ id: string }>(
    'SELECT public_id::text AS id FROM auth_tokens WHERE token_hash = $1',
    [sha256(key)],
  );
  return row!.id;
}

/** A fresh user of the role for each cell, so what one request changes (logout, licence) stays there. */
async function userOf(role: Role, n: number): Promise<{ id: number; email: string } | null> {
  switch (role) {
    case 'anonymous':
      return null;
    case 'registered':
      return newUser(`registered-${n}`);
    case 'pending':
      return newUser(`pending-${n}`, { licence: 'pending' });
    case 'licensed':
      return newUser(`licensed-${n}`, { licence: 'active' });
    case 'staff':
      return newUser(`staff-${n}`, { staff: true });
    case 'deactivated':
      return newUser(`deactivated-${n}`, { licence: 'active' });
  }
}

beforeAll(async () => {
  ({ t, app } = await buildTestApp({
    config: testConfig({ STAFF_EMAIL: 'staff@example.it' }),
    rateLimitStore: store,
  }));
  await insertGeoFixture(t.db);
  const topology = JSON.stringify({ type: 'Topology', objects: {}, arcs: [] });
  await t.db.query(
    `INSERT INTO boundaries (level, area_id, topojson) VALUES ('regions', 'IT', $1), ('provinces', 'IT', $1), ('comuni', '05', $1)`,
    [topology],
  );
  await t.db.exec(`
    INSERT INTO waste_fractions (id, name, color, eer_codes, position) VALUES ('vetro', 'Vetro', '#00897b', '{150107}', 1);
    INSERT INTO rvm_operators (id, name) VALUES (1, 'Gestore Prova');
    INSERT INTO action_categories (id, name, description, position)
      VALUES ('acqua-pubblica', 'Acqua pubblica', 'Case dell''acqua', 1);
    INSERT INTO rvm_machines (id, operator_id, city_id, address, cap, latitude, longitude, installed_on, active, demo)
      VALUES ('RVM-1', 1, '028001', 'Via Roma 1', '35031', 45.36, 11.79, '2022-05-01', true, true);
    INSERT INTO rvm_yearly (machine_id, year, pieces, kg) VALUES ('RVM-1', 2024, 1000, 25.5);
  `);
  // What an import does after writing the rows: the sums of provinces, regions and Italy.
  await recomputeAggregates(t.db);
  passwordHash = await hashPassword(PASSWORD);
  await app.ready();
});

describe('access-control matrix', () => {
  it('has a row for every route the app serves, and no row for a route that is gone', () => {
    const routes = listRoutes(app).map(routeKey);
    expect(
      routes.filter((r) => !(r in MATRIX)),
      'routes without a row in MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !routes.includes(k)),
      'rows of routes that are gone',
    ).toEqual([]);
  });

  for (const [route, cases] of Object.entries(MATRIX)) {
    for (const c of cases) {
      it(`${route}${c.label ? ` (${c.label})` : ''}`, async () => {
        const got: Partial<Statuses> = {};
        const bodies: string[] = [];
        for (const role of ROLES) {
          store.clear();
          const n = nextCell++;
          const user = await userOf(role, n);
          const req = await c.request({ role, userId: user?.id ?? null, email: user?.email ?? null, n });
          const token = user ? await createAuthToken(t.db, user.id) : null;
          if (role === 'deactivated')
            await t.db.query(
              "UPDATE users SET deactivated_at = now(), deactivation_reason = 'prova' WHERE id = $1",
              [user!.id],
            );
          const res = await app.inject({
            method: req.method ?? 'GET',
            url: req.url,
            payload: req.body,
            cookies: { csrftoken: CSRF },
            headers: { 'x-csrftoken': CSRF, ...(token ? { authorization: `Token ${token}` } : {}) },
          });
          got[role] = res.statusCode;
          if (res.statusCode !== c.expected[role]) bodies.push(`${role}: ${res.body.slice(0, 300)}`);
        }
        expect(got, bodies.join('\n')).toEqual(c.expected);
      });
    }
  }
});

let nextCell = 1;
