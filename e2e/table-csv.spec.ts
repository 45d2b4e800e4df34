import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import {
  admin,
  type CreateUser,
  dismissCookieBanner,
  expect,
  expectNoAxeViolations,
  hasAdmin,
  NO_ADMIN_REASON,
  signIn,
  test,
  WIDTHS,
} from './fixtures';

/**
 * "Scarica CSV" of /classifiche and /confronta (issue 35 point 16, decision 075): the whole list of the
 * view, the values of the comparison's table, for a user whose licence is active; the others are told why
 * there is no button.
 */

const SICILY_2015 = '/classifiche?regione=19&anno=2015';
const COMPARISON = '/confronta?aree=comune:015146,regione:05,italia&misura=rd';

/** The CSV's rows after its BOM, as records of its header. */
async function csvRecords(download: Download): Promise<Record<string, string>[]> {
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
  const names = header!.split(';');
  return lines.map((l) => Object.fromEntries(l.split(';').map((cell, i) => [names[i], cell])));
}

async function downloadFrom(page: Page, button: Locator, api: string): Promise<Download> {
  const [download, answer] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => r.url().includes(api)),
    button.click(),
  ]);
  expect(answer.status()).toBe(200);
  const header = answer.headers()['content-disposition'] ?? '';
  expect(download.suggestedFilename()).toBe(/filename="([^"]+)"/.exec(header)?.[1]);
  return download;
}

async function signInLicensed(page: Page, createUser: CreateUser) {
  const user = await createUser({ prefix: 'tabella-csv' });
  await admin('license', 'approve', user.email);
  await signIn(page, user);
}

/** The table as the page writes it: a row per year, the year first, a cell per territory. */
async function tableOf(page: Page): Promise<{ names: string[]; rows: string[][] }> {
  const table = page.getByTestId('compare-table');
  const names = (await table.locator('thead th').allInnerTexts()).slice(1).map((s) => s.trim());
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => (c.textContent ?? '').trim())));
  return { names, rows };
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('an anonymous visitor is invited to sign in, a user without licence is told why', async ({
  page,
  createUser,
}) => {
  await page.goto(SICILY_2015);
  const invite = page.getByTestId('rankings-csv-invite');
  await expect(invite).toHaveText(
    'Accedi per scaricare questi dati in CSV: serve una licenza d’uso attiva, gratuita.',
  );
  await expect(invite.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', /flow=login/);
  await expect(page.getByTestId('rankings-csv')).toHaveCount(0);

  test.info().skip(!hasAdmin, NO_ADMIN_REASON);
  const user = await createUser({ prefix: 'classifiche-no-csv' });
  await signIn(page, user);
  await page.goto(SICILY_2015);
  const gate = page.getByTestId('rankings-csv-license');
  await expect(gate).toContainText('Per scaricare i dati in formato CSV serve una licenza d’uso attiva.');
  await expect(gate.getByRole('link')).toHaveAttribute('href', '/profilo#license-section');
  await expect(page.getByTestId('rankings-csv')).toHaveCount(0);
});

test('a licensed user downloads the whole ranking of the view, not only its page', async ({
  page,
  createUser,
}) => {
  test.info().skip(!hasAdmin, NO_ADMIN_REASON); // skipped only without PostgreSQL (E2E_DATABASE_URL empty)
  await signInLicensed(page, createUser);
  await page.goto(`${SICILY_2015}&indicatore=prodotti&ordine=peggiori`);
  const total = Number(await page.getByTestId('rankings-total').getAttribute('data-total'));
  const pageRows = page.getByTestId('rankings-row');
  // More comuni than one page: the file has them all.
  expect(total).toBeGreaterThan(await pageRows.count());
  const button = page.getByTestId('rankings-csv');
  await expect(button).toHaveText('Scarica CSV');
  await expectNoAxeViolations(page, '/classifiche with its CSV button');

  const download = await downloadFrom(page, button, '/api/stats/rankings/download/?');
  expect(download.suggestedFilename()).toMatch(
    /^classifica-rifiuti-prodotti-per-abitante-comuni-regione-19-peggiori-anno-2015-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  await expect(page.getByTestId('rankings-csv-status')).toContainText('Download avviato');
  const records = await csvRecords(download);
  expect(records).toHaveLength(total);
  expect(Object.keys(records[0]!).join(';')).toBe(
    'anno;anno_confronto;posizione;pari_merito;livello;codice_istat;territorio;sigla_provincia;regione;capoluogo;popolazione;anno_popolazione;indicatore;unita;valore;percentuale_rd_anno_confronto;percentuale_rd_anno;stima;fonte;dato_anomalo_fonte',
  );
  // The file's first rows are the page's, in its order, with its ranks and values.
  const shown = await pageRows.count();
  for (let i = 0; i < Math.min(shown, 5); i++) {
    const row = pageRows.nth(i);
    const record = records[i]!;
    expect(record.codice_istat).toBe(await row.getAttribute('data-id'));
    expect(record.anno).toBe('2015');
    expect(record.regione).toBe('Sicilia');
    expect(record.unita).toBe('kg/ab.');
    expect((await row.getByTestId('rankings-rank').innerText()).trim()).toMatch(
      new RegExp(`^${record.posizione}=?`),
    );
    // The page's value ('1.176,0', perhaps with its estimate note after it) is the file's ('1176').
    const shown = /^-?[\d.]+(,\d+)?/.exec((await row.getByTestId('rankings-value').innerText()).trim())![0];
    expect(Number(shown.replace(/\./g, '').replace(',', '.'))).toBe(Number(record.valore!.replace(',', '.')));
    expect(record.fonte).not.toBe('');
  }
  // Worst first: the values go down the file.
  const values = records.map((r) => Number(r.valore!.replace(',', '.')));
  expect(values).toEqual([...values].sort((a, b) => b - a));
  // 2015: ISPRA's tables give no population, so each kg per inhabitant says whose population it uses.
  const estimated = records.filter((r) => r.anno_popolazione !== '2015');
  for (const r of estimated) expect(r.stima).toBe(`stima con la popolazione del ${r.anno_popolazione}`);
});

test('an anonymous visitor is invited to sign in for the CSV of the table', async ({ page }) => {
  await page.goto(COMPARISON);
  const invite = page.getByTestId('compare-csv-invite');
  await expect(invite).toContainText('per scaricare questi dati in CSV: serve una licenza d’uso attiva');
  await expect(invite.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', /flow=login/);
  await expect(page.getByTestId('compare-csv')).toHaveCount(0);
});

test('a licensed user downloads the values of the table, as the page shows them', async ({
  page,
  createUser,
}) => {
  test.info().skip(!hasAdmin, NO_ADMIN_REASON); // skipped only without PostgreSQL (E2E_DATABASE_URL empty)
  await signInLicensed(page, createUser);
  await page.goto(COMPARISON);
  const button = page.getByTestId('compare-csv');
  await expect(button).toHaveText('Scarica CSV');
  await expectNoAxeViolations(page, '/confronta with its CSV button');
  const { names, rows } = await tableOf(page);

  const [download, answer] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => r.url().includes('/api/stats/compare/download/?format=csv')),
    button.click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(download.suggestedFilename()).toMatch(
    /^confronto-raccolta-differenziata-milano-mi-veneto-italia-\d{4}-\d{4}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
  expect(header).toBe(
    'anno;territorio;livello;codice_istat;misura;unita;valore;stima;fonte;dato_anomalo_fonte',
  );
  const records = lines.map((l) => l.split(';'));
  // A row per territory and year of the table, a territory after the other.
  expect(records.map((r) => [r[1], r[0]])).toEqual(names.flatMap((n) => rows.map((row) => [n, row[0]])));
  for (const [column, name] of names.entries()) {
    for (const row of rows) {
      const record = records.find((r) => r[1] === name && r[0] === row[0])!;
      const cell = row[column + 1]!;
      if (cell === '—') {
        expect(record[6], `${name} ${row[0]}`).toBe('');
        continue;
      }
      // The page rounds to one decimal, the file keeps two: at most half a tenth apart (and a float's error).
      const shown = Number(
        cell
          .replace(/\./g, '')
          .replace(/[^\d,-]/g, '')
          .replace(',', '.'),
      );
      const value = Number(record[6]!.replace(',', '.'));
      expect(Math.abs(value - shown), `${name} ${row[0]}`).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(record[7] !== '', `${name} ${row[0]} estimate`).toBe(cell.endsWith('*'));
      expect(record[8], `${name} ${row[0]} source`).not.toBe('');
    }
  }
  await expect(page.getByTestId('compare-csv-status')).toContainText('Download avviato');
});

for (const { name, viewport } of WIDTHS) {
  test(`the CSV buttons fit at ${name} width`, async ({ page, createUser }, info) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON);
    await page.setViewportSize(viewport);
    await signInLicensed(page, createUser);
    for (const [path, testId] of [
      [SICILY_2015, 'rankings-csv'],
      [COMPARISON, 'compare-csv'],
    ] as const) {
      await page.goto(path);
      const button = page.getByTestId(testId);
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: info.outputPath(`${testId}-${name}.png`) });
    }
  });
}
