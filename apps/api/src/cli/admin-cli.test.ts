import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pgliteFolderFromTemplate } from '../../test/db';
import { openDb } from '../db/db';
import { checkPassword } from '../features/accounts/passwords';
import { loadEnvFileIfPresent } from './env-file';
import { PASSWORD_ENV, readHidden, withUserPassword, type PromptStreams } from './user-password';

/*
 * Issue 35, point 21: the admin CLI as an operator runs it. `user create` takes its password from
 * PORTAL_USER_PASSWORD or a prompt that does not echo it (npm prints every command line), says "staff" of a
 * staff account, and a portal without .env hears nothing about it.
 */

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'Carta-Cartone-Vetro-58';

/** A terminal stand-in: what is typed goes into `input`; what the prompt writes is kept in `shown`. */
function fakeTerminal(isTTY = true) {
  const input = Object.assign(new PassThrough(), {
    isTTY,
    raw: [] as boolean[],
    setRawMode(raw: boolean) {
      this.raw.push(raw);
    },
  });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  const streams: PromptStreams = { input, output };
  return { streams, input, type: (text: string) => input.write(text), shown: () => shown };
}

describe('the hidden prompt', () => {
  it('reads a line in raw mode without echoing it; backspace erases, Ctrl-C cancels', async () => {
    const terminal = fakeTerminal();
    const read = readHidden('Password: ', terminal.streams);
    terminal.type('Cartx\u007f');
    terminal.type('a-Blu\r');
    expect(await read).toBe('Carta-Blu');
    expect(terminal.shown()).toBe('Password: \n');
    expect(terminal.input.raw).toEqual([true, false]);

    const cancelled = readHidden('Password: ', terminal.streams);
    terminal.type('abc\u0003');
    expect(await cancelled).toBeNull();
  });
});

describe('the password of user create', () => {
  const create = ['user', 'create', '--email', 'op@example.it', '--verified'];

  it('comes from PORTAL_USER_PASSWORD, as a value even when it starts with a dash', async () => {
    const terminal = fakeTerminal();
    expect(await withUserPassword(create, { [PASSWORD_ENV]: '-Carta-9-Vetro' }, terminal.streams)).toEqual({
      argv: [...create, '--password=-Carta-9-Vetro'],
    });
    expect(terminal.shown()).toBe('');
  });

  it('is asked twice on a terminal, unechoed; two different ones create nothing', async () => {
    const terminal = fakeTerminal();
    const asked = withUserPassword(create, {}, terminal.streams);
    terminal.type(`${PASSWORD}\r`);
    await vi.waitFor(() => expect(terminal.shown()).toContain('Password (again): '));
    terminal.type(`${PASSWORD}\r`);
    expect(await asked).toEqual({ argv: [...create, `--password=${PASSWORD}`] });
    expect(terminal.shown()).not.toContain(PASSWORD);

    const other = fakeTerminal();
    const differ = withUserPassword(create, {}, other.streams);
    other.type(`${PASSWORD}\r`);
    await vi.waitFor(() => expect(other.shown()).toContain('Password (again): '));
    other.type('Altra-Password-77\r');
    expect(await differ).toEqual({ problem: 'user create: the two passwords differ, nothing was created' });
  });

  it('leaves --password (still accepted), other commands and a non-terminal without a variable alone', async () => {
    const terminal = fakeTerminal(false);
    for (const argv of [
      [...create, '--password', PASSWORD],
      [...create, `--password=${PASSWORD}`],
      ['license', 'list'],
      create,
    ]) {
      expect(
        await withUserPassword(argv, { [PASSWORD_ENV]: argv === create ? '' : 'x' }, terminal.streams),
      ).toEqual({ argv });
    }
  });
});

describe('the .env of the CLI', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-env-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => vi.unstubAllEnvs());

  it('is loaded when there is one, the real environment winning; no file, no word; unreadable, an error', () => {
    const file = path.join(dir, '.env');
    writeFileSync(file, 'PORTAL_TEST_FROM_FILE=file\nPORTAL_TEST_BOTH=file\n');
    vi.stubEnv('PORTAL_TEST_FROM_FILE', undefined);
    vi.stubEnv('PORTAL_TEST_BOTH', 'environment');
    expect(loadEnvFileIfPresent(file)).toBe(true);
    expect(process.env.PORTAL_TEST_FROM_FILE).toBe('file');
    expect(process.env.PORTAL_TEST_BOTH).toBe('environment');

    expect(loadEnvFileIfPresent(path.join(dir, 'missing.env'))).toBe(false);
    const folder = path.join(dir, 'folder.env');
    mkdirSync(folder);
    expect(() => loadEnvFileIfPresent(folder)).toThrow(`cannot read ${folder}`);
  });
});

/** A process of the CLI as `npm run admin` starts it (package.json's script), on the embedded database. */
function runAdmin(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const script = (
    JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as {
      scripts: { admin: string };
    }
  ).scripts.admin;
  const [node, ...flags] = script.split(' ');
  expect(node).toBe('node');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...flags, ...args], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: '', [PASSWORD_ENV]: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('npm run admin -- user create', () => {
  let dir: string;
  let dbDir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
    dbDir = path.join(dir, 'db');
    await pgliteFolderFromTemplate('migrated', dbDir);
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the password from PORTAL_USER_PASSWORD, says "staff", and says nothing of a missing .env', async () => {
    const email = 'capo.cli@example.it';
    const env = { DB_DIR: dbDir, VAR_DIR: dir, INIT_CWD: dir };
    const created = await runAdmin(['user', 'create', '--email', email, '--verified', '--staff'], {
      ...env,
      [PASSWORD_ENV]: PASSWORD,
    });
    expect(created.out).toMatch(new RegExp(`^user \\d+ created: ${email} \\(verified, staff\\)\\n$`));
    expect(created.code).toBe(0);
    expect(created.out).not.toContain(PASSWORD);

    // Without a variable and without a terminal, it says how to give one, and creates nothing.
    const bare = await runAdmin(['user', 'create', '--email', 'altro@example.it'], env);
    expect(bare.code).toBe(2);
    expect(bare.out).toContain(
      `user create needs a password: run it in a terminal, which asks for it, or set ${PASSWORD_ENV}`,
    );

    const db = await openDb({ dataDir: dbDir });
    try {
      const rows = await db.query<{ email: string; hash: string; staff: boolean }>(
        'SELECT email, password_hash AS hash, is_staff AS staff FROM users ORDER BY id',
      );
      expect(rows.map((r) => [r.email, r.staff])).toEqual([[email, true]]);
      expect(await checkPassword(rows[0]!.hash, PASSWORD)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
