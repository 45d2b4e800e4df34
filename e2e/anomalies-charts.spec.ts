import {
  chartsSection,
  dismissCookieBanner,
  drawnChart,
  expect,
  expectNoAxeViolations,
  test,
} from './fixtures';

/**
 * Figures anomalous in the source (issue 35, docs/decisions/070) where a comune's trend shows: its trend
 * charts ring the points of the flagged years (legend "Dato anomalo nella fonte", the figures in the
 * tooltip), their tables note them, and /confronta marks the value with a note of the figures. Cassinelle
 * (AL) 2013: 0,01 t for 843 inhabitants at 100 % in ISPRA's table.
 */

const CASSINELLE = '006044';
const FIGURES = 'Dato anomalo nella fonte: 0,01 t per 843 abitanti';
/** The ring of a flagged point (packages/charts anomalies.ts). */
const RING = 'path[stroke="#c2410c"]';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

for (const width of [1280, 375]) {
  test(`a comune's trend charts and /confronta flag its anomalous year, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/?comune=${CASSINELLE}`);
    const section = await chartsSection(page);
    const trend = section.getByTestId('panel-trend');
    const svg = await drawnChart(trend);
    await expect(svg).toBeVisible();
    // The ring of 2013 and the legend's entry, drawn by the chart.
    await expect(svg.locator(RING).first()).toBeAttached();
    await expect(svg.getByText('Dato anomalo nella fonte', { exact: true })).toBeAttached();
    // The same on the tonnes' chart: its two lines ringed.
    const tonnes = section.getByTestId('panel-tonnes');
    const tonnesSvg = await drawnChart(tonnes);
    await expect(tonnesSvg.locator(RING)).not.toHaveCount(0);

    // The tooltip of the flagged year says so, with the figures.
    await trend.scrollIntoViewIfNeeded();
    // The highest ring is 2013's point at 100 % (the legend's icon lies under the plot).
    const centres = await svg.locator(RING).evaluateAll((rings) =>
      rings.map((r) => {
        const box = r.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      }),
    );
    const top = centres.reduce((a, b) => (b.y < a.y ? b : a));
    await page.mouse.move(top.x - 3, top.y);
    await page.mouse.move(top.x, top.y);
    await expect(trend.getByText(FIGURES)).toBeVisible();
    await page.screenshot({ path: `/tmp/anomalies-chart-${width}.png` });
    await page.mouse.move(0, 0);

    // The table view: the flag in the row of 2013, the other rows without it.
    await trend.getByRole('button', { name: 'Tabella' }).click();
    const table = trend.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Nota' })).toBeVisible();
    const row2013 = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2013' }) });
    await expect(row2013).toContainText(FIGURES);
    await expect(table.getByText(/^Dato anomalo nella fonte/).first()).toBeVisible();
    const flaggedRows = await table
      .locator('tbody tr')
      .filter({ hasText: 'Dato anomalo nella fonte' })
      .count();
    expect(flaggedRows).toBeLessThan(await table.locator('tbody tr').count());
    await expectNoAxeViolations(page, `/?comune=${CASSINELLE}`);

    // /confronta with Cassinelle: its 2013 value marked, the note with the figures under the table.
    const url = `/confronta?aree=comune:${CASSINELLE},italia`;
    await page.goto(url);
    const compareTable = page.getByTestId('compare-table');
    const cell = compareTable
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '2013' }) })
      .getByTestId('compare-anomalous-cell');
    await expect(cell).toHaveCount(1);
    await expect(cell).toContainText('⚠');
    await expect(cell).toContainText('dato anomalo nella fonte');
    const note = page.getByTestId('compare-anomaly').first();
    await expect(note).toContainText(
      `⚠ Dato anomalo nella fonte per Cassinelle (AL) nel 2013: 0,01 t per 843 abitanti`,
    );
    // Italy's values are never flagged.
    await expect(page.getByTestId('compare-anomaly').filter({ hasText: 'Italia' })).toHaveCount(0);
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeInViewport();
    await page.screenshot({ path: `/tmp/anomalies-confronta-${width}.png` });
    await expectNoAxeViolations(page, url);
  });
}
