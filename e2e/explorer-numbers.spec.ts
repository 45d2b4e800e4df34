import { expect, request, test, type Locator } from '@playwright/test';
import { AreaStatsSchema, type AreaStats } from '@portal/contract';
import { API_URL, chartsSection, dismissCookieBanner, drawnChart, randomIp } from './fixtures';

/** The numbers the panels of a region write agree with the cards and with the API's bases. */

const REGION = '05';
const COMUNE = '028001'; // Abano Terme, in Veneto
const REMAINDER = 'Altre frazioni / non ripartite';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

async function regionStats(id: string, year?: number): Promise<AreaStats> {
  const api = await request.newContext({
    baseURL: API_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': randomIp() },
  });
  try {
    const response = await api.get(`/api/stats/overall/?region=${id}${year ? `&year=${year}` : ''}`);
    expect(response.status()).toBe(200);
    return AreaStatsSchema.parse(await response.json());
  } finally {
    await api.dispose();
  }
}

/** '1.549.595,8 t' → 1549595.8 */
function tonnes(text: string): number {
  const match = /^(\d{1,3}(?:\.\d{3})*,\d)\s*t$/.exec(text.replace(/\u00a0/g, ' ').trim());
  expect(match, text).not.toBeNull();
  return Number(match![1]!.replace(/\./g, '').replace(',', '.'));
}

/** A count the way the page writes it: '1.502'. */
const count = (n: number) => new Intl.NumberFormat('it-IT', { useGrouping: 'always' }).format(n);

/** The cells of each body row of a panel's table, its header cell first. */
async function tableRows(panel: Locator): Promise<string[][]> {
  await panel.getByRole('button', { name: 'Tabella' }).click();
  const table = panel.getByRole('table');
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.children, (c) => (c.textContent ?? '').trim())));
}

test('a region: the fractions table adds up to the separately collected tonnes, with a row for the rest', async ({
  page,
}) => {
  const stats = await regionStats(REGION);
  const total = stats.totalWasteSorted.value!;
  expect(total).toBeGreaterThan(0);
  const listed = stats.wasteFractionsSet.items.reduce((sum, f) => sum + f.tonnes, 0);
  // The region's listed fractions leave part of the total unaccounted for (more than rounding).
  expect(total - listed).toBeGreaterThan(total * 0.005);

  await page.goto(`/?regione=${REGION}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `La raccolta differenziata: ${stats.area.name}`,
  );
  const fractions = (await chartsSection(page)).getByTestId('panel-fractions');
  await expect(await drawnChart(fractions)).toBeVisible();
  const rows = await tableRows(fractions);
  expect(rows.map((r) => r[0])).toEqual([...stats.wasteFractionsSet.items.map((f) => f.name), REMAINDER]);

  const card = page.getByTestId('card-totalWasteSorted');
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Raccolta differenziata');
  const shown = tonnes((await card.locator('h3 + p').textContent())!);
  expect(Math.abs(shown - total)).toBeLessThanOrEqual(0.05 + 1e-6);
  // Each row and the card are rounded to 0.1 t: the sum agrees within half a tenth per figure.
  const sum = rows.reduce((s, r) => s + tonnes(r[1]!), 0);
  expect(Math.abs(sum - shown)).toBeLessThanOrEqual(0.05 * (rows.length + 1) + 1e-6);
});

test('a region: each share panel says how many comuni its percentages are of', async ({ page }) => {
  // 2017: ISPRA's national tables give every fraction, so the region has fraction sets (decision 072).
  const stats = await regionStats(REGION, 2017);
  const modes = stats.wasteSortingTypes.comuniTotal!;
  const actions = stats.mostUsedActionCategories.comuniTotal!;
  const sets = stats.mostUsedWasteFractionsSet.comuniTotal!;
  for (const n of [modes, actions, sets]) expect(n).toBeGreaterThan(1);

  await page.goto(`/?regione=${REGION}&anno=2017`);
  await expect(await drawnChart((await chartsSection(page)).getByTestId('panel-fractions'))).toBeVisible();
  await expect((await chartsSection(page)).getByTestId('panel-modes')).toContainText(
    `% su ${count(modes)} comuni con dati sulle modalità di raccolta`,
  );
  await expect((await chartsSection(page)).getByTestId('panel-actions')).toContainText(
    `% su ${count(actions)} comuni con almeno un'azione di prevenzione mappata`,
  );
  const setsPanel = (await chartsSection(page)).getByTestId('panel-sets');
  await expect(setsPanel).toHaveCount(1);
  await expect(setsPanel).toContainText(
    `% su ${count(sets)} comuni di cui la fonte riporta tutte le frazioni raccolte nel ${stats.year}`,
  );

  // The panels' tables count the comuni the API counts, at the shares the note speaks of.
  const modeRows = await tableRows((await chartsSection(page)).getByTestId('panel-modes'));
  expect(modeRows.map((r) => r[1])).toEqual(stats.wasteSortingTypes.items.map((m) => count(m.comuniCount)));
});

test('a comune has no panel of fraction sets; its region has one', async ({ page }) => {
  await page.goto(`/?comune=${COMUNE}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Abano Terme');
  await expect(await drawnChart((await chartsSection(page)).getByTestId('panel-fractions'))).toBeVisible();
  await expect((await chartsSection(page)).getByTestId('panel-modes')).toBeVisible();
  await expect((await chartsSection(page)).getByTestId('panel-sets')).toHaveCount(0);

  await page.goto(`/?regione=${REGION}&anno=2017`);
  await expect(await drawnChart((await chartsSection(page)).getByTestId('panel-fractions'))).toBeVisible();
  await expect((await chartsSection(page)).getByTestId('panel-sets')).toHaveCount(1);
});

test("a region's 2024 sets of fractions: none from the KPI list's five columns, and the panel says why", async ({
  page,
}) => {
  await page.goto(`/?regione=${REGION}`);
  const sets = (await chartsSection(page)).getByTestId('panel-sets');
  await expect(sets).toContainText(
    "Per quest'anno la fonte della maggior parte dei comuni non riporta tutte le frazioni raccolte",
  );
  await expect(sets).not.toContainText('Plastica');
  await expect(sets.locator('svg')).toHaveCount(0);
});
