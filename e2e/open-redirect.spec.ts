import type { Page } from '@playwright/test';
import { BASE_URL, dismissCookieBanner, expect, randomIp, signIn, test, type TestUser } from './fixtures';

/**
 * Open redirect through `?flow=login&next=…` (docs/security.md): `next=/%09/evil.example` arrives as
 * "/\t/evil.example"; the URL parser drops the tab, and a signed-in visitor was sent to //evil.example as
 * the page loaded, an anonymous one right after signing in. Every variant must keep the browser on the
 * portal's origin and never make a request to evil.example; a path of the site is still followed.
 */

const ORIGIN = new URL(BASE_URL).origin;

// The raw query values, as an attacker's link would carry them.
const ATTACKS = [
  { name: 'tab', next: '/%09/evil.example' },
  { name: 'line feed', next: '/%0a/evil.example' },
  { name: 'carriage return', next: '/%0d/evil.example' },
  { name: 'backslash', next: '/%5Cevil.example' },
  { name: 'tab and backslash', next: '/%09%5Cevil.example' },
  // Dot segments collapse when resolved: "/.//evil.example" is //evil.example once normalised.
  { name: 'dot segment', next: '/.//evil.example' },
  { name: 'encoded dot-dot segment', next: '/%2e%2e//evil.example' },
];

const isEvil = (url: string) => /(^|\.)evil\.example$/.test(new URL(url).hostname);

/** Records every request to evil.example (and aborts it, so nothing leaves the machine). */
async function watchEvil(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (isEvil(request.url())) seen.push(request.url());
  });
  await page.route(
    (url) => isEvil(url.href),
    (route) => route.abort(),
  );
  return seen;
}

async function fillLogin(page: Page, user: TestUser) {
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
}

async function expectSignedIn(page: Page) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Area riservata' })).toBeVisible();
}

test.describe('open redirect through ?next=', () => {
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } });

  let user: TestUser;
  test.beforeEach(async ({ page, createUser }) => {
    user = await createUser({ prefix: 'redirect' });
    await dismissCookieBanner(page);
  });

  for (const { name, next } of ATTACKS) {
    test(`signed in, as the page loads: ${name} (next=${next}) stays on the portal`, async ({ page }) => {
      const evil = await watchEvil(page);
      await signIn(page, user);
      await page.goto(`/?flow=login&next=${next}`);
      // A refused `next` is dropped with the other flow parameters: the home page, no modal.
      await expect(page).toHaveURL(`${BASE_URL}/`);
      await expectSignedIn(page);
      expect(new URL(page.url()).origin).toBe(ORIGIN);
      expect(evil).toEqual([]);
    });

    test(`anonymous, after signing in through the modal: ${name} (next=${next}) stays on the portal`, async ({
      page,
    }) => {
      const evil = await watchEvil(page);
      await page.goto(`/?flow=login&next=${next}`);
      await fillLogin(page, user);
      await expectSignedIn(page);
      await expect(page).toHaveURL(`${BASE_URL}/`);
      expect(new URL(page.url()).origin).toBe(ORIGIN);
      expect(evil).toEqual([]);
    });
  }

  test('a path of the site is still followed: signed in, as the page loads', async ({ page }) => {
    await signIn(page, user);
    await page.goto('/?flow=login&next=/profilo');
    await expect(page).toHaveURL(`${BASE_URL}/profilo`);
    await expect(page.getByRole('heading', { level: 1, name: 'Profilo' })).toBeVisible();
  });

  test('a path of the site is still followed: anonymous, after signing in', async ({ page }) => {
    await page.goto('/?flow=login&next=%2Fprofilo%23license-section');
    await fillLogin(page, user);
    await expect(page).toHaveURL(`${BASE_URL}/profilo#license-section`);
    await expect(page.getByRole('heading', { level: 1, name: 'Profilo' })).toBeVisible();
  });
});
