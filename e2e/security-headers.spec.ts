/// <reference lib="dom" />
// (page.evaluate and addInitScript callbacks run in the browser.)
import { createHash } from 'node:crypto';
import type { APIResponse, Page } from '@playwright/test';
import {
  admin,
  chartsSection,
  dismissCookieBanner,
  drawnChart,
  expect,
  hasAdmin,
  NO_ADMIN_REASON,
  signIn,
  test,
} from './fixtures';

/**
 * Security headers of the web app (docs/decisions/053-shared-page-cache.md): every page has a
 * Content-Security-Policy that allows exactly its own inline scripts by their SHA-256 and script files
 * from the origin, with no 'unsafe-inline' and no nonce (pages are cached and shared);
 * pages, static files and the proxied /api/* all carry HSTS, nosniff, DENY framing, the referrer and
 * the permissions policy.
 * In Chromium, the pages run without a single CSP violation.
 */

// Every route of the site, as an anonymous visitor sees it (private pages answer with a redirect).
const PAGES = [
  '/',
  '/?regione=05',
  '/?provincia=028',
  '/?comune=001272',
  '/?anno=2023',
  '/?flow=login',
  '/ecocompattatori',
  '/ecocompattatori?regione=03',
  '/glossario',
  '/progetto',
  '/contatti',
  '/cookie-policy',
  '/privacy-policy',
  '/termini-e-condizioni',
  '/profilo',
  '/scarica-dati',
  '/pagina-che-non-esiste',
];

function expectCommonHeaders(response: APIResponse, url: string) {
  const headers = response.headers();
  expect(headers['strict-transport-security'], url).toMatch(/^max-age=31536000; includeSubDomains$/);
  expect(headers['x-content-type-options'], url).toBe('nosniff');
  expect(headers['x-frame-options'], url).toBe('DENY');
  expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], url).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
}

/** The policy's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** Checks a page's policy and returns its script hashes ('sha256-…'). */
function expectPagePolicy(response: APIResponse, url: string): string[] {
  const csp = response.headers()['content-security-policy'];
  expect(csp, url).toBeTruthy();
  const policy = directives(csp!);
  const scriptSrc = policy.get('script-src') ?? [];
  expect(scriptSrc[0], url).toBe("'self'");
  expect(scriptSrc, url).not.toContain("'unsafe-inline'");
  expect(scriptSrc, url).not.toContain("'unsafe-eval'");
  expect(scriptSrc, url).not.toContain("'strict-dynamic'");
  expect(
    scriptSrc.filter((s) => s.startsWith("'nonce-")),
    url,
  ).toEqual([]);
  expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
  expect(policy.get('object-src'), url).toEqual(["'none'"]);
  expect(policy.get('base-uri'), url).toEqual(["'self'"]);
  expect(policy.get('default-src'), url).toEqual(["'self'"]);
  return scriptSrc.filter((s) => s.startsWith("'sha256-")).map((s) => s.slice(1, -1));
}

/** The SHA-256 of each inline script of a document, as the browser computes them. */
function inlineScriptHashes(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    (m) => !/\ssrc=/.test(m[1]!),
  );
  return [...new Set(scripts.map((m) => `sha256-${createHash('sha256').update(m[2]!).digest('base64')}`))];
}

test.describe('security headers', () => {
  test('every page: a hash-based CSP, HSTS, nosniff, no framing, referrer and permissions policies', async ({
    request,
  }) => {
    for (const url of PAGES) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect([200, 307, 404], url).toContain(response.status());
      expectCommonHeaders(response, url);
      const hashes = expectPagePolicy(response, url);
      if (url === '/pagina-che-non-esiste') expect(response.status()).toBe(404);
      if (url === '/profilo' || url === '/scarica-dati') expect(response.status()).toBe(307);
      if (response.status() === 307) continue;
      // The policy allows exactly the inline scripts of this document (Next.js's hydration data), no other.
      const html = await response.text();
      const inline = inlineScriptHashes(html);
      expect(inline.length, url).toBeGreaterThan(0);
      expect(hashes.toSorted(), url).toEqual(inline.toSorted());
      // Script files come from the portal's origin only.
      for (const [, src] of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g))
        expect(src, url).toMatch(/^\/_next\//);
    }
  });

  test('signed-in pages and the pages of a licensed user carry the same policy', async ({
    page,
    createUser,
  }) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON); // skipped only without PostgreSQL (E2E_DATABASE_URL empty)
    const user = await createUser({ prefix: 'intestazioni' });
    await admin('license', 'approve', user.email);
    await signIn(page, user);
    for (const url of ['/profilo', '/scarica-dati', '/']) {
      const response = await page.request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      expectCommonHeaders(response, url);
      expectPagePolicy(response, url);
    }
  });

  test('static files and the proxied /api/ answers carry the same headers; the API has its own CSP', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1]!,
    );
    expect(assets.length).toBeGreaterThan(0);
    for (const url of assets.slice(0, 3)) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expectCommonHeaders(response, url);
    }

    for (const url of ['/api/health/', '/api/cities/regions/', '/api/non-esiste/']) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(url === '/api/non-esiste/' ? 404 : 200);
      expectCommonHeaders(response, url);
      const policy = directives(response.headers()['content-security-policy'] ?? '');
      expect(policy.get('default-src'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
    }
  });
});

/**
 * Collects what the browser reports about the policy: `securitypolicyviolation` events (listened to
 * before any page script runs) and console messages that mention it.
 */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) {
      messages.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => messages.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        seen.push(
          `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
        ),
      true,
    );
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

test.describe('the content security policy in Chromium', () => {
  test('home, a comune, the explorer of a region and /ecocompattatori run without a violation, cookies accepted', async ({
    page,
  }) => {
    const violations = await watchPolicy(page);
    await page.goto('/');
    // Accepting the cookie banner needs hydrated React; it would also load the tag manager when configured.
    const banner = page.getByTestId('cookie-banner');
    await banner.getByRole('button', { name: 'Accetta' }).click();
    await expect(banner).toBeHidden();
    expect((await page.context().cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('accepted');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations()).toEqual([]);

    await page.goto('/?comune=001272');
    await expect(
      page.getByRole('heading', { level: 2, name: /^Le statistiche: Torino, \d{4}$/ }),
    ).toBeVisible();
    expect(await violations()).toEqual([]);

    // The charts hydrate and draw (ECharts writes inline styles, which style-src allows).
    await page.goto('/?regione=05');
    const fractions = (await chartsSection(page)).getByTestId('panel-fractions');
    await expect(await drawnChart(fractions)).toBeVisible();
    await fractions.getByRole('button', { name: 'Tabella' }).click();
    await expect(fractions.getByRole('table')).toBeVisible();
    expect(await violations()).toEqual([]);

    await page.goto('/ecocompattatori');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ecocompattatori');
    await expect(await drawnChart(page.getByTestId('rvm-map'))).toBeVisible();
    expect(await violations()).toEqual([]);

    // A client-side navigation keeps working under the policy.
    await page.getByRole('link', { name: 'Glossario' }).first().click();
    await expect(page).toHaveURL(/\/glossario$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('/scarica-dati of a licensed user and the sign-in modal run without a violation', async ({
    page,
    createUser,
  }) => {
    test.info().skip(!hasAdmin, NO_ADMIN_REASON); // skipped only without PostgreSQL (E2E_DATABASE_URL empty)
    const user = await createUser({ prefix: 'csp' });
    await admin('license', 'approve', user.email);
    await dismissCookieBanner(page, 'accepted');
    const violations = await watchPolicy(page);

    // The sign-in modal validates its form in the browser (zod, without eval).
    await page.goto('/?flow=login&next=%2Fscarica-dati');
    const dialog = page.getByRole('dialog', { name: 'Accedi' });
    await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(dialog.getByText('Questo campo è obbligatorio.')).toHaveCount(2);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page).toHaveURL(/\/scarica-dati$/);
    expect(await violations()).toEqual([]);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scarica dati');
    await expect(page.getByTestId('download-count')).toContainText('Il file conterrà');
    await page.getByLabel('Livello', { exact: true }).selectOption('region');
    await page.getByLabel('Regione', { exact: true }).selectOption({ label: 'Sicilia' });
    await page.getByRole('checkbox', { name: '2015' }).check();
    await expect(page.getByTestId('download-count')).toHaveText(/Il file conterrà 390 righe/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-link').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(await violations()).toEqual([]);
  });

  test('the policy is enforced: an inline script the page did not have is blocked and reported', async ({
    page,
  }) => {
    // The home page as the server sent it, headers included, with two injected scripts (as a stored XSS
    // would put them): one of its own, one carrying a nonce. Neither may run.
    await page.route('/', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '</body>',
        '<script>window.__injected = "inline";</script>' +
          '<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">window.__injected = "guessed";</script></body>',
      );
      await route.fulfill({ response, body: html });
    });
    const violations = await watchPolicy(page);
    await dismissCookieBanner(page);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toMatch(/'sha256-/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(violations)
      .toEqual([
        expect.stringMatching(/^console: .*violates the following Content Security Policy directive/),
        expect.stringMatching(/^console: .*violates the following Content Security Policy directive/),
        expect.stringMatching(/^script-src-elem blocked inline/),
        expect.stringMatching(/^script-src-elem blocked inline/),
      ]);
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: string }).__injected),
    ).toBeUndefined();
  });
});
