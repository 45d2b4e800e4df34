import { expect, test, type Locator, type Page } from '@playwright/test';
import { chartsSection, dismissCookieBanner, drawnChart } from './fixtures';

/**
 * The bar charts on a phone: the names go above the bars, which keep the width of the panel (they were
 * ~30 px beside names of 190 px); the trend keeps its year labels apart.
 */

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** The colour of 'Frazione organica (umido)' (data/reference/waste-fractions.csv). */
const UMIDO = '#8d6e63';

interface Drawn {
  chartWidth: number;
  chartLeft: number;
  bar: { left: number; width: number; top: number } | null;
  label: { left: number; bottom: number; anchor: string | null } | null;
}

/** The drawn chart of a panel: its box, the umido bar and the umido label, in page pixels. */
async function drawnFractions(panel: Locator, name: string): Promise<Drawn> {
  const svg = await drawnChart(panel);
  await expect(svg.locator(`path[fill="${UMIDO}"]`).first()).toBeVisible();
  return svg.evaluate(
    (el, { color, label }) => {
      const box = el.getBoundingClientRect();
      const bars = Array.from(el.querySelectorAll(`path[fill="${color}"]`)).map((p) =>
        p.getBoundingClientRect(),
      );
      const bar = bars.sort((a, b) => b.width - a.width)[0];
      const text = Array.from(el.querySelectorAll('text')).find((t) => t.textContent?.trim() === label);
      const textBox = text?.getBoundingClientRect();
      return {
        chartWidth: box.width,
        chartLeft: box.left,
        bar: bar ? { left: bar.left, width: bar.width, top: bar.top } : null,
        label: textBox
          ? { left: textBox.left, bottom: textBox.bottom, anchor: text!.getAttribute('text-anchor') }
          : null,
      };
    },
    { color: UMIDO, label: name },
  );
}

async function openSicily(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const response = await page.goto('/?regione=19');
  expect(response?.status()).toBe(200);
  const panel = (await chartsSection(page)).getByTestId('panel-fractions');
  await panel.scrollIntoViewIfNeeded();
  return panel;
}

for (const width of [375, 320]) {
  test(`at ${width} px the fraction names sit above bars as wide as the panel`, async ({ page }) => {
    const panel = await openSicily(page, width);
    const drawn = await drawnFractions(panel, 'Frazione organica (umido)');
    expect(drawn.bar, 'the umido bar').not.toBeNull();
    expect(drawn.label, 'the umido label').not.toBeNull();
    // Above its bar, starting where the bar starts.
    expect(drawn.label!.anchor).toBe('start');
    expect(drawn.label!.bottom).toBeLessThanOrEqual(drawn.bar!.top + 1);
    expect(Math.abs(drawn.label!.left - drawn.bar!.left)).toBeLessThan(4);
    // The bars have the width of the chart, less the room of the value labels.
    expect(drawn.bar!.left - drawn.chartLeft).toBeLessThan(16);
  });
}

test('on a wide screen the names stay beside the bars', async ({ page }) => {
  const panel = await openSicily(page, 1280);
  const drawn = await drawnFractions(panel, 'Frazione organica (umido)');
  expect(drawn.label!.anchor).toBe('end');
  expect(drawn.label!.left).toBeLessThan(drawn.bar!.left);
});

test('the trend of many years keeps its year labels apart on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  // Bologna: 2010–2016 from ARPAE, then the ISPRA years: many years, with a gap between.
  const response = await page.goto('/?regione=08&provincia=037&comune=037006');
  expect(response?.status()).toBe(200);
  const svg = await drawnChart((await chartsSection(page)).getByTestId('panel-trend'));
  await expect(svg.locator('text', { hasText: /^20\d\d$/ }).first()).toBeVisible();
  const years = await svg.evaluate((el) =>
    Array.from(el.querySelectorAll('text'))
      .filter((t) => /^20\d\d$/.test(t.textContent?.trim() ?? ''))
      .map((t) => {
        const r = t.getBoundingClientRect();
        return { left: r.left, right: r.right };
      })
      .sort((a, b) => a.left - b.left),
  );
  expect(years.length).toBeGreaterThan(1);
  for (let i = 1; i < years.length; i++) expect(years[i]!.left).toBeGreaterThan(years[i - 1]!.right);
});

test('the bars of the ecocompattatori page also carry their names above them on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const response = await page.goto('/ecocompattatori');
  expect(response?.status()).toBe(200);
  const chart = await drawnChart(page.getByTestId('rvm-by-region'));
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('text').first()).toBeVisible();
  const anchors = await chart.evaluate((el) =>
    Array.from(el.querySelectorAll('text'))
      .filter((t) => !/kg$/.test(t.textContent?.trim() ?? ''))
      .map((t) => t.getAttribute('text-anchor')),
  );
  expect(anchors.length).toBeGreaterThan(0);
  expect(new Set(anchors)).toEqual(new Set(['start']));
});
