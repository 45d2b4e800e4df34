import { expect, test } from '@playwright/test';
import { BASE_URL } from './fixtures';

/**
 * Consent is withdrawn as easily as it was given: 'Preferenze cookie' in the footer opens the banner again;
 * 'Rifiuta' there stores the refusal, deletes the statistics cookies and, when the tag manager was loaded,
 * starts the page again without it. The tag-manager checks run when NEXT_PUBLIC_GTM_ID is built in.
 */

const gtmId = process.env.NEXT_PUBLIC_GTM_ID;

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test(`accept, reopen from the footer, withdraw: nothing statistical on the next page (${viewport.width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const gtmRequests: string[] = [];
    await page.route('https://www.googletagmanager.com/**', (route) => {
      gtmRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtm stub */' });
    });
    const consent = async () =>
      (await page.context().cookies()).find((c) => c.name === 'cookie_consent')?.value ?? null;

    await page.goto('/');
    const banner = page.getByTestId('cookie-banner');
    await banner.getByRole('button', { name: 'Accetta' }).click();
    await expect(banner).toBeHidden();
    expect(await consent()).toBe('accepted');
    if (gtmId) {
      await expect(page.locator('script#gtm-script')).toHaveCount(1);
      await expect.poll(() => gtmRequests.length).toBeGreaterThan(0);
    }
    // What Google Analytics would have stored.
    await page.context().addCookies([
      { name: '_ga', value: 'GA1.1.123.456', url: BASE_URL },
      { name: '_ga_TEST', value: 'GS1.1.1', url: BASE_URL },
    ]);

    // The footer reopens the choice, says what it is now, and takes the focus there.
    const footer = page.getByRole('contentinfo');
    const preferences = footer.getByRole('button', { name: 'Preferenze cookie' });
    await preferences.click();
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
    await expect(banner.getByTestId('cookie-banner-current')).toContainText(
      'hai accettato i cookie statistici',
    );

    await banner.getByRole('button', { name: 'Rifiuta' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(consent).toBe('rejected');
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).not.toContain('_ga');
    expect(names).not.toContain('_ga_TEST');
    if (gtmId) {
      // The page started again: the tag manager no longer runs in it.
      await expect(page.locator('script#gtm-script')).toHaveCount(0);
    }

    // The next page, reached in the page (a client-side navigation), loads nothing statistical.
    gtmRequests.length = 0;
    await footer.getByRole('link', { name: 'Glossario', exact: true }).click();
    await expect(page).toHaveURL(/\/glossario$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glossario');
    await expect(page.locator('script#gtm-script')).toHaveCount(0);
    await expect(banner).toBeHidden();
    // …and so does a fresh load.
    await page.goto('/progetto');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('script#gtm-script')).toHaveCount(0);
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    expect(gtmRequests).toEqual([]);

    // The refusal can be changed back the same way.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Preferenze cookie' }).click();
    await expect(page.getByTestId('cookie-banner-current')).toContainText(
      'hai rifiutato i cookie statistici',
    );
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accetta' }).click();
    await expect.poll(consent).toBe('accepted');
    if (gtmId) await expect(page.locator('script#gtm-script')).toHaveCount(1);
  });
}
