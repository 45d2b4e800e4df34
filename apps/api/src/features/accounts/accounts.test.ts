import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { CSRF, PASSWORD, client, linkParams, outbox, signIn, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';
import { MemoryRateLimitStore } from '../../plugins/rate-limit';
import { encodeUid } from './accounts.routes';

let t: TestDb;
let app: App;
const API_TOKEN = 'server-to-server-token-0123456789';
// Rate limits have their own test; here every test starts with fresh counters.
const store = new MemoryRateLimitStore();
beforeEach(() => store.clear());

beforeAll(async () => {
  ({ t, app } = await buildTestApp({
    config: testConfig({ API_TOKEN, STAFF_EMAIL: 'staff@example.it' }),
    rateLimitStore: store,
  }));
});

const quiet = () => {};
async function createUser(email: string, verified = true) {
  const args = [
    'user',
    'create',
    '--email',
    email,
    '--password',
    PASSWORD,
    '--first-name',
    'Anna',
    '--last-name',
    'Verdi',
  ];
  expect(await runAccountsCommand(t.db, verified ? [...args, '--verified'] : args, quiet)).toBe(0);
}

describe('POST /api/auth/login/', () => {
  it('refuses wrong credentials and unknown addresses alike', async () => {
    await createUser('login@example.it');
    const api = client(app);
    for (const body of [
      { email: 'login@example.it', password: 'wrong-password' },
      { email: 'nobody@example.it', password: PASSWORD },
    ]) {
      const res = await api.post('/api/auth/login/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ nonFieldErrors: ['Impossibile accedere con le credenziali fornite.'] });
    }
  });
  it('answers in English with Accept-Language: en', async () => {
    const res = await client(app).post(
      '/api/auth/login/',
      { email: 'login@example.it', password: 'x' },
      { lang: 'en-GB,en;q=0.9' },
    );
    expect(res.json()).toEqual({ nonFieldErrors: ['Unable to log in with provided credentials.'] });
  });
  it('gives no key to an unverified address', async () => {
    await createUser('unverified@example.it', false);
    const res = await client(app).post('/api/auth/login/', {
      email: 'unverified@example.it',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ nonFieldErrors: ["L'e-mail non è verificata."] });
    expect(await runAccountsCommand(t.db, ['user', 'verify', 'unverified@example.it'], quiet)).toBe(0);
    expect(await signIn(app, 'unverified@example.it')).toMatch(/^[0-9a-f]{40}$/);
  });
  it('stores only the sha256 of the key, valid 30 days', async () => {
    const key = await signIn(app, 'login@example.it');
    const rows = await t.db.query<{ token_hash: string; days: number }>(
      `SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM auth_tokens`,
    );
    expect(rows.some((r) => r.token_hash === key)).toBe(false);
    expect(rows.every((r) => r.days === 30 && /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('tokens', () => {
  it('401 for unknown, malformed and expired tokens, and without one', async () => {
    const api = client(app);
    for (const token of ['0'.repeat(40), 'not a token']) {
      const res = await api.get('/api/auth/user/', { headers: { authorization: `Token ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Token non valido.' });
    }
    const none = await api.get('/api/auth/user/');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Le credenziali di autenticazione non sono state fornite.' });
    const key = await signIn(app, 'login@example.it');
    await t.db.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second'`);
    expect((await api.get('/api/auth/user/', { token: key })).statusCode).toBe(401);
  });
});

describe('PATCH /api/auth/user/', () => {
  it('changes profile fields only', async () => {
    const key = await signIn(app, 'login@example.it');
    const api = client(app);
    const res = await api.patch(
      '/api/auth/user/',
      { firstName: 'Annalisa', organizationType: 'research' },
      { token: key },
    );
    expect(res.json()).toMatchObject({
      firstName: 'Annalisa',
      lastName: 'Verdi',
      organizationType: 'research',
    });
    const readOnly = await api.patch(
      '/api/auth/user/',
      { email: 'x@example.it', licenseStatus: 'active' },
      { token: key },
    );
    expect(readOnly.statusCode).toBe(400);
    expect(readOnly.json()).toEqual({
      email: ['Campo non previsto.'],
      licenseStatus: ['Campo non previsto.'],
    });
    const bad = await api.patch(
      '/api/auth/user/',
      { organizationType: 'alien', firstName: '' },
      { token: key },
    );
    expect(bad.json()).toEqual({
      organizationType: ['Scelta non valida.'],
      firstName: ['Questo campo non può essere vuoto.'],
    });
  });
});

describe('POST /api/registration/', () => {
  const base = {
    email1: 'new@example.it',
    email2: 'new@example.it',
    firstName: 'Marco',
    lastName: 'Esposito',
  };
  it("applies Django's password validators, in Italian and English", async () => {
    const api = client(app);
    const cases: [string, string[]][] = [
      [
        '1234567',
        [
          'Questa password è troppo corta. Deve contenere almeno 8 caratteri.',
          'Questa password è troppo comune.',
          'Questa password è interamente numerica.',
        ],
      ],
      ['83749261', ['Questa password è interamente numerica.']],
      ['password', ['Questa password è troppo comune.']],
      ['Marco2024', ['La password è troppo simile a nome.']],
      ['esposito1', ['La password è troppo simile a cognome.']],
    ];
    for (const [password, messages] of cases) {
      const res = await api.post('/api/registration/', { ...base, password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ password: messages });
    }
    store.clear(); // five attempts per address and hour
    const en = await api.post('/api/registration/', { ...base, password: 'Marco' }, { lang: 'en' });
    expect(en.json()).toEqual({
      password: [
        'The password is too similar to the first name.',
        'This password is too short. It must contain at least 8 characters.',
        'This password is too common.',
      ],
    });
  });
  it('needs equal addresses; an address with an account gets the same answer, and its owner a mail', async () => {
    const api = client(app);
    const mismatch = await api.post('/api/registration/', {
      ...base,
      email2: 'other@example.it',
      password: PASSWORD,
    });
    expect(mismatch.json()).toEqual({ email2: ['I due indirizzi e-mail non corrispondono.'] });
    const taken = await api.post('/api/registration/', {
      ...base,
      email1: 'LOGIN@example.it',
      email2: 'login@example.it',
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual({ detail: 'E-mail di verifica inviata.' });
    const [mail] = (await outbox(t.db, 'login@example.it')).slice(-1);
    expect(mail!.subject).toBe('Il tuo indirizzo ha già un account');
    expect(mail!.text).toContain('/?flow=passwordforgotten');
    expect(mail!.text).not.toContain('flow=verify-email');
    // Nothing of the account changed: the owner's password still signs in.
    expect(
      (await api.post('/api/auth/login/', { email: 'login@example.it', password: PASSWORD })).statusCode,
    ).toBe(200);
  });
  it('lets an unverified address register again, with a new verification mail', async () => {
    const api = client(app);
    expect((await api.post('/api/registration/', { ...base, password: PASSWORD })).statusCode).toBe(201);
    expect(
      (await api.post('/api/registration/', { ...base, password: 'Altra-Password-99' })).statusCode,
    ).toBe(201);
    const mails = await outbox(t.db, 'new@example.it');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.html).toContain('<!doctype html>');
    expect(mails[0]!.subject).toBe('Conferma il tuo indirizzo e-mail');
  });
});

describe('e-mail verification', () => {
  it('404 for a bad, used or expired key', async () => {
    const api = client(app);
    expect(
      (await api.post('/api/registration/verify-email/', { key: 'nope', password: PASSWORD })).json(),
    ).toEqual({
      detail: 'Non trovato.',
    });
    const [mail] = await outbox(t.db, 'new@example.it');
    const key = linkParams(mail!.text, 'verify-email').get('key');
    await t.db.query(`UPDATE email_verification_keys SET expires_at = now() - interval '1 second'`);
    expect((await api.post('/api/registration/verify-email/', { key, password: PASSWORD })).statusCode).toBe(
      404,
    );
  });
  it('signs the confirmed address in, as a sign-in does: session cookies, a live key, the event, counts cleared', async () => {
    // Issue 35, point 19: confirming with the right password used to leave the person signed out.
    const api = client(app);
    const email = 'confirm.login@example.it';
    const body = { email1: email, email2: email, firstName: 'Rita', lastName: 'Neri', password: PASSWORD };
    expect((await api.post('/api/registration/', body)).statusCode).toBe(201);
    // Nine refused sign-ins before the confirmation (one short of the account's limit from this address).
    for (let i = 0; i < 9; i++) {
      expect((await api.post('/api/auth/login/', { email, password: 'Non-La-Mia-99' })).statusCode).toBe(400);
    }
    const key = linkParams((await outbox(t.db, email)).at(-1)!.text, 'verify-email').get('key');
    const res = await api.post('/api/registration/verify-email/', { key, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ detail: string; key: string }>();
    expect(answer).toEqual({ detail: 'ok', key: expect.stringMatching(/^[0-9a-f]{40}$/) as string });
    const cookies = res.cookies;
    expect(cookies.find((c) => c.name === 'token')).toMatchObject({
      value: answer.key,
      httpOnly: true,
      path: '/',
    });
    expect(cookies.find((c) => c.name === 'signed_in')).toMatchObject({ value: '1' });
    const me = await api.get('/api/auth/user/', { token: answer.key });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, firstName: 'Rita' });
    const events = (await api.get('/api/auth/sign-in-events/', { token: answer.key })).json<{
      results: { kind: string }[];
    }>();
    expect(events.results[0]!.kind).toBe('login');
    // The sign-in cleared the counts: two more wrong passwords are refused as such, not locked out (429).
    for (let i = 0; i < 2; i++) {
      expect((await api.post('/api/auth/login/', { email, password: 'Non-La-Mia-99' })).statusCode).toBe(400);
    }
  });
  it('confirms a deactivated account without signing it in', async () => {
    const api = client(app);
    const email = 'confirm.deactivated@example.it';
    await createUser(email, false);
    await t.db.query(`UPDATE users SET deactivated_at = now() WHERE email = $1`, [email]);
    await api.post('/api/registration/resend-email/', { email });
    const key = linkParams((await outbox(t.db, email)).at(-1)!.text, 'verify-email').get('key');
    const res = await api.post('/api/registration/verify-email/', { key, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'ok' });
    expect(res.cookies.find((c) => c.name === 'token')).toBeUndefined();
  });
  it('resend-email: always 200, mails only an unverified address', async () => {
    const api = client(app);
    const before = (await outbox(t.db)).length;
    for (const email of ['new@example.it', 'login@example.it', 'ghost@example.it']) {
      const res = await api.post('/api/registration/resend-email/', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'ok' });
    }
    const after = await outbox(t.db);
    expect(after.slice(before).map((m) => m.to)).toEqual(['new@example.it']);
    const key = linkParams(after.at(-1)!.text, 'verify-email').get('key');
    expect((await api.post('/api/registration/verify-email/', { key, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('password reset', () => {
  it('always answers 200 and mails only existing accounts', async () => {
    const api = client(app);
    const before = (await outbox(t.db)).length;
    const known = await api.post('/api/auth/password/reset/', { email: 'login@example.it' });
    const unknown = await api.post('/api/auth/password/reset/', { email: 'ghost@example.it' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect((await outbox(t.db)).slice(before).map((m) => m.to)).toEqual(['login@example.it']);
  });
  it('confirms once, revokes every token, and refuses bad uid and token', async () => {
    const api = client(app);
    const key1 = await signIn(app, 'login@example.it');
    const key2 = await signIn(app, 'login@example.it');
    await api.post('/api/auth/password/reset/', { email: 'login@example.it' });
    const mail = (await outbox(t.db, 'login@example.it')).at(-1)!;
    expect(mail.text).toContain('/?flow=password-reset&uid=');
    const link = linkParams(mail.text, 'password-reset');
    const uid = link.get('uid')!;
    const token = link.get('token')!;
    const body = { uid, token, newPassword1: 'Nuova-Password-2025', newPassword2: 'Nuova-Password-2025' };

    // One answer for a malformed uid, a uid without an account and a bad token.
    expect((await api.post('/api/auth/password/reset/confirm/', { ...body, uid: 'zzz' })).json()).toEqual({
      token: ['Valore non valido.'],
    });
    expect(
      (await api.post('/api/auth/password/reset/confirm/', { ...body, uid: encodeUid(999999) })).json(),
    ).toEqual({
      token: ['Valore non valido.'],
    });
    expect((await api.post('/api/auth/password/reset/confirm/', { ...body, token: 'bad' })).json()).toEqual({
      token: ['Valore non valido.'],
    });
    expect(
      (await api.post('/api/auth/password/reset/confirm/', { ...body, newPassword2: 'Altro-2025-x' })).json(),
    ).toEqual({
      newPassword2: ['I due campi password non corrispondono.'],
    });
    expect(
      (
        await api.post('/api/auth/password/reset/confirm/', {
          ...body,
          newPassword1: '12345678',
          newPassword2: '12345678',
        })
      ).json(),
    ).toEqual({
      newPassword2: ['Questa password è troppo comune.', 'Questa password è interamente numerica.'],
    });

    const ok = await api.post('/api/auth/password/reset/confirm/', body);
    expect(ok.statusCode).toBe(200);
    for (const key of [key1, key2])
      expect((await api.get('/api/auth/user/', { token: key })).statusCode).toBe(401);
    const again = await api.post('/api/auth/password/reset/confirm/', body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['Valore non valido.'] });
    expect(await signIn(app, 'login@example.it', 'Nuova-Password-2025')).toBeTruthy();
    await runAccountsCommand(t.db, ['user', 'create', '--email', 'x@y.z', '--password', 'p'], quiet);
  });
});

describe('licence', () => {
  it('needs a signed-in user; pending twice mails once; active cannot be requested; revoke → inactive', async () => {
    const api = client(app);
    expect((await api.post('/api/users/license/request/')).statusCode).toBe(401);
    await createUser('lic@example.it');
    const key = await signIn(app, 'lic@example.it');
    const before = (await outbox(t.db)).length;
    expect(
      (await api.post('/api/users/license/request/', undefined, { token: key })).json().licenseStatus,
    ).toBe('pending');
    expect(
      (await api.post('/api/users/license/request/', undefined, { token: key })).json().licenseStatus,
    ).toBe('pending');
    expect(
      (await outbox(t.db))
        .slice(before)
        .map((m) => m.to)
        .sort(),
    ).toEqual(['lic@example.it', 'staff@example.it']);
    expect(
      await runAccountsCommand(t.db, ['license', 'approve', 'lic@example.it'], quiet, testConfig()),
    ).toBe(0);
    const active = await api.post('/api/users/license/request/', undefined, { token: key });
    expect(active.statusCode).toBe(400);
    expect(active.json()).toEqual({ nonFieldErrors: ['La licenza è già attiva.'] });
    expect(await runAccountsCommand(t.db, ['license', 'revoke', 'lic@example.it'], quiet, testConfig())).toBe(
      0,
    );
    const user = (await api.get('/api/auth/user/', { token: key })).json();
    expect(user).toMatchObject({ licenseStatus: 'inactive', licenseApprovedAt: null });
    expect((await outbox(t.db, 'lic@example.it')).map((m) => m.subject)).toEqual([
      'Abbiamo ricevuto la tua richiesta di licenza',
      'La tua licenza è attiva',
      'La tua licenza è stata revocata',
    ]);
    // A pending request turned down is told as such, and can be asked again.
    await api.post('/api/users/license/request/', undefined, { token: key });
    expect(await runAccountsCommand(t.db, ['license', 'revoke', 'lic@example.it'], quiet)).toBe(0);
    const declined = (await outbox(t.db, 'lic@example.it')).at(-1)!;
    expect(declined.subject).toBe('La tua richiesta di licenza non è stata accolta');
    expect(declined.text).toContain('Puoi richiederla di nuovo dalla pagina del profilo');
    expect(declined.text).toContain('http://localhost:3000/profilo#license-section');
    expect(
      await runAccountsCommand(t.db, ['license', 'approve', 'ghost@example.it'], quiet, testConfig()),
    ).toBe(1);
    expect(await runAccountsCommand(t.db, ['license', 'approve'], quiet, testConfig())).toBe(2);
  });
});

describe('CSRF double submit', () => {
  const body = { email: 'login@example.it', password: 'x' };
  it('403 without the cookie, without the header, or when they differ', async () => {
    const variants: { headers: Record<string, string>; cookies: Record<string, string> }[] = [
      { headers: {}, cookies: {} },
      { headers: { 'x-csrftoken': CSRF }, cookies: {} },
      { headers: {}, cookies: { csrftoken: CSRF } },
      { headers: { 'x-csrftoken': 'other-value' }, cookies: { csrftoken: CSRF } },
    ];
    for (const v of variants) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: body, ...v });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Verifica CSRF non riuscita: token CSRF non valido o mancante.' });
    }
  });
  it('lets server-to-server calls with the API token through, and no wrong token', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: body,
      headers: { 'x-api-token': API_TOKEN },
    });
    expect(ok.statusCode).toBe(400);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: body,
      headers: { 'x-api-token': 'nope' },
    });
    expect(wrong.statusCode).toBe(403);
  });
  it('GET /api/csrf/ sets a readable, Lax csrftoken cookie that then works', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/csrf/' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^csrftoken=[\w-]{32,}; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    const token = res.json().csrfToken as string;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: body,
      cookies: { csrftoken: token },
      headers: { 'x-csrftoken': token },
    });
    expect(login.statusCode).toBe(400);
  });
});
