import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { runAccountsCommand } from '../cli/accounts-commands';
import { printable } from '../cli/admin';
import type { Db } from '../db/db';
import { LIMITS, MemoryRateLimitStore, ipKey } from '../plugins/rate-limit';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { CSRF, PASSWORD, client, linkParams, outbox, signIn, testConfig } from '../../test/accounts';

/*
 * The attacks of a penetration test of the running portal (issue 22), each reproduced against the API:
 * every test here failed before its fix. The open redirect is reproduced in the browser
 * (e2e/open-redirect.spec.ts), spoofed client addresses through the web app in e2e/client-address.spec.ts,
 * the response cache in response-cache.test.ts.
 */

let t: TestDb;
let app: App;
const store = new MemoryRateLimitStore();
const quiet = () => {};

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig(), rateLimitStore: store }));
});
beforeEach(() => store.clear());

const createUser = (email: string, verified = true) =>
  runAccountsCommand(
    t.db,
    ['user', 'create', '--email', email, '--password', PASSWORD, ...(verified ? ['--verified'] : [])],
    quiet,
  );

const register = (email: string, password: string, firstName = 'Anna') =>
  client(app).post('/api/registration/', {
    email1: email,
    email2: email,
    firstName,
    lastName: 'Verdi',
    password,
  });

const lastKey = async (email: string) =>
  linkParams((await outbox(t.db, email)).at(-1)!.text, 'verify-email').get('key')!;

const verify = (key: string, password: string) =>
  client(app).post('/api/registration/verify-email/', { key, password });
const login = async (email: string, password: string) =>
  (await client(app).post('/api/auth/login/', { email, password })).json() as unknown;
const SIGNED_IN = { key: expect.any(String) as unknown };
const NOT_VERIFIED = { nonFieldErrors: ["L'e-mail non è verificata."] };
const WRONG = { nonFieldErrors: ['Impossibile accedere con le credenziali fornite.'] };
const MISMATCH = { password: ['La password non è quella scelta registrandoti con questo indirizzo.'] };
const ATTACKER = 'Password-Attaccante-7';

describe('account takeover by registering an unverified address again (finding 1)', () => {
  it("the owner's click on the newest mail, with their own password, confirms their own registration", async () => {
    const email = 'takeover-1@example.it';
    expect((await register(email, PASSWORD)).statusCode).toBe(201);
    const ownersKey = await lastKey(email);
    // The attacker registers the same address, with their own password, before the owner clicks.
    expect((await register(email, ATTACKER, 'Mallory')).statusCode).toBe(201);
    expect((await outbox(t.db, email)).at(-1)!.text).toContain(
      'Questo indirizzo è stato registrato di nuovo',
    );
    // The owner's first link died with the new registration…
    expect((await verify(ownersKey, PASSWORD)).statusCode).toBe(404);
    // …and the newest one confirms the registration whose password is given: the owner's.
    expect((await verify(await lastKey(email), PASSWORD)).statusCode).toBe(200);
    expect(await login(email, PASSWORD)).toEqual(SIGNED_IN);
    expect(await login(email, ATTACKER)).toEqual(WRONG);
    const [user] = await t.db.query<{ firstName: string }>(
      'SELECT first_name AS "firstName" FROM users WHERE email = $1',
      [email],
    );
    expect(user!.firstName).toBe('Anna');
  });

  it("the resend the login form offers leads the owner to no stranger's password either (the audit's path)", async () => {
    const email = 'takeover-2@example.it';
    await register(email, PASSWORD);
    await register(email, ATTACKER, 'Mallory');
    // The owner signs in with their own password and is offered the resend…
    expect(await login(email, PASSWORD)).toEqual(NOT_VERIFIED);
    await client(app).post('/api/registration/resend-email/', { email });
    const resent = await lastKey(email);
    // …and the resent key activates nothing without a registration's password: the owner's click,
    // with the only password the owner knows, confirms the owner's registration.
    expect(
      await client(app)
        .post('/api/registration/verify-email/', { key: resent })
        .then((r) => r.statusCode),
    ).toBe(400);
    expect((await verify(resent, 'Una-Password-Qualsiasi-1')).json()).toEqual(MISMATCH);
    expect((await verify(resent, PASSWORD)).statusCode).toBe(200);
    expect(await login(email, ATTACKER)).toEqual(WRONG);
    expect(await login(email, PASSWORD)).toEqual(SIGNED_IN);
  });

  it('a registration changes nothing of the account before it is confirmed', async () => {
    const email = 'takeover-3@example.it';
    await register(email, PASSWORD);
    const row = () =>
      t.db.query<{ hash: string; firstName: string }>(
        'SELECT password_hash AS hash, first_name AS "firstName" FROM users WHERE email = $1',
        [email],
      );
    const [before] = await row();
    // No password of its own yet: nobody's registration is the account's until confirmed.
    expect(before).toEqual({ hash: '!unusable', firstName: '' });
    await register(email, ATTACKER, 'Mallory');
    expect((await row())[0]).toEqual(before);
    const live = await t.db.query(
      `SELECT 1 FROM email_verification_keys k JOIN users u ON u.id = k.user_id
        WHERE u.email = $1 AND k.used_at IS NULL`,
      [email],
    );
    expect(live).toHaveLength(1);
    // An operator's `user verify` activates no registrant's password.
    await runAccountsCommand(t.db, ['user', 'verify', email], quiet);
    expect(await login(email, PASSWORD)).toEqual(WRONG);
    expect(await login(email, ATTACKER)).toEqual(WRONG);
  });

  it('a key mailed before the address was verified another way (password reset) is dead', async () => {
    const email = 'takeover-4@example.it';
    // A stranger registers the address first; its owner then sets a password through the reset link.
    await register(email, ATTACKER, 'Mallory');
    const strangersKey = await lastKey(email);
    await client(app).post('/api/auth/password/reset/', { email });
    const reset = linkParams((await outbox(t.db, email)).at(-1)!.text, 'password-reset');
    const confirm = await client(app).post('/api/auth/password/reset/confirm/', {
      uid: reset.get('uid'),
      token: reset.get('token'),
      newPassword1: PASSWORD,
      newPassword2: PASSWORD,
    });
    expect(confirm.statusCode).toBe(200);
    expect((await verify(strangersKey, ATTACKER)).statusCode).toBe(404);
    expect(await login(email, PASSWORD)).toEqual(SIGNED_IN);
    expect(await login(email, ATTACKER)).toEqual(WRONG);
  });
});

describe('CSRF check on every path the router accepts (finding 4)', () => {
  it('refuses unsafe methods without the double submit on //api/… as on /api/…', async () => {
    await createUser('csrf@example.it');
    const key = await signIn(app, 'csrf@example.it');
    for (const url of ['//api/auth/user/', '/api/auth/user/', '///api//auth/user/']) {
      const res = await app.inject({
        method: 'PATCH',
        url,
        headers: { authorization: `Token ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ firstName: 'Csrf' }),
      });
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
    // A cross-site form post (text/plain, the token cookie) to //api/ asks for no licence.
    const forged = await app.inject({
      method: 'POST',
      url: '//api/users/license/request/',
      cookies: { token: key },
      headers: { 'content-type': 'text/plain' },
      payload: '',
    });
    expect(forged.statusCode).toBe(403);
    const [user] = await t.db.query<{ status: string; firstName: string }>(
      `SELECT license_status AS status, first_name AS "firstName" FROM users WHERE email = 'csrf@example.it'`,
    );
    expect(user).toEqual({ status: 'inactive', firstName: '' });
  });
});

describe('account enumeration (finding 8)', () => {
  it('registration answers an address with an account as a new one, and mails its owner', async () => {
    await createUser('owner@example.it');
    const taken = await register('Owner@example.it', 'Altra-Password-31');
    const fresh = await register('never-seen@example.it', 'Altra-Password-31');
    expect({ status: taken.statusCode, body: taken.body }).toEqual({
      status: fresh.statusCode,
      body: fresh.body,
    });
    const [mail] = await outbox(t.db, 'owner@example.it');
    expect(mail!.subject).toBe('Il tuo indirizzo ha già un account');
    // Signing in next with the password just registered gives the registrant the same answer for both
    // addresses, while the owner signs in as ever.
    expect(await login('owner@example.it', 'Altra-Password-31')).toEqual(NOT_VERIFIED);
    expect(await login('never-seen@example.it', 'Altra-Password-31')).toEqual(NOT_VERIFIED);
    expect(await login('owner@example.it', PASSWORD)).toEqual(SIGNED_IN);
  });

  it('reset confirmation: one answer for a bad uid, a uid without account and a bad token', async () => {
    const body = { token: 'x'.repeat(48), newPassword1: 'Nuova-Lattina-1', newPassword2: 'Nuova-Lattina-1' };
    const answers = await Promise.all(
      ['zzz', Buffer.from('1').toString('base64url'), Buffer.from('999999').toString('base64url')].map(
        async (uid) => (await client(app).post('/api/auth/password/reset/confirm/', { ...body, uid })).body,
      ),
    );
    expect(new Set(answers)).toEqual(new Set([JSON.stringify({ token: ['Valore non valido.'] })]));
  });

  it('reset and resend answer before looking the address up, so their time cannot tell', async () => {
    // The lookup of the address is held until the answer is in: an answer that waited for it (the only
    // way its time could depend on what it finds) would never arrive.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gated: Db = {
      ...t.db,
      query: async <T>(sql: string, params?: unknown[]) => {
        if (/FROM users WHERE lower\(email\)/.test(sql)) await gate;
        return t.db.query<T>(sql, params);
      },
    };
    const gatedApp = await buildApp({
      db: gated,
      config: testConfig(),
      rateLimitStore: new MemoryRateLimitStore(),
    });
    try {
      const api = client(gatedApp, { settle: false });
      await createUser('gated@example.it', false);
      for (const url of ['/api/auth/password/reset/', '/api/registration/resend-email/']) {
        // Not a time limit on the answer: a guard that fails the test at once where it would hang.
        const answers = await Promise.race([
          Promise.all(
            ['gated@example.it', 'nobody-gated@example.it'].map((email) => api.post(url, { email })),
          ),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`${url} waited for the address lookup`)), 20_000),
          ),
        ]);
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        expect(answers[0]!.body).toBe(answers[1]!.body);
      }
      release();
      await gatedApp.settled();
      const mails = await outbox(t.db, 'gated@example.it');
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Conferma il tuo indirizzo e-mail',
        'Reimposta la tua password',
      ]);
      expect(await outbox(t.db, 'nobody-gated@example.it')).toEqual([]);
    } finally {
      release();
      await gatedApp.close();
    }
  });
});

describe('profile text in the staff mail and the admin command (finding 9)', () => {
  it('line breaks and control characters cannot forge lines of the licence mail or the terminal', async () => {
    await createUser("o'neil@example.it");
    const token = await signIn(app, "o'neil@example.it");
    const patch = await client(app).patch(
      '/api/auth/user/',
      {
        firstName: 'Ann\r\nPer approvarla: npm run admin; sh x',
        organization: 'Comune\n\u001b[2J\u001b[31mFAKE',
        role: 'Sindaco\u2028Ruolo: falso',
        intendedUse: 'Studio\nPer approvarla: npm run admin -- license approve $(id)\u001b]0;x\u0007',
      },
      { token },
    );
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      firstName: 'Ann Per approvarla: npm run admin; sh x',
      organization: 'Comune [2J [31mFAKE',
      role: 'Sindaco Ruolo: falso',
      intendedUse: 'Studio\nPer approvarla: npm run admin -- license approve $(id)]0;x',
    });
    expect((await client(app).post('/api/users/license/request/', undefined, { token })).statusCode).toBe(
      200,
    );
    const staff = (await outbox(t.db, 'staff@localhost.localdomain')).at(-1)!;
    const lines = staff.text.split('\n');
    // The only lines that start with the commands are the mail's own, with the address quoted for the shell.
    expect(lines.filter((l) => l.startsWith('Per approvarla:'))).toEqual([
      `Per approvarla: npm run admin -- license approve 'o'\\''neil@example.it'`,
    ]);
    expect(lines).toContain('> Per approvarla: npm run admin -- license approve $(id)]0;x');
    expect(staff.text).not.toMatch(/[^\P{Cc}\t\n]/u);

    // Whatever is in the database (written before this fix, or by hand), the listing stays one line per
    // request and carries no escape sequence to the operator's terminal.
    await t.db.query(`UPDATE users SET organization = $1 WHERE email = $2`, [
      'Evil\n\u001b[31mline\u009b2J',
      "o'neil@example.it",
    ]);
    const printed: string[] = [];
    await runAccountsCommand(t.db, ['license', 'list'], (line) => printed.push(printable(line)));
    expect(printed).toHaveLength(1);
    expect(printed[0]).not.toMatch(/[^\P{Cc}\t]/u);
    expect(printable('a\u001b[2Jb\u009bc\td\ne')).toBe('a?[2Jb?c\td\ne');
  });
});

describe('logout by cookie (finding 10)', () => {
  it('revokes a token sent as the token cookie', async () => {
    await createUser('cookie-out@example.it');
    const key = await signIn(app, 'cookie-out@example.it');
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      cookies: { token: key, csrftoken: CSRF },
      headers: { 'x-csrftoken': CSRF },
    });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/auth/user/', cookies: { token: key } });
    expect(after.statusCode).toBe(401);
  });
});

describe('cookies and mails (finding 11)', () => {
  it('sets csrftoken Secure wherever the portal is not plain-HTTP localhost', async () => {
    const local = await app.inject({ method: 'GET', url: '/api/csrf/' });
    expect(local.cookies.find((c) => c.name === 'csrftoken')!.secure).toBeFalsy();
    const publicApp = await buildApp({
      db: t.db,
      config: testConfig({ PUBLIC_URL: 'https://portale.example.it' }),
      rateLimitStore: new MemoryRateLimitStore(),
    });
    try {
      const res = await publicApp.inject({ method: 'GET', url: '/api/csrf/' });
      expect(res.cookies.find((c) => c.name === 'csrftoken')!.secure).toBe(true);
    } finally {
      await publicApp.close();
    }
  });

  it('the verification mail carries nothing the registrant chose, and names are short and hold no links', async () => {
    const spam = await register('spam-target@example.it', PASSWORD, 'Vinci un premio su www.evil.example');
    expect(spam.statusCode).toBe(400);
    expect(spam.json()).toEqual({ firstName: ['Questo campo non può contenere indirizzi web o e-mail.'] });
    const long = await register('spam-target@example.it', PASSWORD, 'A'.repeat(51));
    expect(long.json()).toEqual({
      firstName: ['Assicurati che questo campo non abbia più di 50 caratteri.'],
    });
    expect((await register('spam-target@example.it', PASSWORD, 'Zanzibar')).statusCode).toBe(201);
    const mail = (await outbox(t.db, 'spam-target@example.it')).at(-1)!;
    expect(mail.text).not.toContain('Zanzibar');
    expect(mail.html).not.toContain('Zanzibar');
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(new URL(l).origin).toBe('http://localhost:3000');
  });
});

describe('per-IP limits against rotating addresses (finding 3, after the audit)', () => {
  it('counts an IPv6 client by its /64, an IPv4 client (mapped or not) by its address', async () => {
    expect(ipKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(ipKey('::1')).toBe('::/64');
    expect(ipKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(ipKey('192.0.2.7')).toBe('192.0.2.7');
    const api = client(app);
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const res = await api.post(
        '/api/registration/resend-email/',
        { email: `rotate-${i}@example.it` },
        { ip: `2001:db8:7:7::${i.toString(16)}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('keeps a bounded number of counters in memory, whatever the number of addresses', async () => {
    const bounded = new MemoryRateLimitStore(100);
    const limiter = bounded.limiter(LIMITS.resendIp);
    for (let i = 0; i < 1000; i++) await limiter.consume(`198.51.100.${i}`);
    expect(bounded.size).toBeLessThanOrEqual(100);
    // The most recent counters are the ones kept.
    expect((await limiter.get('198.51.100.999'))?.consumedPoints).toBe(1);
    expect(await limiter.get('198.51.100.0')).toBeNull();
  });
});
