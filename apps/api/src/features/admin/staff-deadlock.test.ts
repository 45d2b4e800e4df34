import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { PASSWORD, client, signIn, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';
import { ConcurrentChangeError, DEADLOCK_ATTEMPTS, retryOnDeadlock } from './staff-access';

/*
 * Issue 34, finding 7: two staff members acting on each other at the same moment deadlocked (the action
 * locked its target's row, then the audit entry's foreign key waited on the actor's row, which the other
 * action held) and one of them got a 500. The deadlock is PostgreSQL's (PGlite has one connection).
 */

let t: TestDb;
let app: App;

const quiet = () => {};
const createStaff = (email: string) =>
  runAccountsCommand(
    t.db,
    ['user', 'create', '--email', email, '--password', PASSWORD, '--verified', '--staff'],
    quiet,
  );

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig() }));
});

/**
 * Holds the audit log's table lock (every staff action writes an entry) until `waiters` other backends
 * wait on a lock, so that both actions have locked their first row before either goes on: the moment the
 * deadlock needs, made certain instead of left to timing. Bounded: gives up after 600 looks.
 */
async function inStep<T>(actions: () => Promise<T>, waiters = 2): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const lockHeld = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.db.transaction(async (tx) => {
    await tx.query('LOCK TABLE audit_log IN SHARE MODE');
    locked();
    await released;
  });
  await lockHeld;
  const running = actions();
  try {
    for (let look = 0; ; look += 1) {
      const [row] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (row!.n >= waiters) break;
      if (look >= 600) throw new Error('the two actions never waited on each other');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    release();
    await holder;
  }
  return running;
}

describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')(
  'two staff members acting on each other at once',
  () => {
    it('both licence decisions are carried out: no deadlock, no 500', async () => {
      expect(await createStaff('primo@example.it')).toBe(0);
      expect(await createStaff('secondo@example.it')).toBe(0);
      await t.db.query(
        `UPDATE users SET license_status = 'active', license_approved_at = now()
        WHERE email IN ('primo@example.it', 'secondo@example.it')`,
      );
      const pks = await t.db.query<{ pk: number; email: string }>(
        `SELECT id::int AS pk, email FROM users WHERE email IN ('primo@example.it', 'secondo@example.it')`,
      );
      const pk = (email: string) => pks.find((p) => p.email === email)!.pk;
      const primo = await signIn(app, 'primo@example.it');
      const secondo = await signIn(app, 'secondo@example.it');
      const revoke = (target: string, token: string) =>
        client(app).post(
          `/api/admin/licenses/${pk(target)}/revoke/`,
          { reason: 'Verifica incrociata.' },
          { token },
        );

      const answers = await inStep(() =>
        Promise.all([revoke('secondo@example.it', primo), revoke('primo@example.it', secondo)]),
      );
      expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
        [200, expect.stringContaining('"licenseStatus":"inactive"')],
        [200, expect.stringContaining('"licenseStatus":"inactive"')],
      ]);
      const entries = await t.db.query<{ actor: string; target: string }>(
        `SELECT actor, target FROM audit_log WHERE action = 'license.revoke' ORDER BY actor`,
      );
      expect(entries).toEqual([
        { actor: 'primo@example.it', target: 'secondo@example.it' },
        { actor: 'secondo@example.it', target: 'primo@example.it' },
      ]);
    });

    it('so are two account actions', async () => {
      expect(await createStaff('terzo@example.it')).toBe(0);
      expect(await createStaff('quarto@example.it')).toBe(0);
      const terzo = await signIn(app, 'terzo@example.it');
      const quarto = await signIn(app, 'quarto@example.it');
      // Two accounts not yet verified, each acted on by the other staff member while it acts: the same
      // pair of rows, locked from both ends.
      const pks = await t.db.query<{ pk: number; email: string }>(
        `SELECT id::int AS pk, email FROM users WHERE email IN ('terzo@example.it', 'quarto@example.it')`,
      );
      await t.db.query(
        `UPDATE users SET verified = false WHERE email IN ('terzo@example.it', 'quarto@example.it')`,
      );
      const pk = (email: string) => pks.find((p) => p.email === email)!.pk;
      const resend = (target: string, token: string) =>
        client(app).post(`/api/admin/users/${pk(target)}/resend-verification/`, {}, { token });
      const answers = await inStep(() =>
        Promise.all([resend('quarto@example.it', terzo), resend('terzo@example.it', quarto)]),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    });
  },
);

describe('a deadlock that happens all the same', () => {
  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('is retried a bounded number of times, then answered 409 rather than 500', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        if (calls < DEADLOCK_ATTEMPTS) throw deadlock();
        return 'fatto';
      }),
    ).resolves.toBe('fatto');
    expect(calls).toBe(DEADLOCK_ATTEMPTS);

    calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw deadlock();
      }),
    ).rejects.toBeInstanceOf(ConcurrentChangeError);
    expect(calls).toBe(DEADLOCK_ATTEMPTS);

    calls = 0;
    const other = Object.assign(new Error('x'), { code: '23505' });
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
  });

  it('reaches the staff member as 409 {detail}', async () => {
    expect(await createStaff('quinto@example.it')).toBe(0);
    let deadlocked = false;
    const flaky: Db = Object.create(t.db) as Db;
    flaky.transaction = (fn) => (deadlocked ? Promise.reject(deadlock()) : t.db.transaction(fn));
    const flakyApp = await buildApp({ db: flaky, config: testConfig() });
    try {
      const token = await signIn(flakyApp, 'quinto@example.it');
      const [{ pk } = { pk: 0 }] = await t.db.query<{ pk: number }>(
        `SELECT id::int AS pk FROM users WHERE email = 'quinto@example.it'`,
      );
      deadlocked = true;
      for (const path of [`/api/admin/users/${pk}/verify/`, `/api/admin/licenses/${pk}/revoke/`]) {
        const res = await client(flakyApp).post(path, path.includes('revoke') ? { reason: 'x' } : {}, {
          token,
        });
        expect(res.statusCode, path).toBe(409);
        expect(res.json()).toEqual({
          detail: 'Un’altra modifica allo stesso account era in corso: ricarica e riprova.',
        });
      }
    } finally {
      await flakyApp.close();
    }
  });
});
