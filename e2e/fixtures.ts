import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  test as base,
  expect,
  request,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { LoginResponseSchema, UserSchema, type User } from '@portal/contract';
import AxeBuilder from '@axe-core/playwright';
import { simpleParser } from 'mailparser';
import { openDb, type Db } from '../apps/api/src/db/db';
import { hashPassword } from '../apps/api/src/features/accounts/passwords';

/**
 * Fixtures of the specs: users written into the API's database and deleted after each test (`test` and
 * its `createUser`; only with E2E_DATABASE_URL), sign-in by storing a real key in the token cookie, the
 * mail outbox ($E2E_VAR_DIR/mail) read with mailparser, and the operators' admin command (also only with
 * E2E_DATABASE_URL, so the command and the API share a database).
 */

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
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
 * The explorer's charts section, scrolled to: its panels are built once it comes near the viewport
 * (components/explorer/stat-panels-loader.tsx), as a reader scrolling down would bring it.
 */
export async function chartsSection(page: Page): Promise<Locator> {
  const section = page.locator('section[aria-labelledby="charts-title"]');
  await section.scrollIntoViewIfNeeded();
  return section;
}

/**
 * The SVG a chart draws inside `container`. ECharts draws a chart only once it comes near the viewport
 * (components/charts/echart.tsx), as a reader scrolling down the page would bring it: scroll there first.
 */
export async function drawnChart(container: Locator): Promise<Locator> {
  await container.scrollIntoViewIfNeeded();
  return container.locator('svg').first();
}

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

export interface Mail {
  /** The recipients' addresses. */
  to: string[];
  subject: string;
  /** The plain-text part (mailparser derives it from the HTML part when there is none). */
  text: string;
  /** The HTML part, '' without one. */
  html: string;
}

const parsedMails = new Map<string, Mail>();

/** Every message of the outbox, newest first, parsed by mailparser (a file is parsed again when it grows). */
async function readMails(): Promise<Mail[]> {
  let files: string[] = [];
  try {
    files = (await readdir(MAIL_DIR)).filter((name) => name.endsWith('.eml'));
  } catch {
    // the folder appears with the first message
  }
  return Promise.all(
    files
      .sort()
      .reverse()
      .map(async (name) => {
        const file = path.join(MAIL_DIR, name);
        const key = `${name}:${(await stat(file)).size}`;
        let mail = parsedMails.get(key);
        if (!mail) {
          const parsed = await simpleParser(await readFile(file));
          const to = [parsed.to ?? []].flat().flatMap((group) => group.value.map((a) => a.address ?? ''));
          mail = { to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html || '' };
          parsedMails.set(key, mail);
        }
        return mail;
      }),
  );
}

/**
 * The newest message to `to` whose subject or text matches `pattern`, and the match; waits (expect.poll)
 * for the API's outbox worker, which sends every 2 s.
 */
export async function waitForMail(
  to: string,
  pattern: RegExp,
  timeout = 30_000,
): Promise<{ mail: Mail; match: RegExpMatchArray }> {
  let found: { mail: Mail; match: RegExpMatchArray } | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await readMails()) {
          if (!mail.to.some((address) => address.toLowerCase() === to.toLowerCase())) continue;
          const match = `${mail.subject}\n${mail.text}`.match(pattern);
          if (match) {
            found = { mail, match };
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} matching ${pattern}`, timeout },
    )
    .toBe(true);
  return found!;
}

export const VERIFY_LINK = /\/\?flow=verify-email&key=([A-Za-z0-9_-]+)/;
export const RESET_LINK = /\/\?flow=password-reset&uid=([A-Za-z0-9_-]+)&token=([A-Za-z0-9_-]+)/;

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export type CreateUser = (options?: { verified?: boolean; prefix?: string }) => Promise<TestUser>;

export const NO_DATABASE_REASON = 'E2E_DATABASE_URL is empty: test users cannot be written to the database';

let passwordHash: Promise<string> | undefined;

/**
 * The specs' `test`: with `createUser`, which writes an account straight into the API's database (the
 * password hashed by the API's own hashPassword, so the real sign-in accepts it) and deletes it when
 * the test ends. Only the registration journey in shell-auth.spec.ts goes through the real sign-up and
 * its mail.
 */
export const test = base.extend<{ createUser: CreateUser }, { db: Db | null }>({
  db: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      if (!hasAdmin) return use(null);
      const db = await openDb({ databaseUrl: DATABASE_URL });
      await use(db);
      await db.close();
    },
    { scope: 'worker' },
  ],
  createUser: async ({ db }, use, testInfo) => {
    testInfo.skip(!db, NO_DATABASE_REASON);
    const ids: number[] = [];
    await use(async (options = {}) => {
      const user: TestUser = {
        email: uniqueEmail(options.prefix),
        password: PASSWORD,
        firstName: 'Giulia',
        lastName: 'Verdi',
      };
      passwordHash ??= hashPassword(PASSWORD);
      const [row] = await db!.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, first_name, last_name, verified)
         VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
        [user.email, await passwordHash, user.firstName, user.lastName, options.verified !== false],
      );
      ids.push(row!.id);
      return user;
    });
    // Whatever the API stored for them goes too: every reference to users cascades or is set to NULL.
    await db!.query('DELETE FROM users WHERE id = ANY($1)', [ids]);
  },
});

export { expect };

/** No WCAG 2.1 A/AA violation that axe finds on the page as it is now. */
export async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
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

/**
 * Signs the page's browser context in as the API's login answer does: the HttpOnly token cookie and the
 * `signed_in` hint beside it.
 */
export async function signIn(page: Page, user: TestUser): Promise<string> {
  const key = await loginKey(user);
  await page.context().addCookies([
    { name: 'token', value: key, url: BASE_URL, sameSite: 'Lax', httpOnly: true },
    { name: 'signed_in', value: '1', url: BASE_URL, sameSite: 'Lax' },
  ]);
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
