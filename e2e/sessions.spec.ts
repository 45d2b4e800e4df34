import type { Browser, Page } from '@playwright/test';
import {
  dismissCookieBanner,
  expect,
  expectNoAxeViolations,
  openMenuIfCollapsed,
  signIn,
  test,
  type TestUser,
} from './fixtures';

/*
 * The sessions of an account on /profilo (issue 21): every browser signed in is listed, the current one
 * marked; ending another one signs that browser out at its next request; ending the current one signs
 * this browser out. The session cookie is out of reach of the page's scripts.
 */

async function signedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await dismissCookieBanner(page);
  await signIn(page, user);
  return page;
}

const rows = (page: Page) => page.locator('#sessions-section [data-testid="session-row"]');
const currentRow = (page: Page) =>
  page.locator('#sessions-section [data-testid="session-row"][data-current="true"]');
const otherRows = (page: Page) =>
  page.locator('#sessions-section [data-testid="session-row"]:not([data-current="true"])');

test('a second session ended from the list is signed out at its next request; ending the current one signs out', async ({
  browser,
  createUser,
}) => {
  const user = await createUser({ prefix: 'sessioni' });
  const here = await signedInPage(browser, user);
  const there = await signedInPage(browser, user);

  // The other browser is signed in, on a private page too.
  await there.goto('/profilo');
  await expect(there.getByRole('heading', { level: 1, name: 'Profilo' })).toBeVisible();
  expect(await there.evaluate(() => document.cookie)).not.toMatch(/(^|;\s*)token=/);

  await here.goto('/profilo#sessions-section');
  const section = here.locator('#sessions-section');
  await expect(section.getByRole('heading', { level: 2, name: 'Sessioni attive' })).toBeVisible();
  await expect(rows(here)).toHaveCount(2);
  await expect(currentRow(here)).toContainText('Questo dispositivo');
  await expectNoAxeViolations(here, '/profilo (sessioni)');

  await otherRows(here)
    .getByRole('button', { name: /^Chiudi sessione/ })
    .click();
  await expect(rows(here)).toHaveCount(1);
  await expect(section.getByText('Sessione chiusa.')).toBeVisible();
  // "Accessi recenti" shows the ended session at once, without a reload, and addresses as people write
  // them: no ::ffff: before an IPv4 address (issue 35, point 20).
  const events = here.locator('#sign-in-events-section');
  await expect(events.getByRole('cell', { name: 'Sessione chiusa da un altro dispositivo' })).toBeVisible();
  await expect(events).not.toContainText('::ffff:');
  await expect(section).not.toContainText('::ffff:');
  await here.screenshot({ path: '/tmp/accounts-sessions-1280.png', fullPage: true });

  // The other browser's next request finds no session: the private page sends it to the sign-in, and its
  // cookies are gone.
  await there.goto('/profilo');
  await expect(there).toHaveURL(/\/\?flow=login&next=%2Fprofilo/);
  await expect(there.getByRole('dialog', { name: 'Accedi' })).toBeVisible();
  await expect
    .poll(async () => (await there.context().cookies()).some((c) => c.name === 'token'), { timeout: 10_000 })
    .toBe(false);

  // This browser is still signed in; its sign-in events show the ended session.
  await here.reload();
  await expect(rows(here)).toHaveCount(1);
  await expect(events.getByRole('cell', { name: 'Sessione chiusa da un altro dispositivo' })).toBeVisible();
  await expect(events.getByRole('cell', { name: 'Accesso riuscito' }).first()).toBeVisible();

  // Ending the current session signs this browser out and leaves the private page.
  await currentRow(here)
    .getByRole('button', { name: /^Chiudi sessione/ })
    .click();
  await expect(here).toHaveURL(/\/$/);
  await openMenuIfCollapsed(here);
  await expect(here.getByRole('banner').getByRole('button', { name: 'Accedi' })).toBeVisible();
  expect((await here.context().cookies()).some((c) => c.name === 'token')).toBe(false);
  await here.context().close();
  await there.context().close();
});

test('"Esci da tutti gli altri dispositivi" ends every other session, and the staff see the sign-ins', async ({
  browser,
  createUser,
  db,
}) => {
  const user = await createUser({ prefix: 'altri' });
  const here = await signedInPage(browser, user);
  const others = [await signedInPage(browser, user), await signedInPage(browser, user)];

  await here.goto('/profilo#sessions-section');
  await expect(rows(here)).toHaveCount(3);
  await here
    .locator('#sessions-section')
    .getByRole('button', { name: 'Esci da tutti gli altri dispositivi' })
    .click();
  await expect(
    here.locator('#sessions-section').getByText('Hai chiuso tutte le altre sessioni.'),
  ).toBeVisible();
  await expect(rows(here)).toHaveCount(1);
  for (const page of others) {
    await page.goto('/profilo');
    await expect(page).toHaveURL(/flow=login/);
  }

  // The staff read the account's sign-ins in the back-office.
  const staffUser = await createUser({ prefix: 'staff-accessi' });
  await db!.query('UPDATE users SET is_staff = true WHERE email = $1', [staffUser.email]);
  const staff = await signedInPage(browser, staffUser);
  await staff.goto('/amministrazione#accessi');
  const accessi = staff.locator('#accessi');
  await accessi.getByLabel(/e-mail/i).fill(user.email);
  await accessi.getByRole('button', { name: /Cerca/ }).click();
  await expect(accessi.getByRole('cell', { name: 'Chiuse tutte le altre sessioni' })).toBeVisible();
  await expect(accessi.getByRole('rowheader', { name: user.email }).first()).toBeVisible();
  await expectNoAxeViolations(staff, '/amministrazione#accessi');
  for (const page of [here, ...others, staff]) await page.context().close();
});

test('Esci removes the HttpOnly cookies even when the API does not answer the logout', async ({
  browser,
  createUser,
}) => {
  const user = await createUser({ prefix: 'esci-senza-api' });
  const page = await signedInPage(browser, user);
  await page.goto('/');
  await openMenuIfCollapsed(page);
  const reserved = page.getByRole('banner').getByRole('button', { name: 'Area riservata' });
  await expect(reserved).toBeVisible();

  // Another site's form cannot sign the visitor out: the route wants a header a form cannot send.
  const forged = await page.request.post('/sessione/fine');
  expect(forged.status()).toBe(403);
  expect((await page.context().cookies()).some((c) => c.name === 'token')).toBe(true);

  await page.route('**/api/auth/logout/', (route) => route.abort('connectionrefused'));
  await reserved.click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await openMenuIfCollapsed(page);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi' })).toBeVisible();
  await expect
    .poll(async () =>
      (await page.context().cookies()).map((c) => c.name).filter((n) => n === 'token' || n === 'signed_in'),
    )
    .toEqual([]);
  await page.context().close();
});
