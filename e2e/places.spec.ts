import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect, test } from './fixtures';

// Issue 35, points 7–9: finding a comune by another of its names, telling a province from its capoluogo,
// and following a merged comune to its successor and back (decision 073).

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const search = (page: Page) => page.getByRole('combobox', { name: 'Cerca un comune' });

for (const width of [1280, 375]) {
  test(`the comune search finds everyday and other official names, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await search(page).fill('reggio emilia');
    const option = page.getByRole('option', { name: "Reggio nell'Emilia (RE)" });
    await expect(option).toBeVisible();
    await expect(option).toContainText('altro nome: Reggio Emilia');
    await page.screenshot({ path: `/tmp/places-search-${width}.png` });
    await search(page).fill('sankt ulrich');
    await expect(page.getByRole('option', { name: 'Ortisei/St. Ulrich (BZ)' })).toContainText(
      'altro nome: Sankt Ulrich',
    );
    await search(page).fill('aoste');
    await page.getByRole('option', { name: 'Aosta (AO)' }).click();
    await expect(page).toHaveURL(/comune=007003/);
    await expect(heading(page)).toHaveText('La raccolta differenziata: Aosta');
  });
}

test('a province is "Provincia di Brescia" in its title, H1, Open Graph title and headings', async ({
  page,
}) => {
  await page.goto('/?regione=03&provincia=017');
  await expect(heading(page)).toHaveText('La raccolta differenziata: Provincia di Brescia');
  await expect(page).toHaveTitle(
    'La raccolta differenziata: Provincia di Brescia | Osservatorio Raccolta Differenziata',
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    /La raccolta differenziata: Provincia di Brescia/,
  );
  await expect(
    page.getByRole('heading', { level: 2, name: /^Le statistiche: Provincia di Brescia, \d{4}$/ }),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/places-province-1280.png' });
  // Its capoluogo keeps its own name.
  await page.goto('/?comune=017029');
  await expect(heading(page)).toHaveText('La raccolta differenziata: Brescia');
  await expect(page).toHaveTitle('La raccolta differenziata: Brescia | Osservatorio Raccolta Differenziata');
});

// A merged comune leads to its successor, which names its predecessors: one linked by name (Corigliano
// Calabro), one by the continuity of the urban waste (Bazzano, one of Valsamoggia's five), decision 073.
const MERGERS = [
  {
    key: 'corigliano',
    query: 'corigliano calabro',
    option: 'Corigliano Calabro (CS)',
    id: '078044',
    years: '2010–2017',
    successor: { id: '078157', name: 'Corigliano-Rossano' },
    predecessors: 'Corigliano Calabro (dati fino al 2017) e Rossano (dati fino al 2017)',
    back: { name: 'Rossano', id: '078108' },
  },
  {
    key: 'bazzano',
    query: 'bazzano',
    option: 'Bazzano (BO)',
    id: '037004',
    years: '2010–2013',
    successor: { id: '037061', name: 'Valsamoggia' },
    predecessors:
      'Bazzano (dati fino al 2013), Castello di Serravalle (dati fino al 2013), Crespellano (dati fino al 2013), Monteveglio (dati fino al 2013) e Savigno (dati fino al 2013)',
    back: { name: 'Savigno', id: '037058' },
  },
];

for (const m of MERGERS) {
  for (const width of [1280, 375]) {
    test(`${m.option} links its successor, and ${m.successor.name} its predecessors, at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await search(page).fill(m.query);
      const option = page.getByRole('option', { name: m.option });
      await expect(option).toContainText(
        `non più esistente · dati ${m.years} · confluito in ${m.successor.name}`,
      );
      // The whole page: at 375 px the suggestions are below the first screen.
      await page.screenshot({ path: `/tmp/places-${m.key}-search-${width}.png`, fullPage: true });
      await option.click();
      await expect(page).toHaveURL(new RegExp(`comune=${m.id}`));
      const notice = page.getByTestId('dissolved-notice');
      await expect(notice).toContainText(
        `Comune non più esistente: è confluito nel comune di ${m.successor.name}.`,
      );
      await notice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/places-${m.key}-merged-${width}.png` });
      await notice.getByRole('link', { name: m.successor.name }).click();
      await expect(page).toHaveURL(new RegExp(`comune=${m.successor.id}`));
      await expect(heading(page)).toHaveText(`La raccolta differenziata: ${m.successor.name}`);
      const from = page.getByTestId('merged-from-notice');
      await expect(from).toHaveText(
        `Nel comune sono confluiti ${m.predecessors}: i dati degli anni precedenti alla fusione sono nelle loro pagine.`,
      );
      await from.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/places-${m.key}-successor-${width}.png` });
      await from.getByRole('link', { name: m.back.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`comune=${m.back.id}`));
    });
  }
}

// Amblar-Don: only Amblar is linked, and the successor's waste says that more merged (Don, which the list
// does not link): the page does not present Amblar as the whole merger (decision 073).
test('a successor whose linked comuni do not account for it says its list may be incomplete', async ({
  page,
}) => {
  await page.goto('/?comune=022237');
  await expect(heading(page)).toHaveText('La raccolta differenziata: Amblar-Don');
  const from = page.getByTestId('merged-from-notice');
  await expect(from).toHaveText(
    'Nel comune è confluito, forse insieme ad altri, Amblar (dati fino al 2015): i dati degli anni precedenti alla fusione sono nelle loro pagine. L’elenco delle fusioni del portale è ricavato dai dati e, per questo comune, potrebbe essere incompleto (il metodo).',
  );
  await expect(from.getByRole('link', { name: 'il metodo' })).toHaveAttribute('href', '/progetto#fusioni');
  await from.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/places-amblar-don-1280.png' });
  await from.getByRole('link', { name: 'Amblar', exact: true }).click();
  await expect(page).toHaveURL(/comune=022004/);
});
