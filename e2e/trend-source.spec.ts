import { expect, test } from '@playwright/test';
import { chartsSection, dismissCookieBanner, drawnChart } from './fixtures';

/**
 * The % trend marks where the source changes: Napoli has 2010–2017 from ISPRA, 2022 from Regione
 * Campania and 2023–2024 from ISPRA again, so the chart draws a line at 2022 and one at 2023, each
 * labelled with the new source (on two lines, the changes being one year apart), and the table of the
 * panel says the source of each year, the years without data included.
 */

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('the trend of Napoli marks the changes of source; the table names each source', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const response = await page.goto('/?regione=15&provincia=063&comune=063049');
  expect(response?.status()).toBe(200);
  const panel = (await chartsSection(page)).getByTestId('panel-trend');
  await panel.scrollIntoViewIfNeeded();
  const svg = await drawnChart(panel);
  await expect(svg.locator('text', { hasText: /^20\d\d$/ }).first()).toBeVisible();
  // One mark at the first year of each new source; the first source is not a change.
  const marks = svg.locator('text', { hasText: /^Fonte:/ });
  await expect(marks).toHaveText(['Fonte: Regione Campania', 'Fonte: ISPRA']);
  const [campania, ispra] = [await marks.nth(0).boundingBox(), await marks.nth(1).boundingBox()];
  // Both visible, and not over each other.
  await expect(marks.nth(0)).toBeVisible();
  await expect(marks.nth(1)).toBeVisible();
  const apart =
    campania!.y + campania!.height <= ispra!.y ||
    ispra!.y + ispra!.height <= campania!.y ||
    campania!.x + campania!.width <= ispra!.x ||
    ispra!.x + ispra!.width <= campania!.x;
  expect(apart).toBe(true);

  await panel.getByRole('button', { name: 'Tabella' }).click();
  const table = panel.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Fonte' })).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(15);
  await expect(rows.first()).toContainText('2010');
  await expect(rows.first()).toContainText('ISPRA');
  await expect(rows.nth(8)).toContainText('2018');
  await expect(rows.nth(8)).toContainText('Dato non disponibile');
  await expect(rows.nth(12)).toContainText('2022');
  await expect(rows.nth(12)).toContainText('Regione Campania');
  await expect(rows.nth(13)).toContainText('2023');
  await expect(rows.nth(13)).toContainText('ISPRA');
  await expect(rows.last()).toContainText('2024');
  await expect(rows.last()).toContainText('ISPRA');
});

test('one source over the years draws no mark: Palermo, all from ISPRA', async ({ page }) => {
  const response = await page.goto('/?comune=082053');
  expect(response?.status()).toBe(200);
  const svg = await drawnChart((await chartsSection(page)).getByTestId('panel-trend'));
  await expect(svg.locator('text', { hasText: /^20\d\d$/ }).first()).toBeVisible();
  await expect(svg.locator('text', { hasText: /^Fonte:/ })).toHaveCount(0);
});
