import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { API_URL, chartsSection, dismissCookieBanner, drawnChart } from './fixtures';

/**
 * Fifteen years of data (issue 15): ISPRA per comune 2010–2017 for all Italy, then 2022–2024; the years
 * 2018–2021 have no source for most of Italy. The trends cover every year and leave the missing ones
 * empty, saying why; the cards compare with the one comparison year of the view, or say it lacks their
 * figure and link the nearest year that has it (decision 072); Emilia-Romagna
 * has real figures by collection system (ARPAE); comuni merged since 2010 keep their data.
 */

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

const MILANO = '/?regione=03&provincia=015&comune=015146';
const BOLOGNA = '/?regione=08&provincia=037&comune=037006';

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a Lombardy comune: the trend reaches back to 2010 and says why 2018–2021 are empty', async ({
  page,
}) => {
  const response = await page.goto(MILANO);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La raccolta differenziata: Milano');

  const panel = (await chartsSection(page)).getByTestId('panel-trend');
  await panel.scrollIntoViewIfNeeded();
  const svg = await drawnChart(panel);
  // The chart: every year on the axis, the missing ones on a band «nessun dato».
  await expect(svg.locator('text', { hasText: /^20\d\d$/ }).first()).toBeVisible();
  await expect(svg.locator('text', { hasText: 'nessun dato' })).toHaveCount(1);
  await expect(panel.getByTestId('missing-years')).toHaveText(
    'Anni 2018–2021: nessuna fonte pubblica disponibile nel portale per questi anni.',
  );

  await panel.getByRole('button', { name: 'Tabella' }).click();
  const table = panel.getByRole('table', { name: /Percentuale di raccolta differenziata per anno: Milano/ });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(15);
  await expect(rows.first().getByRole('rowheader')).toHaveText('2010');
  await expect(rows.first()).toContainText(/\d{1,2},\d%/);
  await expect(rows.first()).toContainText('ISPRA');
  for (const index of [8, 9, 10, 11]) {
    await expect(rows.nth(index).getByRole('rowheader')).toHaveText(String(2010 + index));
    await expect(rows.nth(index)).toContainText('Dato non disponibile');
  }
  await expect(rows.last().getByRole('rowheader')).toHaveText('2024');
  await expect(rows.last()).not.toContainText('Dato non disponibile');
  // The caption stays under the table.
  await expect(panel.getByTestId('missing-years')).toBeVisible();

  // The year picker offers every year with data, 2010 included.
  await expect(page.getByLabel('Anno', { exact: true }).locator('option[value="2010"]')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
});

for (const width of [1280, 375]) {
  test(`Italy at ${width} px: every card compares with the one comparison year, or says it lacks it and links the nearest`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 2, name: /^Le statistiche: Italia, \d{4}$/ }),
    ).toBeVisible();
    // The comuni with data, out of the comuni of today (issue 35, point 6).
    await expect(page.getByTestId('comuni-coverage')).toHaveText('7.881 comuni con dati su 7.896');
    const compareYear = Number(await page.getByLabel('Anno di confronto').inputValue());
    expect(compareYear).toBe(2023);
    const stats = (await (await request.get(`${API_URL}/api/stats/overall/`)).json()) as Record<
      string,
      { compareYear: number | null; nearestYear: number | null }
    >;

    // The tonnes of 2023 are not known (only the %): said, never replaced by another year's in silence
    // (decision 072); the nearest year with them is offered as a link that changes the comparison year.
    for (const key of ['totalWasteProduced', 'totalWasteSorted']) {
      const card = page.getByTestId(`card-${key}`);
      await expect(card.getByTestId('no-comparison')).toContainText('Dato non disponibile per il 2023.');
      await expect(card).not.toContainText(/Nel \d{4}: /);
      await expect(card.locator('[data-outcome]')).toHaveCount(0);
      expect(stats[key]).toMatchObject({ compareYear: null, nearestYear: 2017 });
      const link = card.getByRole('link', { name: 'Confronta con il 2017' });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', '/?anno=2024&confronto=2017');
      // The link is inside the card, not cut at the phone's width.
      const [box, cardBox] = [await link.boundingBox(), await card.boundingBox()];
      expect(box!.x + box!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);
      expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(width);
    }
    // The % is known in 2023: compared with it, with a verdict; 2023's % of Italy is itself an estimate.
    const pct = page.getByTestId('card-sortedPercentage');
    await expect(pct).toContainText(/Nel 2023: [\d,]+\s*% \(stima\)/);
    await expect(pct.locator('[data-outcome]')).toHaveAttribute('data-outcome', /better|worse|unchanged/);
    // No card names another comparison year than the view's.
    for (const text of await page.locator('[data-testid^="card-"]').allInnerTexts()) {
      for (const [, year] of text.matchAll(/Nel (\d{4}):/g)) expect(Number(year)).toBe(2023);
    }
    await page.screenshot({ path: `/tmp/cards-italy-${width}.png`, fullPage: false });
    await page.getByTestId('card-totalWasteProduced').screenshot({ path: `/tmp/cards-card-${width}.png` });

    // Following the link: the whole view compares with 2017, the select says so, and the tonnes compare
    // with a change but no verdict (they follow the amount of waste).
    await page
      .getByTestId('card-totalWasteSorted')
      .getByRole('link', { name: 'Confronta con il 2017' })
      .click();
    await expect(page).toHaveURL(/\/\?anno=2024&confronto=2017$/);
    await expect(page.getByLabel('Anno di confronto')).toHaveValue('2017');
    const sorted = page.getByTestId('card-totalWasteSorted');
    await expect(sorted).toContainText('Nel 2017: ');
    await expect(sorted).toContainText('rispetto al 2017');
    await expect(sorted.locator('[data-outcome]')).toHaveCount(0);
    await expect(sorted).not.toContainText('peggioramento');
    await expect(page.getByTestId('card-sortedPercentage')).toContainText('Nel 2017: ');
  });
}

test('Italy 2023: the % card says it is an estimate', async ({ page }) => {
  // 2023: only the % of most comuni, the area's % is an estimate and its card says so.
  await page.goto('/?anno=2023');
  const estimated = page.getByTestId('card-sortedPercentage');
  await expect(estimated.getByTestId('estimate')).toHaveText('stima');
  await expect(estimated).toContainText(
    'Stima: per una parte dei comuni la fonte riporta solo la percentuale; le percentuali dei comuni sono pesate sulla loro produzione di rifiuti.',
  );
  await expect(page.getByTestId('estimate')).toHaveCount(1);
});

/** Tonnes as the page's table writes them: Italian grouping, one decimal ('29.930.425,7'). */
const tonnesText = (value: number) =>
  new Intl.NumberFormat('it-IT', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: 'always',
  }).format(value);

test("Italy's tonnes produced and separately collected from 2010 to 2024, the missing years said", async ({
  page,
  request,
}) => {
  const stats = (await (await request.get(`${API_URL}/api/stats/overall/`)).json()) as {
    tonnesTrend: { year: number; producedT: number; sortedT: number }[];
  };
  const byYear = new Map(stats.tonnesTrend.map((p) => [p.year, p]));
  const [first, last] = [byYear.get(2010), byYear.get(2024)];
  expect(first, 'the tonnes of 2010').toBeDefined();
  expect(last, 'the tonnes of 2024').toBeDefined();

  await page.goto('/');
  const panel = (await chartsSection(page)).getByTestId('panel-tonnes');
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText(
    'Rifiuti prodotti e raccolta differenziata (tonnellate)',
  );
  // The chart: both lines, every year on the axis, the years without tonnes on a band «nessun dato».
  const svg = await drawnChart(panel);
  await expect(svg.locator('text', { hasText: 'Rifiuti urbani prodotti' })).toHaveCount(1);
  await expect(svg.locator('text', { hasText: 'nessun dato' })).toHaveCount(1);
  await expect(panel.getByTestId('missing-years')).toHaveText(
    'Anni 2018–2021: nessuna fonte pubblica disponibile nel portale per questi anni.',
  );
  await expect(panel.getByTestId('tonnes-source')).toHaveText('Fonte: ISPRA.');

  // The table, reached by the keyboard.
  const tableButton = panel.getByRole('button', { name: 'Tabella' });
  await tableButton.focus();
  await page.keyboard.press('Enter');
  await expect(tableButton).toHaveAttribute('aria-pressed', 'true');
  const table = panel.getByRole('table', { name: /Tonnellate di rifiuti urbani prodotti.*: Italia$/ });
  for (const column of ['Anno', 'Rifiuti urbani prodotti (t)', 'Raccolta differenziata (t)'])
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(15);
  const row = (year: number) =>
    rows.filter({ has: page.getByRole('rowheader', { name: String(year), exact: true }) });
  await expect(row(2010).locator('td')).toHaveText([
    tonnesText(first!.producedT),
    tonnesText(first!.sortedT),
  ]);
  await expect(row(2024).locator('td')).toHaveText([tonnesText(last!.producedT), tonnesText(last!.sortedT)]);
  for (const year of [2018, 2019, 2020, 2021])
    await expect(row(year).locator('td')).toHaveText(['Dato non disponibile', 'Dato non disponibile']);
  await expect(rows.first().getByRole('rowheader')).toHaveText('2010');
  await expect(rows.last().getByRole('rowheader')).toHaveText('2024');
  // The tonnes of 2024 are those of the card.
  await expect(page.getByTestId('card-totalWasteProduced')).toContainText(
    `${tonnesText(last!.producedT)}\u00a0t`,
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('the kg per inhabitant of Bologna: every year from 2010, the years without them empty', async ({
  page,
}) => {
  await page.goto(BOLOGNA);
  const panel = (await chartsSection(page)).getByTestId('panel-per-capita');
  await panel.scrollIntoViewIfNeeded();
  await expect((await drawnChart(panel)).locator('text', { hasText: 'nessun dato' })).toHaveCount(1);
  await expect(panel.getByTestId('missing-years')).toHaveText(
    'Anni 2018–2021: nessuna fonte pubblica disponibile nel portale per questi anni.',
  );
  await panel.getByRole('button', { name: 'Tabella' }).click();
  const rows = panel.locator('tbody tr');
  await expect(rows).toHaveCount(15);
  await expect(rows.first().getByRole('rowheader')).toHaveText('2010');
  await expect(rows.first()).toContainText(/\d{3},\d/);
  await expect(rows.nth(9).getByRole('rowheader')).toHaveText('2019');
  await expect(rows.nth(9)).toContainText('Dato non disponibile');
  await expect(rows.last().getByRole('rowheader')).toHaveText('2024');
  await expect(rows.last()).not.toContainText('Dato non disponibile');
});

test('Emilia-Romagna: the real shares of the collection systems, with their source, not demo', async ({
  page,
}) => {
  await page.goto(BOLOGNA);
  const panel = (await chartsSection(page)).getByTestId('panel-modes');
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText(
    'Sistemi di raccolta (quota della raccolta differenziata)',
  );
  await expect(panel).toContainText('Fonte: ARPAE Emilia-Romagna');
  await expect(panel).not.toContainText('Dati dimostrativi');
  const svg = await drawnChart(panel);
  await expect(svg.locator('text', { hasText: /^Porta a porta$/ })).toHaveCount(1);
  await expect(svg.locator('text', { hasText: /^2022$/ })).toHaveCount(1);

  await panel.getByRole('button', { name: 'Tabella' }).click();
  const table = panel.getByRole('table', { name: /sistema di raccolta.*Bologna/ });
  for (const column of ['Anno', 'Sistema', 'Tonnellate', 'Quota %'])
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  const row = table.locator('tbody tr').filter({ hasText: 'Porta a porta' }).first();
  await expect(row).toContainText(/\d{1,3}(\.\d{3})*,\d\s*t/);
  await expect(row).toContainText(/\d{1,2},\d%/);
  // Home composting: a real figure of the prevention section, with its source; the actions stay demo.
  const composting = (await chartsSection(page)).getByTestId('panel-home-composting');
  await expect(composting.getByRole('heading', { level: 3 })).toHaveText(
    'La prevenzione: il compostaggio domestico',
  );
  await expect(composting).toContainText(
    /Nel 20\d\d: [\d.]+ kg compostati in casa, \d+,\d\d kg per abitante\./,
  );
  await expect(composting).toContainText('Fonte: ARPAE Emilia-Romagna');
  await expect(composting).not.toContainText('Dati dimostrativi');
  await expect((await chartsSection(page)).getByTestId('panel-actions')).toContainText('Dati dimostrativi');
  expect(await axeViolations(page)).toEqual([]);

  // The region has them too; a region without a source keeps the demo modes.
  await page.goto('/?regione=08');
  await expect((await chartsSection(page)).getByTestId('panel-modes')).toContainText(
    'Fonte: ARPAE Emilia-Romagna',
  );
  await page.goto('/?regione=05');
  await expect((await chartsSection(page)).getByTestId('panel-modes')).toContainText('Dati dimostrativi');
  await expect((await chartsSection(page)).getByTestId('panel-modes')).not.toContainText('ARPAE');
});

// Tremezzo merged into Tremezzina in 2014, which the portal's list of mergers does not link (decision 073):
// the page says the portal does not know, and points to the method and to ISTAT's list.
test('a comune merged since 2010 is found by the search and says it no longer exists', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Cerca un comune' });
  await search.fill('Tremezzo');
  const option = page.getByRole('option', { name: /^Tremezzo \(CO\)/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText(/non più esistente · dati 2010–\d{4}/);
  await expect(option).not.toContainText('confluito');
  const [, first, last] = /dati (\d{4})–(\d{4})/.exec(await option.innerText())!;
  await option.click();
  await expect(page).toHaveURL(/comune=013225/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La raccolta differenziata: Tremezzo');
  const notice = page.getByTestId('dissolved-notice');
  await expect(notice).toHaveText(
    `Comune non più esistente con questo codice: è stato fuso in un altro comune, o è passato a un’altra regione con un nuovo codice. Il portale non sa quale comune sia diventato: il suo elenco delle fusioni è ricavato dai dati e non le comprende tutte (il metodo). L’elenco completo delle variazioni dei comuni è dell’ISTAT: Codici dei comuni, delle province e delle regioni. Dati disponibili dal ${first} al ${last}.`,
  );
  await expect(notice.getByRole('link', { name: 'il metodo' })).toHaveAttribute('href', '/progetto#fusioni');
  await expect(
    notice.getByRole('link', { name: 'Codici dei comuni, delle province e delle regioni' }),
  ).toHaveAttribute(
    'href',
    'https://www.istat.it/classificazioni-e-strumenti/codici-dei-comuni-delle-province-e-delle-regioni/',
  );
  // An existing comune has no such notice, nor a marker in the search.
  await page.goto(BOLOGNA);
  await expect(page.getByTestId('dissolved-notice')).toHaveCount(0);
  await search.fill('Bologna');
  await expect(page.getByRole('option', { name: /^Bologna \(BO\)$/ })).toBeVisible();
});
