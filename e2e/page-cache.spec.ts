import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  admin,
  BASE_URL,
  dismissCookieBanner,
  expect,
  hasAdmin,
  NO_ADMIN_REASON,
  ROOT,
  signIn,
  test,
} from './fixtures';

/**
 * The shared page cache (docs/decisions/053-shared-page-cache.md): a public page is rendered once, without
 * anyone's cookies, and the same bytes go to everyone; the session is found in the browser. An import
 * makes the cached pages stale on the running server within seconds.
 */

/**
 * A URL no other test asks for, so that this test's visitor is the first to ask for it: a year the explorer
 * cannot read (it shows the latest, as without one) is still part of the page's key, where a parameter the
 * page does not read is not (decision 065).
 */
function freshUrl(base: string): string {
  return `${base}&anno=x${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

test.describe('the shared page cache', () => {
  test('a page first asked by a licensed user shows an anonymous visitor nothing of that user', async ({
    page,
    browser,
    createUser,
  }) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON); // skipped only without PostgreSQL (E2E_DATABASE_URL empty)
    const user = await createUser({ prefix: 'cache-condivisa' });
    await admin('license', 'approve', user.email);
    await dismissCookieBanner(page);
    await signIn(page, user);
    const url = freshUrl('/?comune=001272');

    // The licensed user is the first to ask: the page is rendered (MISS) and shows them their session.
    const first = await page.goto(url);
    expect(first?.headers()['x-page-cache']).toBe('MISS');
    await expect(page.locator('.shell-header').getByText('Attiva')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Scarica «.*» in formato PDF$/ }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Area riservata' }).click();
    await expect(page.getByRole('menuitem', { name: 'Scarica dati' })).toBeVisible();

    // An anonymous visitor gets the very same bytes, from the cache: nothing of the user is in them.
    const anonymous = await browser.newContext({ baseURL: BASE_URL });
    try {
      const response = await anonymous.request.get(url);
      expect(response.headers()['x-page-cache']).toBe('HIT');
      expect(response.headers()['cache-control']).toMatch(/^public, max-age=\d+/);
      const html = await response.text();
      for (const secret of [
        user.email,
        // The full name: "Giulia" alone is in "Friuli-Venezia Giulia".
        `${user.firstName} ${user.lastName}`,
        'Attiva',
        'Scarica dati',
        'Area riservata',
      ])
        expect(html, secret).not.toContain(secret);

      // And in the browser, once hydrated: the sign-in buttons, no badge, no download link, the invitation.
      const visitor = await anonymous.newPage();
      await dismissCookieBanner(visitor);
      await visitor.goto(url);
      await expect(visitor.getByRole('button', { name: 'Accedi' }).first()).toBeVisible();
      await expect(visitor.getByRole('link', { name: 'Accedi o registrati' }).first()).toBeVisible();
      await expect(visitor.locator('.shell-header').getByText('Attiva')).toHaveCount(0);
      await expect(visitor.getByRole('link', { name: /^Scarica «.*» in formato PDF$/ })).toHaveCount(0);
      await expect(visitor.getByRole('button', { name: 'Area riservata' })).toHaveCount(0);
      await expect(visitor.getByText(user.email)).toHaveCount(0);
    } finally {
      await anonymous.close();
    }
  });

  test('an answer carries an ETag, and a matching If-None-Match gets 304', async ({ request }) => {
    const url = freshUrl('/?regione=05');
    const first = await request.get(url);
    expect(first.status()).toBe(200);
    const etag = first.headers()['etag'];
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request.get(url, { headers: { 'if-none-match': etag! } });
    expect(again.status()).toBe(304);
    expect(again.headers()['x-page-cache']).toBe('HIT');
  });

  test('an import refreshes a cached comune page within seconds', async ({ page }) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON); // skipped only without PostgreSQL (E2E_DATABASE_URL empty)
    test.setTimeout(180_000);
    // Abbadia Cerreto (LO), 2024: 74,09 % separately collected in ISPRA's file; the copy says 12,34 %.
    const original = path.join(ROOT, 'data/ispra/comuni-2024-kpi.csv');
    const csv = await readFile(original, 'utf8');
    const row = csv.split('\n').find((line) => line.startsWith('03098001,'))!;
    const changed = row.replace(',2024,74.09,', ',2024,12.34,');
    expect(changed).not.toBe(row);
    const dir = await mkdtemp(path.join(tmpdir(), 'page-cache-'));
    const copy = path.join(dir, 'comuni-2024-kpi.csv');
    await writeFile(copy, csv.replace(row, changed));
    const url = '/?comune=098001&anno=2024';
    const percent = page.getByTestId('card-sortedPercentage');
    try {
      await dismissCookieBanner(page);
      await page.goto(url);
      await expect(percent).toContainText('74,1');
      expect((await page.request.get(url)).headers()['x-page-cache']).toBe('HIT');

      await admin('import', 'ispra-kpi', copy, '--force');
      await expect
        .poll(async () => (await page.reload(), await percent.textContent()), { timeout: 30_000 })
        .toContain('12,3');
    } finally {
      await admin('import', 'ispra-kpi', original, '--force');
      await rm(dir, { recursive: true, force: true });
    }
    await expect
      .poll(async () => (await page.reload(), await percent.textContent()), { timeout: 30_000 })
      .toContain('74,1');
  });
});
