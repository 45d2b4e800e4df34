import type { Page } from '@playwright/test';
import {
  chartsSection,
  dismissCookieBanner,
  drawnChart,
  expect,
  expectNoAxeViolations,
  signIn,
  test,
} from './fixtures';

const MAP_ERROR = 'Ops... Non abbiamo trovato il Comune sulla mappa ma puoi vedere le statistiche sotto.';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const map = (page: Page) => page.getByTestId('explorer-map');
const mapArea = (page: Page, name: RegExp | string) =>
  map(page).getByRole('link', { name: typeof name === 'string' ? new RegExp(`^${name}(:|$)`) : name });

test('Italy first, then a region, a province and a comune chosen on the map', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(heading(page)).toHaveText('La raccolta differenziata in Italia');
  await expect(
    page.getByRole('heading', { level: 2, name: /^Le statistiche: Italia, \d{4}$/ }),
  ).toBeVisible();
  await expect(map(page)).toHaveAttribute('data-map-kind', 'regions');
  await expect(map(page).getByRole('link')).toHaveCount(20);
  // Every region link names its % (Italian format) or says it is not available.
  await expect(mapArea(page, 'Veneto')).toHaveAccessibleName(/^Veneto: (\d{1,3},\d%|n\.d\.)$/);
  await expect(page.getByText('75% e oltre')).toBeVisible();
  await expect(page.getByTestId('card-sortedPercentage')).toContainText(/\d+,\d%/);

  await mapArea(page, 'Veneto').click();
  await expect(page).toHaveURL(/\/\?regione=05$/);
  await expect(heading(page)).toHaveText('La raccolta differenziata: Veneto');
  await expect(map(page)).toHaveAttribute('data-map-kind', 'provinces');
  await expect(map(page).getByRole('link')).toHaveCount(7);
  await expect(page).toHaveTitle('La raccolta differenziata: Veneto | Osservatorio Raccolta Differenziata');

  await mapArea(page, 'Belluno').click();
  await expect(page).toHaveURL(/\/\?regione=05&provincia=025$/);
  await expect(heading(page)).toHaveText('La raccolta differenziata: Provincia di Belluno');
  await expect(map(page)).toHaveAttribute('data-map-kind', 'comuni');
  // The comuni are coloured by their % too, with the legend of the other maps.
  await expect(mapArea(page, /^Feltre: \d+,\d+\s?%$/)).toBeVisible();
  await expect(map(page).locator('path[fill="#eef2ef"]')).toHaveCount(0);
  // Every comune with a shape becomes a link (a slice per task), and then the whole map under them goes.
  const src = (await map(page).locator('use').first().getAttribute('href'))!.split('#')[0]!;
  const shapes = (await (await page.request.get(src)).text()).match(/<path id="a\d+"/g)!.length;
  expect(shapes).toBeGreaterThan(50);
  await expect(map(page).getByRole('link')).toHaveCount(shapes);
  await expect(map(page).locator('use[href$="#aree"]')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Territorio scelto' })).toContainText(
    /Italia.*Veneto.*Belluno/,
  );

  await mapArea(page, 'Feltre').click();
  await expect(page).toHaveURL(/\/\?regione=05&provincia=025&comune=025021$/);
  await expect(heading(page)).toHaveText('La raccolta differenziata: Feltre');
  await expect(mapArea(page, /^Feltre: .*\(comune scelto\)$/)).toBeVisible();
  await expect(page.getByTestId('map-error')).toHaveCount(0);
  await expect(
    page.getByRole('heading', { level: 2, name: /^Le statistiche: Feltre, \d{4}$/ }),
  ).toBeVisible();
  await expect((await chartsSection(page)).getByTestId('panel-actions').getByRole('heading')).toHaveText(
    'Le azioni di prevenzione del comune',
  );
});

test('the lists choose a region, a province and a comune too', async ({ page }) => {
  // Choosing is enough (the 'Mostra' button is for browsers without JavaScript: explorer-views.spec.ts).
  await page.goto('/');
  await page.getByLabel('Regione', { exact: true }).selectOption({ label: 'Piemonte' });
  await expect(page).toHaveURL(/regione=01/);
  await page.getByLabel('Provincia', { exact: true }).selectOption({ label: 'Torino' });
  await expect(page).toHaveURL(/regione=01&provincia=001/);
  await page.getByLabel('Comune', { exact: true }).selectOption({ label: 'Torino' });
  await expect(page).toHaveURL(/comune=001272/);
  await expect(heading(page)).toHaveText('La raccolta differenziata: Torino');
});

test('searching a comune by name, with suggestions; a comune without a shape shows the map error', async ({
  page,
}) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Cerca un comune' });
  await search.fill('settev');
  const option = page.getByRole('option', { name: 'Setteville (BL)' });
  await expect(option).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await option.click();
  await expect(page).toHaveURL(/comune=025075/);
  await expect(heading(page)).toHaveText('La raccolta differenziata: Setteville');
  await expect(page.getByTestId('map-error')).toHaveText(MAP_ERROR);
  // The statistics are there all the same.
  await expect(
    page.getByRole('heading', { level: 2, name: /^Le statistiche: Setteville, \d{4}$/ }),
  ).toBeVisible();
  await expect(page.getByTestId('card-totalWasteProduced')).toContainText(/\d\st/);

  // Keyboard: arrow down and Enter choose a suggestion.
  await page.goto('/');
  await search.fill('bologn');
  // The suggestions' options, not the options of the region and province lists.
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/comune=\d{6}/);
  await expect(page.getByTestId('map-error')).toHaveCount(0);
});

test('the search by keyboard: Escape closes the suggestions and keeps the text, ArrowDown and Enter pick', async ({
  page,
}) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Cerca un comune' });
  // Typed key by key, once the field is enabled (until its script is there it is drawn disabled).
  await expect(search).toBeEditable();
  await search.pressSequentially('feltr');
  const suggestions = page.getByRole('listbox').getByRole('option');
  await expect(suggestions.first()).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  // The open popup, an option highlighted, passes axe too.
  await search.press('ArrowDown');
  await expect(suggestions.first()).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute(
    'aria-activedescendant',
    (await suggestions.first().getAttribute('id'))!,
  );
  await expectNoAxeViolations(page, '/ with the suggestions open');

  await search.press('Escape');
  await expect(suggestions.first()).toBeHidden();
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await expect(search).toHaveValue('feltr');
  await expect(search).toBeFocused();

  // ArrowDown opens them again on the first one, Enter picks it: its page opens.
  await search.press('ArrowDown');
  await expect(suggestions.first()).toHaveAttribute('aria-selected', 'true');
  const [first = ''] = (await suggestions.first().innerText()).split('\n');
  await search.press('Enter');
  await expect(page).toHaveURL(/comune=\d{6}/);
  await expect(heading(page)).toHaveText(`La raccolta differenziata: ${first.replace(/ \(\w{2}\)$/, '')}`);
});

test('a shared URL reloads to the same view', async ({ page, browser }) => {
  const url = '/?regione=05&provincia=025&comune=025006&anno=2023&confronto=2022';
  await page.goto(url);
  await expect(heading(page)).toHaveText('La raccolta differenziata: Belluno');
  await expect(page.getByLabel('Anno', { exact: true })).toHaveValue('2023');
  await expect(page.getByLabel('Anno di confronto')).toHaveValue('2022');
  const cards = await page
    .getByRole('list')
    .filter({ has: page.getByTestId('card-sortedPercentage') })
    .innerText();
  expect(cards).toContain('Nel 2022');

  await page.reload();
  await expect(heading(page)).toHaveText('La raccolta differenziata: Belluno');
  expect(
    await page
      .getByRole('list')
      .filter({ has: page.getByTestId('card-sortedPercentage') })
      .innerText(),
  ).toBe(cards);

  // Someone else opening the link sees the same.
  const other = await browser.newPage();
  await other.goto(url);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('La raccolta differenziata: Belluno');
  expect(
    await other
      .getByRole('list')
      .filter({ has: other.getByTestId('card-sortedPercentage') })
      .innerText(),
  ).toBe(cards);
  await other.close();
});

test('switching the year and the comparison year', async ({ page }) => {
  await page.goto('/?comune=001272');
  await expect(page.getByRole('heading', { level: 2, name: 'Le statistiche: Torino, 2024' })).toBeVisible();
  await expect(page.getByTestId('card-sortedPercentage')).toContainText('Nel 2023');

  await page.getByLabel('Anno', { exact: true }).selectOption('2023');
  await expect(page).toHaveURL(/comune=001272&anno=2023$/);
  await page.getByLabel('Anno di confronto').selectOption('2022');
  await expect(page).toHaveURL(/comune=001272&anno=2023&confronto=2022/);
  await expect(page.getByRole('heading', { level: 2, name: 'Le statistiche: Torino, 2023' })).toBeVisible();
  const pct = page.getByTestId('card-sortedPercentage');
  await expect(pct).toContainText('Nel 2022');
  await expect(pct.locator('[data-outcome]')).toHaveAttribute('data-outcome', /better|worse|unchanged/);
  // Totals of 2023 are not known (only the %): the card says why.
  await expect(page.getByTestId('card-totalWasteProduced')).not.toContainText('Nel 2022');

  // A year without data: the latest year is shown, with the API's message.
  await page.goto('/?anno=2019');
  await expect(page.getByText(/Nessun dato per l'anno 2019\..*ultimo anno disponibile/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Le statistiche: Italia, 2024$/ })).toBeVisible();
});

test('charts load, read as tables, and flag demo data', async ({ page }) => {
  await page.goto('/?regione=05');
  const fractions = (await chartsSection(page)).getByTestId('panel-fractions');
  await expect(await drawnChart(fractions)).toBeVisible();
  await fractions.getByRole('button', { name: 'Tabella' }).click();
  const table = fractions.getByRole('table', { name: /Tonnellate raccolte per frazione: Veneto/ });
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr').first()).toContainText(/\d{1,3}(\.\d{3})*,\d\s*t/);
  await expect((await chartsSection(page)).getByTestId('panel-modes')).toContainText('Dati dimostrativi');
  await expect((await chartsSection(page)).getByTestId('panel-fractions')).not.toContainText(
    'Dati dimostrativi',
  );
  await expect((await chartsSection(page)).getByTestId('panel-trend')).toContainText(
    'le percentuali dei comuni sono pesate sulla loro produzione di rifiuti',
  );
  // The data-source switch leads to the reverse vending machines of the same region.
  await expect(page.getByRole('link', { name: 'Dati ecocompattatori' })).toHaveAttribute(
    'href',
    '/ecocompattatori?regione=05',
  );
});

test('downloads: an invitation for visitors, pdf/png/jpg links for signed-in users', async ({
  page,
  createUser,
}) => {
  await page.goto('/?comune=001272');
  const invite = page.getByRole('link', { name: 'Accedi o registrati' });
  await expect(invite).toHaveAttribute('href', /flow=login/);
  await expect(page.getByRole('link', { name: /in formato PDF/ })).toHaveCount(0);

  const user = await createUser();
  await signIn(page, user);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Accedi o registrati' })).toHaveCount(0);
  const pdf = page.getByRole('link', { name: 'Scarica «Rifiuti urbani prodotti» in formato PDF' });
  await expect(pdf).toHaveAttribute(
    'href',
    '/api/stats/download/?format=pdf&statistic=totalWasteProduced&level=city&id=001272&year=2024&compareYear=2023',
  );
  await expect(page.getByRole('link', { name: /in formato JPG/ }).first()).toBeVisible();
});
