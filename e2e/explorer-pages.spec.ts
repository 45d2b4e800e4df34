import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { dismissCookieBanner } from './fixtures';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

for (const url of ['/', '/?regione=05', '/?comune=025075', '/glossario', '/progetto']) {
  test(`no axe violations (WCAG 2.1 AA) on ${url}`, async ({ page }) => {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}

test('the glossary is searchable and every term has an anchor', async ({ page }) => {
  await page.goto('/glossario');
  await expect(page).toHaveTitle('Glossario | Osservatorio Raccolta Differenziata');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glossario');
  for (const term of [
    'Raccolta differenziata (RD)',
    'Codici EER (ex CER)',
    'Porta a porta',
    'Ecocompattatore',
    'Vetro',
  ]) {
    await expect(
      page.getByRole('heading', { level: 3, name: new RegExp(`^${term.replace(/[()]/g, '\\$&')}`) }),
    ).toBeVisible();
  }
  // Each fraction comes from the API with its EER codes.
  await expect(page.locator('#frazione-vetro')).toContainText('20 01 02');

  const search = page.getByRole('searchbox', { name: 'Cerca nel glossario' });
  await search.fill('porta a porta');
  await expect(page.locator('#porta-a-porta')).toBeVisible();
  await expect(page.locator('#frazione-vetro')).toBeHidden();
  await search.fill('200101');
  await expect(page.locator('#frazione-carta-cartone')).toBeVisible();
  await search.fill('zzzz');
  await expect(page.getByText('Nessuna voce corrisponde alla ricerca.')).toBeVisible();

  await page.goto('/glossario#codici-eer');
  await expect(page.locator('#codici-eer')).toBeInViewport();
});

test('the project page describes sources, licences, methods and updates', async ({ page }) => {
  await page.goto('/progetto');
  await expect(page).toHaveTitle('Il progetto | Osservatorio Raccolta Differenziata');
  for (const name of ['Le fonti dei dati e le loro licenze', 'I metodi', 'Gli aggiornamenti']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole('table', { name: /fonti pubbliche/ })).toContainText('CC BY 4.0');
  await expect(page.getByText('Altri gestori', { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/Rapporto Rifiuti Urbani/)).toBeVisible();
  // The methods the comune pages link to (issue 35): the plausibility rule and how mergers are linked.
  await expect(page.locator('#dati-anomali')).toHaveText('Dati anomali nella fonte');
  await expect(page.getByText(/almeno del 99,5%/)).toBeVisible();
  await expect(page.locator('#fusioni')).toHaveText('Comuni non più esistenti e fusioni');
  await expect(page.getByText(/Così sono collegati 141 dei 307 comuni fusi/)).toBeVisible();
});
