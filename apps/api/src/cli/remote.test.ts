import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { CSRF, testConfig } from '../../test/accounts';
import { openAdminChannel, type AdminChannel } from './channel';
import { endpointFile, type AdminEndpoint } from './remote';

/*
 * The portal's API running on an embedded database folder (as `npm start` does: the folder locked, its
 * admin channel open on a Unix socket), and the admin CLI started as `npm run admin` starts it, in its
 * own process.
 */
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dir: string;
let dataDir: string;
let db: Db;
let app: App;
let apiUrl: string;
let channel: AdminChannel;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-remote-'));
  dataDir = path.join(dir, 'db');
  db = await openDb({ dataDir });
  await migrate(db);
  app = await buildApp({ db, config: testConfig() });
  await app.listen({ host: '127.0.0.1', port: 0 });
  apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  channel = await openAdminChannel({ dataDir, db });
  token = (JSON.parse(readFileSync(endpointFile(dataDir), 'utf8')) as AdminEndpoint).token;
}, 60_000);

afterAll(async () => {
  await channel?.close();
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
  it('opens its channel on a Unix socket beside the folder, both it and the endpoint for the owner only', () => {
    expect(channel.socket).toBe(`${dataDir}.admin.sock`);
    const socket = statSync(channel.socket);
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
    expect(statSync(endpointFile(dataDir)).mode & 0o777).toBe(0o600);
    const endpoint = JSON.parse(readFileSync(endpointFile(dataDir), 'utf8')) as AdminEndpoint;
    expect(endpoint).toEqual({ socket: channel.socket, token: expect.any(String), pid: process.pid });
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

    // The operator's own commands on accounts (decision 068) work the same way.
    expect(await admin('user', 'deactivate', 'mentre@example.it', '--reason', 'Prova')).toEqual({
      code: 0,
      out: 'mentre@example.it: deactivated; its sessions ended\n',
    });
    expect(await admin('user', 'reactivate', 'mentre@example.it')).toEqual({
      code: 0,
      out: 'mentre@example.it: reactivated; it can sign in again\n',
    });
  }, 60_000);

  it('resolves an import’s file from the operator’s folder and reports bad rows as the CLI does', async () => {
    writeFileSync(path.join(dir, 'rotto.csv'), 'non,è,un,file,ispra\n1,2,3,4,5\n');
    const result = await admin('import', 'ispra-comuni', 'rotto.csv');
    expect(result.code).toBe(1);
    expect(result.out).toContain('rotto.csv, riga 1: mancano le colonne');
    expect(result.out).toMatch(/nessun dato è cambiato|error:/);
  }, 60_000);

  it('refuses what needs the database files, and says to stop the portal', async () => {
    const result = await admin('backup', path.join(dir, 'copia'));
    expect(result.code).toBe(1);
  }, 60_000);

  it('puts the socket in a private folder when the path beside the data is too long for one', async () => {
    const deep = path.join(dir, 'una-cartella-dal-nome-molto-lungo'.repeat(3), 'db');
    mkdirSync(path.dirname(deep), { recursive: true });
    const long = await openAdminChannel({ dataDir: deep, db });
    try {
      expect(path.dirname(path.dirname(long.socket))).toBe(os.tmpdir());
      expect(statSync(path.dirname(long.socket)).mode & 0o777).toBe(0o700);
      expect(statSync(long.socket).mode & 0o777).toBe(0o600);
      const endpoint = JSON.parse(readFileSync(endpointFile(deep), 'utf8')) as AdminEndpoint;
      expect(endpoint.socket).toBe(long.socket);
      const answer = await raw(
        { socketPath: long.socket, path: '/cli/', headers: { 'x-admin-token': endpoint.token } },
        { args: ['license', 'list'], cwd: dir },
      );
      expect(answer.status).toBe(200);
    } finally {
      await long.close();
    }
    expect(existsSync(long.socket)).toBe(false);
    expect(existsSync(path.dirname(long.socket))).toBe(false);
    expect(existsSync(endpointFile(deep))).toBe(false);
  });

  it('refuses a caller of the socket without the token', async () => {
    const call = (headers: Record<string, string>) =>
      raw({ socketPath: channel.socket, path: '/cli/', headers }, { args: ['license', 'list'], cwd: dir });
    expect((await call({})).status).toBe(403);
    expect((await call({ 'x-admin-token': `${token}x` })).status).toBe(403);
    expect(await call({ 'x-admin-token': token })).toMatchObject({ status: 200 });
  });

  it('is no route of the public app: no path, encoded or not, with the token, reaches a command', async () => {
    const { createApiForwarder } = (await import(WEB_FORWARDING)) as {
      createApiForwarder(options: { apiUrl: string; forward: boolean; log: (m: string) => void }): {
        forward(req: http.IncomingMessage, res: http.ServerResponse): void;
      };
    };
    const forwarder = createApiForwarder({ apiUrl, forward: true, log: () => {} });
    const web = http.createServer((req, res) => forwarder.forward(req, res));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const webPort = (web.address() as AddressInfo).port;
    try {
      for (const port of [Number(new URL(apiUrl).port), webPort]) {
        for (const [n, door] of DOORS.entries()) {
          const email = `porta-${port}-${n}@example.it`;
          const answer = await raw(
            {
              host: '127.0.0.1',
              port,
              path: door,
              headers: { 'x-admin-token': token, cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF },
            },
            { args: ['user', 'create', '--email', email, '--password', 'Verde-Bottiglia-42'], cwd: dir },
          );
          expect([404, 503], `${door} on port ${port}: ${answer.text}`).toContain(answer.status);
          const [made] = await db.query('SELECT 1 FROM users WHERE email = $1', [email]);
          expect(made, door).toBeUndefined();
        }
      }
    } finally {
      web.closeAllConnections();
      await new Promise((resolve) => web.close(resolve));
    }
  });
});

/** The web app's forwarding of /api/* (apps/web/server), put in front of this API as `npm start` does. */
const WEB_FORWARDING = path.resolve(API_DIR, '../web/server/api-forwarding.mjs');

/** The CLI's old door, and the spellings that took a visitor's call past the web app's check to it. */
const DOORS = [
  '/api/admin/cli/',
  '/api/admin/cli',
  '/api//admin/cli/',
  '/api/%61dmin/cli/',
  '/api/./admin/cli/',
  '/api/admin/./cli/',
  '/api/admin/%63li/',
  '/api/admin//cli/',
  '/api/x/../admin/cli/',
  '/api/ADMIN/CLI/',
  '//api/admin/cli/',
  '/cli/',
];

/** One POST of a JSON body with the path sent byte for byte (fetch would tidy it). */
function raw(
  target: {
    host?: string;
    port?: number;
    socketPath?: string;
    path: string;
    headers: Record<string, string>;
  },
  body: object,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { ...target, method: 'POST', headers: { 'content-type': 'application/json', ...target.headers } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
