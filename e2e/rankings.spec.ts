import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dismissCookieBanner, expectNoAxeViolations } from './fixtures';

/**
 * /classifiche (docs/decisions/060-classifiche-page.md): a server-rendered ranking whose filters are a
 * plain GET form and whose state is the URL; each row leads to the comune's page, which shows the same
 * rank in its "Posizione in classifica".
 */

const VENETO = '05';
const BAND = '5000-15000';

/** An Italian integer as the page writes it: '12.345' → 12345. */
const integer = (text: string) => Number(text.replace(/\./g, '').trim());
/** And back, grouped as the page groups it (apps/web/src/lib/format.ts). */
const italian = (value: number) => new Intl.NumberFormat('it-IT', { useGrouping: 'always' }).format(value);

const rows = (page: Page) => page.getByTestId('rankings-row');

async function rankOf(row: Locator): Promise<{ rank: number; tied: boolean }> {
  // '47' or, tied, '47=' and ' (pari merito)' for screen readers.
  const text = (await row.getByTestId('rankings-rank').innerText()).trim();
  const match = /^([\d.]+)(=)?/.exec(text);
  expect(match, text).not.toBeNull();
  return { rank: integer(match![1]!), tied: match![2] === '=' };
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('filter by band and region through the form, follow a row, see the same rank on the comune page', async ({
  page,
}) => {
  await page.goto('/classifiche');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Classifica dei comuni per raccolta differenziata, \d{4}$/);
  const year = (await heading.innerText()).slice(-4);
  await expect(page).toHaveTitle(
    `Classifica dei comuni per raccolta differenziata, ${year} | Osservatorio Raccolta Differenziata`,
  );
  await expect(rows(page)).toHaveCount(50);
  // Italy's ranking begins at 1, best first: % RD going down.
  expect((await rankOf(rows(page).first())).rank).toBe(1);

  // The form, as a visitor fills it in: a region and a population band, then "Mostra classifica".
  const form = page.getByTestId('rankings-filters');
  await form.getByLabel('Regione').selectOption(VENETO);
  await form.getByLabel('Abitanti').selectOption(BAND);
  await form.getByRole('button', { name: 'Mostra classifica' }).click();
  // The empty choices of the form leave the URL: one address per view.
  await expect(page).toHaveURL(`/classifiche?anno=${year}&regione=${VENETO}&fascia=${BAND}`);
  await expect(form.getByLabel('Regione')).toHaveValue(VENETO);
  await expect(form.getByLabel('Abitanti')).toHaveValue(BAND);
  await expect(page.getByTestId('rankings-table')).toContainText('Veneto');

  // Every row is a comune of Veneto (the province select now offers Veneto's provinces only) with
  // 5,001 to 15,000 inhabitants; the ranks start again at 1 within the filter.
  const venetoProvinces = (await form.getByLabel('Provincia').locator('option').allInnerTexts()).slice(1);
  expect(venetoProvinces).toHaveLength(7);
  const count = await rows(page).count();
  expect(count).toBeGreaterThan(10);
  for (let i = 0; i < count; i++) {
    const row = rows(page).nth(i);
    const population = integer(await row.getByTestId('rankings-population').innerText());
    expect(population).toBeGreaterThan(5000);
    expect(population).toBeLessThanOrEqual(15000);
    expect(venetoProvinces).toContain((await row.locator('td').nth(1).innerText()).trim());
  }
  expect((await rankOf(rows(page).first())).rank).toBe(1);
  const bandTotal = Number(await page.getByTestId('rankings-total').getAttribute('data-total'));

  // Reload: the URL is the state.
  await page.reload();
  await expect(page).toHaveURL(`/classifiche?anno=${year}&regione=${VENETO}&fascia=${BAND}`);
  await expect(form.getByLabel('Abitanti')).toHaveValue(BAND);
  await expect(page.getByTestId('rankings-total')).toHaveAttribute('data-total', String(bandTotal));

  // A row of the band's ranking: the comune page shows the same rank among the comuni of its band in Veneto.
  const bandRow = rows(page).nth(2);
  const bandRank = (await rankOf(bandRow)).rank;
  await bandRow.getByRole('rowheader').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`[?&]comune=\\d{6}.*anno=${year}`));
  await expect(page.getByTestId('city-rank').getByTestId('city-rank-band')).toContainText(
    `${italian(bandRank)}° in Veneto tra i comuni con 5.000–15.000 abitanti, su ${italian(bandTotal)}`,
  );
  await page.goBack();
  await expect(page).toHaveURL(`/classifiche?anno=${year}&regione=${VENETO}&fascia=${BAND}`);

  // Back to all the bands of Veneto: the ranks are those of the region, which the comune page shows.
  await form.getByLabel('Abitanti').selectOption('');
  await form.getByRole('button', { name: 'Mostra classifica' }).click();
  await expect(page).toHaveURL(`/classifiche?anno=${year}&regione=${VENETO}`);
  const regionTotal = Number(await page.getByTestId('rankings-total').getAttribute('data-total'));
  expect(regionTotal).toBeGreaterThan(bandTotal);
  const row = rows(page).nth(4);
  const { rank } = await rankOf(row);
  const link = row.getByRole('rowheader').getByRole('link');
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`[?&]comune=\\d{6}.*anno=${year}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  const section = page.getByTestId('city-rank');
  await expect(section.getByRole('heading', { level: 2, name: 'Posizione in classifica' })).toBeVisible();
  await expect(section.getByTestId('city-rank-region')).toContainText(
    `${italian(rank)}° in Veneto su ${italian(regionTotal)}`,
  );
  await expect(section.getByTestId('city-rank-italy')).toContainText(/^\d[\d.]*° in Italia su [\d.]+/);
  await expect(section.getByTestId('city-rank-percentile')).toHaveText(
    /^meglio (del|dell’|dello) ?\d+% dei comuni italiani$/,
  );
  // Its link leads back to the ranking of the region, for the same year.
  await section.getByRole('link', { name: 'Classifica dei comuni in Veneto', exact: true }).click();
  await expect(page).toHaveURL(`/classifiche?anno=${year}&regione=${VENETO}`);
  await expect(page.getByTestId('rankings-total')).toHaveAttribute('data-total', String(regionTotal));
});

test('the comune page names its peers: same region and band, with links', async ({ page }) => {
  await page.goto('/?comune=025075');
  const section = page.getByTestId('city-rank');
  await expect(section.getByTestId('city-rank-region')).toContainText('in Veneto su');
  await expect(section.getByTestId('city-rank-province')).toContainText('in provincia di Belluno su');
  // The comune itself, marked, among its peers by their rank in Italy.
  await expect(section.getByTestId('city-peer-self')).toContainText('(questo comune)');
  const peers = section.getByTestId('city-peer');
  await expect(peers).not.toHaveCount(0);
  expect(await peers.count()).toBeLessThanOrEqual(5);
  await peers.first().getByRole('link').click();
  await expect(page.getByTestId('city-rank')).toBeVisible();
  await expect(page).toHaveURL(/[?&]comune=\d{6}/);
  await expect(page).not.toHaveURL(/comune=025075/);

  // A region's page links to the ranking of its comuni.
  await page.goto('/?regione=05');
  const link = page.getByRole('link', { name: 'Vedi la classifica dei comuni in Veneto' });
  await expect(link).toHaveAttribute('href', /^\/classifiche\?anno=\d{4}&regione=05$/);
  await link.click();
  await expect(page.getByTestId('rankings-filters').getByLabel('Regione')).toHaveValue('05');
});

test('pagination, sorting and the list of those without data', async ({ page }) => {
  await page.goto('/classifiche');
  const pagination = page.getByTestId('rankings-pagination');
  await expect(pagination.getByRole('link', { name: 'Pagina 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const lastOfFirst = await rankOf(rows(page).last());
  await pagination.getByRole('link', { name: 'Successiva' }).click();
  await expect(page).toHaveURL(/[?&]pagina=2(&|#|$)/);
  await expect(pagination.getByRole('link', { name: 'Pagina 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(pagination.getByRole('link', { name: 'Pagina 1', exact: true })).not.toHaveAttribute(
    'aria-current',
  );
  expect((await rankOf(rows(page).first())).rank).toBeGreaterThanOrEqual(lastOfFirst.rank);
  await pagination.getByRole('link', { name: 'Precedente' }).click();
  await expect(page).not.toHaveURL(/pagina=/);

  // The value column's header sorts: worst first, then best first again.
  const valueHeader = page.getByRole('columnheader', { name: /Raccolta differenziata/ });
  await expect(valueHeader).toHaveAttribute('aria-sort', 'descending');
  await page.getByTestId('rankings-sort').click();
  await expect(page).toHaveURL(/[?&]ordine=peggiori/);
  await expect(valueHeader).toHaveAttribute('aria-sort', 'ascending');
  const total = Number(await page.getByTestId('rankings-total').getAttribute('data-total'));
  const worst = await rankOf(rows(page).first());
  // The last one, or one of those tied with it.
  expect(worst.rank).toBeLessThanOrEqual(total);
  expect(worst.rank).toBeGreaterThan(total / 2);

  // Kilograms of unsorted waste per inhabitant: lower is better, so best first is ascending.
  await page
    .getByTestId('rankings-indicators')
    .getByRole('link', { name: 'Rifiuti indifferenziati' })
    .click();
  await expect(page).toHaveURL(/[?&]indicatore=indifferenziati/);
  await expect(
    page.getByRole('columnheader', { name: /Rifiuti indifferenziati \(kg\/ab\.\)/ }),
  ).toHaveAttribute('aria-sort', 'ascending');
  const values = (await page.getByTestId('rankings-value').allInnerTexts()).map((v) =>
    Number(v.replace(/\./g, '').replace(',', '.')),
  );
  expect(values).toEqual(values.toSorted((a, b) => a - b));

  // The provinces and the regions.
  await page.getByTestId('rankings-levels').getByRole('link', { name: 'Regioni' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /^Classifica delle regioni per rifiuti indifferenziati per abitante, \d{4}$/,
  );
  await expect(rows(page)).toHaveCount(
    Number(await page.getByTestId('rankings-total').getAttribute('data-total')),
  );
  await expect(page.getByTestId('rankings-filters').getByLabel('Abitanti')).toHaveCount(0);

  // Those without data are listed apart, never ranked.
  await page.goto('/classifiche');
  const unranked = page.getByTestId('rankings-unranked-link');
  await expect(unranked).toHaveText(/^[\d.]+ senza dati per il \d{4}$/);
  const missing = integer((await unranked.innerText()).split(' ')[0]!);
  await unranked.click();
  await expect(page).toHaveURL(/[?&]elenco=senza-dati/);
  const table = page.getByTestId('rankings-unranked-table');
  await expect(table.getByRole('columnheader', { name: 'Posizione' })).toHaveCount(0);
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(missing, 50));
});

test('the page is axe-clean, its form works by keyboard, and it comes from the shared cache', async ({
  page,
  request,
}) => {
  await page.goto(`/classifiche?regione=${VENETO}`);
  await expectNoAxeViolations(page, '/classifiche');

  // Tab from the last indicator link through the form's controls, in order.
  await page.getByTestId('rankings-indicators').getByRole('link').last().focus();
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el?.name || el?.textContent?.trim() || '';
    });
  const reached: string[] = [];
  for (let i = 0; i < 7; i++) {
    await page.keyboard.press('Tab');
    reached.push(await focused());
  }
  expect(reached).toEqual([
    'anno',
    'regione',
    'provincia',
    'fascia',
    'capoluoghi',
    'anomali',
    'Mostra classifica',
  ]);
  // Only the capoluoghi, by keyboard: back to the checkbox (past the anomalies switch), Space, Tab twice to
  // the button, Enter.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  expect(await focused()).toBe('capoluoghi');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('Mostra classifica');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`regione=${VENETO}&capoluoghi=1$`));
  // Veneto's seven capoluoghi di provincia.
  await expect(rows(page)).toHaveCount(7);
  for (const row of await rows(page).all()) await expect(row).toContainText('capoluogo');
  await expectNoAxeViolations(page, '/classifiche (capoluoghi)');

  // The comune page's section is axe-clean too.
  await page.goto('/?comune=025075');
  await expect(page.getByTestId('city-rank')).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('[data-testid="city-rank"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  // The HTML of /classifiche comes from the shared page cache.
  const url = `/classifiche?regione=${VENETO}&pagina=2`;
  await request.get(url);
  const second = await request.get(url);
  expect(second.status()).toBe(200);
  expect(second.headers()['x-page-cache']).toBe('HIT');
});

test('a wrong value is explained on the page; an unknown region is a 404', async ({ page }) => {
  await page.goto('/classifiche?livello=citta&fascia=enorme');
  const error = page.getByTestId('rankings-error');
  await expect(error).toContainText('Livello non valido');
  await expect(error).toContainText('Fascia di abitanti non valida');
  await expect(error.getByRole('link', { name: 'Vai alla classifica dei comuni' })).toHaveAttribute(
    'href',
    '/classifiche',
  );
  // The form is there to choose again.
  await expect(
    page.getByTestId('rankings-filters').getByRole('button', { name: 'Mostra classifica' }),
  ).toBeVisible();

  // A year without data: the API's own message.
  await page.goto('/classifiche?anno=1995');
  await expect(page.getByTestId('rankings-error')).toContainText(/Anno: .*1995/);

  const response = await page.goto('/classifiche?regione=99');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Territorio non trovato');
  await expect(page.getByRole('link', { name: 'Vai alla classifica dei comuni' })).toHaveAttribute(
    'href',
    '/classifiche',
  );
});
