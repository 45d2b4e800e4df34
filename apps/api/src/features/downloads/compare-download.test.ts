import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import {
  AreaStatsSchema,
  CityStatsSchema,
  CompareDownloadQuerySchema,
  parseAreaKey,
  type AreaStats,
} from '@portal/contract';
import { COMPARE_COLORS, compareTableOf } from '@portal/charts';
import type { App } from '../../app';
import { runAccountsCommand } from '../../cli/accounts-commands';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { insertGeoFixture } from '../../../test/fixtures';
import { client, PASSWORD, signIn, testConfig } from '../../../test/accounts';
import { LIMITS } from '../../plugins/rate-limit';
import { recomputeAggregates } from '../../importer/aggregates';
import { comparePicture, IMAGE_HEIGHT, IMAGE_WIDTH, renderSvg } from './render';

/**
 * GET /api/stats/compare/download/: the chart of /confronta as png, jpg and pdf (decision 061). Palermo
 * has three years of tonnes, Abano Terme (Veneto) a 2023 % without tonnes (Veneto's 2023 is an estimate)
 * and 2024: a comparison of Palermo, Veneto and Italy runs 2022–2024 with a gap for Veneto in 2022.
 */
let t: TestDb;
let app: App;
let registered: string;
let userId: string;
let licensed: string;
let licensedId: string;

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig() }));
  await insertGeoFixture(t.db);
  await t.db.exec(`
    INSERT INTO waste_stats (city_id, year, population, produced_t, sorted_t, rd_pct, source, source_rank)
      VALUES ('082053', 2024, 625956, 361203.856, 62644.786, NULL, 'ispra-comuni', 3),
             ('082053', 2023, 630000, 370000, 60000, NULL, 'ispra-comuni', 3),
             ('082053', 2022, 640000, 380000, 51000, NULL, 'ispra-comuni', 3),
             ('082046', 2024, 38000, 17000.5, 9000.25, NULL, 'ispra-comuni', 3);
  `);
  await recomputeAggregates(t.db);
  await runAccountsCommand(
    t.db,
    ['user', 'create', '--email', 'cmp@example.it', '--password', PASSWORD, '--verified'],
    () => {},
  );
  registered = await signIn(app, 'cmp@example.it');
  const [user] = await t.db.query<{ id: string }>(
    "SELECT id::text AS id FROM users WHERE email = 'cmp@example.it'",
  );
  userId = user!.id;
  await runAccountsCommand(
    t.db,
    ['user', 'create', '--email', 'cmp-lic@example.it', '--password', PASSWORD, '--verified'],
    () => {},
  );
  await runAccountsCommand(t.db, ['license', 'approve', 'cmp-lic@example.it'], () => {});
  licensed = await signIn(app, 'cmp-lic@example.it');
  const [lic] = await t.db.query<{ id: string }>(
    "SELECT id::text AS id FROM users WHERE email = 'cmp-lic@example.it'",
  );
  licensedId = lic!.id;
});

beforeEach(async () => {
  await app.rateLimiter.reset(LIMITS.downloadImagesUser, userId);
  await app.rateLimiter.reset(LIMITS.downloadCsvUser, licensedId);
});

const get = (url: string, token?: string) => client(app).get(url, token ? { token } : {});
const AREE = 'comune:082053,regione:05,italia';
const url = (format: string, aree = AREE, rest = '') =>
  `/api/stats/compare/download/?format=${format}&aree=${aree}${rest}`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** How many pixels of the image have exactly this colour (#rrggbb). */
async function pixelsOf(image: Buffer, hex: string): Promise<number> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i] === r && data[i + 1] === g && data[i + 2] === b) n++;
  }
  return n;
}

async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const page = await doc.getPage(1);
  const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
  await doc.destroy();
  return text;
}

describe('GET /api/stats/compare/download/', () => {
  it('answers 401 to anonymous requests, whatever their parameters', async () => {
    for (const u of [url('png'), url('pdf', 'regione:5'), '/api/stats/compare/download/', url('csv')]) {
      const res = await get(u);
      expect(res.statusCode, u).toBe(401);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('refuses territories and measures the page would not draw, in Italian (400)', async () => {
    const cases: [string, Record<string, string[]>][] = [
      [
        '/api/stats/compare/download/?format=png',
        { aree: ['Indicare da 1 a 5 territori, ad esempio comune:015146,regione:05,italia.'] },
      ],
      [
        url('png', ''),
        { aree: ['Indicare da 1 a 5 territori, ad esempio comune:015146,regione:05,italia.'] },
      ],
      [
        url('png', 'regione:5,italia,paese:IT'),
        {
          aree: [
            '«regione:5», «paese:IT»: non è un territorio; si scrive ad esempio comune:015146, provincia:028, regione:05 o italia.',
          ],
        },
      ],
      [
        url('png', 'italia,regione:05,regione:19,provincia:028,provincia:082,comune:082053'),
        { aree: ['Si possono confrontare al massimo 5 territori.'] },
      ],
      [url('png', AREE, '&misura=litri'), { misura: ['Dato non valido: rd, kg o tonnellate.'] }],
      [url('gif'), { format: ['Formato non valido: pdf, png, jpg o csv.'] }],
    ];
    for (const [u, body] of cases) {
      const res = await get(u, registered);
      expect(res.statusCode, u).toBe(400);
      expect(res.json(), u).toEqual(body);
    }
    // Unknown parameters are refused, as by the statistic's download.
    const extra = await get(url('png', AREE, '&level=region'), registered);
    expect(extra.statusCode).toBe(400);
  });

  it('reads `aree` as the page does: the same territories, a repeated one once', () => {
    const q = CompareDownloadQuerySchema.parse({
      format: 'png',
      aree: ' Comune:082053,regione:05,REGIONE:05 ,italia',
    });
    expect(q.aree).toEqual([
      parseAreaKey('comune:082053'),
      parseAreaKey('regione:05'),
      parseAreaKey('italia'),
    ]);
    expect(q.misura).toBe('rd');
  });

  it('answers 404 for an unknown territory or no figure at all', async () => {
    const unknown = await get(url('png', 'comune:999999,italia'), registered);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toMatch(/^Non esiste un comune con codice ISTAT 999999/);
    const none = await get(url('png', 'comune:025075', '&misura=kg'), registered);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'Nessun dato di questo tipo per i territori scelti.' });
  });

  it('gives a PNG of the right size, with one line per territory, named in Italian', async () => {
    const res = await get(url('png'), registered);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="confronto-raccolta-differenziata-palermo-pa-veneto-italia-2022-2024.png"',
    );
    const png = res.rawPayload;
    expect(png.subarray(0, 8)).toEqual(PNG);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([IMAGE_WIDTH, IMAGE_HEIGHT]);
    // The colours of the first three territories are drawn (lines, markers, legend), the fourth's is not.
    for (const colour of COMPARE_COLORS.slice(0, 3))
      expect(await pixelsOf(png, colour), colour).toBeGreaterThan(50);
    expect(await pixelsOf(png, COMPARE_COLORS[3])).toBe(0);
    const two = (await get(url('png', 'comune:082053,italia'), registered)).rawPayload;
    expect(await pixelsOf(two, COMPARE_COLORS[1])).toBeGreaterThan(50);
    expect(await pixelsOf(two, COMPARE_COLORS[2])).toBe(0);
  });

  it('gives a JPEG of the right size and a PDF with the title, the territories, the years and the source', async () => {
    const jpg = (await get(url('jpg', AREE, '&misura=kg'), registered)).rawPayload;
    expect(jpg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const meta = await sharp(jpg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', IMAGE_WIDTH, IMAGE_HEIGHT]);

    const res = await get(url('pdf', AREE, '&misura=tonnellate'), registered);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="confronto-rifiuti-prodotti-palermo-pa-veneto-italia-2022-2024.pdf"',
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5000);
    const text = await pdfText(pdf);
    expect(text).toContain('I rifiuti urbani prodotti negli anni');
    expect(text).toContain('Palermo (PA), Veneto e Italia · 2022–2024');
    expect(text).toContain('Osservatorio Raccolta Differenziata');
    expect(text).toMatch(/Fonte: ISPRA/);
  });

  it('names a province "Provincia di …" apart from its capoluogo, in the file name and in the picture', async () => {
    const res = await get(url('pdf', 'provincia:082,comune:082053'), registered);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="confronto-raccolta-differenziata-provincia-di-palermo-palermo-pa-2022-2024.pdf"',
    );
    expect(await pdfText(res.rawPayload)).toContain('Provincia di Palermo e Palermo (PA) · 2022–2024');
    // A single statistic of the province says so under its title.
    const one = await get(
      '/api/stats/download/?format=pdf&statistic=totalWasteSorted&level=province&id=082&year=2024',
      registered,
    );
    expect(one.statusCode, one.body).toBe(200);
    expect(await pdfText(one.rawPayload)).toContain('Provincia di Palermo · 2024');
  });

  it('prints the table of the values after the chart in the PDF, as the page shows it (issue 35, point 16)', async () => {
    const res = await get(url('pdf', AREE, '&misura=tonnellate'), registered);
    expect(res.statusCode).toBe(200);
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(res.rawPayload), useSystemFonts: false })
      .promise;
    expect(doc.numPages).toBe(2);
    const page = await doc.getPage(2);
    const lines = new Map<number, string[]>();
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5]);
      lines.set(y, [...(lines.get(y) ?? []), item.str]);
    }
    await doc.destroy();
    const rows = [...lines.entries()].sort((a, b) => b[0] - a[0]).map(([, cells]) => cells.join(' | '));
    expect(rows[0]).toBe('I valori del grafico (tonnellate)');
    expect(rows[1]).toBe('Anno | Palermo (PA) | Veneto | Italia');
    // Palermo's own tonnes; Veneto (Abano Terme) has tonnes in 2024 only (15.453,7 t); Italy has the
    // tonnes of every comune with data in 2024 only (361.203,856 + 17.000,5 + 15.453,7 t).
    expect(rows.slice(2, 5)).toEqual([
      '2022 | 380.000,0 | — | —',
      '2023 | 370.000,0 | — | —',
      '2024 | 361.203,9 | 15.453,7 | 393.658,1',
    ]);
    expect(rows.join('\n')).toContain('«—»: nessun dato per quell’anno');
  });

  it("marks a comune's figure anomalous in the source in the PDF's table, with the note of its figures (decision 070)", async () => {
    // Palermo's 2023 flagged as the importer would (a plausibility rule's row): the values stay as published.
    await t.db.exec(`
      INSERT INTO source_anomalies (city_id, year, reasons, produced_t, population, population_year, kg_per_capita, rd_pct)
        VALUES ('082053', 2023, '{fullRd}', 370000, 630000, NULL, 587.3, 99.8);
    `);
    try {
      const stats = CityStatsSchema.parse((await get('/api/stats/cities/city/082053/')).json());
      expect(stats.sourceAnomalies.map((a) => a.year)).toEqual([2023]);
      const res = await get(url('pdf', AREE, '&misura=tonnellate'), registered);
      expect(res.statusCode).toBe(200);
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      const doc = await pdfjs.getDocument({ data: new Uint8Array(res.rawPayload), useSystemFonts: false })
        .promise;
      const page = await doc.getPage(2);
      const text = (await page.getTextContent()).items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ');
      await doc.destroy();
      expect(text).toContain('370.000,0 ⚠');
      expect(text).not.toContain('380.000,0 ⚠');
      expect(text).toContain(
        '⚠ Dato anomalo nella fonte per Palermo (PA) nel 2023: 99,8 % di raccolta differenziata',
      );
    } finally {
      await t.db.exec(`DELETE FROM source_anomalies WHERE city_id = '082053'`);
    }
  });

  it('draws the series of the page: one line per territory, from the statistics the page reads', async () => {
    const stats = await Promise.all([
      get('/api/stats/cities/city/082053/').then((r) => CityStatsSchema.parse(r.json()) as AreaStats),
      get('/api/stats/overall/?region=05').then((r) => AreaStatsSchema.parse(r.json())),
      get('/api/stats/overall/').then((r) => AreaStatsSchema.parse(r.json())),
    ]);
    const names = ['Palermo (PA)', 'Veneto', 'Italia'];
    const table = compareTableOf(
      'rd',
      stats.map((s, i) => ({ name: names[i]!, stats: s })),
      'più fonti',
    );
    expect(table.years).toEqual([2022, 2023, 2024]);
    expect(table.columns[1]!.values[0]).toBeNull(); // Veneto has no 2022: a gap, never a zero
    const option = comparePicture(table) as {
      series: { type: string; name: string }[];
      legend: { data: { name: string }[] };
    };
    expect(option.series.map((s) => [s.type, s.name])).toEqual(names.map((n) => ['line', n]));
    expect(option.legend.data.map((d) => d.name)).toEqual(names);
    const svg = renderSvg(option, { title: 'T', subtitle: 'S', source: 'F' });
    for (const [i, colour] of COMPARE_COLORS.entries()) {
      const lines =
        svg.match(
          new RegExp(
            `<path[^>]*stroke="${colour}"[^>]*fill="none"|<path[^>]*fill="none"[^>]*stroke="${colour}"`,
            'gi',
          ),
        ) ?? [];
      if (i < 3) expect(lines.length, colour).toBeGreaterThan(0);
      else expect(lines.length, colour).toBe(0);
    }
  });

  it('logs each download with the territories as the URL writes them', async () => {
    await get(url('png'), registered);
    const [row] = await t.db.query<{ format: string; query: unknown; row_count: number | null }>(
      'SELECT format, query, row_count FROM downloads_log ORDER BY id DESC LIMIT 1',
    );
    expect(row).toEqual({
      format: 'png',
      query: { format: 'png', aree: AREE, misura: 'rd' },
      row_count: null,
    });
  });

  it('counts against the images of the hour, with the statistic downloads', async () => {
    for (let i = 0; i < LIMITS.downloadImagesUser.max - 1; i++) {
      await app.rateLimiter.consume(LIMITS.downloadImagesUser, userId);
    }
    expect((await get(url('png', 'italia'), registered)).statusCode).toBe(200);
    const over = await get(url('png', 'italia'), registered);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toHaveProperty('detail');
  });
});

describe('GET /api/stats/compare/download/?format=csv (the table of /confronta)', () => {
  /** The cells of one of our CSV files: BOM, CRLF, ';' (no quoted cell here). */
  const records = (body: string) => {
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const [header, ...lines] = body.slice(1).trimEnd().split('\r\n');
    const names = header!.split(';');
    return lines.map((l) => Object.fromEntries(l.split(';').map((c, i) => [names[i], c])));
  };
  const two = (v: number) => String(Math.round(v * 100) / 100).replace('.', ',');

  it('answers 401 anonymous and 403 without an active licence, before any parameter check', async () => {
    for (const u of [url('csv'), url('csv', 'regione:5'), `${url('png')}&format=csv`]) {
      expect((await get(u)).statusCode, u).toBe(401);
      const res = await get(u, registered);
      expect(res.statusCode, u).toBe(403);
      expect(res.json()).toEqual({
        detail:
          "Per scaricare i dati in CSV serve una licenza d'uso attiva: richiedila dalla pagina Profilo.",
      });
    }
    const bad = await get(url('csv', 'regione:5'), licensed);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().aree[0]).toMatch(/regione:5/);
    expect((await get(url('csv', 'regione:07'), licensed)).statusCode).toBe(404);
  });

  it('gives a row per territory and year of the table, against the stored rows', async () => {
    const res = await get(url('csv'), licensed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="confronto-raccolta-differenziata-palermo-pa-veneto-italia-2022-2024-${day}.csv"`,
    );
    // The CSV budget, not the pictures'.
    expect(res.headers['ratelimit-limit']).toBe(String(LIMITS.downloadCsvUser.max));
    const rows = records(res.body);
    expect(Object.keys(rows[0]!)).toEqual([
      'anno',
      'territorio',
      'livello',
      'codice_istat',
      'misura',
      'unita',
      'valore',
      'stima',
      'fonte',
      'dato_anomalo_fonte',
    ]);
    expect(rows.map((r) => [r.territorio, r.anno])).toEqual(
      ['Palermo (PA)', 'Veneto', 'Italia'].flatMap((n) => ['2022', '2023', '2024'].map((y) => [n, y])),
    );
    // Palermo: its tonnes, as the source gives them.
    const palermo = await t.db.query<{ year: number; pct: number }>(
      "SELECT year, sorted_t * 100 / produced_t AS pct FROM waste_stats WHERE city_id = '082053' ORDER BY year",
    );
    expect(rows.filter((r) => r.codice_istat === '082053')).toEqual(
      palermo.map((p) => ({
        anno: String(p.year),
        territorio: 'Palermo (PA)',
        livello: 'comune',
        codice_istat: '082053',
        misura: '% raccolta differenziata',
        unita: '%',
        valore: two(p.pct),
        stima: '',
        fonte: 'ISPRA',
        dato_anomalo_fonte: '',
      })),
    );
    // Veneto: its stored totals; no 2022 figure (empty, never 0); an estimated % says so.
    const veneto = await t.db.query<{ year: number; rd_pct: number; rd_pct_method: string }>(
      "SELECT year, rd_pct, rd_pct_method FROM area_stats WHERE level = 'region' AND area_id = '05'",
    );
    const venetoRows = rows.filter((r) => r.codice_istat === '05');
    expect(venetoRows.find((r) => r.anno === '2022')).toMatchObject({ valore: '', fonte: '', stima: '' });
    for (const v of veneto) {
      const row = venetoRows.find((r) => r.anno === String(v.year))!;
      expect(row.valore).toBe(two(v.rd_pct));
      expect(row.stima).toBe(
        v.rd_pct_method === 'estimate' ? 'stima: percentuali dei comuni pesate sulla produzione' : '',
      );
    }
    expect(veneto.some((v) => v.rd_pct_method === 'estimate')).toBe(true);
    expect(rows.filter((r) => r.livello === 'italia' && r.codice_istat === '')).toHaveLength(3);
    await vi.waitFor(
      async () => {
        const [log] = await t.db.query<{ format: string; query: unknown; row_count: number }>(
          'SELECT format, query, row_count FROM downloads_log ORDER BY id DESC LIMIT 1',
        );
        expect(log).toEqual({
          format: 'csv',
          row_count: 9,
          query: { format: 'csv', export: 'confronta', aree: AREE, misura: 'rd' },
        });
      },
      { timeout: 1000, interval: 20 },
    );
  });

  it('gives the tonnes with three decimals and the kg with the population they divide by', async () => {
    const tonnes = records((await get(url('csv', 'comune:082053', '&misura=tonnellate'), licensed)).body);
    const stored = await t.db.query<{ year: number; produced_t: number }>(
      "SELECT year, produced_t FROM waste_stats WHERE city_id = '082053' ORDER BY year",
    );
    expect(tonnes.map((r) => [r.anno, r.valore, r.unita])).toEqual(
      stored.map((s) => [String(s.year), String(s.produced_t).replace('.', ','), 't']),
    );
    const kg = records((await get(url('csv', 'comune:082053', '&misura=kg'), licensed)).body);
    const people = await t.db.query<{ year: number; kg: number }>(
      "SELECT year, produced_t * 1000 / population AS kg FROM waste_stats WHERE city_id = '082053' ORDER BY year",
    );
    expect(kg.map((r) => [r.anno, r.valore, r.unita, r.stima])).toEqual(
      people.map((p) => [String(p.year), two(p.kg), 'kg/ab', '']),
    );
  });
});
