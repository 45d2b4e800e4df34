import { expect, test, type Locator, type Page } from '@playwright/test';
import { ProvinceListSchema } from '@portal/contract';
import { chartsSection, dismissCookieBanner, drawnChart } from './fixtures';

/**
 * Issue 35, points 10–14, on a phone and beyond: the ranked value beside the name without scrolling, the
 * kg per inhabitant chart's axis name clear of its legend and its last label inside the chart, the
 * collapsed menu closing as the desktop dropdown does, two quick year choices both kept, and the rankings'
 * province select following the region.
 */

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The box of an element in the viewport (no scrolling: the page is where the test left it). */
async function boxOf(locator: Locator): Promise<Box> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  });
}

/** Within the screen's width, sideways: nothing to scroll to. */
async function expectInViewSideways(locator: Locator, width: number, what: string) {
  const box = await boxOf(locator);
  expect(box.left, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${what}: right edge`).toBeLessThanOrEqual(width);
}

/** The table's scrolling frame has nothing to scroll: the whole table is in view. */
async function expectNoSidewaysScroll(table: Locator, what: string) {
  const frame = table.locator('xpath=..');
  const { scrollWidth, clientWidth } = await frame.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth, `${what}: the table is wider than its frame`).toBeLessThanOrEqual(clientWidth);
}

for (const width of [375, 320]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('/classifiche: the ranked value is in view beside the name, the rest said under it', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      for (const url of [
        '/classifiche',
        '/classifiche?livello=province',
        '/classifiche?indicatore=variazione',
        '/classifiche?indicatore=indifferenziati&capoluoghi=1',
      ]) {
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        const table = page.getByTestId('rankings-table');
        const rows = table.getByTestId('rankings-row');
        await expect(rows.first()).toBeVisible();
        for (const index of [0, 1, 2]) {
          const row = rows.nth(index);
          await row.scrollIntoViewIfNeeded();
          await expectInViewSideways(row.locator('th'), width, `${url}, row ${index + 1}: the name`);
          await expectInViewSideways(
            row.getByTestId('rankings-value'),
            width,
            `${url}, row ${index + 1}: the value`,
          );
        }
        await expectNoSidewaysScroll(table, url);
        // The columns hidden on a phone are said under the name: the province of a comune, its inhabitants.
        if (url === '/classifiche') {
          await expect(rows.first().getByTestId('rankings-population')).toBeHidden();
          await expect(rows.first().locator('th')).toContainText(/\([A-Z]{2}\) · [\d.]+\sab\./);
        }
      }
    });

    test('"Comuni simili": the % of each comune is in view beside its name', async ({ page }) => {
      // Bologna: its peers are the comuni of Emilia-Romagna above 100.000 inhabitants.
      const response = await page.goto('/?regione=08&provincia=037&comune=037006');
      expect(response?.status()).toBe(200);
      const peers = page.getByTestId('city-peers');
      const table = peers.locator('table');
      await table.scrollIntoViewIfNeeded();
      const headers = await table.locator('thead th').allInnerTexts();
      const valueColumn = headers.findIndex((h) => /^Raccolta differenziata/.test(h.trim()));
      expect(valueColumn, `value column among ${headers.join(' | ')}`).toBeGreaterThan(0);
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(1);
      for (let index = 0; index < (await rows.count()); index++) {
        const row = rows.nth(index);
        await row.scrollIntoViewIfNeeded();
        const cells = row.locator('th, td');
        await expectInViewSideways(cells.first(), width, `peer ${index + 1}: the name`);
        await expect(cells.nth(valueColumn)).toHaveText(/%$/);
        await expectInViewSideways(cells.nth(valueColumn), width, `peer ${index + 1}: the value`);
      }
      await expectNoSidewaysScroll(table, 'Comuni simili');
    });
  });
}

test('on a wide screen the rankings keep their columns of province and inhabitants', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/classifiche');
  const table = page.getByTestId('rankings-table');
  await expect(table.getByRole('columnheader', { name: 'Provincia' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Abitanti' })).toBeVisible();
  const row = table.getByTestId('rankings-row').first();
  await expect(row.getByTestId('rankings-population')).toBeVisible();
  // The name's second line, for phones only, is not shown.
  await expect(row.locator('th').getByText(/\sab\.$/)).toBeHidden();
});

test('at 375 px the kg per inhabitant chart of Palermo: "kg/ab" clear of the legend, every label inside', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const response = await page.goto('/?regione=19&provincia=082&comune=082053');
  expect(response?.status()).toBe(200);
  const svg = await drawnChart((await chartsSection(page)).getByTestId('panel-per-capita'));
  await expect(svg.locator('text', { hasText: /^kg\/ab$/ })).toBeVisible();
  await expect(svg.locator('text', { hasText: /kg\/ab$/ }).nth(1)).toBeVisible();
  const drawn = await svg.evaluate((el) => {
    const rect = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const texts = Array.from(el.querySelectorAll('text'));
    const text = (pattern: RegExp) => texts.filter((t) => pattern.test(t.textContent?.trim() ?? ''));
    return {
      chart: rect(el),
      axisName: rect(text(/^kg\/ab$/)[0]!),
      legend: text(/^(Rifiuti urbani prodotti|Raccolta differenziata)$/).map(rect),
      labels: text(/\d\s?kg\/ab$/).map(rect),
    };
  });
  const overlap = (a: Box, b: Box) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  expect(drawn.legend).toHaveLength(2);
  for (const item of drawn.legend) expect(overlap(drawn.axisName, item), 'kg/ab over the legend').toBe(false);
  expect(drawn.labels.length).toBeGreaterThan(0);
  for (const label of drawn.labels) {
    expect(label.left, 'a label cut on the left').toBeGreaterThanOrEqual(drawn.chart.left);
    expect(label.right, 'a label cut on the right').toBeLessThanOrEqual(drawn.chart.right);
  }
});

test.describe('the collapsed menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  async function openMenu(page: Page) {
    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await expect(page.locator('#shell-menu')).toBeVisible();
  }
  const closed = async (page: Page) => {
    await expect(page.locator('#shell-menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Apri il menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  };

  test('closes on Escape, its button focused again', async ({ page }) => {
    await page.goto('/progetto');
    await openMenu(page);
    await page.locator('#shell-menu').getByRole('link', { name: 'Glossario' }).focus();
    await page.keyboard.press('Escape');
    await closed(page);
    await expect(page.getByRole('button', { name: 'Apri il menu' })).toBeFocused();
  });

  test('closes on a click outside it, and stays open on a click inside it', async ({ page }) => {
    await page.goto('/progetto');
    await openMenu(page);
    // Inside: the menu's own room (not a link) leaves it open.
    await page.locator('#shell-menu').click({ position: { x: 2, y: 2 } });
    await expect(page.locator('#shell-menu')).toBeVisible();
    // Outside: on the page below the header.
    const header = await boxOf(page.getByRole('banner'));
    await page.mouse.click(20, header.bottom + 40);
    await closed(page);
  });

  test('closes when the screen becomes wide enough for the full menu', async ({ page }) => {
    await page.goto('/progetto');
    await openMenu(page);
    await page.setViewportSize({ width: 1280, height: 740 });
    await expect(page.getByRole('button', { name: 'Apri il menu' })).toBeHidden();
    await page.setViewportSize({ width: 375, height: 740 });
    await closed(page);
  });
});

test('two quick choices, the year then the comparison year: the URL and both selects keep both', async ({
  page,
}) => {
  // Bologna, with its years from 2010.
  const area = 'regione=08&provincia=037&comune=037006';
  await page.goto(`/?${area}&anno=2024&confronto=2023`);
  const year = page.locator('#picker-year');
  const compare = page.locator('#picker-compare');
  await expect(year).toHaveValue('2024');
  // The page of the first choice arrives only after the second choice was made, as on a slow network:
  // the race of two choices within 0,2 s, every time.
  let release!: () => void;
  const secondChosen = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.searchParams.get('anno') === '2016' && url.searchParams.get('confronto') === '2023',
    async (route) => {
      await secondChosen;
      await route.continue();
    },
  );
  await year.selectOption('2016');
  await compare.selectOption('2012');
  release();
  // Both pages are rendered on demand: on a busy machine that takes longer than expect's 5 s.
  await expect(page).toHaveURL(new RegExp(`/\\?${area}&anno=2016&confronto=2012$`), { timeout: 20_000 });
  await expect(year).toHaveValue('2016');
  await expect(compare).toHaveValue('2012');
});

test('/classifiche: the province select follows the region; a province of another region is said, not kept', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const all = ProvinceListSchema.parse(await (await request.get('/api/cities/provinces/')).json());
  const lombardia = all.filter((p) => p.regionId === '03').map((p) => `${p.name} (${p.sigla})`);
  const options = (form: Locator) =>
    form.getByRole('combobox', { name: 'Provincia', exact: true }).locator('option').allInnerTexts();

  await page.goto('/classifiche?regione=19&provincia=082');
  const form = page.getByTestId('rankings-filters');
  await expect(form.getByRole('combobox', { name: 'Provincia', exact: true })).toHaveValue('082');
  // Lombardia chosen: Palermo goes, the select offers the provinces of Lombardia.
  await form.getByRole('combobox', { name: 'Regione', exact: true }).selectOption('03');
  await expect(form.getByRole('combobox', { name: 'Provincia', exact: true })).toHaveValue('');
  await expect.poll(() => options(form)).toEqual(['Tutte le province', ...lombardia]);
  await form.getByRole('button', { name: 'Mostra classifica' }).click();
  // No province in the address the form sent (the year's field is sent too).
  await expect(page).toHaveURL(/\/classifiche\?anno=\d{4}&regione=03$/);
  await expect(page.getByTestId('rankings-dropped-province')).toHaveCount(0);

  // A province chosen under 'Tutta Italia' selects its region.
  await form.getByRole('combobox', { name: 'Regione', exact: true }).selectOption('');
  await expect.poll(async () => (await options(form)).length).toBe(all.length + 1);
  await form.getByRole('combobox', { name: 'Provincia', exact: true }).selectOption('082');
  await expect(form.getByRole('combobox', { name: 'Regione', exact: true })).toHaveValue('19');

  // The address of both (a form sent without JavaScript): the province is dropped, and the page says so.
  await page.goto('/classifiche?regione=03&provincia=082');
  await expect(page.getByTestId('rankings-dropped-province')).toHaveText(
    /^La provincia di Palermo non è in Lombardia: /,
  );
  await expect(
    page.getByTestId('rankings-filters').getByRole('combobox', { name: 'Provincia', exact: true }),
  ).toHaveValue('');
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Palermo');
  await expect(page.getByTestId('rankings-row').first()).toBeVisible();

  // "tutte" for the provinces and the regions, "tutti" for the comuni.
  await page.goto('/classifiche?livello=province');
  await expect(page.getByTestId('rankings-count')).toHaveText(
    /^107 province in classifica · tutte con dati$/,
  );
});
