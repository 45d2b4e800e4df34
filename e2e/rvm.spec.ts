import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  admin,
  dismissCookieBanner,
  drawnChart,
  expect,
  hasAdmin,
  NO_ADMIN_REASON,
  signIn,
  test,
} from './fixtures';
import { RvmByOperatorSchema, RvmByRegionSchema, RvmMachinePageSchema, RvmMapSchema } from '@portal/contract';

const BASE = '/api/reverse-vending-machines/reverse-vending-machine';

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The rows of a chart panel read as a table (pressing its 'Tabella' button). */
async function tableRows(page: Page, testId: string): Promise<string[]> {
  const panel = page.getByTestId(testId);
  await panel.getByRole('button', { name: 'Tabella' }).click();
  return panel.locator('tbody th[scope=row]').allTextContents();
}

test('filters the machines by region and operator: map, charts and list follow; no axe violations', async ({
  page,
  request,
}) => {
  const all = RvmMapSchema.parse(await (await request.get(`${BASE}/map/`)).json());
  await dismissCookieBanner(page);
  const response = await page.goto('/ecocompattatori');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ecocompattatori');
  await expect(page.getByTestId('rvm-demo-notice')).toContainText('Dati dimostrativi');
  const map = page.getByTestId('rvm-map');
  await expect(map).toHaveAttribute('data-points', String(all.count));
  await expect(await drawnChart(map)).toBeVisible();
  // Dense at national scale: machines are grouped.
  expect(Number(await map.getAttribute('data-clusters'))).toBeLessThan(all.count);
  await expect(page.getByTestId('rvm-list-count')).toHaveAttribute('data-count', String(all.count));
  await expect(page.getByTestId('rvm-by-operator')).toContainText('Altri gestori');
  await expect(page.getByTestId('rvm-by-operator').getByText('Dati dimostrativi')).toBeVisible();
  // Anonymous visitors get no CSV button (the API would refuse them anyway).
  await expect(page.getByRole('button', { name: 'Scarica in CSV' })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);

  // The region with most machines, and its largest operator.
  const regions = RvmByRegionSchema.parse(await (await request.get(`${BASE}/stats/by-region/`)).json());
  const region = regions.items[0]!;
  const operators = RvmByOperatorSchema.parse(
    await (await request.get(`${BASE}/stats/by-operator/?region=${region.id}`)).json(),
  );
  const operator = operators.items.find((o) => o.id !== null)!;
  const expectedMap = RvmMapSchema.parse(
    await (await request.get(`${BASE}/map/?region=${region.id}&operator=${operator.id}`)).json(),
  );
  const expectedList = RvmMachinePageSchema.parse(
    await (await request.get(`${BASE}/?region=${region.id}&operator=${operator.id}`)).json(),
  );

  const filters = page.getByTestId('rvm-filters');
  await filters.getByLabel('Regione').selectOption(region.id);
  // Each choice applies at once: no 'Applica filtri' with JavaScript.
  await filters.getByLabel('Gestore').selectOption(String(operator.id));
  await expect(page).toHaveURL(new RegExp(`regione=${region.id}.*gestore=${operator.id}`));
  await expect(page.getByTestId('rvm-active-filters')).toContainText(region.name);
  await expect(page.getByTestId('rvm-active-filters')).toContainText(operator.name);

  // The map shows the region's provinces and only the selected machines.
  await expect(map).toHaveAttribute('data-points', String(expectedMap.count));
  await expect(await drawnChart(map)).toBeVisible();
  // The charts: one operator, one region.
  expect(await tableRows(page, 'rvm-by-operator')).toEqual([operator.name]);
  expect(await tableRows(page, 'rvm-by-region')).toEqual([region.name]);
  await expect(page.getByTestId('rvm-total-machines')).toHaveText(String(expectedMap.count));
  // The list.
  await expect(page.getByTestId('rvm-list-count')).toHaveAttribute('data-count', String(expectedList.count));
  const shown = await page.getByTestId('rvm-machine-operator').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set([operator.name]));
  await expectNoAxeViolations(page);

  // The searchable list keeps the filters.
  const first = expectedList.results[0]!;
  await page.getByLabel('Cerca per indirizzo, comune o gestore').fill(first.comune.name.toUpperCase());
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await expect(page).toHaveURL(/cerca=/);
  await expect(page).toHaveURL(new RegExp(`gestore=${operator.id}`));
  await expect(page.getByTestId('rvm-machine').first()).toContainText(first.comune.name);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/ecocompattatori?regione=${region.id}`);
  await expect(await drawnChart(map)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a user with an active licence downloads the filtered machines as CSV', async ({ page, createUser }) => {
  test.info().skip(!hasAdmin, NO_ADMIN_REASON); // skipped only without PostgreSQL (E2E_DATABASE_URL empty)
  const user = await createUser({ prefix: 'rvm-csv' });
  await admin('license', 'approve', user.email);
  await dismissCookieBanner(page);
  await signIn(page, user);
  await page.goto('/ecocompattatori?regione=03&anno=2023');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Scarica in CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^ecocompattatori-regione-03-anno-2023-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const body = await readFile((await download.path())!);
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = body.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toContain('id_ecocompattatore;gestore;');
  expect(lines.length).toBeGreaterThan(2);
});
