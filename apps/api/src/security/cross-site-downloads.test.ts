import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { runAccountsCommand } from '../cli/accounts-commands';
import { recomputeAggregates } from '../importer/aggregates';
import { LIMITS } from '../plugins/rate-limit';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { insertGeoFixture } from '../../test/fixtures';
import { PASSWORD, signIn, testConfig } from '../../test/accounts';

/*
 * Issue 34, finding 8: the `token` cookie is SameSite=Lax, so a page of another site that sends a signed-in
 * visitor to a download address (a link, window.open, a GET form: a top-level navigation) has the browser
 * add the cookie. Before the fix the API gave the file: a download logged in the user's name and counted
 * against their 60 an hour, ten times a second if the page liked. The browser marks such a request
 * `Sec-Fetch-Site: cross-site`; every download route now refuses it when the cookie is what signs it in.
 */

let t: TestDb;
let app: App;
let key: string;
let userId: string;
const quiet = () => {};

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig() }));
  await insertGeoFixture(t.db);
  await recomputeAggregates(t.db);
  const email = 'cross-site@example.it';
  await runAccountsCommand(
    t.db,
    ['user', 'create', '--email', email, '--password', PASSWORD, '--verified'],
    quiet,
  );
  await runAccountsCommand(t.db, ['license', 'approve', email], quiet);
  key = await signIn(app, email);
  [{ userId }] = (await t.db.query<{ userId: string }>(
    'SELECT id::text AS "userId" FROM users WHERE email = $1',
    [email],
  )) as [{ userId: string }];
});

beforeEach(async () => {
  await app.rateLimiter.reset(LIMITS.downloadCsvUser, userId);
  await app.rateLimiter.reset(LIMITS.downloadImagesUser, userId);
  await app.rateLimiter.reset(LIMITS.downloadCountUser, userId);
});

/** Every route that gives a file (and the CSV's row count, which has a quota of its own). */
const ROUTES = [
  {
    name: 'collection CSV',
    url: '/api/stats/download/?format=csv&level=city&id=028001',
    limit: 'downloadCsvUser',
  },
  { name: 'ecocompattatori CSV', url: '/api/stats/download/?format=csv&source=2', limit: 'downloadCsvUser' },
  {
    name: "the ecocompattatori page's CSV",
    url: '/api/reverse-vending-machines/reverse-vending-machine/download/',
    limit: 'downloadCsvUser',
  },
  { name: 'rankings CSV', url: '/api/stats/rankings/download/?level=region', limit: 'downloadCsvUser' },
  {
    name: 'comparison CSV',
    url: '/api/stats/compare/download/?format=csv&aree=comune:028001&misura=rd',
    limit: 'downloadCsvUser',
  },
  {
    name: 'image',
    url: '/api/stats/download/?format=png&statistic=totalWasteProduced&level=city&id=028001&year=2024',
    limit: 'downloadImagesUser',
  },
  {
    name: 'comparison pdf',
    url: '/api/stats/compare/download/?format=pdf&aree=comune:028001&misura=rd',
    limit: 'downloadImagesUser',
  },
  {
    name: 'CSV row count',
    url: '/api/stats/download/count/?format=csv&level=city&id=028001',
    limit: 'downloadCountUser',
  },
] as const;

const fetchAs = (url: string, headers: Record<string, string>, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers, cookies });

async function logRows(): Promise<number> {
  const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM downloads_log');
  return row!.n;
}

/** Points of the user's budget spent this hour. */
async function spent(limit: 'downloadCsvUser' | 'downloadImagesUser' | 'downloadCountUser'): Promise<number> {
  const res = await app.rateLimiter.store.limiter(LIMITS[limit]).get(userId);
  return res?.consumedPoints ?? 0;
}

describe('downloads set off by another site on the session cookie (issue 34, finding 8)', () => {
  for (const route of ROUTES) {
    it(`${route.name}: refused with 403, not logged, not counted`, async () => {
      const before = await logRows();
      const res = await fetchAs(route.url, { 'sec-fetch-site': 'cross-site' }, { token: key });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail:
          'Download non avviato: la richiesta arriva da un altro sito. Scarica i file dalle pagine del portale.',
      });
      await app.settled();
      expect(await logRows()).toBe(before);
      expect(await spent(route.limit)).toBe(0);
    });

    it(`${route.name}: the portal's own requests, typed addresses and API clients still get the file`, async () => {
      // The portal's fetch (same-origin), a sibling host (same-site), a typed or bookmarked address
      // (none), a client that sends no such header; and a token in the Authorization header, which no
      // browser adds by itself, even from another site.
      for (const site of ['same-origin', 'same-site', 'none', undefined]) {
        const res = await fetchAs(route.url, site ? { 'sec-fetch-site': site } : {}, { token: key });
        expect(res.statusCode, `Sec-Fetch-Site: ${site}`).toBe(200);
      }
      const byHeader = await fetchAs(route.url, {
        'sec-fetch-site': 'cross-site',
        authorization: `Token ${key}`,
      });
      expect(byHeader.statusCode).toBe(200);
      await app.settled();
      expect(await spent(route.limit)).toBe(5);
    });
  }

  it('an anonymous request from another site is still 401, and the English text follows Accept-Language', async () => {
    const url = ROUTES[0].url;
    expect((await fetchAs(url, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(401);
    const en = await fetchAs(
      url,
      { 'sec-fetch-site': 'cross-site', 'accept-language': 'en' },
      { token: key },
    );
    expect(en.statusCode).toBe(403);
    expect(en.json()).toEqual({
      detail:
        'Download refused: the request comes from another site. Download the files from the portal pages.',
    });
  });
});
