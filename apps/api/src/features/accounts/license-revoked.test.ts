import { beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '@portal/contract';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { PASSWORD, client, signIn, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';

let t: TestDb;
let app: App;

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig({ STAFF_EMAIL: 'staff@example.it' }) }));
});

const quiet = () => {};
const command = (...args: string[]) => runAccountsCommand(t.db, args, quiet, testConfig());

async function createUser(email: string): Promise<string> {
  const args = ['user', 'create', '--email', email, '--password', PASSWORD, '--first-name', 'Anna'];
  expect(await command(...args, '--last-name', 'Verdi', '--verified')).toBe(0);
  return signIn(app, email);
}

async function me(key: string) {
  const res = await client(app).get('/api/auth/user/', { token: key });
  expect(res.statusCode).toBe(200);
  return UserSchema.parse(res.json());
}

describe('licenseRevokedAt', () => {
  it('is stamped when the staff revoke an active licence, and cleared by a new request or an approval', async () => {
    const key = await createUser('revocata@example.it');
    expect(await me(key)).toMatchObject({ licenseStatus: 'inactive', licenseRevokedAt: null });

    expect(await command('license', 'approve', 'revocata@example.it')).toBe(0);
    expect(await me(key)).toMatchObject({ licenseStatus: 'active', licenseRevokedAt: null });

    const before = Date.now();
    expect(await command('license', 'revoke', 'revocata@example.it')).toBe(0);
    const revoked = await me(key);
    expect(revoked).toMatchObject({ licenseStatus: 'inactive', licenseApprovedAt: null });
    expect(revoked.licenseRevokedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Stamped by the database clock of this revocation (not a date of the past).
    expect(Date.parse(revoked.licenseRevokedAt!)).toBeGreaterThanOrEqual(before - 60_000);

    // A second revoke of an already inactive licence keeps the date of the real revocation.
    expect(await command('license', 'revoke', 'revocata@example.it')).toBe(0);
    expect((await me(key)).licenseRevokedAt).toBe(revoked.licenseRevokedAt);

    // Asking again: pending, the revocation is no longer what the account is about.
    const request = await client(app).post('/api/users/license/request/', undefined, { token: key });
    expect(request.statusCode).toBe(200);
    expect(UserSchema.parse(request.json())).toMatchObject({
      licenseStatus: 'pending',
      licenseRevokedAt: null,
    });
  });

  it('is not set when a pending request is turned down, and an approval clears an old one', async () => {
    const key = await createUser('respinta@example.it');
    expect(
      (await client(app).post('/api/users/license/request/', undefined, { token: key })).statusCode,
    ).toBe(200);
    expect(await command('license', 'revoke', 'respinta@example.it')).toBe(0);
    expect(await me(key)).toMatchObject({ licenseStatus: 'inactive', licenseRevokedAt: null });

    expect(await command('license', 'approve', 'respinta@example.it')).toBe(0);
    expect(await command('license', 'revoke', 'respinta@example.it')).toBe(0);
    expect((await me(key)).licenseRevokedAt).not.toBeNull();
    // The staff may approve straight from inactive: the stamp goes with the new licence.
    expect(await command('license', 'approve', 'respinta@example.it')).toBe(0);
    expect(await me(key)).toMatchObject({ licenseStatus: 'active', licenseRevokedAt: null });
  });
});
