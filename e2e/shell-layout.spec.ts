import { expect, test } from '@playwright/test';
import { dismissCookieBanner, expectNoAxeViolations, openMenuIfCollapsed, WIDTHS } from './fixtures';

/** The shell logged out: header, collapsed menu, footer, feedback tab, meta titles, legal texts, banner, axe. */

const ROUTE_TITLES = [
  ['/contatti', 'Contatti'],
  ['/termini-e-condizioni', 'Termini e condizioni'],
  ['/privacy-policy', 'Privacy policy'],
  ['/cookie-policy', 'Cookie policy'],
] as const;

const PORTAL = 'Osservatorio Raccolta Differenziata';

for (const { name, viewport } of WIDTHS) {
  test.describe(`shell logged out (${name}, ${viewport.width}px)`, () => {
    test.use({ viewport });

    test('header links, Registrati and Accedi; the menu collapses below 800px', async ({ page }) => {
      await dismissCookieBanner(page);
      await page.goto('/');
      const header = page.getByRole('banner');
      await expect(header).toHaveCSS('position', 'sticky');
      const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
      const toggle = page.getByRole('button', { name: 'Apri il menu' });
      if (viewport.width < 800) {
        await expect(toggle).toBeVisible();
        await expect(nav).toBeHidden();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(page.getByRole('button', { name: 'Chiudi il menu' })).toHaveAttribute(
          'aria-expanded',
          'true',
        );
      } else {
        await expect(toggle).toBeHidden();
      }
      await expect(nav).toBeVisible();
      for (const [label, href] of [
        ['Il progetto', '/progetto'],
        ['Glossario', '/glossario'],
        ['Ecocompattatori', '/ecocompattatori'],
        ['Contatti', '/contatti'],
      ] as const) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
      }
      await expect(header.getByRole('button', { name: 'Registrati' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Accedi' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Area riservata' })).toHaveCount(0);
      await expect(header.locator('.license-badge')).toHaveCount(0);
      // the container is at most 1160px wide
      const width = await header.locator('.container').evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeLessThanOrEqual(1160);

      // a choice in the collapsed menu closes it
      await nav.getByRole('link', { name: 'Contatti', exact: true }).click();
      await expect(page).toHaveURL(/\/contatti$/);
      if (viewport.width < 800) await expect(nav).toBeHidden();
    });

    test('footer: project, account, legal, consortium, social links, offices and the current year', async ({
      page,
    }) => {
      await dismissCookieBanner(page);
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      for (const label of ['Il progetto', 'Glossario', 'Ecocompattatori', 'Contatti']) {
        await expect(footer.getByRole('link', { name: label, exact: true })).toBeVisible();
      }
      await expect(footer.getByRole('button', { name: 'Accedi' })).toBeVisible();
      await expect(footer.getByRole('button', { name: 'Registrati' })).toBeVisible();
      await expect(footer.getByTestId('footer-private')).toHaveCount(0);
      await expect(footer.getByRole('link', { name: 'Termini e condizioni' })).toHaveAttribute(
        'href',
        '/termini-e-condizioni',
      );
      await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
        'href',
        '/privacy-policy',
      );
      await expect(footer.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute(
        'href',
        '/cookie-policy',
      );
      await expect(footer.getByRole('link', { name: /Sito del consorzio/ })).toHaveAttribute(
        'href',
        /^https:\/\//,
      );
      for (const social of ['LinkedIn', 'Facebook', 'Instagram', 'YouTube']) {
        await expect(footer.getByRole('link', { name: new RegExp(social) })).toHaveAttribute(
          'target',
          '_blank',
        );
      }
      await expect(footer).toContainText('Sede legale');
      await expect(footer).toContainText('Sede operativa');
      await expect(footer.getByTestId('footer-copyright')).toContainText(`© ${new Date().getFullYear()}`);

      // Accedi in the footer opens the login modal
      await footer.getByRole('button', { name: 'Accedi' }).click();
      await expect(page.getByRole('dialog', { name: 'Accedi' })).toBeVisible();
    });

    test("the 'Invia feedback' tab links to /contatti and hides on /contatti and /termini-e-condizioni", async ({
      page,
    }) => {
      await dismissCookieBanner(page);
      await page.goto('/');
      const tab = page.getByRole('link', { name: 'Invia feedback' });
      await expect(tab).toBeVisible();
      // Fixed at the side where the page leaves room for it; on a phone it sits above the footer.
      await expect(tab).toHaveCSS('position', viewport.width >= 1240 ? 'fixed' : 'static');
      await tab.click();
      await expect(page).toHaveURL(/\/contatti$/);
      await expect(page.getByRole('link', { name: 'Invia feedback' })).toHaveCount(0);
      await page.goto('/termini-e-condizioni');
      await expect(page.getByRole('link', { name: 'Invia feedback' })).toHaveCount(0);
      await page.goto('/privacy-policy');
      await expect(page.getByRole('link', { name: 'Invia feedback' })).toBeVisible();
    });

    test('meta titles in Italian, legal texts rendered, no axe violations logged out', async ({ page }) => {
      await dismissCookieBanner(page);
      await page.goto('/');
      await expectNoAxeViolations(page, '/');
      for (const [route, title] of ROUTE_TITLES) {
        await page.goto(route);
        await expect(page).toHaveTitle(`${title} | ${PORTAL}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expectNoAxeViolations(page, route);
      }
      await page.goto('/privacy-policy');
      await expect(page.locator('.legal-text')).toContainText('Titolare del trattamento');
      await page.goto('/cookie-policy');
      await expect(page.locator('.legal-text')).toContainText('cookie_consent');
      await page.goto('/termini-e-condizioni');
      await expect(page.locator('.legal-text')).toContainText("Licenza d'uso dei dati");
      await expect(page.locator('.legal-text script')).toHaveCount(0);
    });

    test('the modals open from the address and are axe-clean', async ({ page }) => {
      await dismissCookieBanner(page);
      for (const [flow, title] of [
        ['login', 'Accedi'],
        ['signup', 'Registrati'],
        ['passwordforgotten', 'Password dimenticata'],
      ] as const) {
        await page.goto(`/?flow=${flow}`);
        await expect(page.getByRole('dialog', { name: title })).toBeVisible();
        await expectNoAxeViolations(page, `/?flow=${flow}`);
      }
    });

    test('cookie banner: nothing from the tag manager before consent; the choice is remembered', async ({
      page,
    }) => {
      const gtmRequests: string[] = [];
      await page.route('https://www.googletagmanager.com/**', (route) => {
        gtmRequests.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtm stub */' });
      });
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Consenso ai cookie' });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Leggi la cookie policy' })).toHaveAttribute(
        'href',
        '/cookie-policy',
      );
      expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
      await openMenuIfCollapsed(page);
      await banner.getByRole('button', { name: 'Accetta' }).click();
      await expect(banner).toBeHidden();
      if (process.env.NEXT_PUBLIC_GTM_ID) {
        await expect(page.locator('script#gtm-script')).toHaveAttribute(
          'src',
          new RegExp(process.env.NEXT_PUBLIC_GTM_ID),
        );
        await expect.poll(() => gtmRequests.length).toBeGreaterThan(0);
      }
      await page.reload();
      await expect(page.getByRole('region', { name: 'Consenso ai cookie' })).toHaveCount(0);

      // rejecting in a fresh context loads nothing
      await page.context().clearCookies();
      gtmRequests.length = 0;
      await page.goto('/');
      await page
        .getByRole('region', { name: 'Consenso ai cookie' })
        .getByRole('button', { name: 'Rifiuta' })
        .click();
      await page.reload();
      await expect(page.getByRole('region', { name: 'Consenso ai cookie' })).toHaveCount(0);
      expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
      expect(gtmRequests).toEqual([]);
    });
  });
}

test('the header menu collapses exactly below 800px and the header items never overlap', async ({ page }) => {
  await dismissCookieBanner(page);
  for (const width of [799, 800, 900, 1100]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Apri il menu' });
    if (width < 800) {
      await expect(toggle).toBeVisible();
      continue;
    }
    await expect(toggle).toBeHidden();
    const boxes = await Promise.all(
      [
        page.getByRole('link', { name: /pagina iniziale/ }),
        page.getByRole('navigation', { name: 'Navigazione principale' }),
        page.getByRole('banner').getByRole('button', { name: 'Registrati' }),
      ].map((locator) => locator.boundingBox()),
    );
    for (let i = 1; i < boxes.length; i += 1) {
      expect(boxes[i]!.x, `header item ${i} at ${width}px`).toBeGreaterThanOrEqual(
        boxes[i - 1]!.x + boxes[i - 1]!.width,
      );
    }
  }
});
