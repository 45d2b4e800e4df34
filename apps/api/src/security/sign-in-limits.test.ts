import { verify } from '@node-rs/argon2';
import { SessionListSchema, SignInEventListSchema } from '@portal/contract';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../app';
import { runAccountsCommand } from '../cli/accounts-commands';
import { REFUSED_SIGN_IN_CHECKS } from '../features/accounts/accounts.routes';
import { LIMITS, MemoryRateLimitStore } from '../plugins/rate-limit';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { PASSWORD, client, linkParams, outbox, signIn, testConfig } from '../../test/accounts';

/*
 * Issue 34, findings 2, 10 and 12: the per-account sign-in counts are cleared only by a real sign-in (not
 * by the password of a registration anyone can make for the address), every refused sign-in does the same
 * argon2 work, an account a registration left and nothing keeps does not hold its address for good, and
 * session and sign-in event ids are random.
 */

// Every argon2 verification the API makes is counted (the real one runs): the work of a sign-in is
// compared by count, not by timing.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});
const verifications = vi.mocked(verify);

let t: TestDb;
let app: App;
const store = new MemoryRateLimitStore();
const quiet = () => {};
/** A password the attacker chose in their own registration of the victim's address. */
const ATTACKER_PASSWORD = 'Rosso-Lattina-93';

async function createUser(email: string, ...flags: string[]) {
  await runAccountsCommand(
    t.db,
    ['user', 'create', '--email', email, '--password', PASSWORD, ...flags],
    quiet,
  );
}

let registrations = 0;
/** A registration of the address, as anyone can make it (201, the owner is mailed); each from its own IP. */
async function register(email: string, password: string) {
  registrations += 1;
  const res = await client(app).post(
    '/api/registration/',
    { email1: email, email2: email, firstName: 'Ada', lastName: 'Rossi', password },
    { ip: `192.0.2.${registrations}` },
  );
  expect(res.statusCode).toBe(201);
}

const login = (email: string, password: string, ip: string) =>
  client(app).post('/api/auth/login/', { email, password }, { ip });

/** The per-account counts of the sign-in (per client address, and all addresses together). */
async function counts(email: string, ip: string) {
  const client = await store.limiter(LIMITS.loginAccountClient).get(`${email}|${ip}`);
  const ceiling = await store.limiter(LIMITS.loginAccountCeiling).get(email);
  return [client?.consumedPoints ?? 0, ceiling?.consumedPoints ?? 0];
}

/** Moves every registration, key and reset link of the address past its expiry, and its account 4 days back. */
async function expire(email: string) {
  const [user] = await t.db.query<{ id: number }>('SELECT id::int AS id FROM users WHERE email = $1', [
    email,
  ]);
  for (const table of ['pending_registrations', 'email_verification_keys', 'password_reset_tokens']) {
    await t.db.query(`UPDATE ${table} SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      user!.id,
    ]);
  }
  await t.db.query(`UPDATE users SET created_at = now() - interval '4 days' WHERE id = $1`, [user!.id]);
  return user!.id;
}

const userIdOf = async (email: string) =>
  (
    await t.db.query<{ id: number }>('SELECT id::int AS id FROM users WHERE lower(email) = lower($1)', [
      email,
    ])
  )[0]?.id;

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig(), rateLimitStore: store }));
  await createUser('victim@example.it', '--verified');
  await createUser('unverified@example.it');
  await createUser('deactivated@example.it', '--verified');
  await t.db.query(`UPDATE users SET deactivated_at = now() WHERE email = 'deactivated@example.it'`);
  await createUser('owner@example.it', '--verified');
  await register('victim@example.it', ATTACKER_PASSWORD);
});
beforeEach(() => store.clear());

describe('finding 2: only a real sign-in clears the per-account counts', () => {
  it('the password of the attacker’s own registration resets nothing: 9 guesses + 1 sign-in with it, then 429', async () => {
    const guesser = '198.51.100.10';
    for (let i = 0; i < 9; i++) {
      expect((await login('victim@example.it', `wrong-${i}`, guesser)).statusCode).toBe(400);
    }
    // The registration's password answers "not verified", as for a new address, and counts as a failure.
    const pending = await login('victim@example.it', ATTACKER_PASSWORD, guesser);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toEqual({ nonFieldErrors: ["L'e-mail non è verificata."] });
    expect(await counts('victim@example.it', guesser)).toEqual([10, 10]);
    // The 11th attempt from this address is refused, the right password included (before the fix: 400,
    // and 22 guesses went through without a 429).
    expect((await login('victim@example.it', 'wrong-10', guesser)).statusCode).toBe(429);
    expect((await login('victim@example.it', PASSWORD, guesser)).statusCode).toBe(429);
    // The owner, elsewhere, still gets in, and that real sign-in clears the counts.
    expect((await login('victim@example.it', PASSWORD, '203.0.113.50')).statusCode).toBe(200);
    expect(await counts('victim@example.it', '203.0.113.50')).toEqual([0, 0]);
  });

  it('spread over addresses, the registration’s password no longer resets the ceiling of the account', async () => {
    // Before the fix, cycles from 4 addresses gave 108 guesses in a minute under a ceiling of 100 an hour.
    for (const ip of ['198.51.100.21', '198.51.100.22', '198.51.100.23']) {
      for (let i = 0; i < 4; i++)
        expect((await login('victim@example.it', `w-${i}`, ip)).statusCode).toBe(400);
      expect((await login('victim@example.it', ATTACKER_PASSWORD, ip)).statusCode).toBe(400);
    }
    expect((await counts('victim@example.it', '198.51.100.23'))[1]).toBe(15);
  });

  it('nor does the right password of an unverified or a deactivated account', async () => {
    const ip = '198.51.100.30';
    for (const [email, detail] of [
      ['unverified@example.it', "L'e-mail non è verificata."],
      ['deactivated@example.it', expect.stringMatching(/^Questo account è stato disattivato\./)],
    ] as const) {
      for (let i = 0; i < 9; i++) expect((await login(email, `wrong-${i}`, ip)).statusCode).toBe(400);
      const own = await login(email, PASSWORD, ip);
      expect(own.statusCode).toBe(400);
      expect(own.json()).toEqual({ nonFieldErrors: [detail] });
      expect(await counts(email, ip)).toEqual([10, 10]);
      expect((await login(email, 'wrong-10', ip)).statusCode).toBe(429);
    }
  });

  it('a real sign-in clears them', async () => {
    const ip = '198.51.100.40';
    for (let i = 0; i < 9; i++)
      expect((await login('owner@example.it', `wrong-${i}`, ip)).statusCode).toBe(400);
    expect((await login('owner@example.it', PASSWORD, ip)).statusCode).toBe(200);
    expect(await counts('owner@example.it', ip)).toEqual([0, 0]);
    expect((await login('owner@example.it', 'wrong-again', ip)).statusCode).toBe(400);
  });

  it('every refused sign-in verifies the same number of hashes, whatever the pending registrations of the address', async () => {
    await createUser('none@example.it', '--verified');
    await createUser('one@example.it', '--verified');
    await register('one@example.it', 'Giallo-Carta-11');
    await createUser('three@example.it', '--verified');
    for (const password of ['Giallo-Carta-11', 'Giallo-Carta-22', 'Giallo-Carta-33']) {
      await register('three@example.it', password);
    }
    await register('new-address@example.it', 'Giallo-Carta-44');
    const work = async (email: string, password: string) => {
      verifications.mockClear();
      const res = await login(email, password, '198.51.100.50');
      store.clear();
      return [res.statusCode, verifications.mock.calls.length];
    };
    const refused = [400, REFUSED_SIGN_IN_CHECKS];
    expect(REFUSED_SIGN_IN_CHECKS).toBe(4);
    // Wrong passwords: no pending registration, one, three; an unknown address.
    expect(await work('none@example.it', 'wrong')).toEqual(refused);
    expect(await work('one@example.it', 'wrong')).toEqual(refused);
    expect(await work('three@example.it', 'wrong')).toEqual(refused);
    expect(await work('nobody@example.it', 'wrong')).toEqual(refused);
    // A registration's password, the newest or the oldest checked; a new address's registration.
    expect(await work('three@example.it', 'Giallo-Carta-33')).toEqual(refused);
    expect(await work('three@example.it', 'Giallo-Carta-11')).toEqual(refused);
    expect(await work('one@example.it', 'Giallo-Carta-11')).toEqual(refused);
    expect(await work('new-address@example.it', 'Giallo-Carta-44')).toEqual(refused);
    // The own password of an account that may not sign in.
    expect(await work('unverified@example.it', PASSWORD)).toEqual(refused);
    expect(await work('deactivated@example.it', PASSWORD)).toEqual(refused);
    // Only a sign-in that succeeds stops after its own hash.
    expect(await work('three@example.it', PASSWORD)).toEqual([200, 1]);
  });
});

describe('finding 10: an account a registration left does not hold its address', () => {
  it('an address held only by an expired registration can be moved to by another account', async () => {
    await register('squatted@example.it', 'Blu-Vetro-2024');
    await createUser('mover@example.it', '--verified');
    const token = await signIn(app, 'mover@example.it');
    const ask = () =>
      client(app).post(
        '/api/auth/email/change/',
        { newEmail: 'squatted@example.it', password: PASSWORD },
        { token },
      );
    // While the registration is live, the address is its registrant's to confirm: the change is refused
    // (silently: the address gets "already has an account").
    expect((await ask()).statusCode).toBe(200);
    expect((await outbox(t.db, 'squatted@example.it')).map((m) => m.subject).at(-1)).toMatch(
      /ha già un account/,
    );
    const squatter = await expire('squatted@example.it');
    // Once it has expired, the change goes through (before the fix: refused forever).
    expect((await ask()).statusCode).toBe(200);
    const mail = (await outbox(t.db, 'squatted@example.it')).at(-1)!;
    const key = linkParams(mail.text, 'email-change').get('key')!;
    const confirm = await client(app).post('/api/auth/email/change/confirm/', { key });
    expect(confirm.statusCode).toBe(200);
    expect(await userIdOf('squatted@example.it')).not.toBe(squatter);
    expect(await userIdOf('mover@example.it')).toBeUndefined();
    const rows = await t.db.query('SELECT 1 FROM users WHERE id = $1', [squatter]);
    expect(rows).toHaveLength(0);
  });

  it('an expired registration’s account is removed when the address registers again, and by later registrations', async () => {
    await register('again@example.it', 'Blu-Vetro-2025');
    const old = await expire('again@example.it');
    await register('again@example.it', 'Blu-Vetro-2026');
    const fresh = await userIdOf('again@example.it');
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(old);

    // Abandoned elsewhere: removed by the next registration of any address, not those still live or kept.
    await register('abandoned-1@example.it', 'Blu-Vetro-2027');
    await register('abandoned-2@example.it', 'Blu-Vetro-2028');
    await register('live@example.it', 'Blu-Vetro-2029');
    await register('staff-made@example.it', 'Blu-Vetro-2030');
    for (const email of ['abandoned-1@example.it', 'abandoned-2@example.it', 'staff-made@example.it']) {
      await expire(email);
    }
    await t.db.query(`UPDATE users SET is_staff = true WHERE email = 'staff-made@example.it'`);
    await t.db.query(
      `UPDATE users SET created_at = now() - interval '4 days' WHERE email = 'live@example.it'`,
    );
    // An account of `user create`, unverified, has a password of its own: it stays.
    await createUser('cli-made@example.it');
    await t.db.query(
      `UPDATE users SET created_at = now() - interval '4 days' WHERE email = 'cli-made@example.it'`,
    );
    await register('someone-else@example.it', 'Blu-Vetro-2031');
    expect(await userIdOf('abandoned-1@example.it')).toBeUndefined();
    expect(await userIdOf('abandoned-2@example.it')).toBeUndefined();
    expect(await userIdOf('live@example.it')).toBeDefined();
    expect(await userIdOf('staff-made@example.it')).toBeDefined();
    expect(await userIdOf('cli-made@example.it')).toBeDefined();
  });

  it('a resend does not keep an expired registration’s account alive, nor mails a key that confirms nothing', async () => {
    await register('resent@example.it', 'Blu-Vetro-2032');
    // The registration expires while a resent key is still live: that key confirms nothing.
    await t.db.query(
      `UPDATE pending_registrations SET expires_at = now() - interval '1 minute'
        WHERE user_id = (SELECT id FROM users WHERE email = 'resent@example.it')`,
    );
    const before = (await outbox(t.db, 'resent@example.it')).length;
    expect(
      (await client(app).post('/api/registration/resend-email/', { email: 'resent@example.it' })).statusCode,
    ).toBe(200);
    expect(await outbox(t.db, 'resent@example.it')).toHaveLength(before);
    await expire('resent@example.it');
    expect(
      (await client(app).post('/api/registration/resend-email/', { email: 'resent@example.it' })).statusCode,
    ).toBe(200);
    expect(await userIdOf('resent@example.it')).toBeUndefined();
    expect(await outbox(t.db, 'resent@example.it')).toHaveLength(before);
  });
});

describe('finding 12: session and sign-in event ids tell nothing of the portal’s sign-ins', () => {
  it('are random, and a session is still ended by its id', async () => {
    await createUser('ids@example.it', '--verified');
    const first = await signIn(app, 'ids@example.it');
    const second = await signIn(app, 'ids@example.it');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const { sessions } = SessionListSchema.parse(
      (await client(app).get('/api/auth/sessions/', { token: second })).json(),
    );
    expect(sessions).toHaveLength(2);
    for (const session of sessions) expect(session.id).toMatch(uuid);
    const events = SignInEventListSchema.parse(
      (await client(app).get('/api/auth/sign-in-events/', { token: second })).json(),
    );
    expect(events.results.length).toBeGreaterThanOrEqual(2);
    for (const event of events.results) expect(event.id).toMatch(uuid);
    // The serial id of a token is no way in.
    const [serial] = await t.db.query<{ id: number }>(
      `SELECT t.id::int AS id FROM auth_tokens t JOIN users u ON u.id = t.user_id
        WHERE u.email = 'ids@example.it' ORDER BY t.id LIMIT 1`,
    );
    const bySerial = await client(app).delete(`/api/auth/sessions/${serial!.id}/`, undefined, {
      token: second,
    });
    expect(bySerial.statusCode).toBe(400);
    // "Chiudi sessione" with the id the list gives still works, in upper case too.
    const other = sessions.find((s) => !s.current)!;
    const res = await client(app).delete(`/api/auth/sessions/${other.id.toUpperCase()}/`, undefined, {
      token: second,
    });
    expect(res.statusCode).toBe(200);
    expect((await client(app).get('/api/auth/user/', { token: first })).statusCode).toBe(401);
  });
});
