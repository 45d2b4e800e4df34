import { expect, test } from '@playwright/test';
import { chartsSection, dismissCookieBanner } from './fixtures';

/**
 * Issue 35, points 2 and 6: Italy has kg per inhabitant for every year of ISPRA's 2010–2017 tables, over
 * ISTAT's population on 31 December (decision 071), says which population it is, and the card and the
 * table show the same rounded figure.
 */

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

for (const width of [1280, 375]) {
  test(`Italy 2011 at ${width} px: the population's source, the per-capita years and one rounding`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/?anno=2011');
    await expect(page.getByText('ISTAT, al 1° gennaio 2012, cioè al 31 dicembre 2011')).toBeVisible();
    const card = page.getByTestId('card-totalWasteSortedPerCapita');
    const cardValue = /(\d{3},\d)\s*kg\/ab/.exec((await card.textContent()) ?? '')?.[1];
    expect(cardValue).toBeDefined();

    const panel = (await chartsSection(page)).getByTestId('panel-per-capita');
    await panel.scrollIntoViewIfNeeded();
    await expect(
      panel.getByText(/Abitanti: per gli anni 2010–2017 la popolazione ISTAT al 31 dicembre/),
    ).toBeVisible();
    await page.screenshot({ path: `/tmp/population-italy-${width}.png`, fullPage: false });
    await panel.getByRole('button', { name: 'Tabella' }).click();
    const rows = await panel
      .getByRole('table')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((r) => Array.from(r.children, (c) => (c.textContent ?? '').trim())));
    for (const year of ['2010', '2012', '2013', '2014', '2015', '2016', '2017', '2024'])
      expect(rows.find((r) => r[0] === year)?.[1], year).toMatch(/^\d{3},\d/);
    // The card's RD per inhabitant is the table's, to the decimal.
    expect(rows.find((r) => r[0] === '2011')?.[2]).toContain(cardValue!);
    await panel.screenshot({ path: `/tmp/population-table-${width}.png` });
  });
}
