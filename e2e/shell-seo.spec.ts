import type { APIRequestContext, Page } from '@playwright/test';
import { CityPageSchema } from '@portal/contract';
import { BASE_URL, dismissCookieBanner, expect, signIn, test } from './fixtures';

/**
 * What search engines, link previews and browsers read: trailing-slash redirects, the icon, robots.txt,
 * sitemap.xml, canonical links, Open Graph tags and a description of its own on every page.
 */

/** The portal's public address, as the web app reads it (PUBLIC_URL, default as the API's). */
const ORIGIN = new URL(process.env.PUBLIC_URL || 'http://localhost:3000').origin;

const PAGES = [
  '/',
  '/progetto',
  '/glossario',
  '/ecocompattatori',
  '/classifiche',
  '/confronta',
  '/contatti',
  '/termini-e-condizioni',
  '/privacy-policy',
  '/cookie-policy',
];

async function head(page: Page) {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) =>
      document.querySelector(selector)?.getAttribute(name) ?? null;
    const og = (property: string) => attr(`meta[property="og:${property}"]`, 'content');
    return {
      title: document.title,
      description: attr('meta[name="description"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      robots: attr('meta[name="robots"]', 'content'),
      og: {
        title: og('title'),
        description: og('description'),
        url: og('url'),
        siteName: og('site_name'),
        locale: og('locale'),
        type: og('type'),
        image: og('image'),
      },
    };
  });
}

/** Follows the redirects of a request by hand (at most 3): each status and Location, same origin only. */
async function redirects(request: APIRequestContext, url: string) {
  const hops: { status: number; location: URL }[] = [];
  let next = url;
  for (let i = 0; i < 3; i += 1) {
    const response = await request.get(next, { maxRedirects: 0 });
    const header = response.headers()['location'];
    if (!header) return { hops, status: response.status() };
    const location = new URL(header, next);
    hops.push({ status: response.status(), location });
    next = location.toString();
  }
  throw new Error(`more than 3 redirects from ${url}`);
}

test.describe('trailing slashes', () => {
  test('a page address with a trailing slash redirects (308) to the one without, query kept', async ({
    request,
  }) => {
    for (const path of ['/contatti/', '/glossario/', '/ecocompattatori/', '/termini-e-condizioni//']) {
      const { hops, status } = await redirects(request, `${BASE_URL}${path}?regione=05&x=a%20b`);
      expect(status, path).toBe(200);
      expect(hops.length, path).toBeGreaterThan(0);
      for (const hop of hops) {
        expect(hop.status, path).toBe(308);
        expect(hop.location.origin, path).toBe(new URL(BASE_URL).origin);
        expect(Object.fromEntries(hop.location.searchParams), path).toEqual({ regione: '05', x: 'a b' });
      }
      expect(hops.at(-1)!.location.pathname, path).toBe(path.replace(/\/+$/, ''));
    }
    // The home page is '/' itself.
    expect((await request.get('/', { maxRedirects: 0 })).status()).toBe(200);
  });

  test('API paths keep their trailing slash and answer directly', async ({ request }) => {
    const regions = await request.get('/api/cities/regions/', { maxRedirects: 0 });
    expect(regions.status()).toBe(200);
    expect(await regions.json()).toHaveLength(20);
  });

  test('a path of repeated slashes stays on this site', async ({ request }) => {
    const { hops, status } = await redirects(request, `${BASE_URL}//evil.example/`);
    expect(status).toBe(404);
    expect(hops.map((h) => h.location.origin)).toEqual(hops.map(() => new URL(BASE_URL).origin));
    expect(hops.at(-1)?.location.pathname).toBe('/evil.example');
  });

  test('in the browser /contatti/ becomes /contatti, without the feedback tab', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/contatti/');
    await expect(page).toHaveURL(`${BASE_URL}/contatti`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contatti');
    await expect(page.getByRole('link', { name: 'Invia feedback' })).toHaveCount(0);
  });
});

test('the first visit loads an icon and logs no error', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);

  const icons = await page
    .locator('link[rel="icon"]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(icons.length).toBeGreaterThan(0);
  for (const href of [...icons, `${BASE_URL}/favicon.ico`]) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()['content-type'], href).toMatch(/^image\//);
  }
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await request.get(apple!)).status()).toBe(200);
});

test('robots.txt keeps crawlers out of the API and the private area and names the sitemap', async ({
  request,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/User-Agent: \*/i);
  for (const path of ['/api/', '/profilo', '/scarica-dati']) expect(text).toContain(`Disallow: ${path}`);
  expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
});

test('sitemap.xml lists Italy, the public pages, the 20 regions, 107 provinces and every comune', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
  const comuni = CityPageSchema.parse(await (await request.get('/api/cities/city/?pageSize=1')).json()).count;
  // Parsed as XML by the browser (on its blank page): a raw '&' would be a parse error.
  const locs = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) return null;
    return Array.from(doc.getElementsByTagName('loc')).map((l) => l.textContent ?? '');
  }, xml);
  expect(locs).not.toBeNull();
  const urls = locs!;
  expect(new Set(urls).size).toBe(urls.length);
  expect(urls.every((u) => u.startsWith(`${ORIGIN}/`))).toBe(true);
  const paths = urls.map((u) => u.slice(ORIGIN.length));
  expect(paths).toEqual(expect.arrayContaining([...PAGES, '/?regione=05', '/?regione=05&provincia=025']));
  expect(paths).toContain('/?regione=05&provincia=025&comune=025075');
  expect(paths.filter((p) => /^\/\?regione=\d{2}$/.test(p))).toHaveLength(20);
  expect(paths.filter((p) => /^\/\?regione=\d{2}&provincia=\d{3}$/.test(p))).toHaveLength(107);
  expect(paths.filter((p) => /^\/\?regione=\d{2}&provincia=\d{3}&comune=\d{6}$/.test(p))).toHaveLength(
    comuni,
  );
  expect(urls).toHaveLength(PAGES.length + 20 + 107 + comuni);
});

test('every page has its canonical link, Open Graph tags and a description of its own', async ({ page }) => {
  await dismissCookieBanner(page);
  const descriptions = new Map<string, string>();
  for (const path of PAGES) {
    await page.goto(path);
    const meta = await head(page);
    expect(meta.canonical, path).toBe(`${ORIGIN}${path === '/' ? '' : path}`);
    expect(meta.og, path).toEqual({
      title: meta.title,
      description: meta.description,
      url: meta.canonical,
      siteName: 'Osservatorio Raccolta Differenziata',
      locale: 'it_IT',
      type: 'website',
      image: expect.stringMatching(new RegExp(`^${ORIGIN}/opengraph-image`)),
    });
    expect(meta.robots, path).toBeNull();
    expect(meta.description, path).toBeTruthy();
    descriptions.set(path, meta.description!);
  }
  // No page borrows another's description (the legal pages used to repeat the home page's).
  expect(new Set(descriptions.values()).size).toBe(PAGES.length);
});

test('the canonical link of a territory names the territory only, as the portal links it', async ({
  page,
}) => {
  await dismissCookieBanner(page);
  for (const [path, canonical] of [
    ['/?regione=05&anno=2022&confronto=2020', '/?regione=05'],
    ['/?provincia=025', '/?regione=05&provincia=025'],
    ['/?comune=025075', '/?regione=05&provincia=025&comune=025075'],
    ['/?flow=login', ''],
    ['/ecocompattatori?regione=05&anno=2023', '/ecocompattatori'],
  ] as const) {
    await page.goto(path);
    const meta = await head(page);
    expect(meta.canonical, path).toBe(`${ORIGIN}${canonical}`);
    expect(meta.og.url, path).toBe(meta.canonical);
  }
});

test('the private pages ask search engines not to index them', async ({ page, createUser }) => {
  const user = await createUser({ prefix: 'seo' });
  await dismissCookieBanner(page);
  await signIn(page, user);
  await page.goto('/profilo');
  expect((await head(page)).robots).toBe('noindex, nofollow');
});
