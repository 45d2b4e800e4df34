import { expect, test } from '@playwright/test';
import { RegionListSchema } from '@portal/contract';

test('the home page opens on Italy: title, map of the 20 regions, statistics', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);

  await expect(page).toHaveTitle('La raccolta differenziata in Italia | Osservatorio Raccolta Differenziata');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('banner')).toContainText('Osservatorio Raccolta Differenziata');
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));

  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText('La raccolta differenziata in Italia');

  await expect(page.getByTestId('explorer-map').getByRole('link')).toHaveCount(20);
  const regions = page.getByLabel('Regione', { exact: true }).locator('option');
  await expect(regions).toHaveCount(21);
  await expect(page.getByTestId('card-totalWasteProduced')).toContainText(/\d{1,3}(\.\d{3})+,\d\s*t/);
});

test('the API answers through the web origin, trailing slash kept', async ({ request }) => {
  const response = await request.get('/api/cities/regions/', { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const regions = RegionListSchema.parse(await response.json());
  expect(regions).toHaveLength(20);
});
