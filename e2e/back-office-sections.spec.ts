import type { Browser, Page } from '@playwright/test';
import { dismissCookieBanner, expect, expectNoAxeViolations, signIn, test, type TestUser } from './fixtures';

/*
 * The back-office's sections (issue 35, point 17; decision 076): each at its own address, reached from a
 * menu of links that says which is current, by keyboard too; the licence queue's buttons fit at 1280 px.
 */

async function signedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await dismissCookieBanner(page);
  await signIn(page, user);
  return page;
}

const SECTIONS = [
  ['licenze', 'Richieste di licenza'],
  ['utenti', 'Utenti'],
  ['messaggi', 'Messaggi di contatto'],
  ['email', 'Email in uscita'],
  ['download', 'Download'],
  ['dati', 'Dati'],
  ['accessi', 'Accessi'],
  ['registro', 'Registro delle attività'],
] as const;

test('each section of the back-office has its own address, in a menu that marks the current one', async ({
  browser,
  createUser,
  db,
}) => {
  const staffUser = await createUser({ prefix: 'staff-sezioni' });
  await db!.query('UPDATE users SET is_staff = true WHERE email = $1', [staffUser.email]);
  const page = await signedInPage(browser, staffUser);

  // /amministrazione opens the licence queue at its address.
  await page.goto('/amministrazione');
  await expect(page).toHaveURL(/\/amministrazione\/licenze$/);
  const menu = page.getByRole('navigation', { name: 'Sezioni dell’amministrazione' });
  await expect(menu.getByRole('link')).toHaveText(SECTIONS.map(([, label]) => label));

  for (const [slug, label] of SECTIONS) {
    await page.goto(`/amministrazione/${slug}`);
    await expect(page.getByRole('heading', { level: 2, name: label, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${label} · Amministrazione`));
    await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu.locator('[aria-current]')).toHaveCount(1);
    // One section a page: no other section's heading (the footer's headings are not the page's).
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(1);
  }
  await expectNoAxeViolations(page, '/amministrazione/registro');

  // By keyboard: the menu's links are reached with Tab and followed with Enter.
  await page.goto('/amministrazione/licenze');
  const users = menu.getByRole('link', { name: 'Utenti', exact: true });
  for (let i = 0; i < 40 && !(await users.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(users).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/amministrazione\/utenti$/);
  await expect(menu.getByRole('link', { name: 'Utenti', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // An address of the one-page back-office (in mails sent before) leads to its section.
  await page.goto('/amministrazione#registro');
  await expect(page).toHaveURL(/\/amministrazione\/registro$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Registro delle attività' })).toBeVisible();
  expect((await page.goto('/amministrazione/nessuna'))!.status()).toBe(404);

  // The access rules are the same: a visitor goes to the login and back, an account not staff is refused.
  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto('/amministrazione/utenti');
  await expect(anonymous).toHaveURL(/flow=login/);
  expect(new URL(anonymous.url()).searchParams.get('next')).toBe('/amministrazione/utenti');
  const plain = await signedInPage(browser, await createUser({ prefix: 'non-staff' }));
  await plain.goto('/amministrazione/utenti');
  await expect(plain.getByText('Questa pagina è riservata allo staff del portale.')).toBeVisible();
  await expect(plain.getByRole('navigation', { name: 'Sezioni dell’amministrazione' })).toHaveCount(0);
  await expect(plain.getByRole('table')).toHaveCount(0);
});

test('the licence queue fits at 1280 px, buttons included; the staff’s own row offers no Approva and says why', async ({
  browser,
  createUser,
  db,
}) => {
  const staffUser = await createUser({ prefix: 'staff-coda' });
  await db!.query('UPDATE users SET is_staff = true WHERE email = $1', [staffUser.email]);
  const requester = await createUser({ prefix: 'richiedente-con-un-indirizzo-lungo' });
  // A request as long as real ones get: an organisation, a role and a use of several lines.
  for (const email of [requester.email, staffUser.email])
    await db!.query(
      `UPDATE users SET license_status = 'pending', license_requested_at = now(),
         license_terms_version = '2026-11-23', organization = $2, organization_type = 'public_administration',
         intended_use = $3 WHERE email = $1`,
      [
        email,
        'Agenzia regionale per la protezione dell’ambiente della Lombardia',
        'Confronto della raccolta differenziata dei comuni della provincia per il rapporto annuale, con grafici e tabelle per la giunta.',
      ],
    );
  const page = await signedInPage(browser, staffUser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/amministrazione/licenze');
  const queue = page.getByRole('region', { name: /Richieste in attesa/ });
  const row = queue.getByRole('row').filter({ hasText: requester.email });
  const approve = row.getByRole('button', { name: `Approva la licenza di ${requester.email}` });
  const reject = row.getByRole('button', { name: `Rifiuta la richiesta di ${requester.email}` });
  await expect(approve).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('licenze-1280.png'), fullPage: true });
  // The table needs no sideways scroll at 1280 px, and both buttons are inside its frame and the window.
  expect(await queue.evaluate((frame) => frame.scrollWidth - frame.clientWidth)).toBe(0);
  const frame = (await queue.boundingBox())!;
  for (const button of [approve, reject]) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  }

  // Four eyes: the staff member's own request offers Rifiuta only, and the row says who approves it.
  const own = queue.getByRole('row').filter({ hasText: staffUser.email });
  await expect(own.getByRole('button', { name: /Approva/ })).toHaveCount(0);
  await expect(own.getByRole('button', { name: /Rifiuta/ })).toHaveCount(1);
  await expect(own).toContainText('La tua licenza la approva un altro membro dello staff.');
  await expectNoAxeViolations(page, '/amministrazione/licenze');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('licenze-375.png'), fullPage: true });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
});
