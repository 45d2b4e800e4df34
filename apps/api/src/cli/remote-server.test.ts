import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteFolderFromTemplate } from '../../test/db';
import { CSRF } from '../../test/accounts';
import { endpointFile, type AdminEndpoint } from './remote';

/*
 * Issue 18's proof, end to end: the API process started as `npm start` starts it (src/server.ts) on an
 * embedded database folder with the bundled data, and `npm run admin -- license approve <email>` run
 * beside it, in its own process, changes the user's licence in the running portal. The PostgreSQL pass
 * skips it: it is about the embedded database, whose seeded template only the PGlite pass builds.
 */
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'Verde-Bottiglia-42';
const EMAIL = 'durante@example.it';
let dir: string;
let dbDir: string;
let server: ChildProcess | undefined;
let api: string;
let serverLog = '';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A process of this package with the portal's embedded settings; its exit code and what it printed. */
function run(script: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: '', DB_DIR: dbDir, VAR_DIR: dir, INIT_CWD: dir },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

const call = (method: string, url: string, token?: string, body?: object) =>
  fetch(`${api}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: `csrftoken=${CSRF}`,
      'x-csrftoken': CSRF,
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : method === 'GET' ? undefined : '{}',
  });

describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('npm run admin while npm start runs', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-started-'));
    dbDir = path.join(dir, 'db');
    await pgliteFolderFromTemplate('seeded', dbDir);
    const port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DB_DIR: dbDir,
        VAR_DIR: dir,
        API_HOST: '127.0.0.1',
        API_PORT: String(port),
        SMTP_URL: '',
        REDIS_URL: '',
        // Everything the API may log, to show that the admin token is in none of it.
        LOG_LEVEL: 'trace',
      },
    });
    server.stdout!.on('data', (d: Buffer) => (serverLog += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (serverLog += d.toString()));
    // Ready once it has published its admin endpoint, after listening.
    const started = Date.now();
    while (!existsSync(endpointFile(dbDir))) {
      if (server.exitCode !== null || Date.now() - started > 120_000)
        throw new Error(`the API did not start:\n${serverLog}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    api = `http://127.0.0.1:${port}`;
  }, 600_000); // the seeded template may be built first: the project's hookTimeout

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('approves a licence requested on the running portal, which the user sees at once', async () => {
    const created = await run('src/cli/admin.ts', [
      'user',
      'create',
      '--email',
      EMAIL,
      '--password',
      PASSWORD,
      '--verified',
    ]);
    expect(created, serverLog).toMatchObject({ code: 0 });
    const login = await call('POST', '/api/auth/login/', undefined, { email: EMAIL, password: PASSWORD });
    expect(login.status).toBe(200);
    const { key } = (await login.json()) as { key: string };
    expect((await call('POST', '/api/users/license/request/', key)).status).toBe(200);

    const approved = await run('src/cli/admin.ts', ['license', 'approve', EMAIL]);
    expect(approved.code, approved.out).toBe(0);
    expect(approved.out).not.toMatch(/in use by process/);
    const me = (await (await call('GET', '/api/auth/user/', key)).json()) as { licenseStatus: string };
    expect(me.licenseStatus).toBe('active');
  }, 120_000);

  it('serves the channel on a 0600 socket only, and never logs its token', async () => {
    const endpoint = JSON.parse(readFileSync(endpointFile(dbDir), 'utf8')) as AdminEndpoint;
    expect(endpoint.socket).toBe(`${dbDir}.admin.sock`);
    expect(statSync(endpoint.socket).isSocket()).toBe(true);
    expect(statSync(endpoint.socket).mode & 0o777).toBe(0o600);
    // The public listener knows no such door, whoever sends the token.
    for (const door of ['/api/admin/cli/', '/api//admin/cli/', '/api/%61dmin/cli/']) {
      const res = await fetch(`${api}${door}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `csrftoken=${CSRF}`,
          'x-csrftoken': CSRF,
          'x-admin-token': endpoint.token,
        },
        body: JSON.stringify({ args: ['license', 'list'], cwd: dir }),
      });
      expect(res.status, door).toBe(404);
    }
    expect((await run('src/cli/admin.ts', ['license', 'list'])).code).toBe(0);
    expect(serverLog).toContain('admin command');
    expect(serverLog).not.toContain(endpoint.token);
  }, 60_000);
});
