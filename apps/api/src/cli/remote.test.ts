import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import type { AdminCliAccess } from '../features/admin/admin.routes';
import { testConfig } from '../../test/accounts';
import { endpointFile, publishAdminEndpoint } from './remote';

/*
 * The portal's API running on an embedded database folder (as `npm start` does: the folder locked, its
 * admin endpoint published), and the admin CLI started as `npm run admin` starts it, in its own process.
 */
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dir: string;
let dataDir: string;
let db: Db;
let app: App;
let withdraw: () => void;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-remote-'));
  dataDir = path.join(dir, 'db');
  db = await openDb({ dataDir });
  await migrate(db);
  const adminCli: AdminCliAccess = {};
  app = await buildApp({ db, config: testConfig(), adminCli });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  ({ token, withdraw } = publishAdminEndpoint(dataDir, `http://127.0.0.1:${port}`));
  adminCli.token = token;
}, 60_000);

afterAll(async () => {
  withdraw?.();
  await app?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `npm run admin -- …` in its own process, on the same folder; its exit code and what it printed. */
function admin(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: '', DB_DIR: dataDir, INIT_CWD: dir },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

describe('the admin CLI while the portal runs on the embedded database', () => {
  it('publishes the endpoint for the folder’s owner only', () => {
    expect(statSync(endpointFile(dataDir)).mode & 0o777).toBe(0o600);
  });

  it('carries the commands out through the running API, with their output and exit codes', async () => {
    const created = await admin(
      'user',
      'create',
      '--email',
      'mentre@example.it',
      '--password',
      'Verde-Bottiglia-42',
      '--first-name',
      'Marta',
      '--last-name',
      'Mentre',
      '--verified',
    );
    expect(created).toEqual({ code: 0, out: expect.stringContaining('mentre@example.it') });
    await db.query(
      `UPDATE users SET license_status = 'pending', license_requested_at = now() WHERE email = $1`,
      ['mentre@example.it'],
    );

    const listed = await admin('license', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/\tmentre@example\.it\tMarta Mentre\t/);

    const approved = await admin('license', 'approve', 'mentre@example.it');
    expect(approved).toEqual({
      code: 0,
      out: 'mentre@example.it: licence pending -> active; the user is mailed\n',
    });
    const [user] = await db.query<{ status: string }>(
      `SELECT license_status AS status FROM users WHERE email = $1`,
      ['mentre@example.it'],
    );
    expect(user!.status).toBe('active');
    const [entry] = await db.query<{ actor: string; action: string }>(
      'SELECT actor, action FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(entry).toEqual({ actor: 'riga di comando', action: 'license.approve' });

    expect(await admin('license', 'approve', 'nessuno@example.it')).toEqual({
      code: 1,
      out: 'no account with nessuno@example.it\n',
    });
    const wrong = await admin('license', 'approve');
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('license approve needs one <email>');
  }, 60_000);

  it('resolves an import’s file from the operator’s folder and reports bad rows as the CLI does', async () => {
    writeFileSync(path.join(dir, 'rotto.csv'), 'non,è,un,file,ispra\n1,2,3,4,5\n');
    const result = await admin('import', 'ispra-comuni', 'rotto.csv');
    expect(result.code).toBe(1);
    expect(result.out).toContain('rotto.csv');
    expect(result.out).toMatch(/nothing was changed|error:/);
  }, 60_000);

  it('refuses what needs the database files, and says to stop the portal', async () => {
    const result = await admin('backup', path.join(dir, 'copia'));
    expect(result.code).toBe(1);
  }, 60_000);

  it('refuses callers without the token, and any peer but loopback', async () => {
    const call = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      app.inject({
        method: 'POST',
        url: '/api/admin/cli/',
        remoteAddress,
        cookies: { csrftoken: 'x' },
        headers: { 'x-csrftoken': 'x', ...headers },
        payload: { args: ['license', 'list'], cwd: dir },
      });
    expect((await call({})).statusCode).toBe(403);
    expect((await call({ 'x-admin-token': `${token}x` })).statusCode).toBe(403);
    expect((await call({ 'x-admin-token': token }, '203.0.113.9')).statusCode).toBe(403);
    expect(
      (await call({ 'x-admin-token': token, 'x-forwarded-for': '127.0.0.1' }, '203.0.113.9')).statusCode,
    ).toBe(403);
    expect((await call({ 'x-admin-token': token })).statusCode).toBe(200);
  });
});
