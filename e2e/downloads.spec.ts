import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { admin, createUser, dismissCookieBanner, hasAdmin, NO_ADMIN_REASON, signIn } from './fixtures';

test.describe('/scarica-dati', () => {
  test('a licensed user filters, sees the row count and downloads a CSV with exactly those rows', async ({
    page,
  }) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON); // never under CI: it requires PostgreSQL
    const user = await createUser({ prefix: 'licenza' });
    await admin('license', 'approve', user.email);
    await dismissCookieBanner(page);
    await signIn(page, user);

    await page.goto('/scarica-dati');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scarica dati');
    const count = page.getByTestId('download-count');
    // Italy, every year first; then Sicily in 2015.
    await expect(count).toContainText('Il file conterrà');
    await page.getByLabel('Livello', { exact: true }).selectOption('region');
    await page.getByLabel('Regione', { exact: true }).selectOption({ label: 'Sicilia' });
    await page.getByRole('checkbox', { name: '2015' }).check();
    await expect(count).toHaveText(/Il file conterrà 390 righe/);
    const expected = Number(
      /conterrà ([\d.]+) righe/.exec((await count.textContent()) ?? '')![1]!.replace(/\./g, ''),
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-link').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^raccolta-differenziata-region-19-2015-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toMatch(/^anno;codice_istat;comune;/);
    expect(lines.length - 1).toBe(expected);
    expect(lines.slice(1).every((l) => /^2015;08\d{4};/.test(l))).toBe(true);

    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations).toEqual([]);
  });

  test('a signed-in user downloads a statistic of the home page as PNG, JPG and PDF', async ({ page }) => {
    const user = await createUser({ prefix: 'grafici' });
    await dismissCookieBanner(page);
    await signIn(page, user);
    await page.goto('/?regione=05');
    const card = page.locator('a[href*="statistic=totalWasteProduced"]');
    for (const [format, signature] of [
      ['png', [0x89, 0x50, 0x4e, 0x47]],
      ['jpg', [0xff, 0xd8, 0xff]],
      ['pdf', [0x25, 0x50, 0x44, 0x46]],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.and(page.locator(`[href*="format=${format}"]`)).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^totalwasteproduced-veneto-\\d{4}\\.${format}$`),
      );
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, signature.length)]).toEqual([...signature]);
    }
  });
});
