import { expect, test } from '@playwright/test';
import { dismissCookieBanner } from './fixtures';

/**
 * The % trend marks where the source changes: Bologna has its 2010–2016 years from ARPAE Emilia-Romagna
 * and 2022–2024 from ISPRA, so the chart draws a line at 2022 labelled with the new source, and the table
 * of the panel says the source of each year.
 */

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('the trend of Bologna marks the change from ARPAE to ISPRA; the table names each source', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const response = await page.goto('/?regione=08&provincia=037&comune=037006');
  expect(response?.status()).toBe(200);
  const panel = page.getByTestId('panel-trend');
  await panel.scrollIntoViewIfNeeded();
  const svg = panel.locator('svg').first();
  await expect(svg.locator('text', { hasText: /^20\d\d$/ }).first()).toBeVisible();
  // One mark, at the first year of the new source; the first source is not a change.
  const mark = svg.locator('text', { hasText: /^Fonte:/ });
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveText('Fonte: ISPRA');
  await expect(mark).toBeVisible();
  await panel.screenshot({ path: test.info().outputPath('trend-source-bologna.png') });

  await panel.getByRole('button', { name: 'Tabella' }).click();
  const table = panel.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Fonte' })).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('2010');
  await expect(rows.first()).toContainText('ARPAE Emilia-Romagna');
  await expect(rows.nth(6)).toContainText('2016');
  await expect(rows.nth(6)).toContainText('ARPAE Emilia-Romagna');
  await expect(rows.nth(7)).toContainText('2022');
  await expect(rows.nth(7)).toContainText('ISPRA');
  await expect(rows.last()).toContainText('2024');
  await expect(rows.last()).toContainText('ISPRA');
});

test('one source over the years draws no mark: Palermo, all from ISPRA', async ({ page }) => {
  const response = await page.goto('/?comune=082053');
  expect(response?.status()).toBe(200);
  const svg = page.getByTestId('panel-trend').locator('svg').first();
  await expect(svg.locator('text', { hasText: /^20\d\d$/ }).first()).toBeVisible();
  await expect(svg.locator('text', { hasText: /^Fonte:/ })).toHaveCount(0);
});
