import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { request, type Download, type Locator, type Page } from '@playwright/test';
import { RvmByRegionSchema, RvmYearsSchema } from '@portal/contract';
import {
  admin,
  API_URL,
  chartsSection,
  type CreateUser,
  dismissCookieBanner,
  expect,
  hasAdmin,
  NO_ADMIN_REASON,
  randomIp,
  signIn,
  test,
} from './fixtures';

const RVM = '/api/reverse-vending-machines/reverse-vending-machine';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** The rows the preview announces ("Il file conterrà 1.234 righe …"). */
async function previewRows(count: Locator): Promise<number> {
  const text = (await count.textContent()) ?? '';
  return Number(/conterrà ([\d.]+) righe/.exec(text)![1]!.replace(/\./g, ''));
}

/** The CSV lines of a download after its BOM, header first. */
async function csvLines(download: Download): Promise<string[]> {
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  return csv.slice(1).trim().split('\r\n');
}

/** Clicks a download control; the browser saves the file under the name the API's answer gives. */
async function downloadFrom(page: Page, control: Locator): Promise<Download> {
  const [download, answer] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => r.url().includes('/api/stats/download/?')),
    control.click(),
  ]);
  const header = answer.headers()['content-disposition'] ?? '';
  expect(download.suggestedFilename()).toBe(/filename="([^"]+)"/.exec(header)?.[1]);
  return download;
}

async function signInLicensed(page: Page, createUser: CreateUser, prefix: string) {
  const user = await createUser({ prefix });
  await admin('license', 'approve', user.email);
  await dismissCookieBanner(page);
  await signIn(page, user);
}

test.describe('/scarica-dati', () => {
  test('a licensed user filters, sees the row count and downloads a CSV with exactly those rows', async ({
    createUser,
    page,
  }) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON); // skipped only without PostgreSQL (E2E_DATABASE_URL empty)
    await signInLicensed(page, createUser, 'licenza');

    await page.goto('/scarica-dati');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scarica dati');
    // Issue 35, point 15: the two hourly limits are said before any is spent.
    const limits = page.getByTestId('download-limits');
    await expect(limits).toContainText('fino a 60 file CSV');
    await expect(limits).toContainText('fino a 300 immagini e PDF');
    const count = page.getByTestId('download-count');
    // Italy, every year first; then Sicily in 2015.
    await expect(count).toContainText('Il file conterrà');
    await page.getByLabel('Livello', { exact: true }).selectOption('region');
    await page.getByLabel('Regione', { exact: true }).selectOption({ label: 'Sicilia' });
    await page.getByRole('checkbox', { name: '2015' }).check();
    await expect(count).toHaveText(/Il file conterrà 390 righe/);
    const expected = await previewRows(count);

    const download = await downloadFrom(page, page.getByTestId('download-link'));
    expect(download.suggestedFilename()).toMatch(/^raccolta-differenziata-.*19.*2015.*\.csv$/);
    const lines = await csvLines(download);
    expect(lines[0]).toMatch(/^anno;codice_istat;comune;/);
    expect(lines.length - 1).toBe(expected);
    expect(lines.slice(1).every((l) => /^2015;08\d{4};/.test(l))).toBe(true);
    await expect(page.getByTestId('download-file-status')).toHaveText(
      `Download avviato: ${download.suggestedFilename()}.`,
    );
    await expectNoAxeViolations(page);
  });

  test('ecocompattatori: two years of a region, the CSV has exactly the rows the preview counts', async ({
    createUser,
    page,
  }) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON); // skipped only without PostgreSQL (E2E_DATABASE_URL empty)
    const api = await request.newContext({
      baseURL: API_URL,
      extraHTTPHeaders: { 'X-Forwarded-For': randomIp() },
    });
    const machineYears = RvmYearsSchema.parse(await (await api.get(`${RVM}/years/`)).json());
    const region = RvmByRegionSchema.parse(await (await api.get(`${RVM}/stats/by-region/`)).json()).items[0]!;
    const regionYears = RvmYearsSchema.parse(
      await (await api.get(`${RVM}/years/?region=${region.id}`)).json(),
    );
    await api.dispose();
    expect(regionYears.length).toBeGreaterThanOrEqual(2);
    const chosen = regionYears.slice(-2).map(String);

    await signInLicensed(page, createUser, 'licenza-rvm');
    await page.goto('/scarica-dati');
    const count = page.getByTestId('download-count');
    await expect(count).toContainText('Il file conterrà');
    await page.getByRole('radio', { name: 'Dati ecocompattatori' }).check();
    // The years offered are the machines' years, not the collection data's.
    await expect(page.getByTestId('download-years').getByRole('checkbox')).toHaveCount(machineYears.length);
    await expect(page.getByLabel('Gestore', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Frazione raccolta', { exact: true })).toHaveCount(0);

    await page.getByLabel('Livello', { exact: true }).selectOption('region');
    await page.getByLabel('Regione', { exact: true }).selectOption({ label: region.name });
    await expect(count).toHaveText(/Il file conterrà [\d.]+ righe \(una per ecocompattatore e anno\)/);
    await expect(page.getByTestId('download-years').getByRole('checkbox')).toHaveCount(regionYears.length);
    await page.getByRole('checkbox', { name: chosen[0], exact: true }).check();
    // The preview of both ticked years (not of 'every year', nor of one).
    const counted = page.waitForResponse(
      (r) =>
        r.url().includes('/api/stats/download/count/') && r.url().includes(`years=${chosen.join('%2C')}`),
    );
    await page.getByRole('checkbox', { name: chosen[1], exact: true }).check();
    expect((await counted).status()).toBe(200);
    await expect(count).toHaveText(/Il file conterrà [\d.]+ righe \(una per ecocompattatore e anno\)/);
    const expected = await previewRows(count);
    expect(expected).toBeGreaterThan(0);

    const download = await downloadFrom(page, page.getByTestId('download-link'));
    expect(download.suggestedFilename()).toMatch(/^ecocompattatori-.*\.csv$/);
    const lines = await csvLines(download);
    const header = lines[0]!.split(';');
    expect(header.slice(0, 2)).toEqual(['id_ecocompattatore', 'gestore']);
    expect(lines.length - 1).toBe(expected);
    const region_ = header.indexOf('codice_istat_regione');
    const year = header.indexOf('anno');
    const rows = lines.slice(1).map((l) => l.split(';'));
    expect(rows.every((r) => r[region_] === region.id)).toBe(true);
    // Every row is of a ticked year (a machine without data in them has its year empty).
    expect(rows.every((r) => r[year] === '' || chosen.includes(r[year]!))).toBe(true);
    expect(new Set(rows.map((r) => r[year]).filter(Boolean))).toEqual(new Set(chosen));
    await expectNoAxeViolations(page);
  });
});

test.describe('statistic downloads', () => {
  test('a signed-in user downloads a statistic as PNG, JPG and PDF under the server file name', async ({
    createUser,
    page,
  }) => {
    const user = await createUser({ prefix: 'grafici' });
    await dismissCookieBanner(page);
    await signIn(page, user);
    // The links carry the comparison year the page shows (here chosen in the URL).
    await page.goto('/?regione=05&anno=2024&confronto=2022');
    const card = page.getByTestId('card-totalWasteProduced');
    for (const [format, signature] of [
      ['png', PNG_SIGNATURE],
      ['jpg', [0xff, 0xd8, 0xff]],
      ['pdf', [0x25, 0x50, 0x44, 0x46]],
    ] as const) {
      const link = card.getByRole('link', {
        name: `Scarica «Rifiuti urbani prodotti» in formato ${format.toUpperCase()}`,
      });
      await expect(link).toHaveAttribute(
        'href',
        `/api/stats/download/?format=${format}&statistic=totalWasteProduced&level=region&id=05&year=2024&compareYear=2022`,
      );
      const download = await downloadFrom(page, link);
      // 2022 has only the %: the card says so, and the file names the view's comparison year (decision 072).
      expect(download.suggestedFilename()).toMatch(new RegExp(`veneto-2024-confronto-2022\\.${format}$`));
      const bytes = await readFile((await download.path())!);
      expect(bytes.length).toBeGreaterThan(signature.length);
      expect([...bytes.subarray(0, signature.length)]).toEqual([...signature]);
      await expect(card.getByTestId('download-status-totalWasteProduced')).toHaveText(
        `Download avviato: ${download.suggestedFilename()}.`,
      );
    }
    await expect(page).toHaveURL(/\/\?regione=05&anno=2024&confronto=2022$/);

    // Issue 35, point 16: the headline card and the three trend charts have their files too.
    const formats = (scope: Locator, title: string) =>
      Promise.all(
        ['PDF', 'PNG', 'JPG'].map((f) =>
          expect(scope.getByRole('link', { name: `Scarica «${title}» in formato ${f}` })).toHaveCount(1),
        ),
      );
    await formats(page.getByTestId('card-sortedPercentage'), 'Percentuale di raccolta differenziata');
    const charts = await chartsSection(page);
    const trend = charts.getByTestId('panel-trend');
    await formats(trend, 'La percentuale di raccolta differenziata negli anni');
    await formats(
      charts.getByTestId('panel-tonnes'),
      'Rifiuti prodotti e raccolta differenziata (tonnellate)',
    );
    await formats(charts.getByTestId('panel-per-capita'), 'I rifiuti per abitante negli anni');
    const pdf = await downloadFrom(
      page,
      trend.getByRole('link', {
        name: 'Scarica «La percentuale di raccolta differenziata negli anni» in formato PDF',
      }),
    );
    expect(pdf.suggestedFilename()).toMatch(
      /^andamento-percentuale-raccolta-differenziata-regione-veneto-\d{4}-20\d\d\.pdf$/,
    );
  });

  test('no links on a panel without data; over the download limit the links explain it in Italian', async ({
    createUser,
    page,
  }) => {
    const user = await createUser({ prefix: 'limite' });
    await dismissCookieBanner(page);
    const key = await signIn(page, user);
    // Feltre has no prevention actions mapped: that panel says so, and has nothing to download.
    await page.goto('/?comune=025021');
    const actions = (await chartsSection(page)).getByTestId('panel-actions');
    await expect(actions).toContainText('Non sono presenti azioni di prevenzione mappate dallo studio.');
    await expect(actions.getByRole('link', { name: /^Scarica «/ })).toHaveCount(0);
    await expect(
      (await chartsSection(page)).getByTestId('panel-fractions').getByRole('link', { name: /^Scarica «/ }),
    ).toHaveCount(3);

    // A real refusal: the user spends the hourly allowance of pictures with downloads the API counts
    // and then refuses (an unknown region), so the next click on the page gets the API's 429.
    const api = await request.newContext({
      baseURL: API_URL,
      extraHTTPHeaders: { Authorization: `Token ${key}`, 'X-Forwarded-For': randomIp() },
    });
    // Before the limit, a download says how much of the budget is used (issue 35, point 15).
    for (let i = 0; i < 250; i++) {
      await api.get('/api/stats/download/?format=png&statistic=totalWasteProduced&level=region&id=99');
    }
    const card = page.getByTestId('card-totalWasteProduced');
    const message = card.getByTestId('download-status-totalWasteProduced');
    await downloadFrom(
      page,
      card.getByRole('link', { name: 'Scarica «Rifiuti urbani prodotti» in formato PNG' }),
    );
    await expect(message).toHaveText(
      /^Download avviato: .+\.png\. Hai usato 251 delle 300 immagini e PDF disponibili in un’ora: il conteggio riparte tra \d+ (minuti|minuto|secondi)\.$/,
    );
    const statuses: number[] = [];
    await expect
      .poll(
        async () => {
          const url = '/api/stats/download/?format=png&statistic=totalWasteProduced&level=region&id=99';
          statuses.push((await api.get(url)).status());
          return statuses.at(-1);
        },
        { intervals: [0], timeout: 90_000 },
      )
      .toBe(429);
    await api.dispose();
    // Every answer before the refusal was the unknown region's 404.
    expect(new Set(statuses)).toEqual(new Set(statuses.length > 1 ? [404, 429] : [429]));

    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await card.getByRole('link', { name: 'Scarica «Rifiuti urbani prodotti» in formato PNG' }).click();
    await expect(message).toHaveText(
      /^Troppe richieste: hai raggiunto il limite di 300 immagini e PDF l’ora\. Riprova tra \d+ (minuti|minuto|secondi)\. I CSV hanno un limite a parte\.$/,
    );
    await expect(message).toHaveAttribute('aria-live', 'polite');
    // The page stays, with no browser error page and no file.
    await expect(page).toHaveURL(/\/\?comune=025021$/);
    expect(downloads).toEqual([]);
    await expectNoAxeViolations(page);
  });
});
