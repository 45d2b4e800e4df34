import { readFile } from 'node:fs/promises';
import { request, type Download, type Locator, type Page } from '@playwright/test';
import { AreaStatsSchema, CityStatsSchema, type AreaStats } from '@portal/contract';
import {
  API_URL,
  BASE_URL,
  dismissCookieBanner,
  drawnChart,
  expect,
  expectNoAxeViolations,
  randomIp,
  signIn,
  test,
} from './fixtures';

/**
 * /confronta (docs/decisions/061-compare-territories.md): up to five territories side by side, the state
 * in the URL, a table in the HTML and a chart loaded when the reader nears it.
 */

const MILANO = '015146';
const VENETO = '05';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** A territory's statistics as the API gives them. */
async function apiStats(path: string): Promise<AreaStats> {
  const api = await request.newContext({
    baseURL: API_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': randomIp() },
  });
  try {
    const response = await api.get(path);
    expect(response.status()).toBe(200);
    const body: unknown = await response.json();
    return path.includes('/cities/') ? CityStatsSchema.parse(body) : AreaStatsSchema.parse(body);
  } finally {
    await api.dispose();
  }
}

const decimal1 = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  useGrouping: 'always',
});

/** The table of the comparison: its header cells and, per year, its cells. */
async function readTable(page: Page): Promise<{ header: string[]; rows: Map<string, string[]> }> {
  const table = page.getByRole('region', { name: /^Tabella: / }).getByRole('table');
  await expect(table).toBeVisible();
  const header = await table.locator('thead th').allTextContents();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => (c.textContent ?? '').trim())));
  return { header: header.map((h) => h.trim()), rows: new Map(rows.map((r) => [r[0]!, r.slice(1)])) };
}

/** The names of the chosen territories, in order. */
function chosen(page: Page): Locator {
  return page.getByTestId('compare-chosen').locator('li');
}

/** The % of a territory in a year, as the table writes it ('63,3%', an estimate '65,4%*'). */
function percentCell(stats: AreaStats, year: number): string {
  const point = stats.rdTrend.find((p) => p.year === year);
  if (!point) return '—';
  return `${decimal1.format(point.value)}%${point.method === 'estimate' ? '*' : ''}`;
}

test('a comparison of three territories built from a comune page, kept by its URL', async ({ page }) => {
  const [milano, veneto, italy] = await Promise.all([
    apiStats(`/api/stats/cities/city/${MILANO}/`),
    apiStats(`/api/stats/overall/?region=${VENETO}`),
    apiStats('/api/stats/overall/'),
  ]);

  // "Confronta con…" on the comune's page starts the comparison with it.
  await page.goto(`/?comune=${MILANO}`);
  await page.getByRole('link', { name: 'Confronta con…' }).click();
  await expect(page).toHaveURL(`/confronta?aree=comune:${MILANO}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confronta territori');
  await expect(chosen(page)).toHaveText([/^Milano \(MI\)\s*Rimuovi$/]);

  // A region from its list (a plain form), then Italy.
  await page.getByLabel('Regione', { exact: true }).selectOption({ label: 'Veneto' });
  await page.getByRole('button', { name: 'Aggiungi la regione' }).click();
  await expect(page).toHaveURL(`/confronta?aree=comune:${MILANO},regione:${VENETO}`);
  await page.getByRole('button', { name: 'Aggiungi l’Italia' }).click();
  const url = `/confronta?aree=comune:${MILANO},regione:${VENETO},italia`;
  await expect(page).toHaveURL(url);
  await expect(page).toHaveTitle(
    'Confronta territori: Milano (MI), Veneto e Italia | Osservatorio Raccolta Differenziata',
  );
  // Italy is in: its button says so and is off.
  await expect(page.getByRole('button', { name: 'Aggiungi l’Italia' })).toBeDisabled();

  // Three columns, one per territory, with the API's figures of a year that all three have.
  const year = Math.max(
    ...milano.rdTrend
      .map((p) => p.year)
      .filter((y) => [veneto, italy].every((s) => s.rdTrend.some((p) => p.year === y))),
  );
  const check = async () => {
    const { header, rows } = await readTable(page);
    expect(header).toEqual(['Anno', 'Milano (MI)', 'Veneto', 'Italia']);
    expect(rows.get(String(year))).toEqual([milano, veneto, italy].map((s) => percentCell(s, year)));
    // A year without figures is a gap, never a zero.
    const missing = milano.missingYears[0];
    if (missing !== undefined) expect(rows.get(String(missing))![0]).toBe('—');
  };
  await check();
  // The chart: three lines, as the legend names them.
  await expect(page.getByRole('list', { name: 'Legenda' }).getByRole('listitem')).toHaveText([
    'Milano (MI)',
    'Veneto',
    'Italia',
  ]);
  const chart = page.getByTestId('compare-chart');
  await expect(await drawnChart(chart)).toBeVisible();
  await expect(chart.getByRole('img')).toHaveAttribute(
    'aria-label',
    'Percentuale di raccolta differenziata per anno: Milano (MI), Veneto e Italia',
  );
  for (const colour of ['#0072B2', '#D55E00', '#009E73']) {
    await expect(chart.locator(`svg path[stroke="${colour}" i][fill="none"]`).first()).toBeAttached();
  }

  // The URL is the comparison: loaded again, the same.
  await page.reload();
  await expect(chosen(page)).toHaveCount(3);
  await check();

  // Another measure: the tonnes produced, as the API gives them.
  await page.getByRole('link', { name: 'Rifiuti prodotti (tonnellate)' }).click();
  await expect(page).toHaveURL(`${url}&misura=tonnellate`);
  await expect(page.getByRole('link', { name: 'Rifiuti prodotti (tonnellate)' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(
    page.getByRole('heading', { level: 2, name: 'I rifiuti urbani prodotti negli anni' }),
  ).toBeVisible();
  const tonnesYear = italy.tonnesTrend.at(-1)!.year;
  const tonnes = (s: AreaStats) => {
    const p = s.tonnesTrend.find((t) => t.year === tonnesYear);
    return p ? decimal1.format(p.producedT) : '—';
  };
  const { rows } = await readTable(page);
  expect(rows.get(String(tonnesYear))).toEqual([milano, veneto, italy].map(tonnes));

  // Removing one keeps the others and the measure.
  await page.getByRole('link', { name: 'Rimuovi Veneto dal confronto' }).click();
  await expect(page).toHaveURL(`/confronta?aree=comune:${MILANO},italia&misura=tonnellate`);
  expect((await readTable(page)).header).toEqual(['Anno', 'Milano (MI)', 'Italia']);

  // A comune by its name, from the search.
  const search = page.getByRole('combobox', { name: 'Cerca un comune' });
  await search.fill('abano');
  await page.getByRole('option', { name: /^Abano Terme \(PD\)/ }).click();
  await expect(page).toHaveURL(`/confronta?aree=comune:${MILANO},italia,comune:028001&misura=tonnellate`);
  await expect(chosen(page)).toHaveCount(3);
  await expect(chosen(page).nth(2)).toContainText('Abano Terme (PD)');
});

test('the page is axe-clean, works by keyboard and comes from the shared cache', async ({
  page,
  playwright,
}) => {
  // A comparison no other test asks for, so the first request renders it. (A parameter the page does not
  // read would not do: the page cache leaves it out of the page's key, decision 065.)
  const url = `/confronta?aree=regione:${VENETO},comune:${MILANO},italia`;
  const client = await playwright.request.newContext({ baseURL: BASE_URL });
  try {
    expect((await client.get(url)).headers()['x-page-cache']).toBe('MISS');
    const second = await client.get(url);
    expect(second.headers()['x-page-cache']).toBe('HIT');
    // The table is in the HTML itself, for readers without JavaScript.
    const html = await second.text();
    expect(html).toContain('<table');
    expect(html).toContain('Milano (MI)');
  } finally {
    await client.dispose();
  }

  await page.goto(url);
  await expect(await drawnChart(page.getByTestId('compare-chart'))).toBeVisible();
  await expectNoAxeViolations(page, url);

  // By keyboard: the table's scrolling box, then Milano's "Rimuovi", taken with Enter.
  await page.locator('h1').click();
  const reach = async (target: Locator) => {
    for (let i = 0; i < 60; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('not reached by Tab');
  };
  const remove = page.getByRole('link', { name: 'Rimuovi Milano (MI) dal confronto' });
  await reach(remove);
  await reach(page.getByRole('region', { name: /^Tabella: / }));
  await page.locator('h1').click();
  await reach(remove);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/confronta?aree=regione:${VENETO},italia`);

  // A region by keyboard: its list, then its button.
  const region = page.getByLabel('Regione', { exact: true });
  await region.focus();
  await region.selectOption({ label: 'Lombardia' });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Aggiungi la regione' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/confronta?aree=regione:${VENETO},italia,regione:03`);
});

test('what the URL gets wrong is said in Italian, and five territories are the most', async ({ page }) => {
  await page.goto('/confronta?aree=regione:05,paese:IT,comune:999999,provincia:028&misura=litri');
  const notices = page.getByTestId('compare-notices');
  await expect(notices).toContainText('«paese:IT» non è un territorio');
  await expect(notices).toContainText('Non esiste un comune con codice ISTAT 999999');
  await expect(notices).toContainText('«litri» non è un dato da confrontare');
  // What exists is shown.
  await expect(chosen(page)).toHaveText([/^Veneto/, /^Provincia di Padova/]);
  expect((await readTable(page)).header).toEqual(['Anno', 'Veneto', 'Provincia di Padova']);

  await page.goto('/confronta?aree=italia,regione:05,regione:03,provincia:028,comune:015146,regione:08');
  await expect(chosen(page)).toHaveCount(5);
  await expect(page.getByTestId('compare-notices')).toContainText(
    'Si possono confrontare al massimo 5 territori: regione:08 non è stato aggiunto.',
  );
  await expect(page.getByTestId('compare-full')).toHaveText(
    'Hai scelto 5 territori, il massimo per un confronto: rimuovine uno per aggiungerne un altro.',
  );
  await expect(page.getByRole('button', { name: 'Aggiungi la regione' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Aggiungi la provincia' })).toBeDisabled();
  await expect(page.getByLabel('Regione', { exact: true })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Cerca un comune' })).toHaveCount(0);
  expect((await readTable(page)).header).toHaveLength(6);
  await expectNoAxeViolations(page, 'five territories');

  // Nothing chosen: the page says how to start.
  await page.goto('/confronta');
  await expect(page.getByText('Nessun territorio scelto')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('"Confronta con…" starts from any level of the explorer', async ({ page }) => {
  for (const [explorer, compare] of [
    ['/', '/confronta?aree=italia'],
    [`/?regione=${VENETO}`, `/confronta?aree=regione:${VENETO}`],
    [`/?regione=${VENETO}&provincia=028`, '/confronta?aree=provincia:028'],
  ] as const) {
    await page.goto(explorer);
    await expect(page.getByRole('link', { name: 'Confronta con…' })).toHaveAttribute('href', compare);
  }
});

test('a signed-in user downloads the comparison of three territories as png and pdf', async ({
  createUser,
  page,
}) => {
  const url = `/confronta?aree=comune:${MILANO},regione:${VENETO},italia`;
  const panel = page.getByRole('region', { name: 'La percentuale di raccolta differenziata negli anni' });
  const link = (format: string) =>
    panel.getByRole('link', {
      name: `Scarica «La percentuale di raccolta differenziata negli anni» in formato ${format}`,
    });
  // Anonymous: the invitation to sign in, no links (the same cached page, decided in the browser).
  await page.goto(url);
  await expect(panel.getByText('per scaricare il grafico del confronto in pdf, png e jpg.')).toBeVisible();
  await expect(panel.getByRole('link', { name: /^Scarica «/ })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'Accedi o registrati' })).toHaveAttribute(
    'href',
    `${url}&flow=login`,
  );

  await signIn(page, await createUser({ prefix: 'confronto' }));
  await page.goto(url);
  await expect(panel.getByRole('link', { name: 'Accedi o registrati' })).toHaveCount(0);
  const fetchFrom = async (format: 'png' | 'pdf'): Promise<[Download, Buffer]> => {
    const control = link(format.toUpperCase());
    await expect(control).toHaveAttribute(
      'href',
      `/api/stats/compare/download/?format=${format}&aree=comune:${MILANO},regione:${VENETO},italia&misura=rd`,
    );
    const [download, answer] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => r.url().includes('/api/stats/compare/download/?')),
      control.click(),
    ]);
    expect(answer.status()).toBe(200);
    // The browser saves the file under the name the API gives, in Italian words.
    const header = answer.headers()['content-disposition'] ?? '';
    expect(download.suggestedFilename()).toBe(/filename="([^"]+)"/.exec(header)?.[1]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^confronto-raccolta-differenziata-milano-mi-veneto-italia-\\d{4}-\\d{4}\\.${format}$`),
    );
    await expect(panel.getByTestId('download-status-comparison')).toHaveText(
      `Download avviato: ${download.suggestedFilename()}.`,
    );
    return [download, await readFile((await download.path())!)];
  };

  const [, png] = await fetchFrom('png');
  // A real PNG of the exports' size (1200 × 750): its signature, then the IHDR's width and height.
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 750]);
  const [, pdf] = await fetchFrom('pdf');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(5000);
  await expect(page).toHaveURL(url);
});
