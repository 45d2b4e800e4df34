import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { LoginResponseSchema, UserSchema, type User } from '@portal/contract';

/**
 * Fixtures of the shell specs: users made through the real API (registration + the mail's verification
 * key), sign-in by storing a real key in the token cookie, the mail outbox ($E2E_VAR_DIR/mail) and the
 * operators' admin command (only with E2E_DATABASE_URL, so the command and the API share a database).
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
export const API_URL = process.env.E2E_API_URL ?? 'http://127.0.0.1:8000';
export const VAR_DIR = process.env.E2E_VAR_DIR ?? path.join(ROOT, 'var');
export const MAIL_DIR = path.join(VAR_DIR, 'mail');
export const DATABASE_URL = process.env.E2E_DATABASE_URL ?? '';
export const hasAdmin = DATABASE_URL !== '';
export const NO_ADMIN_REASON = 'E2E_DATABASE_URL is empty: admin commands cannot reach the API database';

/** A password the API's validators accept. */
export const PASSWORD = 'Raccolta-Verde-2026!';

/**
 * The API counts rate limits per client IP and believes X-Forwarded-For from loopback: each fixture
 * context speaks with its own documentation-range address, so the suite never trips the limits.
 */
export function randomIp(): string {
  return `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
}

export function uniqueEmail(prefix = 'utente'): string {
  return `${prefix}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.org`;
}

async function apiContext(): Promise<APIRequestContext> {
  return request.newContext({ baseURL: API_URL, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } });
}

async function csrfHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  const response = await api.get('/api/csrf/');
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { 'X-CSRFToken': csrfToken };
}

/** Decodes quoted-printable soft breaks and escapes, and HTML's &amp;, so links read whole. */
export function decodeMail(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8').replace(/&amp;/g, '&');
}

/** The newest message to `to` whose text matches `pattern`; waits for the outbox worker (every 2 s). */
export async function waitForMail(
  to: string,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = (await readdir(MAIL_DIR))
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .reverse();
    } catch {
      // the folder appears with the first message
    }
    for (const name of files) {
      const text = decodeMail(await readFile(path.join(MAIL_DIR, name), 'utf8'));
      const header = text.slice(0, text.search(/\r?\n\r?\n/));
      if (!new RegExp(`^To:.*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(header)) continue;
      const match = text.match(pattern);
      if (match) return match;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}

export const VERIFY_LINK = /\/\?flow=verify-email&key=([A-Za-z0-9_-]+)/;
export const RESET_LINK = /\/\?flow=password-reset&uid=([A-Za-z0-9_-]+)&token=([A-Za-z0-9_-]+)/;

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Registers through the API and, unless told otherwise, follows the mail's verification key. */
export async function createUser(options: { verified?: boolean; prefix?: string } = {}): Promise<TestUser> {
  const user: TestUser = {
    email: uniqueEmail(options.prefix),
    password: PASSWORD,
    firstName: 'Giulia',
    lastName: 'Verdi',
  };
  const api = await apiContext();
  try {
    const headers = await csrfHeaders(api);
    const created = await api.post('/api/registration/', {
      headers,
      data: {
        email1: user.email,
        email2: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        password: user.password,
      },
    });
    if (created.status() !== 201)
      throw new Error(`registration: ${created.status()} ${await created.text()}`);
    if (options.verified !== false) {
      const [, key] = await waitForMail(user.email, VERIFY_LINK);
      const verified = await api.post('/api/registration/verify-email/', {
        headers,
        data: { key, password: user.password },
      });
      if (!verified.ok()) throw new Error(`verification: ${verified.status()}`);
    }
  } finally {
    await api.dispose();
  }
  return user;
}

/** A real sign-in key of the user. */
export async function loginKey(user: TestUser): Promise<string> {
  const api = await apiContext();
  try {
    const response = await api.post('/api/auth/login/', {
      headers: await csrfHeaders(api),
      data: { email: user.email, password: user.password },
    });
    if (!response.ok()) throw new Error(`login: ${response.status()} ${await response.text()}`);
    return LoginResponseSchema.parse(await response.json()).key;
  } finally {
    await api.dispose();
  }
}

/** Signs the page's browser context in, as the web app does after a login: the token cookie. */
export async function signIn(page: Page, user: TestUser): Promise<string> {
  const key = await loginKey(user);
  await page.context().addCookies([{ name: 'token', value: key, url: BASE_URL, sameSite: 'Lax' }]);
  return key;
}

export async function fetchUser(key: string): Promise<User> {
  const api = await apiContext();
  try {
    const response = await api.get('/api/auth/user/', { headers: { Authorization: `Token ${key}` } });
    return UserSchema.parse(await response.json());
  } finally {
    await api.dispose();
  }
}

const execFileAsync = promisify(execFile);

/** `npm run admin -- …` against the API's database (callers skip when hasAdmin is false). */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync('npm', ['run', '-s', 'admin', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL, VAR_DIR },
    timeout: 60_000,
  });
  return stdout;
}

/** Accepts the cookie banner's choice up front, so it never covers what a test clicks. */
export async function dismissCookieBanner(page: Page, choice: 'accepted' | 'rejected' = 'rejected') {
  await page
    .context()
    .addCookies([{ name: 'cookie_consent', value: choice, url: BASE_URL, sameSite: 'Lax' }]);
}

/** Below 800px the header links sit behind the menu button: open it when it is shown. */
export async function openMenuIfCollapsed(page: Page) {
  const toggle = page.getByRole('button', { name: 'Apri il menu' });
  if (await toggle.isVisible()) await toggle.click();
}

export const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'mobile', viewport: { width: 375, height: 800 } },
] as const;
