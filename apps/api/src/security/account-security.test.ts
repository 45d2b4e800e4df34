import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { runAccountsCommand } from '../cli/accounts-commands';
import { setPassword } from '../features/accounts/accounts.repo';
import { hashPassword } from '../features/accounts/passwords';
import { LIMITS, MemoryRateLimitStore } from '../plugins/rate-limit';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { PASSWORD, client, linkParams, outbox, signIn, testConfig } from '../../test/accounts';

/*
 * Account security: brute force is limited per account and per IP, the answers of login, password
 * reset and resend-verification do not tell whether an address has an account (status, body, timing),
 * and every sign-in token of a user dies when the password changes.
 */

let t: TestDb;
let app: App;
const store = new MemoryRateLimitStore();
const quiet = () => {};

async function createUser(email: string, verified = true) {
  await runAccountsCommand(
    t.db,
    ['user', 'create', '--email', email, '--password', PASSWORD, ...(verified ? ['--verified'] : [])],
    quiet,
  );
}

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig(), rateLimitStore: store }));
  await createUser('known@example.it');
  await createUser('victim@example.it');
  await createUser('unverified@example.it', false);
  await createUser('changer@example.it');
});
beforeEach(() => store.clear());

describe('brute force', () => {
  it('limits failed logins to 10 per account and address in 15 minutes, while the owner gets in from elsewhere', async () => {
    const limit = LIMITS.loginAccountClient;
    expect(limit.max).toBeLessThanOrEqual(10);
    expect(limit.windowMs).toBeGreaterThanOrEqual(15 * 60_000);
    const api = client(app);
    const guesser = '198.51.100.1';
    for (let i = 0; i < limit.max; i++) {
      const res = await api.post(
        '/api/auth/login/',
        { email: 'victim@example.it', password: `wrong-${i}` },
        { ip: guesser },
      );
      expect(res.statusCode).toBe(400);
    }
    // The guesser waits, even with the right password, and is told how to get in meanwhile.
    const locked = await api.post(
      '/api/auth/login/',
      { email: 'Victim@Example.it', password: PASSWORD },
      { ip: guesser },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      detail: expect.stringMatching(
        /^Troppi tentativi di accesso non riusciti per questo account: riprova tra \d+ minuti, oppure reimposta la password da «Hai dimenticato la password\?»\.$/,
      ),
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(limit.windowMs / 1000);
    // The owner, from their own address, is not locked out by someone else's guesses.
    const owner = await api.post(
      '/api/auth/login/',
      { email: 'victim@example.it', password: PASSWORD },
      { ip: '203.0.113.200' },
    );
    expect(owner.statusCode).toBe(200);
  });

  it('keeps the per-account limit when the guesses arrive all at once', async () => {
    const api = client(app);
    const guesses = 3 * LIMITS.loginAccountClient.max;
    const answers = await Promise.all(
      Array.from({ length: guesses }, (_, i) =>
        api.post(
          '/api/auth/login/',
          { email: 'victim@example.it', password: `parallel-${i}` },
          { ip: '198.51.101.1' },
        ),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    // Only the first 10 get as far as the password check; the rest wait for the window.
    expect(statuses.filter((s) => s === 400)).toHaveLength(LIMITS.loginAccountClient.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(guesses - LIMITS.loginAccountClient.max);
  });

  it('stops guesses spread over many addresses at 100 an hour per account; a password reset lets the owner in', async () => {
    const ceiling = LIMITS.loginAccountCeiling;
    expect(ceiling.max).toBeLessThanOrEqual(100);
    expect(ceiling.windowMs).toBeGreaterThanOrEqual(60 * 60_000);
    const email = 'spread@example.it';
    await createUser(email);
    // 99 failures already counted (as many addresses would leave them), then the 100th through the API.
    await store.limiter(ceiling).penalty(email, ceiling.max - 1);
    const api = client(app);
    const last = await api.post('/api/auth/login/', { email, password: 'wrong' }, { ip: '198.51.102.1' });
    expect(last.statusCode).toBe(400);
    const owner = await api.post('/api/auth/login/', { email, password: PASSWORD }, { ip: '203.0.113.201' });
    expect(owner.statusCode).toBe(429);
    expect(owner.json().detail).toContain('reimposta la password');

    expect((await api.post('/api/auth/password/reset/', { email })).statusCode).toBe(200);
    const link = linkParams((await outbox(t.db, email)).at(-1)!.text, 'password-reset');
    const confirm = await api.post(
      '/api/auth/password/reset/confirm/',
      {
        uid: link.get('uid'),
        token: link.get('token'),
        newPassword1: 'Nuova-Lattina-78',
        newPassword2: 'Nuova-Lattina-78',
      },
      { ip: '203.0.113.201' },
    );
    expect(confirm.statusCode).toBe(200);
    const after = await api.post(
      '/api/auth/login/',
      { email, password: 'Nuova-Lattina-78' },
      { ip: '203.0.113.201' },
    );
    expect(after.statusCode).toBe(200);
  });

  it('a right password resets the count of the account', async () => {
    const api = client(app);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LIMITS.loginAccountClient.max - 1; i++) {
        const res = await api.post('/api/auth/login/', { email: 'known@example.it', password: `no-${i}` });
        expect(res.statusCode).toBe(400);
      }
      const ok = await api.post('/api/auth/login/', { email: 'known@example.it', password: PASSWORD });
      expect(ok.statusCode).toBe(200);
    }
  });

  it('limits login attempts per IP whatever the account', async () => {
    const api = client(app);
    const ip = '198.51.100.77';
    for (let i = 0; i < LIMITS.loginIp.max; i++) {
      const res = await api.post(
        '/api/auth/login/',
        { email: `nobody-${i}@example.it`, password: 'x' },
        { ip },
      );
      expect(res.statusCode).toBe(400);
    }
    const blocked = await api.post(
      '/api/auth/login/',
      { email: 'known@example.it', password: PASSWORD },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const elsewhere = await api.post(
      '/api/auth/login/',
      { email: 'known@example.it', password: PASSWORD },
      { ip: '198.51.100.78' },
    );
    expect(elsewhere.statusCode).toBe(200);
  });
});

/** Median of the wall-clock times of the requests. */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Sends the request for an existing and for an unknown address, alternately (so drift of the machine
 * hits both), `rounds` times each; returns both answers of the first round and the median times.
 */
async function compare(url: string, body: (email: string) => Record<string, unknown>, existing: string) {
  // The time of the answer alone: work a route does after answering is not part of it.
  const api = client(app, { settle: false });
  const times = { existing: [] as number[], unknown: [] as number[] };
  const answers: { existing?: { status: number; body: string }; unknown?: { status: number; body: string } } =
    {};
  const rounds = 15;
  // One warm-up each: the first call of a path pays for lazy initialisation (e.g. the dummy hash).
  for (const email of [existing, 'warm-up@example.it']) await api.post(url, body(email));
  for (let i = 0; i < rounds; i++) {
    for (const kind of i % 2 ? (['unknown', 'existing'] as const) : (['existing', 'unknown'] as const)) {
      store.clear(); // the per-address limits (5 an hour) would answer 429 long before 15 rounds
      const email = kind === 'existing' ? existing : `nobody-${i}@example.it`;
      const started = performance.now();
      const res = await api.post(url, body(email));
      times[kind].push(performance.now() - started);
      answers[kind] ??= { status: res.statusCode, body: res.body };
    }
  }
  return { answers, existing: median(times.existing), unknown: median(times.unknown) };
}

describe('the answers do not tell whether an address has an account', () => {
  it('login: a wrong password and an unknown address get the same answer, in the same time', async () => {
    const r = await compare(
      '/api/auth/login/',
      (email) => ({ email, password: 'Not-The-Password-1' }),
      'known@example.it',
    );
    expect(r.answers.existing).toEqual({
      status: 400,
      body: JSON.stringify({ nonFieldErrors: ['Impossibile accedere con le credenziali fornite.'] }),
    });
    expect(r.answers.unknown).toEqual(r.answers.existing);
    // The one time bound of the suite is the requirement itself: medians within 50 ms.
    expect(Math.abs(r.existing - r.unknown), `medians ${r.existing} / ${r.unknown} ms`).toBeLessThan(50);
  });

  it('password reset: the same answer and time, while only the existing address gets a mail', async () => {
    const before = (await outbox(t.db, 'known@example.it')).length;
    const r = await compare('/api/auth/password/reset/', (email) => ({ email }), 'known@example.it');
    expect(r.answers.existing!.status).toBe(200);
    expect(r.answers.unknown).toEqual(r.answers.existing);
    expect(Math.abs(r.existing - r.unknown), `medians ${r.existing} / ${r.unknown} ms`).toBeLessThan(50);
    // The mail is queued in the outbox after the answer and sent by the worker later, so neither the
    // lookup nor the mail slows the answer down.
    await app.settled();
    expect((await outbox(t.db, 'known@example.it')).length).toBeGreaterThan(before);
    expect(await outbox(t.db, 'nobody-0@example.it')).toEqual([]);
  });

  it('resend verification: the same answer and time for an unverified, a verified and an unknown address', async () => {
    const r = await compare(
      '/api/registration/resend-email/',
      (email) => ({ email }),
      'unverified@example.it',
    );
    expect(r.answers.existing!.status).toBe(200);
    expect(r.answers.unknown).toEqual(r.answers.existing);
    expect(Math.abs(r.existing - r.unknown), `medians ${r.existing} / ${r.unknown} ms`).toBeLessThan(50);
    const verified = await client(app).post('/api/registration/resend-email/', { email: 'known@example.it' });
    expect({ status: verified.statusCode, body: verified.body }).toEqual(r.answers.existing);
    await app.settled();
    expect((await outbox(t.db, 'unverified@example.it')).length).toBeGreaterThan(0);
  });
});

describe('a password change ends every session', () => {
  it('revokes every sign-in token of the user on a password reset', async () => {
    const email = 'changer@example.it';
    const tokens = [await signIn(app, email), await signIn(app, email), await signIn(app, email)];
    const other = await signIn(app, 'known@example.it');
    const api = client(app);
    for (const token of tokens) expect((await api.get('/api/auth/user/', { token })).statusCode).toBe(200);

    expect((await api.post('/api/auth/password/reset/', { email })).statusCode).toBe(200);
    const mail = (await outbox(t.db, email)).at(-1)!;
    const link = linkParams(mail.text, 'password-reset');
    const confirm = await api.post('/api/auth/password/reset/confirm/', {
      uid: link.get('uid'),
      token: link.get('token'),
      newPassword1: 'Nuova-Lattina-77',
      newPassword2: 'Nuova-Lattina-77',
    });
    expect(confirm.statusCode).toBe(200);

    for (const token of tokens) {
      const res = await api.get('/api/auth/user/', { token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Token non valido.' });
      // The web app's token cookie (download links) is refused the same way.
      const byCookie = await app.inject({ method: 'GET', url: '/api/auth/user/', cookies: { token } });
      expect(byCookie.statusCode).toBe(401);
    }
    // Other users keep their sessions; the old password is gone, the new one works.
    expect((await api.get('/api/auth/user/', { token: other })).statusCode).toBe(200);
    expect((await api.post('/api/auth/login/', { email, password: PASSWORD })).statusCode).toBe(400);
    expect((await api.post('/api/auth/login/', { email, password: 'Nuova-Lattina-77' })).statusCode).toBe(
      200,
    );
  });

  it('any code path that sets a password ends the sessions, and a token older than the password is dead', async () => {
    const email = 'other-path@example.it';
    await createUser(email);
    const api = client(app);
    const before = await signIn(app, email);
    const [row] = await t.db.query<{ id: number }>('SELECT id::int AS id FROM users WHERE email = $1', [
      email,
    ]);
    const id = row!.id;
    await setPassword(t.db, id, await hashPassword('Terza-Lattina-33'));
    expect((await api.get('/api/auth/user/', { token: before })).statusCode).toBe(401);

    // A token row left behind by a password change made outside setPassword is refused too.
    const after = await signIn(app, email, 'Terza-Lattina-33');
    expect((await api.get('/api/auth/user/', { token: after })).statusCode).toBe(200);
    await t.db.query("UPDATE users SET password_changed_at = now() + interval '1 hour' WHERE id = $1", [id]);
    const stale = await api.get('/api/auth/user/', { token: after });
    expect([stale.statusCode, stale.json()]).toEqual([401, { detail: 'Token non valido.' }]);
  });

  it('has no other way to change a password: the profile refuses a password field', async () => {
    const token = await signIn(app, 'known@example.it');
    for (const field of ['password', 'newPassword1', 'passwordHash']) {
      const res = await client(app).patch('/api/auth/user/', { [field]: 'Altra-Password-99' }, { token });
      expect([field, res.statusCode, res.json()]).toEqual([field, 400, { [field]: ['Campo non previsto.'] }]);
    }
    expect(
      (await client(app).post('/api/auth/login/', { email: 'known@example.it', password: PASSWORD }))
        .statusCode,
    ).toBe(200);
  });
});
