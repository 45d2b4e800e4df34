import { expect, test } from './fixtures';

/**
 * Issue 17: the explorer's pages stay small. The map's shapes are not in the page (neither its HTML nor
 * its React payload): they are the paths of /mappa.svg, a cacheable document the page draws with <use>.
 * The limits are the issue's, in KiB of uncompressed HTML.
 */

const KIB = 1024;
const pages = [
  { url: '/', kind: 'regions', areas: 20, limit: 80 },
  { url: '/?comune=015146', kind: 'comuni', areas: 133, limit: 60 },
  { url: '/?comune=028001', kind: 'comuni', areas: 101, limit: 60 },
  // The largest province (Torino, 312 comuni): the longest list of the picker (about 23 KiB of the page,
  // as <option>s and packed in the React payload), with issue 20's rank section.
  { url: '/?comune=001272', kind: 'comuni', areas: 312, limit: 60 },
] as const;

for (const { url, areas, limit } of pages) {
  test(`${url}: the map's path data only in /mappa.svg, the page under ${limit} KiB`, async ({ request }) => {
    const response = await request.get(url);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(Buffer.byteLength(html) / KIB).toBeLessThan(limit);

    const src = /<use href="(\/mappa\.svg\?[^"#]+)#/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(src, 'the map draws from /mappa.svg').toBeTruthy();
    const map = await request.get(src!);
    expect(map.status()).toBe(200);
    expect(map.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    // The address carries its content's version: cached for good.
    expect(map.headers()['cache-control']).toContain('immutable');
    const paths = [
      ...(await map.text()).matchAll(/<path id="a\d+" data-label="[^"]+" fill="#[0-9a-f]{6}" d="(M[^"]+)"/g),
    ];
    expect(paths.length).toBeGreaterThan(areas * 0.9);
    // None of the shapes is in the page, in its markup nor in its React payload.
    const inPage = paths.filter(([, d]) => html.includes(d!.slice(0, 40)));
    expect(inPage.length).toBe(0);
  });
}

test('a /mappa.svg address that names no map answers 404', async ({ request }) => {
  for (const url of ['/mappa.svg?provincia=015', '/mappa.svg?regione=99', '/mappa.svg?comune=015146']) {
    expect((await request.get(url)).status(), url).toBe(404);
  }
});
