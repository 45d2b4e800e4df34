import { expect, test, type Locator } from '@playwright/test';
import {
  ProvinceListSchema,
  RegionListSchema,
  RvmByRegionSchema,
  RvmMachinePageSchema,
  RvmMapSchema,
  type Province,
} from '@portal/contract';
import { dismissCookieBanner } from './fixtures';

/**
 * /ecocompattatori: a choice in the filters applies at once (no 'Applica filtri' with JavaScript), the
 * province select offers the provinces of the chosen region, and the form still works without JavaScript.
 */

const BASE = '/api/reverse-vending-machines/reverse-vending-machine';

const label = (p: Province) => `${p.name} (${p.sigla})`;

async function provinceOptions(filters: Locator): Promise<string[]> {
  return filters.getByLabel('Provincia').locator('option').allTextContents();
}

test('the province select follows the region at once; a province sets its region', async ({
  page,
  request,
}) => {
  const all = ProvinceListSchema.parse(await (await request.get('/api/cities/provinces/')).json());
  const regions = RegionListSchema.parse(await (await request.get('/api/cities/regions/')).json());
  const veneto = all.filter((p) => p.regionId === '05');
  const emilia = all.filter((p) => p.regionId === '08');
  expect(all).toHaveLength(107);

  await dismissCookieBanner(page);
  await page.goto('/ecocompattatori');
  const filters = page.getByTestId('rvm-filters');
  expect(await provinceOptions(filters)).toEqual(['Tutte le province', ...all.map(label)]);
  await expect(filters.getByRole('button', { name: 'Applica filtri' })).toHaveCount(0);

  await filters.getByLabel('Regione').selectOption('05');
  await expect.poll(() => provinceOptions(filters)).toEqual(['Tutte le province', ...veneto.map(label)]);
  await filters.getByLabel('Provincia').selectOption('025');
  await expect(page).toHaveURL(/\/ecocompattatori\?regione=05&provincia=025$/);
  await expect(page.getByTestId('rvm-active-filters')).toContainText('Belluno');

  // Another region: its provinces, and the province of the old one is cleared.
  await filters.getByLabel('Regione').selectOption('08');
  await expect.poll(() => provinceOptions(filters)).toEqual(['Tutte le province', ...emilia.map(label)]);
  await expect(filters.getByLabel('Provincia')).toHaveValue('');
  await expect(page).toHaveURL(/\/ecocompattatori\?regione=08$/);

  // Back to all Italy: every province again; choosing one selects its region.
  await filters.getByLabel('Regione').selectOption('');
  await expect.poll(async () => (await provinceOptions(filters)).length).toBe(all.length + 1);
  const bologna = all.find((p) => p.id === '037')!;
  await filters.getByLabel('Provincia').selectOption('037');
  await expect(filters.getByLabel('Regione')).toHaveValue(bologna.regionId);
  expect(regions.find((r) => r.id === bologna.regionId)?.name).toBe('Emilia-Romagna');
  await expect(page).toHaveURL(/\/ecocompattatori\?regione=08&provincia=037$/);
  await expect(page.getByTestId('rvm-active-filters')).toContainText('Bologna');
});

test('a region chosen applies at once: map, totals and list follow, the focus stays on the select', async ({
  page,
  request,
}) => {
  const regions = RvmByRegionSchema.parse(await (await request.get(`${BASE}/stats/by-region/`)).json());
  // The region with most machines, so that the map has points.
  const region = regions.items[0]!;
  const expectedMap = RvmMapSchema.parse(
    await (await request.get(`${BASE}/map/?region=${region.id}`)).json(),
  );
  const expectedList = RvmMachinePageSchema.parse(
    await (await request.get(`${BASE}/?region=${region.id}`)).json(),
  );
  const all = RvmMapSchema.parse(await (await request.get(`${BASE}/map/`)).json());
  expect(expectedMap.count).toBeLessThan(all.count);

  await dismissCookieBanner(page);
  await page.goto('/ecocompattatori');
  const filters = page.getByTestId('rvm-filters');
  const map = page.getByTestId('rvm-map');
  await expect(map).toHaveAttribute('data-points', String(all.count));

  await filters.getByLabel('Regione').selectOption(region.id);
  await expect(page).toHaveURL(new RegExp(`/ecocompattatori\\?regione=${region.id}$`));
  await expect(page.getByTestId('rvm-active-filters')).toContainText(region.name);
  await expect(map).toHaveAttribute('data-points', String(expectedMap.count));
  await expect(page.getByTestId('rvm-total-machines')).toHaveText(String(expectedMap.count));
  await expect(page.getByTestId('rvm-list-count')).toHaveAttribute('data-count', String(expectedList.count));

  // With the keyboard: each arrow key applies the next region, and the focus stays for the next one.
  const select = filters.getByLabel('Regione');
  const options = select.locator('option');
  const values = await options.evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
  const index = values.indexOf(region.id);
  const down = index + 2 < values.length;
  await select.focus();
  for (const step of [1, 2]) {
    const id = values[down ? index + step : index - step]!;
    await page.keyboard.press(down ? 'ArrowDown' : 'ArrowUp');
    await expect(page).toHaveURL(id ? new RegExp(`/ecocompattatori\\?regione=${id}$`) : /\/ecocompattatori$/);
    await expect(page.locator('#rvm-region')).toBeFocused();
    await expect(select).toHaveValue(id);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form applies the region, and the page then offers only its provinces', async ({
    page,
    request,
  }) => {
    const all = ProvinceListSchema.parse(await (await request.get('/api/cities/provinces/')).json());
    await dismissCookieBanner(page);
    await page.goto('/ecocompattatori');
    const filters = page.getByTestId('rvm-filters');
    await filters.getByLabel('Regione').selectOption('08');
    await filters.getByRole('button', { name: 'Applica filtri' }).click();
    await expect(page).toHaveURL(/regione=08/);
    expect(await provinceOptions(page.getByTestId('rvm-filters'))).toEqual([
      'Tutte le province',
      ...all.filter((p) => p.regionId === '08').map(label),
    ]);
  });
});
