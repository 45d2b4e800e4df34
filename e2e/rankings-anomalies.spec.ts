import { expect, test } from '@playwright/test';
import { dismissCookieBanner } from './fixtures';

/**
 * Figures anomalous in the source (issue 35, docs/decisions/070): /classifiche leaves them out by default and
 * says so; its switch, a checkbox of the filter form kept in the URL (?anomali=1), ranks them flagged with the
 * figures that make them so. Cassinelle (AL) 2013: 0,01 t for 843 inhabitants at 100 % in ISPRA's table.
 */

const CASSINELLE = '006044';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

for (const width of [1280, 375]) {
  test(`the switch of the anomalous figures, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/classifiche?anno=2013');
    const table = page.getByTestId('rankings-table');
    await expect(table).toBeVisible();
    // 2013's first places are no longer the source's errors.
    await expect(page.locator(`[data-testid="rankings-row"][data-id="${CASSINELLE}"]`)).toHaveCount(0);
    await expect(table.getByTestId('source-anomaly')).toHaveCount(0);
    const note = page.getByTestId('rankings-anomalies-note');
    await expect(note).toContainText(/^\d+ comuni esclusi perché il dato della fonte è anomalo:/);

    // The switch, as a visitor uses it: the labelled checkbox of the form, then "Mostra classifica".
    const form = page.getByTestId('rankings-filters');
    const toggle = form.getByRole('checkbox', { name: 'Mostra anche i dati anomali nella fonte' });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await form.getByRole('button', { name: 'Mostra classifica' }).click();
    await expect(page).toHaveURL('/classifiche?anno=2013&anomali=1');
    await expect(toggle).toBeChecked();
    const row = page.locator(`[data-testid="rankings-row"][data-id="${CASSINELLE}"]`);
    await expect(row.getByTestId('rankings-rank')).toHaveText(/^1=/);
    const flag = row.getByTestId('source-anomaly');
    await expect(flag).toContainText('Dato anomalo nella fonte: 0,01 t per 843 abitanti');
    await expect(flag).toContainText('100 % di raccolta differenziata');
    await flag.scrollIntoViewIfNeeded();
    await expect(flag).toBeInViewport();
    await expect(page.getByTestId('rankings-anomalies-note')).toContainText('segnalati con le cifre');
    await page.screenshot({ path: `/tmp/anomalies-classifiche-${width}.png` });

    // The comune's page for that year flags its figures, and says why it has no rank.
    await row.getByRole('link', { name: 'Cassinelle' }).click();
    const notice = page.getByTestId('source-anomaly-notice');
    await expect(notice).toContainText('Dato anomalo nella fonte (2013): 0,01 t per 843 abitanti');
    await expect(page.getByTestId('city-rank-anomaly')).toContainText(
      'Il dato del 2013 di questo comune è anomalo nella fonte',
    );
    await page.screenshot({ path: `/tmp/anomalies-comune-${width}.png` });
    await page.goBack();

    // And back: the note's link leaves them out again.
    await page.getByRole('link', { name: 'Escludi i dati anomali nella fonte' }).click();
    await expect(page).toHaveURL('/classifiche?anno=2013');
    await expect(row).toHaveCount(0);
  });
}
