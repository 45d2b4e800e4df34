import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AdminSignInEventListSchema,
  SessionListSchema,
  SignInEventListSchema,
  type SignInEventKind,
} from '@portal/contract';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { CSRF, PASSWORD, client, signIn, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';
import { MemoryRateLimitStore } from '../../plugins/rate-limit';
import { createPasswordResetToken } from './accounts.repo';
import { encodeUid } from './accounts.routes';
import { describeAgent } from './sessions.repo';

let t: TestDb;
let app: App;
const store = new MemoryRateLimitStore();
beforeEach(() => store.clear());

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig(), rateLimitStore: store }));
});

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const quiet = () => {};
async function createUser(email: string, ...flags: string[]) {
  const args = ['user', 'create', '--email', email, '--password', PASSWORD, '--first-name', 'Anna'];
  expect(await runAccountsCommand(t.db, [...args, '--last-name', 'Verdi', ...flags], quiet)).toBe(0);
}

/** A login from a browser: its user agent and address. */
async function login(email: string, userAgent: string, ip = '203.0.113.7', password = PASSWORD) {
  return client(app).post(
    '/api/auth/login/',
    { email, password },
    { headers: { 'user-agent': userAgent }, ip },
  );
}

/** A call as a browser makes it: the token in the cookie only, with (or without) the CSRF pair. */
function browserCall(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  key: string,
  { csrf = true, cookies = {} as Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    cookies: { token: key, ...(csrf ? { csrftoken: CSRF } : {}), ...cookies },
    headers: csrf ? { 'x-csrftoken': CSRF } : {},
  });
}

const cookieOf = (res: Awaited<ReturnType<typeof login>>, name: string) =>
  res.cookies.find((c) => c.name === name);

async function events(key: string): Promise<SignInEventKind[]> {
  const res = await client(app).get('/api/auth/sign-in-events/', { token: key });
  expect(res.statusCode).toBe(200);
  return SignInEventListSchema.parse(res.json()).results.map((e) => e.kind);
}

describe('the session cookie', () => {
  it('is set by the login answer: HttpOnly token (SPEC §9 attributes) and the signed_in hint', async () => {
    await createUser('cookie@example.it', '--verified');
    const res = await login('cookie@example.it', CHROME_WINDOWS);
    expect(res.statusCode).toBe(200);
    const { key } = res.json() as { key: string };
    // SPEC §7: API clients still get the key in the body.
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(cookieOf(res, 'token')).toMatchObject({
      value: key,
      httpOnly: true,
      path: '/',
      sameSite: 'Lax',
      maxAge: 2_592_000,
    });
    // PUBLIC_URL is http://localhost in the tests: a browser would drop a Secure cookie there.
    expect(cookieOf(res, 'token')!.secure).toBeUndefined();
    const hint = cookieOf(res, 'signed_in');
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: 2_592_000 });
    expect(hint!.httpOnly).toBeUndefined();
    expect(hint!.value).not.toContain(key);
  });

  it('is Secure wherever the portal is served over HTTPS', async () => {
    const { app: secureApp } = await buildTestApp({
      config: testConfig({ PUBLIC_URL: 'https://raccolta.example.it' }),
    });
    const email = 'secure@example.it';
    const args = ['user', 'create', '--email', email, '--password', PASSWORD, '--first-name', 'A'];
    expect(await runAccountsCommand(secureApp.db, [...args, '--last-name', 'B', '--verified'], quiet)).toBe(
      0,
    );
    const res = await client(secureApp).post('/api/auth/login/', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, 'token')).toMatchObject({ httpOnly: true, secure: true });
    expect(cookieOf(res, 'signed_in')).toMatchObject({ secure: true });
  });

  it('authenticates on its own; unsafe methods still need the CSRF header', async () => {
    await createUser('csrf@example.it', '--verified');
    const key = (await login('csrf@example.it', FIREFOX_LINUX)).json().key as string;

    const me = await browserCall('GET', '/api/auth/user/', key, { csrf: false });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'csrf@example.it' });

    const forged = await browserCall('POST', '/api/users/license/request/', key, { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({
      detail: 'Verifica CSRF non riuscita: token CSRF non valido o mancante.',
    });
    const mismatched = await app.inject({
      method: 'POST',
      url: '/api/users/license/request/',
      cookies: { token: key, csrftoken: CSRF },
      headers: { 'x-csrftoken': 'another-value-0123456789abcdefghij' },
    });
    expect(mismatched.statusCode).toBe(403);
    // Nothing was asked by the refused calls.
    expect((await browserCall('GET', '/api/auth/user/', key)).json()).toMatchObject({
      licenseStatus: 'inactive',
    });

    const asked = await browserCall('POST', '/api/users/license/request/', key);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ licenseStatus: 'pending' });
  });

  it('is removed by the logout answer, and the token dies with it', async () => {
    await createUser('logout@example.it', '--verified');
    const key = (await login('logout@example.it', FIREFOX_LINUX)).json().key as string;
    const res = await browserCall('POST', '/api/auth/logout/', key);
    expect(res.statusCode).toBe(200);
    for (const name of ['token', 'signed_in']) {
      const removal = cookieOf(res, name);
      expect(removal, name).toMatchObject({ value: '', path: '/' });
      expect(removal!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(cookieOf(res, 'token')!.httpOnly).toBe(true);
    expect((await browserCall('GET', '/api/auth/user/', key)).statusCode).toBe(401);
    // Logout without a session still clears whatever cookies the browser has (SPEC §4: always).
    const anonymous = await client(app).post('/api/auth/logout/');
    expect(anonymous.statusCode).toBe(200);
    expect(cookieOf(anonymous, 'token')).toMatchObject({ value: '' });
  });

  it('written by script before it became HttpOnly is set again HttpOnly, for the rest of its life', async () => {
    await createUser('legacy@example.it', '--verified');
    const key = await signIn(app, 'legacy@example.it');
    await t.db.query(
      `UPDATE auth_tokens SET expires_at = now() + interval '10 days' WHERE user_id =
         (SELECT id FROM users WHERE email = 'legacy@example.it')`,
    );
    const res = await browserCall('GET', '/api/auth/user/', key, { csrf: false });
    expect(res.statusCode).toBe(200);
    const token = cookieOf(res, 'token');
    expect(token).toMatchObject({ value: key, httpOnly: true });
    expect(token!.maxAge).toBeGreaterThan(10 * 86_400 - 60);
    expect(token!.maxAge).toBeLessThanOrEqual(10 * 86_400);
    expect(cookieOf(res, 'signed_in')).toMatchObject({ value: '1' });
    // With the hint already there (a session started by the API), nothing is set again.
    const again = await browserCall('GET', '/api/auth/user/', key, { cookies: { signed_in: '1' } });
    expect(cookieOf(again, 'token')).toBeUndefined();
    // The header of a script or of the web server's render never gets cookies.
    const scripted = await client(app).get('/api/auth/user/', { token: key });
    expect(cookieOf(scripted, 'token')).toBeUndefined();
  });
});

describe('a password reset', () => {
  it("removes the cookies of a browser signed in as that user, and only of that user's", async () => {
    await createUser('reset@example.it', '--verified');
    await createUser('bystander@example.it', '--verified');
    const other = await signIn(app, 'bystander@example.it');
    const [{ id } = { id: 0 }] = await t.db.query<{ id: number }>(
      `SELECT id::int AS id FROM users WHERE email = 'reset@example.it'`,
    );
    const confirm = async (key: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/password/reset/confirm/',
        payload: {
          uid: encodeUid(id),
          token: await createPasswordResetToken(t.db, id),
          newPassword1: 'Rimessa-A-Nuovo-31',
          newPassword2: 'Rimessa-A-Nuovo-31',
        },
        cookies: { token: key, signed_in: '1', csrftoken: CSRF },
        headers: { 'x-csrftoken': CSRF },
      });
    // Someone else's browser follows the link: its own session is none of this reset's business.
    const elsewhere = await confirm(other);
    expect(elsewhere.statusCode).toBe(200);
    expect(cookieOf(elsewhere, 'token')).toBeUndefined();
    expect((await browserCall('GET', '/api/auth/user/', other)).statusCode).toBe(200);
    const own = await signIn(app, 'reset@example.it', 'Rimessa-A-Nuovo-31');
    const here = await confirm(own);
    expect(here.statusCode).toBe(200);
    // The session died with the old password; the answer takes its cookies away.
    expect(cookieOf(here, 'token')).toMatchObject({ value: '', httpOnly: true });
    expect(cookieOf(here, 'signed_in')).toMatchObject({ value: '' });
    expect((await browserCall('GET', '/api/auth/user/', own)).statusCode).toBe(401);
    const fresh = await signIn(app, 'reset@example.it', 'Rimessa-A-Nuovo-31');
    expect(await events(fresh)).toEqual(['login', 'password-changed', 'login', 'password-changed']);
  });
});

describe('sessions', () => {
  it('lists the live ones with browser, system, address and times, the current one marked', async () => {
    await createUser('sessions@example.it', '--verified');
    const first = (await login('sessions@example.it', CHROME_WINDOWS, '198.51.100.1')).json().key as string;
    const second = (await login('sessions@example.it', SAFARI_IPHONE, '198.51.100.2')).json().key as string;
    const res = await client(app).get('/api/auth/sessions/', { token: first });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const { sessions } = SessionListSchema.parse(res.json());
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current)!;
    expect(current).toMatchObject({ browser: 'Chrome 131', system: 'Windows 10', ip: '198.51.100.1' });
    expect(sessions.find((s) => !s.current)).toMatchObject({
      browser: 'Safari 17',
      system: 'iOS 17.5',
      ip: '198.51.100.2',
    });
    // Nothing of a token's secret leaves the API.
    expect(res.body).not.toContain(first);
    expect(res.body).not.toContain(second);
    for (const s of sessions)
      expect(Date.parse(s.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
  });

  it('moves last use at most once a minute', async () => {
    await createUser('lastused@example.it', '--verified');
    const key = (await login('lastused@example.it', FIREFOX_LINUX)).json().key as string;
    const lastUsed = async () =>
      (
        await t.db.query<{ at: string }>(
          `SELECT last_used_at::text AS at FROM auth_tokens t JOIN users u ON u.id = t.user_id
          WHERE u.email = 'lastused@example.it'`,
        )
      )[0]!.at;
    const fresh = await lastUsed();
    await client(app).get('/api/auth/user/', { token: key });
    expect(await lastUsed()).toBe(fresh);
    await t.db.query(
      `UPDATE auth_tokens SET last_used_at = now() - interval '10 minutes'
        WHERE user_id = (SELECT id FROM users WHERE email = 'lastused@example.it')`,
    );
    const old = await lastUsed();
    await client(app).get('/api/auth/user/', { token: key });
    expect(Date.parse(await lastUsed())).toBeGreaterThan(Date.parse(old) + 9 * 60_000);
  });

  it('ends another one: that browser is signed out at its next request', async () => {
    await createUser('end@example.it', '--verified');
    const mine = (await login('end@example.it', CHROME_WINDOWS)).json().key as string;
    const other = (await login('end@example.it', FIREFOX_LINUX)).json().key as string;
    const { sessions } = SessionListSchema.parse(
      (await client(app).get('/api/auth/sessions/', { token: mine })).json(),
    );
    const target = sessions.find((s) => !s.current)!;
    const res = await client(app).delete(`/api/auth/sessions/${target.id}/`, undefined, { token: mine });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Sessione chiusa.' });
    // Not the current one: this browser keeps its cookies.
    expect(cookieOf(res, 'token')).toBeUndefined();
    expect((await browserCall('GET', '/api/auth/user/', other)).statusCode).toBe(401);
    expect((await browserCall('GET', '/api/auth/user/', mine)).statusCode).toBe(200);
    // Gone, or someone else's: 404, and nothing changes.
    const again = await client(app).delete(`/api/auth/sessions/${target.id}/`, undefined, { token: mine });
    expect(again.statusCode).toBe(404);
    await createUser('stranger@example.it', '--verified');
    const stranger = await signIn(app, 'stranger@example.it');
    const current = sessions.find((s) => s.current)!;
    const foreign = await client(app).delete(`/api/auth/sessions/${current.id}/`, undefined, {
      token: stranger,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await browserCall('GET', '/api/auth/user/', mine)).statusCode).toBe(200);
    expect(await events(mine)).toEqual(['session-ended', 'login', 'login']);
  });

  it('ends the current one: its answer removes the cookies', async () => {
    await createUser('current@example.it', '--verified');
    const key = (await login('current@example.it', CHROME_WINDOWS)).json().key as string;
    const { sessions } = SessionListSchema.parse(
      (await browserCall('GET', '/api/auth/sessions/', key)).json(),
    );
    const res = await browserCall('DELETE', `/api/auth/sessions/${sessions[0]!.id}/`, key);
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, 'token')).toMatchObject({ value: '' });
    expect(cookieOf(res, 'signed_in')).toMatchObject({ value: '' });
    expect((await browserCall('GET', '/api/auth/user/', key)).statusCode).toBe(401);
  });

  it('"sign out of every other device" ends all but the current one', async () => {
    await createUser('others@example.it', '--verified');
    const keys: string[] = [];
    for (const agent of [CHROME_WINDOWS, FIREFOX_LINUX, SAFARI_IPHONE]) {
      keys.push((await login('others@example.it', agent)).json().key as string);
    }
    const [a, b, c] = keys as [string, string, string];
    const res = await client(app).post('/api/auth/sessions/end-others/', undefined, { token: b });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Hai chiuso tutte le altre sessioni.', ended: 2 });
    expect((await client(app).get('/api/auth/user/', { token: a })).statusCode).toBe(401);
    expect((await client(app).get('/api/auth/user/', { token: c })).statusCode).toBe(401);
    const { sessions } = SessionListSchema.parse(
      (await client(app).get('/api/auth/sessions/', { token: b })).json(),
    );
    expect(sessions.map((s) => s.current)).toEqual([true]);
    expect((await events(b))[0]).toBe('sessions-ended');
  });

  it('shows only live tokens: those older than the password are gone', async () => {
    await createUser('changed@example.it', '--verified');
    const old = (await login('changed@example.it', CHROME_WINDOWS)).json().key as string;
    const change = await client(app).post(
      '/api/auth/password/change/',
      { oldPassword: PASSWORD, newPassword1: 'Nuova-Bottiglia-77', newPassword2: 'Nuova-Bottiglia-77' },
      { token: old, headers: { 'user-agent': FIREFOX_LINUX } },
    );
    expect(change.statusCode).toBe(200);
    const fresh = change.json().key as string;
    // The answer moves this browser onto the new session.
    expect(cookieOf(change, 'token')).toMatchObject({ value: fresh, httpOnly: true });
    const { sessions } = SessionListSchema.parse(
      (await client(app).get('/api/auth/sessions/', { token: fresh })).json(),
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Firefox 133', system: 'Linux' });
    expect(await events(fresh)).toEqual(['password-changed', 'login']);
  });
});

describe('sign-in events', () => {
  it('records successes, refusals, locks and logouts, each user seeing only their own', async () => {
    await createUser('events@example.it', '--verified');
    await createUser('pending@example.it');
    expect(
      (await login('events@example.it', CHROME_WINDOWS, '203.0.113.9', 'Sbagliata-Del-Tutto-1')).statusCode,
    ).toBe(400);
    expect((await login('pending@example.it', CHROME_WINDOWS)).statusCode).toBe(400);
    const key = (await login('events@example.it', CHROME_WINDOWS, '203.0.113.9')).json().key as string;
    const list = SignInEventListSchema.parse(
      (await client(app).get('/api/auth/sign-in-events/', { token: key })).json(),
    );
    expect(list.results.map((e) => e.kind)).toEqual(['login', 'login-wrong-password']);
    expect(list.results[1]).toMatchObject({ ip: '203.0.113.9', browser: 'Chrome 131', system: 'Windows 10' });

    // Ten wrong passwords from one address lock the account there: one "locked" event, not one per try.
    for (let i = 0; i < 12; i++) {
      await login('events@example.it', FIREFOX_LINUX, '203.0.113.10', `Sbagliata-${i}-Del-Tutto`);
    }
    const kinds = await events(key);
    expect(kinds.filter((k) => k === 'login-locked')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'login-wrong-password')).toHaveLength(11);

    await client(app).post('/api/auth/logout/', undefined, { token: key });
    const again = await signIn(app, 'events@example.it');
    expect((await events(again)).slice(0, 3)).toEqual(['login', 'logout', 'login-locked']);

    // The unverified account's refusal is in its own list, not in this one.
    const pending = await t.db.query<{ kind: string }>(
      `SELECT kind FROM sign_in_events e JOIN users u ON u.id = e.user_id WHERE u.email = 'pending@example.it'`,
    );
    expect(pending.map((r) => r.kind)).toEqual(['login-unverified']);
    expect(await events(again)).not.toContain('login-unverified');
  });

  it('a password reset and a deactivated sign-in are recorded too', async () => {
    await createUser('staffer@example.it', '--verified', '--staff');
    await createUser('gone@example.it', '--verified');
    const staff = await signIn(app, 'staffer@example.it');
    const [{ pk } = { pk: 0 }] = await t.db.query<{ pk: number }>(
      `SELECT id::int AS pk FROM users WHERE email = 'gone@example.it'`,
    );
    const off = await client(app).post(
      `/api/admin/users/${pk}/deactivate/`,
      { reason: 'Prova' },
      { token: staff },
    );
    expect(off.statusCode).toBe(200);
    expect((await login('gone@example.it', CHROME_WINDOWS)).statusCode).toBe(400);
    const listed = AdminSignInEventListSchema.parse(
      (await client(app).get('/api/admin/sign-in-events/?search=gone@', { token: staff })).json(),
    );
    expect(listed.results.map((e) => [e.user, e.kind])).toEqual([['gone@example.it', 'login-deactivated']]);
  });

  it('are listed for the staff by e-mail and kind, newest first, with the pages', async () => {
    await createUser('boss@example.it', '--verified', '--staff');
    const staff = await signIn(app, 'boss@example.it');
    const all = AdminSignInEventListSchema.parse(
      (await client(app).get('/api/admin/sign-in-events/?pageSize=500', { token: staff })).json(),
    );
    expect(all.count).toBeGreaterThan(10);
    const times = all.results.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const logins = AdminSignInEventListSchema.parse(
      (await client(app).get('/api/admin/sign-in-events/?kind=login&search=BOSS', { token: staff })).json(),
    );
    expect(logins.results.map((e) => [e.user, e.kind])).toEqual([['boss@example.it', 'login']]);
    const paged = AdminSignInEventListSchema.parse(
      (await client(app).get('/api/admin/sign-in-events/?pageSize=2&page=2', { token: staff })).json(),
    );
    expect(paged.results).toHaveLength(2);
    expect(paged.next).toContain('page=3');
    const bad = await client(app).get('/api/admin/sign-in-events/?kind=hacked', { token: staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('kind');
  });

  it('older than 90 days are not shown, and are pruned as new ones come', async () => {
    await createUser('old@example.it', '--verified');
    const key = await signIn(app, 'old@example.it');
    await t.db.query(
      `INSERT INTO sign_in_events (user_id, kind, created_at)
       SELECT id, k.kind, now() - k.age FROM users,
         (VALUES ('logout', interval '91 days'), ('login-wrong-password', interval '89 days')) AS k(kind, age)
        WHERE email = 'old@example.it'`,
    );
    expect(await events(key)).toEqual(['login', 'login-wrong-password']);
    const count = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sign_in_events e JOIN users u ON u.id = e.user_id
          WHERE u.email = 'old@example.it' AND e.created_at < now() - interval '90 days'`,
        )
      )[0]!.n;
    expect(await count()).toBe(1);
    // The next event of anyone prunes it.
    await createUser('someone@example.it', '--verified');
    await signIn(app, 'someone@example.it');
    expect(await count()).toBe(0);
    expect(await events(key)).toEqual(['login', 'login-wrong-password']);
  });

  it('go with the account when it is deleted', async () => {
    await createUser('deleted@example.it', '--verified');
    const key = await signIn(app, 'deleted@example.it');
    const res = await browserCall('DELETE', '/api/auth/user/', key);
    // app.inject without a body: the route asks for the password.
    expect(res.statusCode).toBe(400);
    const done = await app.inject({
      method: 'DELETE',
      url: '/api/auth/user/',
      payload: { password: PASSWORD },
      cookies: { token: key, csrftoken: CSRF },
      headers: { 'x-csrftoken': CSRF },
    });
    expect(done.statusCode).toBe(200);
    expect(cookieOf(done, 'token')).toMatchObject({ value: '' });
    const left = await t.db.query(
      `SELECT 1 FROM sign_in_events e LEFT JOIN users u ON u.id = e.user_id WHERE u.id IS NULL`,
    );
    expect(left).toHaveLength(0);
  });
});

describe('client addresses', () => {
  it('show an IPv4 address mapped into IPv6 (::ffff:a.b.c.d) as the IPv4 address, to the user and the staff', async () => {
    // Issue 35, point 20: "Accessi recenti" read ::ffff:127.0.0.1 (a dual-stack socket's form of 127.0.0.1).
    await createUser('mapped@example.it', '--verified');
    await createUser('mapped-staff@example.it', '--verified', '--staff');
    const staff = (await login('mapped-staff@example.it', FIREFOX_LINUX)).json<{ key: string }>().key;
    const key = (await login('mapped@example.it', CHROME_WINDOWS, '::ffff:198.51.100.23')).json<{
      key: string;
    }>().key;
    await login('mapped@example.it', FIREFOX_LINUX, '2001:db8::7');
    const sessions = SessionListSchema.parse(
      (await client(app).get('/api/auth/sessions/', { token: key })).json(),
    );
    expect(sessions.sessions.map((s) => s.ip).sort()).toEqual(['198.51.100.23', '2001:db8::7']);
    const own = SignInEventListSchema.parse(
      (await client(app).get('/api/auth/sign-in-events/', { token: key })).json(),
    );
    expect(own.results.map((e) => e.ip).sort()).toEqual(['198.51.100.23', '2001:db8::7']);
    const all = AdminSignInEventListSchema.parse(
      (await client(app).get('/api/admin/sign-in-events/?search=mapped@', { token: staff })).json(),
    );
    expect(all.results.map((e) => e.ip).sort()).toEqual(['198.51.100.23', '2001:db8::7']);
  });
});

describe('describeAgent', () => {
  it('names the browser and the system, and says nothing of what it does not know', () => {
    expect(describeAgent(CHROME_WINDOWS)).toEqual({ browser: 'Chrome 131', system: 'Windows 10' });
    expect(describeAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox 133', system: 'Linux' });
    expect(describeAgent('')).toEqual({ browser: '', system: '' });
    expect(describeAgent('curl/8.5.0').system).toBe('');
  });
});
