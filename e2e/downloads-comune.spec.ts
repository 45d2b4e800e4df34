import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { request, type Download, type Locator, type Page } from '@playwright/test';
import { CityPageSchema, RvmByCitySchema } from '@portal/contract';
import {
  admin,
  API_URL,
  type CreateUser,
  dismissCookieBanner,
  expect,
  fetchUser,
  hasAdmin,
  NO_ADMIN_REASON,
  randomIp,
  signIn,
  test,
  type TestUser,
} from './fixtures';

/**
 * /scarica-dati on a phone: a comune picked from the suggestions stays picked and its CSV downloads (both
 * sources), the page is never wider than the screen, the search says when it shows only part of the
 * matches, and a revoked licence is called revoked, with its date.
 */

const PHONE = { width: 375, height: 800 };

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

async function signInLicensed(page: Page, createUser: CreateUser, prefix: string): Promise<TestUser> {
  const user = await createUser({ prefix });
  await admin('license', 'approve', user.email);
  await dismissCookieBanner(page);
  await signIn(page, user);
  return user;
}

/** The CSV rows of a download as records, after the BOM and the header. */
async function csvRecords(download: Download): Promise<Record<string, string>[]> {
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, ...lines] = csv.slice(1).trim().split('\r\n');
  const columns = header!.split(';');
  // The names checked here hold no ';' or quote, so a plain split reads the cells of these files.
  return lines.map((line) => Object.fromEntries(line.split(';').map((cell, i) => [columns[i], cell])));
}

async function downloadFrom(page: Page, control: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), control.click()]);
  return download;
}

/** Picks a comune from the suggestions of the form's search, as a person on a phone does. */
async function pickComune(page: Page, typed: string, option: string) {
  await page.getByLabel('Livello', { exact: true }).selectOption('city');
  const search = page.getByRole('combobox', { name: 'Comune' });
  await search.fill(typed);
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(search).toHaveValue(option);
  await expect(search).toHaveAttribute('aria-expanded', 'false');
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(
    scrollWidth,
    `${label}: page ${scrollWidth} px wide in a ${clientWidth} px screen`,
  ).toBeLessThanOrEqual(clientWidth);
}

test.describe('/scarica-dati, a comune on a phone', () => {
  test.use({ viewport: PHONE });

  test('a licensed user picks Forlì from the suggestions and downloads its collection data', async ({
    createUser,
    page,
  }) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON);
    await signInLicensed(page, createUser, 'comune-csv');
    await page.goto('/scarica-dati');
    const count = page.getByTestId('download-count');
    await expect(count).toContainText('Il file conterrà');

    // The years of the comune come from its own statistics, and the count from its query.
    const counted = page.waitForResponse(
      (r) => r.url().includes('/api/stats/download/count/') && r.url().includes('level=city&id=040012'),
    );
    await pickComune(page, 'forl', 'Forlì (FC)');
    expect((await counted).status()).toBe(200);
    await expect(count).toHaveText(/^Il file conterrà [\d.]+ righe \(una per comune e anno\)\.$/);
    const rows = Number(/conterrà ([\d.]+) righe/.exec((await count.textContent())!)![1]!.replace(/\./g, ''));
    expect(rows).toBeGreaterThan(0);
    // The choice holds: no second search of "Forlì (FC)" takes it away.
    await expect(page.getByRole('combobox', { name: 'Comune' })).toHaveValue('Forlì (FC)');
    await expect(page.getByTestId('download-years').getByRole('checkbox').first()).toBeVisible();

    const download = await downloadFrom(page, page.getByTestId('download-link'));
    expect(download.suggestedFilename()).toMatch(
      /^raccolta-differenziata-comune-040012-\d{4}-\d\d-\d\d\.csv$/,
    );
    const records = await csvRecords(download);
    expect(records).toHaveLength(rows);
    for (const record of records) {
      expect(record).toMatchObject({ codice_istat: '040012', comune: 'Forlì', sigla_provincia: 'FC' });
    }
    await expect(page.getByTestId('download-file-status')).toHaveText(
      `Download avviato: ${download.suggestedFilename()}.`,
    );
    await expectNoSidewaysScroll(page, 'after the download');
    await expectNoAxeViolations(page);

    // Editing the text drops the choice: the form no longer offers a file for it.
    await page.getByRole('combobox', { name: 'Comune' }).fill('Forlì (F');
    await expect(count).toHaveText('Completa la scelta dell’area per vedere quante righe conterrà il file.');
    await expect(page.getByTestId('download-link')).toHaveCount(0);
  });

  test('a licensed user downloads the ecocompattatori of one comune', async ({ page, createUser }) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON);
    const api = await request.newContext({
      baseURL: API_URL,
      extraHTTPHeaders: { 'X-Forwarded-For': randomIp() },
    });
    const byCity = RvmByCitySchema.parse(
      await (await api.get('/api/reverse-vending-machines/reverse-vending-machine/stats/by-city/')).json(),
    );
    await api.dispose();
    const city = byCity.items[0]!;
    await signInLicensed(page, createUser, 'comune-rvm');
    await page.goto('/scarica-dati');
    await page.getByRole('radio', { name: 'Dati ecocompattatori' }).check();
    await pickComune(page, city.name, `${city.name} (${city.provinceSigla})`);
    const count = page.getByTestId('download-count');
    await expect(count).toHaveText(/^Il file conterrà [\d.]+ righe \(una per ecocompattatore e anno\)\.$/);
    const rows = Number(/conterrà ([\d.]+) righe/.exec((await count.textContent())!)![1]!.replace(/\./g, ''));

    const download = await downloadFrom(page, page.getByTestId('download-link'));
    expect(download.suggestedFilename()).toMatch(new RegExp(`^ecocompattatori-comune-${city.id}-`));
    const records = await csvRecords(download);
    expect(records).toHaveLength(rows);
    expect(rows).toBeGreaterThan(0);
    for (const record of records) {
      expect(record).toMatchObject({ codice_istat_comune: city.id, comune: city.name });
    }
    await expectNoSidewaysScroll(page, 'ecocompattatori of a comune');
  });

  test('the search says how many comuni it leaves out and how to find them', async ({ page, createUser }) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON);
    const api = await request.newContext({
      baseURL: API_URL,
      extraHTTPHeaders: { 'X-Forwarded-For': randomIp() },
    });
    const page8 = CityPageSchema.parse(
      await (await api.get('/api/cities/city/?search=san&pageSize=8')).json(),
    );
    await api.dispose();
    expect(page8.count).toBeGreaterThan(8);

    await signInLicensed(page, createUser, 'comune-cerca');
    await page.goto('/scarica-dati');
    await page.getByLabel('Livello', { exact: true }).selectOption('city');
    await page.getByRole('combobox', { name: 'Comune' }).fill('san');
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(8);
    await expect(page.getByTestId('comune-search-note')).toHaveText(
      `Altri ${new Intl.NumberFormat('it-IT').format(page8.count - 8)} comuni: scrivi qualche lettera in più.`,
    );
    await expect(page.getByRole('status').filter({ hasText: 'comuni trovati' })).toHaveText(
      `${new Intl.NumberFormat('it-IT').format(page8.count)} comuni trovati, ne sono mostrati 8: scrivi qualche lettera in più.`,
    );
    // The note stays in sight under the suggestions (they scroll, it does not).
    const note = page.getByTestId('comune-search-note');
    const noteBox = (await note.boundingBox())!;
    const popupBox = (await note.locator('..').boundingBox())!;
    expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(popupBox.y + popupBox.height + 0.5);
    await note.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, 'suggestions open');

    // Every match shown: no note.
    await page.getByRole('combobox', { name: 'Comune' }).fill('forlimpo');
    await expect(page.getByRole('listbox').getByRole('option', { name: 'Forlimpopoli (FC)' })).toBeVisible();
    await expect(page.getByTestId('comune-search-note')).toHaveCount(0);
  });
});

test.describe('/scarica-dati is never wider than the screen', () => {
  for (const width of [375, 320]) {
    test(`${width} px: every part of the form, both sources`, async ({ page, createUser }) => {
      test.info().skip(!hasAdmin, NO_ADMIN_REASON);
      await page.setViewportSize({ width, height: 800 });
      await signInLicensed(page, createUser, `largo-${width}`);
      await page.goto('/scarica-dati');
      await expect(page.getByTestId('download-count')).toContainText('Il file conterrà');
      await expectNoSidewaysScroll(page, 'Italia');
      for (const level of ['region', 'province', 'city'] as const) {
        await page.getByLabel('Livello', { exact: true }).selectOption(level);
        if (level !== 'city') {
          await page.getByLabel('Regione', { exact: true }).selectOption({ label: 'Emilia-Romagna' });
          if (level === 'province')
            await page.getByLabel('Provincia', { exact: true }).selectOption({ label: 'Forlì-Cesena (FC)' });
          await expect(page.getByTestId('download-years').getByRole('checkbox').first()).toBeVisible();
        }
        await expectNoSidewaysScroll(page, level);
      }
      await page.getByRole('combobox', { name: 'Comune' }).fill('san');
      await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
      await expectNoSidewaysScroll(page, 'suggestions open');
      // The suggestions cover what is under the search: close them.
      await page.getByRole('combobox', { name: 'Comune' }).press('Escape');
      await page.getByRole('radio', { name: 'Dati ecocompattatori' }).check();
      await page.getByLabel('Livello', { exact: true }).selectOption('country');
      await expect(page.getByTestId('download-count')).toContainText('una per ecocompattatore');
      await expectNoSidewaysScroll(page, 'ecocompattatori');
    });
  }
});

test.describe('/scarica-dati after a revoked licence', () => {
  test.use({ viewport: PHONE });

  test('says the licence was revoked, when, and that it can be requested again', async ({
    page,
    createUser,
  }) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON);
    const user = await signInLicensed(page, createUser, 'revocata');
    await page.goto('/scarica-dati');
    await expect(page.getByTestId('download-count')).toBeVisible();

    await admin('license', 'revoke', user.email);
    const key = await signIn(page, user);
    const revokedAt = (await fetchUser(key)).licenseRevokedAt;
    expect(revokedAt).not.toBeNull();
    const day = new Intl.DateTimeFormat('it-IT', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Rome',
    }).format(new Date(revokedAt!));

    await page.goto('/scarica-dati');
    const gate = page.getByTestId('download-gate');
    await expect(gate).toContainText(
      `La tua licenza è stata revocata il ${day}: puoi richiederla di nuovo dalla pagina del profilo.`,
    );
    await expect(gate).not.toContainText('Non hai ancora richiesto');
    await expect(gate.locator('.license-badge')).toHaveText(/Non attiva/);
    await expectNoAxeViolations(page);

    // The link leads to the request, which the profile words the same way.
    await gate.getByRole('link', { name: 'Richiedi di nuovo la licenza' }).click();
    await expect(page).toHaveURL(/\/profilo#license-section$/);
    const section = page.locator('#license-section');
    await expect(section).toContainText(`La tua licenza è stata revocata il ${day}.`);
    await section.getByLabel("Ho letto e accetto l'impegno d'uso dei dati").check();
    await section.getByRole('button', { name: 'Richiedi di nuovo la licenza' }).click();
    await expect(section.locator('.license-badge')).toHaveText(/In attesa/);

    // Requested again: the page now speaks of the request, not of the revocation.
    await page.goto('/scarica-dati');
    await expect(page.getByTestId('download-gate')).toContainText(
      'La tua richiesta è in attesa di approvazione.',
    );
    await expect(page.getByTestId('download-gate')).not.toContainText('revocata');
  });
});
