import { expect, test, type Locator } from '@playwright/test';
import { ProvinceListSchema, RegionListSchema, type Province } from '@portal/contract';
import { dismissCookieBanner } from './fixtures';

/**
 * /ecocompattatori: the province select offers the provinces of the chosen region as soon as the region
 * changes (no 'Applica filtri' needed for that), and the form still works without JavaScript.
 */

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

  await filters.getByLabel('Regione').selectOption('05');
  await expect.poll(() => provinceOptions(filters)).toEqual(['Tutte le province', ...veneto.map(label)]);
  await filters.getByLabel('Provincia').selectOption('025');
  await filters.getByRole('button', { name: 'Applica filtri' }).click();
  await expect(page).toHaveURL(/\/ecocompattatori\?regione=05&provincia=025/);
  await expect(page.getByTestId('rvm-active-filters')).toContainText('Belluno');

  // Another region: its provinces, and the province of the old one is cleared.
  await filters.getByLabel('Regione').selectOption('08');
  await expect.poll(() => provinceOptions(filters)).toEqual(['Tutte le province', ...emilia.map(label)]);
  await expect(filters.getByLabel('Provincia')).toHaveValue('');

  // Back to all Italy: every province again; choosing one selects its region.
  await filters.getByLabel('Regione').selectOption('');
  await expect.poll(async () => (await provinceOptions(filters)).length).toBe(all.length + 1);
  const bologna = all.find((p) => p.id === '037')!;
  await filters.getByLabel('Provincia').selectOption('037');
  await expect(filters.getByLabel('Regione')).toHaveValue(bologna.regionId);
  expect(regions.find((r) => r.id === bologna.regionId)?.name).toBe('Emilia-Romagna');
  await filters.getByRole('button', { name: 'Applica filtri' }).click();
  await expect(page).toHaveURL(/regione=08&provincia=037/);
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
