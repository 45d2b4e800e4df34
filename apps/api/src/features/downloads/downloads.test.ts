import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { runAccountsCommand } from '../../cli/accounts-commands';
import { createTestDb, type TestDb } from '../../../test/db';
import { insertGeoFixture } from '../../../test/fixtures';
import { client, PASSWORD, signIn, testConfig } from '../../../test/accounts';
import sharp from 'sharp';
import { escapeFormula, formatNumber, safeFileName } from '../../lib/csv';
import { IMAGE_HEIGHT, IMAGE_WIDTH } from './render';
import { refreshExportLines } from '../imports/export-lines';

let t: TestDb;
let app: App;
let registered: string;
let licensed: string;

const quiet = () => {};

beforeAll(async () => {
  t = await createTestDb();
  await insertGeoFixture(t.db);
  await t.db.exec(`
    INSERT INTO waste_fractions (id, name, color, eer_codes, position) VALUES
      ('carta-cartone', 'Carta e cartone', '#1e88e5', '{200101}', 1), ('vetro', 'Vetro', '#00897b', '{150107}', 2);
    INSERT INTO waste_stats (city_id, year, population, produced_t, sorted_t, rd_pct, aggregation_name, source, source_rank)
      VALUES ('082053', 2024, 625956, 361203.856, 62644.786, NULL, '=HYPERLINK("http://x")', 'ispra-comuni', 3),
             ('082046', 2024, 38000, 17000.5, 9000.25, NULL, NULL, 'ispra-comuni', 3);
    INSERT INTO waste_fraction_stats (city_id, year, fraction_id, tonnes) VALUES
      ('082053', 2024, 'carta-cartone', 19798.559), ('082053', 2024, 'vetro', 6531.225),
      ('028001', 2024, 'carta-cartone', 1500);
  `);
  // What an import does after writing the rows: format the CSV export lines.
  await refreshExportLines(t.db);
  app = await buildApp({ db: t.db, config: testConfig() });
  for (const [email, licence] of [
    ['reg@example.it', false],
    ['lic@example.it', true],
  ] as const) {
    await runAccountsCommand(
      t.db,
      ['user', 'create', '--email', email, '--password', PASSWORD, '--verified'],
      quiet,
    );
    if (licence) await runAccountsCommand(t.db, ['license', 'approve', email], quiet);
  }
  registered = await signIn(app, 'reg@example.it');
  licensed = await signIn(app, 'lic@example.it');
});
afterAll(async () => {
  await app?.close();
  await t?.drop();
});

const get = (url: string, token?: string) => client(app).get(url, token ? { token } : {});

/** The cells of a CSV of ours: BOM, CRLF, ';' (no quoted ';' in these fixtures). */
function parse(body: string) {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = body
    .slice(1)
    .trim()
    .split('\r\n')
    .map((l) => l.split(';'));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
}

describe('GET /api/stats/download/ permissions', () => {
  it('answers 401 to anonymous requests whatever their parameters', async () => {
    for (const url of [
      '/api/stats/download/?format=csv',
      '/api/stats/download/?format=png&statistic=totalWasteProduced',
      '/api/stats/download/?format=nonsense&level=planet',
      '/api/stats/download/count/?format=csv',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toHaveProperty('detail');
    }
  });
  it('answers 403 to a registered user without an active licence for CSV', async () => {
    const res = await get('/api/stats/download/?format=csv', registered);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/licenza d'uso attiva/);
    expect(
      (await get('/api/stats/download/count/?format=csv&level=region&id=19', registered)).statusCode,
    ).toBe(403);
  });
  it("accepts the web app's token cookie in place of the header (plain download links)", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/stats/download/?format=csv&level=city&id=082053',
      cookies: { token: licensed },
    });
    expect(res.statusCode).toBe(200);
    const stale = await app.inject({
      method: 'GET',
      url: '/api/stats/download/?format=csv',
      cookies: { token: 'nope' },
    });
    expect(stale.statusCode).toBe(401);
  });
  it('checks the parameters of signed-in users', async () => {
    expect((await get('/api/stats/download/?format=csv&level=region', licensed)).json()).toHaveProperty('id');
    expect((await get('/api/stats/download/?format=csv&years=24', licensed)).json()).toHaveProperty('years');
    expect((await get('/api/stats/download/?format=png', registered)).json()).toHaveProperty('statistic');
    expect((await get('/api/stats/download/?format=csv&level=region&id=42', licensed)).statusCode).toBe(404);
  });
});

describe('CSV export', () => {
  it('gives exactly the rows the database holds for the filters, as the count says', async () => {
    const res = await get('/api/stats/download/?format=csv&level=region&id=19&years=2024', licensed);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="raccolta-differenziata-region-19-2024-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(res.body);
    expect(rows.map((r) => r.codice_istat)).toEqual(['082046', '082053']);
    const palermo = rows[1]!;
    expect(palermo).toMatchObject({
      anno: '2024',
      comune: 'Palermo',
      sigla_provincia: 'PA',
      popolazione: '625956',
      rifiuti_urbani_t: '361203,856',
      raccolta_differenziata_t: '62644,786',
      raccolta_differenziata_percentuale: '17,34',
      'carta-cartone_t': '19798,559',
      vetro_t: '6531,225',
    });
    // A cell a spreadsheet would run as a formula is escaped.
    expect(palermo.aggregazione).toBe(`"'=HYPERLINK(""http://x"")"`);
    const count = await get('/api/stats/download/count/?format=csv&level=region&id=19&years=2024', licensed);
    expect(count.json()).toEqual({ rows: 2 });
  });
  it('applies the filter kinds', async () => {
    const fraction = await get('/api/stats/download/?format=csv&waste_fraction=vetro', licensed);
    expect(parse(fraction.body).map((r) => r.codice_istat)).toEqual(['082053']);
    const all = parse((await get('/api/stats/download/?format=csv', licensed)).body);
    const [n] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM waste_stats');
    expect(all).toHaveLength(n!.n);
    const city = parse(
      (await get('/api/stats/download/?format=csv&level=city&id=028001&year=2023', licensed)).body,
    );
    expect(city).toHaveLength(1);
    expect(city[0]).toMatchObject({
      anno: '2023',
      rifiuti_urbani_t: '',
      raccolta_differenziata_percentuale: '76,95',
    });
  });
  it('logs every download: who, what, when', async () => {
    // The row count is known once the file is sent, so the log row lands just after the answer.
    const logged = () =>
      t.db.query<{ format: string; row_count: number; email: string; recent: boolean }>(
        `SELECT d.format, d.row_count, u.email, d.created_at > now() - interval '1 minute' AS recent
           FROM downloads_log d JOIN users u ON u.id = d.user_id
          WHERE d.query->>'level' = 'province' AND d.query->>'id' = '082'`,
      );
    expect(await logged()).toEqual([]);
    await get('/api/stats/download/?format=csv&level=province&id=082', licensed);
    for (let i = 0; i < 50 && (await logged()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await logged()).toEqual([{ format: 'csv', row_count: 2, email: 'lic@example.it', recent: true }]);
  });
});

describe('pdf, png and jpg of one statistic', () => {
  const url = (format: string, statistic = 'totalWasteProduced') =>
    `/api/stats/download/?format=${format}&statistic=${statistic}&level=region&id=05&year=2024`;

  it('answers 200 to any signed-in user, with a safe file name', async () => {
    const res = await get(url('png'), registered);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="totalwasteproduced-veneto-2024.png"',
    );
  });
  it('gives a PNG and a JPEG of the right size', async () => {
    const png = (await get(url('png'), registered)).rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([IMAGE_WIDTH, IMAGE_HEIGHT]);
    const jpg = (await get(url('jpg'), licensed)).rawPayload;
    expect(jpg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const meta = await sharp(jpg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', IMAGE_WIDTH, IMAGE_HEIGHT]);
  });
  it('gives a PDF that parses and contains the title of the statistic', async () => {
    const res = await get(url('pdf', 'wasteFractionsSet'), registered);
    expect(res.statusCode, res.body).toBe(404); // no fractions in the fixture for Veneto: said, not drawn empty
    const pdf = (await get(url('pdf'), registered)).rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('Rifiuti urbani prodotti');
    expect(text).toContain('Veneto');
    expect(text).toContain('Osservatorio Raccolta Differenziata');
    await doc.destroy();
  });
});

describe('csv helpers', () => {
  it('escapes formulas, formats decimal commas and makes safe file names', () => {
    expect(escapeFormula('=1+1')).toBe("'=1+1");
    expect(escapeFormula('-3')).toBe("'-3");
    expect(escapeFormula('Bari')).toBe('Bari');
    expect(formatNumber(1234.5, 3)).toBe('1234,5');
    expect(formatNumber(12, 2)).toBe('12');
    expect(formatNumber(-0.0001, 2)).toBe('0');
    expect(safeFileName(['Forlì-Cesena', '"; rm -rf', 2024], 'csv')).toBe('forli-cesena-rm-rf-2024.csv');
  });
});
