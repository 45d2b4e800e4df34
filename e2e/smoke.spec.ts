import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { RegionListSchema } from '@portal/contract';

const screenshotPath = fileURLToPath(new URL('../test-results/home.png', import.meta.url));

/** '10.020.528' → 10020528 (Italian grouping). */
function parseItalianInteger(text: string): number {
  return Number(text.trim().replace(/\./g, ''));
}

test('the home page lists the 20 regions with their figures', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);

  await expect(page).toHaveTitle('La raccolta differenziata in Italia | Osservatorio Raccolta Differenziata');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('banner')).toContainText('Osservatorio Raccolta Differenziata');
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));

  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText('La raccolta differenziata in Italia');

  const table = page.getByRole('table', { name: /Regioni italiane/ });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(20);
  for (const row of await rows.all()) {
    const figures = await row.locator('td').allTextContents();
    expect(figures.length).toBeGreaterThanOrEqual(3);
    const [provinces, comuni, population] = figures.map(parseItalianInteger);
    const name = await row.getByRole('rowheader').textContent();
    expect(provinces, `provinces of ${name}`).toBeGreaterThan(0);
    expect(comuni, `comuni of ${name}`).toBeGreaterThan(0);
    expect(population, `population of ${name}`).toBeGreaterThan(0);
  }
  await expect(table.getByRole('rowheader', { name: 'Lombardia', exact: true })).toBeVisible();
  await expect(table.locator('tfoot')).toContainText('Italia');

  await page.screenshot({ path: screenshotPath, fullPage: true });
});

test('the API answers through the web origin, trailing slash kept', async ({ request }) => {
  const response = await request.get('/api/cities/regions/', { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const regions = RegionListSchema.parse(await response.json());
  expect(regions).toHaveLength(20);
});
