import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { Resvg } from '@resvg/resvg-js';
import type { AreaStats, CityStats, StatisticKind } from '@portal/contract';
import { formatChange, formatValue } from '@portal/charts';
import type { App } from '../../app';
import { runAccountsCommand } from '../../cli/accounts-commands';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { insertGeoFixture } from '../../../test/fixtures';
import { client, PASSWORD, signIn, testConfig } from '../../../test/accounts';
import { escapeFormula, formatNumber, safeFileName } from '../../lib/csv';
import { LIMITS, type Limit } from '../../plugins/rate-limit';
import { RVM_CSV_COLUMNS } from '../rvm/rvm.csv';
import {
  FONTS,
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  measureText,
  renderSvg,
  statisticPicture,
  svgToPdf,
  tableOption,
  wrapText,
} from './render';
import { recomputeAggregates } from '../../importer/aggregates';

let t: TestDb;
let app: App;
let registered: string;
let licensed: string;
const userIds: string[] = [];

const quiet = () => {};

/**
 * The geography of test/fixtures.ts plus, for Sicily (region 19, province 082), three years of two comuni
 * with tonnes; fractions, collection modes and prevention actions chosen so that each filter keeps a
 * strict, non-empty part of the rows; and five reverse vending machines of two operators.
 */
beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig() }));
  await insertGeoFixture(t.db);
  await t.db.exec(`
    INSERT INTO waste_fractions (id, name, color, eer_codes, position) VALUES
      ('carta-cartone', 'Carta e cartone', '#1e88e5', '{200101}', 1), ('vetro', 'Vetro', '#00897b', '{150107}', 2);
    INSERT INTO sorting_types (id, name, description, position) VALUES
      ('porta-a-porta', 'Porta a porta', 'Ritiro a domicilio.', 1),
      ('stradale', 'Stradale', 'Contenitori in strada.', 2);
    INSERT INTO action_categories (id, name, description, position) VALUES
      ('compostaggio', 'Compostaggio domestico', 'Compostiere.', 1),
      ('riuso', 'Centri del riuso', 'Riuso di beni.', 2);
    INSERT INTO waste_stats (city_id, year, population, produced_t, sorted_t, rd_pct, aggregation_name, source, source_rank)
      VALUES ('082053', 2024, 625956, 361203.856, 62644.786, NULL, '=HYPERLINK("http://x")', 'ispra-comuni', 3),
             ('082046', 2024, 38000, 17000.5, 9000.25, NULL, NULL, 'ispra-comuni', 3),
             ('082053', 2023, 630000, 370000, 60000, NULL, NULL, 'ispra-comuni', 3),
             ('082046', 2023, 38100, 17100, 8800, NULL, NULL, 'ispra-comuni', 3),
             ('082053', 2022, 640000, 380000, 51000, NULL, NULL, 'ispra-comuni', 3),
             ('082046', 2022, 38200, 17200, 8100, NULL, NULL, 'ispra-comuni', 3);
    UPDATE waste_stats SET cost_per_capita = 187.456 WHERE city_id = '082053' AND year = 2024;
    INSERT INTO waste_fraction_stats (city_id, year, fraction_id, tonnes) VALUES
      ('082053', 2024, 'carta-cartone', 19798.559), ('082053', 2024, 'vetro', 6531.225),
      ('082053', 2023, 'carta-cartone', 18000), ('082053', 2022, 'carta-cartone', 17000),
      ('082046', 2023, 'vetro', 0), ('028001', 2024, 'carta-cartone', 1500);
    INSERT INTO city_sorting_types (city_id, sorting_type_id, fraction_id) VALUES
      ('082053', 'porta-a-porta', 'carta-cartone'), ('082053', 'porta-a-porta', 'vetro'),
      ('082053', 'stradale', 'vetro'), ('028001', 'stradale', 'carta-cartone');
    INSERT INTO city_actions (city_id, category_id, title, started_year) VALUES
      ('082053', 'compostaggio', 'Compostiere domestiche', 2024),
      ('082046', 'riuso', 'Centro del riuso', 2020),
      ('028001', 'compostaggio', 'Compostaggio di comunità', 2015);
    INSERT INTO rvm_operators (id, name) VALUES (1, 'EcoGest Sud'), (2, 'Riciclo Nord-Est');
    INSERT INTO rvm_machines (id, operator_id, city_id, address, cap, latitude, longitude, installed_on, active, demo)
      VALUES ('RVM-A', 1, '082053', 'Via Libertà 1', '90100', 38.12, 13.36, '2021-03-01', true, false),
             ('RVM-B', 2, '082053', 'Piazza Verdi 2', '90100', 38.11, 13.35, '2022-06-01', true, true),
             ('RVM-C', 1, '082046', 'Via Roma 3', '90046', 38.08, 13.29, '2023-01-15', false, true),
             ('RVM-D', 2, '028060', 'Via Padova 4', '35100', 45.41, 11.88, '2022-01-01', true, true),
             ('RVM-E', 1, '028001', 'Via Terme 5', '35031', 45.36, 11.79, '2024-05-01', true, true);
    INSERT INTO rvm_yearly (machine_id, year, pieces, kg) VALUES
      ('RVM-A', 2021, 100, 10.5), ('RVM-A', 2022, 200, 20.5), ('RVM-A', 2023, 300, 30.5), ('RVM-A', 2024, 400, 40.5),
      ('RVM-B', 2022, 50, 5), ('RVM-B', 2023, 60, 6), ('RVM-C', 2023, 70, 7), ('RVM-C', 2024, 80, 8),
      ('RVM-D', 2022, 90, 9), ('RVM-D', 2024, 95, 9.5);
  `);
  // What an import does after writing the rows: the sums of the areas, the distributions, the CSV lines.
  await recomputeAggregates(t.db);
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
  const users = await t.db.query<{ id: string }>('SELECT id::text AS id FROM users');
  userIds.push(...users.map((u) => u.id));
});

// Each test starts with fresh download budgets; the limits have their own test.
beforeEach(async () => {
  for (const id of userIds) {
    await app.rateLimiter.reset(LIMITS.downloadImagesUser, id);
    await app.rateLimiter.reset(LIMITS.downloadCsvUser, id);
    await app.rateLimiter.reset(LIMITS.downloadCountUser, id);
  }
});

const get = (url: string, token?: string) => client(app).get(url, token ? { token } : {});
const today = () => new Date().toISOString().slice(0, 10);

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

/** "id|year" keys, sorted, of the rows a hand-written query selects. */
async function expectedKeys(sql: string): Promise<string[]> {
  const rows = await t.db.query<{ k: string }>(sql);
  return rows.map((r) => r.k).sort();
}

async function lastLogId(): Promise<number> {
  const [row] = await t.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM downloads_log');
  return row!.id;
}

// The row count of a CSV is known once the file is sent, so its log row lands just after the answer.
const LOG_POLL = { timeout: 1000, interval: 20 };

describe('GET /api/stats/download/ permissions', () => {
  it('answers 401 to anonymous requests whatever their parameters', async () => {
    for (const url of [
      '/api/stats/download/?format=csv',
      '/api/stats/download/?format=png&statistic=totalWasteProduced',
      '/api/stats/download/?format=nonsense&level=planet',
      '/api/stats/download/?format=csv&source=2&operator=999',
      '/api/stats/download/?format=csv&format=csv',
      '/api/stats/download/count/?format=csv',
      '/api/stats/download/count/?format=csv&source=2',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toHaveProperty('detail');
    }
  });
  it('answers 403 to a registered user without an active licence for CSV, whatever the parameters', async () => {
    for (const url of [
      '/api/stats/download/?format=csv',
      '/api/stats/download/?format=csv&source=2',
      '/api/stats/download/?format=csv&source=2&waste_fraction=vetro&years=1800',
      // A repeated format is still a CSV request: the licence is checked before the parameters.
      '/api/stats/download/?format=csv&format=csv',
      '/api/stats/download/?format=png&format=csv',
      '/api/stats/download/?format=CSV',
      '/api/stats/download/count/?format=csv&level=region&id=19',
      '/api/stats/download/count/?format=csv&source=2&level=planet',
    ]) {
      const res = await get(url, registered);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().detail).toMatch(/licenza d'uso attiva/);
    }
  });
  it('checks the parameters once the role is checked', async () => {
    const repeated = await get('/api/stats/download/?format=csv&format=csv', licensed);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toEqual({ format: ['Formato non valido: pdf, png, jpg o csv.'] });
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

describe('year parameters', () => {
  const cases: [string, string, Record<string, string[]>][] = [
    ['csv', 'year=1800', { year: ['Anno non valido: tra 1990 e 2100.'] }],
    ['csv', 'year=2101', { year: ['Anno non valido: tra 1990 e 2100.'] }],
    ['csv', 'year=abc', { year: ['Anno non valido: tra 1990 e 2100.'] }],
    ['csv', 'year=2023.5', { year: ['Anno non valido: tra 1990 e 2100.'] }],
    ['csv', 'years=2022,1890', { years: ['Anno non valido: 1890 (tra 1990 e 2100).'] }],
    ['csv', 'years=2022,9999', { years: ['Anno non valido: 9999 (tra 1990 e 2100).'] }],
    ['csv', 'years=2022;2023', { years: ['Anni non validi: elenco separato da virgole, es. 2022,2023.'] }],
    ['csv', 'year=2022&years=2023', { years: ['Indicare year oppure years, non entrambi.'] }],
    [
      'csv',
      'compareYear=2022',
      { compareYear: ["L'anno di confronto vale solo per le immagini (pdf, png, jpg)."] },
    ],
    [
      'png&statistic=totalWasteSorted',
      'compareYear=1066',
      { compareYear: ['Anno di confronto non valido: tra 1990 e 2100.'] },
    ],
    [
      'png&statistic=totalWasteSorted',
      'years=2023,2024',
      { years: ["Per un'immagine indicare un solo anno."] },
    ],
  ];
  it.each(cases)('format=%s&%s → 400 with the Italian message', async (format, params, body) => {
    const res = await get(`/api/stats/download/?format=${format}&${params}`, licensed);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });
});

describe('CSV export (collection data)', () => {
  it('gives exactly the rows the database holds for the filters, as the count says', async () => {
    const res = await get('/api/stats/download/?format=csv&level=region&id=19&years=2024', licensed);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="raccolta-differenziata-regione-19-anno-2024-${today()}.csv"`,
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
      // 361203.856 t × 1000 / 625956 inhabitants = 577.0435… kg
      rifiuti_urbani_kg_abitante: '577,04',
      raccolta_differenziata_t: '62644,786',
      raccolta_differenziata_percentuale: '17,34',
      raccolta_differenziata_kg_abitante: '100,08',
      costo_servizio_euro_abitante: '187,46',
      'carta-cartone_t': '19798,559',
      vetro_t: '6531,225',
    });
    // A cell a spreadsheet would run as a formula is escaped.
    expect(palermo.aggregazione).toBe(`"'=HYPERLINK(""http://x"")"`);
    const count = await get('/api/stats/download/count/?format=csv&level=region&id=19&years=2024', licensed);
    expect(count.json()).toEqual({ rows: 2 });
  });

  it('names the file in Italian words after what it holds', async () => {
    const res = await get(
      '/api/stats/download/?format=csv&years=2024,2023&waste_fraction=carta-cartone&sorting_type=stradale&actions_category=compostaggio',
      licensed,
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="raccolta-differenziata-italia-anni-2023-2024-frazione-carta-cartone-modalita-stradale-azioni-compostaggio-${today()}.csv"`,
    );
    const city = await get('/api/stats/download/?format=csv&level=province&id=082', licensed);
    expect(city.headers['content-disposition']).toBe(
      `attachment; filename="raccolta-differenziata-provincia-082-${today()}.csv"`,
    );
  });

  const ROWS = `SELECT w.city_id || '|' || w.year AS k FROM waste_stats w JOIN cities c ON c.id = w.city_id`;
  const hasFraction = (id: string) =>
    `EXISTS (SELECT 1 FROM waste_fraction_stats f
              WHERE f.city_id = w.city_id AND f.year = w.year AND f.fraction_id = '${id}' AND f.tonnes > 0)`;
  const usesMode = (id: string) =>
    `w.city_id IN (SELECT city_id FROM city_sorting_types WHERE sorting_type_id = '${id}')`;
  const hadAction = (id: string) =>
    `EXISTS (SELECT 1 FROM city_actions a
              WHERE a.city_id = w.city_id AND a.category_id = '${id}' AND a.started_year <= w.year)`;
  // Italy's years in the fixture, as its page and the form list them: 2022 has two comuni of three.
  const italyYears = 'w.year IN (2023, 2024)';
  const filterCases: [string, string][] = [
    ['waste_fraction=vetro', `${hasFraction('vetro')} AND ${italyYears}`],
    ['waste_fraction=carta-cartone', `${hasFraction('carta-cartone')} AND ${italyYears}`],
    ['sorting_type=porta-a-porta', `${usesMode('porta-a-porta')} AND ${italyYears}`],
    ['sorting_type=stradale', `${usesMode('stradale')} AND ${italyYears}`],
    ['actions_category=compostaggio', `${hadAction('compostaggio')} AND ${italyYears}`],
    ['actions_category=riuso', `${hadAction('riuso')} AND ${italyYears}`],
    [
      'waste_fraction=carta-cartone&sorting_type=stradale&years=2023,2024',
      `${hasFraction('carta-cartone')} AND ${usesMode('stradale')} AND w.year IN (2023, 2024)`,
    ],
    [
      'level=region&id=19&actions_category=compostaggio&sorting_type=porta-a-porta&years=2022,2024',
      `c.region_id = '19' AND ${hadAction('compostaggio')} AND ${usesMode('porta-a-porta')} AND w.year IN (2022, 2024)`,
    ],
    ['level=province&id=082&year=2023', `c.province_id = '082' AND w.year = 2023`],
  ];
  it.each(filterCases)(
    '%s: exactly the rows a hand-written query selects, a strict non-empty part, as /count/ says',
    async (params, where) => {
      const expected = await expectedKeys(`${ROWS} WHERE ${where}`);
      const [all] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM waste_stats');
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all!.n);
      const res = await get(`/api/stats/download/?format=csv&${params}`, licensed);
      expect(res.statusCode).toBe(200);
      const got = parse(res.body)
        .map((r) => `${r.codice_istat}|${r.anno}`)
        .sort();
      expect(got).toEqual(expected);
      const count = await get(`/api/stats/download/count/?format=csv&${params}`, licensed);
      expect(count.json()).toEqual({ rows: expected.length });
    },
  );

  it('keeps a comune-year for actions_category only when an action of that category had started by then', async () => {
    // Palermo has had its composting action since 2024: its 2022 and 2023 rows are not kept.
    const rows = parse(
      (
        await get(
          '/api/stats/download/?format=csv&level=city&id=082053&actions_category=compostaggio',
          licensed,
        )
      ).body,
    );
    expect(rows.map((r) => r.anno)).toEqual(['2024']);
  });

  it('gives without years the years the form lists: Italy leaves out those of part of the country', async () => {
    // Italy's page and the form list 2023 and 2024 only (2022: two comuni of three): "Tutti gli anni
    // disponibili" is those, in the file and in its count, as the form says.
    const italy = (await get('/api/stats/overall/')).json() as AreaStats;
    expect(italy.availableYears).toEqual([2023, 2024]);
    const all = parse((await get('/api/stats/download/?format=csv', licensed)).body);
    const [n] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM waste_stats WHERE year = ANY($1::int[])',
      [italy.availableYears],
    );
    expect(all).toHaveLength(n!.n);
    expect([...new Set(all.map((r) => r.anno))].sort()).toEqual(['2023', '2024']);
    expect((await get('/api/stats/download/count/?format=csv', licensed)).json()).toEqual({ rows: n!.n });
    // Sicily has all three years, 2022 included; asked for, Italy's 2022 is given too.
    const sicily = parse((await get('/api/stats/download/?format=csv&level=region&id=19', licensed)).body);
    expect([...new Set(sicily.map((r) => r.anno))].sort()).toEqual(['2022', '2023', '2024']);
    const asked = parse((await get('/api/stats/download/?format=csv&years=2022', licensed)).body);
    expect(asked.map((r) => r.anno)).toEqual(['2022', '2022']);
    const city = parse(
      (await get('/api/stats/download/?format=csv&level=city&id=028001&year=2023', licensed)).body,
    );
    expect(city).toHaveLength(1);
    expect(city[0]).toMatchObject({
      anno: '2023',
      rifiuti_urbani_t: '',
      rifiuti_urbani_kg_abitante: '',
      raccolta_differenziata_percentuale: '76,95',
    });
  });

  it('refuses filter values that name nothing, in Italian, on the CSV and its count', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['waste_fraction=plastica', { waste_fraction: ['Frazione sconosciuta.'] }],
      ['sorting_type=a-domicilio', { sorting_type: ['Modalità di raccolta sconosciuta.'] }],
      ['actions_category=nessuna', { actions_category: ['Categoria di azioni di prevenzione sconosciuta.'] }],
      [
        'waste_fraction=plastica&actions_category=nessuna',
        {
          waste_fraction: ['Frazione sconosciuta.'],
          actions_category: ['Categoria di azioni di prevenzione sconosciuta.'],
        },
      ],
      [
        'operator=1',
        { operator: ['Il gestore si sceglie solo con i dati degli ecocompattatori (source=2).'] },
      ],
    ];
    for (const [params, body] of cases) {
      for (const path of ['/api/stats/download/', '/api/stats/download/count/']) {
        const res = await get(`${path}?format=csv&${params}`, licensed);
        expect(res.statusCode, `${path} ${params}`).toBe(400);
        expect(res.json()).toEqual(body);
      }
    }
  });

  it('logs every download: who, what, when', async () => {
    const before = await lastLogId();
    const logged = (format: string) =>
      t.db.query<{ row_count: number | null; email: string; recent: boolean }>(
        `SELECT d.row_count, u.email, d.created_at > now() - interval '1 minute' AS recent
           FROM downloads_log d JOIN users u ON u.id = d.user_id
          WHERE d.id > $1 AND d.format = $2 AND d.query->>'level' = 'province' AND d.query->>'id' = '082'
            AND ($2 <> 'csv' OR d.query->>'sorting_type' = 'porta-a-porta')`,
        [before, format],
      );
    await get('/api/stats/download/?format=csv&level=province&id=082&sorting_type=porta-a-porta', licensed);
    await expect
      .poll(() => logged('csv'), LOG_POLL)
      .toEqual([{ row_count: 3, email: 'lic@example.it', recent: true }]);
    await get('/api/stats/download/?format=png&statistic=totalWasteSorted&level=province&id=082', registered);
    expect(await logged('png')).toEqual([{ row_count: null, email: 'reg@example.it', recent: true }]);
  });
});

describe('CSV export of the reverse vending machines (source=2)', () => {
  const MACHINE_ROWS = `SELECT m.id || '|' || coalesce(y.year::text, '') AS k
    FROM rvm_machines m JOIN cities c ON c.id = m.city_id`;
  const rvmCases: [string, string][] = [
    ['', `${MACHINE_ROWS} LEFT JOIN rvm_yearly y ON y.machine_id = m.id`],
    [
      'level=region&id=19',
      `${MACHINE_ROWS} LEFT JOIN rvm_yearly y ON y.machine_id = m.id WHERE c.region_id = '19'`,
    ],
    [
      'years=2022,2023',
      `${MACHINE_ROWS} JOIN rvm_yearly y ON y.machine_id = m.id WHERE y.year IN (2022, 2023)`,
    ],
    ['operator=2', `${MACHINE_ROWS} LEFT JOIN rvm_yearly y ON y.machine_id = m.id WHERE m.operator_id = 2`],
    // A machine without data is one row with the quantities empty.
    [
      'level=region&id=05&operator=1',
      `${MACHINE_ROWS} LEFT JOIN rvm_yearly y ON y.machine_id = m.id WHERE c.region_id = '05' AND m.operator_id = 1`,
    ],
    [
      'level=province&id=082&years=2024&operator=1',
      `${MACHINE_ROWS} JOIN rvm_yearly y ON y.machine_id = m.id
        WHERE c.province_id = '082' AND y.year = 2024 AND m.operator_id = 1`,
    ],
    [
      'level=city&id=082053&year=2023',
      `${MACHINE_ROWS} JOIN rvm_yearly y ON y.machine_id = m.id WHERE m.city_id = '082053' AND y.year = 2023`,
    ],
  ];
  it.each(rvmCases)(
    'source=2&%s: one row per machine and year, exactly as a hand-written query, as /count/ says',
    async (params, sql) => {
      const expected = await expectedKeys(sql);
      expect(expected.length).toBeGreaterThan(0);
      const url = `?format=csv&source=2${params ? `&${params}` : ''}`;
      const res = await get(`/api/stats/download/${url}`, licensed);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const rows = parse(res.body);
      expect(Object.keys(rows[0]!)).toEqual(RVM_CSV_COLUMNS.map((c) => c.header));
      expect(rows.map((r) => `${r.id_ecocompattatore}|${r.anno}`).sort()).toEqual(expected);
      const count = await get(`/api/stats/download/count/${url}`, licensed);
      expect(count.statusCode).toBe(200);
      expect(count.json()).toEqual({ rows: expected.length });
    },
  );

  it('is the file of the Ecocompattatori page, named after its filters', async () => {
    const ours = await get('/api/stats/download/?format=csv&source=2&level=region&id=19&year=2023', licensed);
    const page = await get(
      '/api/reverse-vending-machines/reverse-vending-machine/download/?region=19&year=2023',
      licensed,
    );
    expect(ours.body).toBe(page.body);
    expect(ours.headers['content-disposition']).toBe(
      `attachment; filename="ecocompattatori-regione-19-anno-2023-${today()}.csv"`,
    );
    const several = await get(
      '/api/stats/download/?format=csv&source=2&level=province&id=082&years=2024,2022&operator=2',
      licensed,
    );
    expect(several.headers['content-disposition']).toBe(
      `attachment; filename="ecocompattatori-provincia-082-gestore-2-anni-2022-2024-${today()}.csv"`,
    );
    const rows = parse(several.body);
    expect(rows.map((r) => [r.id_ecocompattatore, r.anno, r.pezzi, r.kg])).toEqual([
      ['RVM-B', '2022', '50', '5'],
    ]);
  });

  it('refuses the waste filters, an unknown operator and images, in Italian', async () => {
    const cases: [string, Record<string, string[]>][] = [
      [
        'format=csv&source=2&waste_fraction=vetro',
        { waste_fraction: ['Filtro non disponibile per i dati degli ecocompattatori.'] },
      ],
      [
        'format=csv&source=2&sorting_type=stradale',
        { sorting_type: ['Filtro non disponibile per i dati degli ecocompattatori.'] },
      ],
      [
        'format=csv&source=2&actions_category=riuso',
        { actions_category: ['Filtro non disponibile per i dati degli ecocompattatori.'] },
      ],
      ['format=csv&source=2&operator=999', { operator: ['Gestore sconosciuto.'] }],
      ['format=csv&source=2&operator=x', { operator: ['Gestore non valido.'] }],
    ];
    for (const [params, body] of cases) {
      for (const path of ['/api/stats/download/', '/api/stats/download/count/']) {
        const res = await get(`${path}?${params}`, licensed);
        expect(res.statusCode, `${path} ${params}`).toBe(400);
        expect(res.json()).toEqual(body);
      }
    }
    for (const format of ['png', 'jpg', 'pdf']) {
      const res = await get(
        `/api/stats/download/?format=${format}&statistic=totalWasteSorted&source=2`,
        registered,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        source: [
          'Le immagini mostrano le statistiche della raccolta: i dati degli ecocompattatori si scaricano in CSV.',
        ],
      });
    }
    expect(
      (await get('/api/stats/download/?format=csv&source=2&level=city&id=099999', licensed)).statusCode,
    ).toBe(404);
  });

  it('logs the download on both routes, with source 2 and the rows sent', async () => {
    const before = await lastLogId();
    const logged = () =>
      t.db.query<{ route: string; row_count: number; email: string }>(
        `SELECT CASE WHEN d.query ? 'format' THEN 'stats' ELSE 'rvm' END AS route, d.row_count, u.email
           FROM downloads_log d JOIN users u ON u.id = d.user_id
          WHERE d.id > $1 AND d.format = 'csv' AND d.query->>'source' = '2' AND d.query->>'operator' = '2'
            AND (d.query->'years' = '[2022]' OR d.query->>'year' = '2024')
          ORDER BY d.id`,
        [before],
      );
    await get('/api/stats/download/?format=csv&source=2&operator=2&years=2022', licensed);
    await expect.poll(logged, LOG_POLL).toEqual([{ route: 'stats', row_count: 2, email: 'lic@example.it' }]);
    await get(
      '/api/reverse-vending-machines/reverse-vending-machine/download/?operator=2&year=2024',
      licensed,
    );
    await expect.poll(logged, LOG_POLL).toEqual([
      { route: 'stats', row_count: 2, email: 'lic@example.it' },
      { route: 'rvm', row_count: 1, email: 'lic@example.it' },
    ]);
  });
});

describe('rate limits', () => {
  async function exhaust(limit: Limit, email: string) {
    const [user] = await t.db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE email = $1', [
      email,
    ]);
    for (let i = 0; i < limit.max; i++) await app.rateLimiter.consume(limit, user!.id);
  }

  afterEach(() => vi.useRealTimers());

  const IMAGE = '/api/stats/download/?format=png&statistic=totalWasteSorted';
  const COMPARE = '/api/stats/compare/download/?format=png&aree=italia&misura=rd';
  const CSV = '/api/stats/download/?format=csv&level=city&id=082053';
  const RVM_CSV = '/api/reverse-vending-machines/reverse-vending-machine/download/';
  /** What the answer says of its budget: RateLimit-Limit, -Remaining, -Reset (seconds). */
  const budget = (res: { headers: Record<string, unknown> }) => ({
    limit: res.headers['ratelimit-limit'],
    remaining: res.headers['ratelimit-remaining'],
    reset: res.headers['ratelimit-reset'],
  });

  it('counts pictures and CSV files in two budgets, says what is left on each file, and starts again after the hour', async () => {
    // Issue 35, point 15: 60 files of any kind an hour, so that ten minutes of cards blocked the CSV too.
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(LIMITS.downloadImagesUser).toMatchObject({ max: 300, windowMs: 60 * 60_000 });
    expect(LIMITS.downloadCsvUser).toMatchObject({ max: 60, windowMs: 60 * 60_000 });

    const first = await get(IMAGE, licensed);
    expect(first.statusCode).toBe(200);
    expect(budget(first)).toEqual({ limit: '300', remaining: '299', reset: '3600' });
    vi.advanceTimersByTime(10 * 60_000);
    const compare = await get(COMPARE, licensed);
    expect(compare.statusCode).toBe(200);
    expect(budget(compare)).toEqual({ limit: '300', remaining: '298', reset: '3000' });

    // A whole session of pictures: the next one waits for the hour's end, the CSV files do not.
    await exhaust({ ...LIMITS.downloadImagesUser, max: 298 }, 'lic@example.it');
    for (const url of [IMAGE, COMPARE]) {
      const over = await get(url, licensed);
      expect(over.statusCode, url).toBe(429);
      expect(over.headers['retry-after']).toBe('3000');
      expect(over.json()).toEqual({
        detail:
          "Hai raggiunto il limite di 300 immagini e PDF l'ora: riprova tra 50 minuti. I CSV hanno un limite a parte.",
      });
    }
    const csv = await get(CSV, licensed);
    expect(csv.statusCode).toBe(200);
    expect(budget(csv)).toEqual({ limit: '60', remaining: '59', reset: '3600' });

    // The pictures' hour ends 60 minutes after its first file.
    vi.advanceTimersByTime(50 * 60_000 - 1000);
    expect((await get(IMAGE, licensed)).statusCode).toBe(429);
    vi.advanceTimersByTime(1000);
    const again = await get(IMAGE, licensed);
    expect(again.statusCode).toBe(200);
    expect(budget(again)).toMatchObject({ limit: '300', remaining: '299' });

    // The CSV budget, both routes of the ecocompattatori file included, leaves the pictures free.
    await exhaust({ ...LIMITS.downloadCsvUser, max: 59 }, 'lic@example.it');
    for (const url of [CSV, '/api/stats/download/?format=csv&source=2', RVM_CSV]) {
      const over = await get(url, licensed);
      expect(over.statusCode, url).toBe(429);
      expect(over.headers['retry-after']).toBe('600');
      expect(over.json()).toEqual({
        detail:
          "Hai raggiunto il limite di 60 file CSV l'ora: riprova tra 10 minuti. Immagini e PDF hanno un limite a parte.",
      });
    }
    expect((await get(IMAGE, licensed)).statusCode).toBe(200);
    // The count has its own budget; another user is not affected.
    expect((await get('/api/stats/download/count/?format=csv&source=2', licensed)).statusCode).toBe(200);
    expect((await get(IMAGE, registered)).statusCode).toBe(200);
  });

  it(`allows ${LIMITS.downloadCountUser.max} counts per user per hour`, async () => {
    await exhaust({ ...LIMITS.downloadCountUser, max: LIMITS.downloadCountUser.max - 1 }, 'lic@example.it');
    expect((await get('/api/stats/download/count/?format=csv', licensed)).statusCode).toBe(200);
    const over = await get('/api/stats/download/count/?format=csv', licensed);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
    expect((await get('/api/stats/download/?format=csv&level=city&id=082053', licensed)).statusCode).toBe(
      200,
    );
  });
});

describe('pdf, png and jpg of one statistic', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const url = (format: string, statistic = 'totalWasteProduced', area = 'level=region&id=05&year=2024') =>
    `/api/stats/download/?format=${format}&statistic=${statistic}&${area}`;

  async function pdfText(pdf: Buffer): Promise<string> {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    await doc.destroy();
    return text;
  }

  it('answers 200 to any signed-in user, with a safe file name in Italian words', async () => {
    const res = await get(url('png'), registered);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="rifiuti-prodotti-regione-veneto-2024-confronto-2023.png"',
    );
    const city = await get(url('jpg', 'wasteSortingType', 'level=city&id=082053'), registered);
    expect(city.headers['content-disposition']).toBe(
      'attachment; filename="modalita-e-frazioni-raccolte-comune-palermo-2024.jpg"',
    );
    const italy = await get(url('pdf', 'totalWasteSortedPerCapita', 'level=country'), registered);
    expect(italy.headers['content-disposition']).toBe(
      'attachment; filename="raccolta-differenziata-pro-capite-italia-2024-confronto-2023.pdf"',
    );
  });

  it('gives a PNG and a JPEG of the right size', async () => {
    const png = (await get(url('png'), registered)).rawPayload;
    expect(png.subarray(0, 8)).toEqual(PNG);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([IMAGE_WIDTH, IMAGE_HEIGHT]);
    const jpg = (await get(url('jpg'), licensed)).rawPayload;
    expect(jpg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const meta = await sharp(jpg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', IMAGE_WIDTH, IMAGE_HEIGHT]);
  });

  it('gives a PDF that parses and contains the title of the statistic', async () => {
    const res = await get(url('pdf', 'wasteFractionsSet', 'level=province&id=028&year=2023'), registered);
    expect(res.statusCode, res.body).toBe(404); // no fractions for Padova in 2023: said, not drawn empty
    expect(res.json()).toEqual({ detail: "La fonte non riporta le frazioni merceologiche per quest'anno." });
    const text = await pdfText((await get(url('pdf'), registered)).rawPayload);
    expect(text).toContain('Rifiuti urbani prodotti');
    expect(text).toContain('Veneto');
    expect(text).toContain('Osservatorio Raccolta Differenziata');
  });

  /**
   * Every kind at every level, on areas of the fixture: Italy, Sicily, the province of Palermo, the comune
   * of Palermo (which has every section) and Monreale (a comune without modes or 2024 fractions).
   */
  const AREAS = {
    country: 'level=country',
    region: 'level=region&id=19',
    province: 'level=province&id=082',
    city: 'level=city&id=082053',
    'city without data': 'level=city&id=082046',
  } as const;
  type Area = keyof typeof AREAS;
  const OK = 200;
  const CITY_ONLY = { status: 400, body: { statistic: ['Statistica disponibile solo per un comune.'] } };
  const AREA_ONLY = {
    status: 400,
    body: {
      statistic: [
        "Statistica disponibile per l'Italia, una regione o una provincia: per un comune si scaricano le sue modalità di raccolta e le sue azioni di prevenzione.",
      ],
    },
  };
  const NO_FRACTIONS = {
    status: 404,
    body: { detail: "La fonte non riporta le frazioni merceologiche per quest'anno." },
  };
  const NO_MODES = { status: 404, body: { detail: 'Nessun dato rilevato.' } };
  // Italy 2024 in the fixture: Abano Terme's row is the KPI list's (five fraction columns), one comune in
  // three: the sets would measure the source, so there are none (decision 072).
  const PARTIAL_FRACTIONS = {
    status: 404,
    body: {
      detail:
        "Per quest'anno la fonte della maggior parte dei comuni non riporta tutte le frazioni raccolte (solo alcune, o nessuna): le combinazioni di frazioni più comuni non sono calcolabili.",
    },
  };
  const NO_TREND = { status: 404, body: { detail: 'Nessun dato rilevato per almeno due anni.' } };
  type Outcome = typeof OK | { status: number; body: object };
  const EXPECTED: Record<StatisticKind, Record<Area, Outcome>> = {
    totalWasteProduced: { country: OK, region: OK, province: OK, city: OK, 'city without data': OK },
    totalWasteSorted: { country: OK, region: OK, province: OK, city: OK, 'city without data': OK },
    totalWasteSortedPerCapita: { country: OK, region: OK, province: OK, city: OK, 'city without data': OK },
    // Issue 35, point 16: the headline card and the three trend charts.
    sortedPercentage: { country: OK, region: OK, province: OK, city: OK, 'city without data': OK },
    rdTrend: { country: OK, region: OK, province: OK, city: OK, 'city without data': OK },
    // Italy has the tonnes of every comune in no year of the fixture: no chart, as on the page.
    tonnesTrend: { country: NO_TREND, region: OK, province: OK, city: OK, 'city without data': OK },
    perCapitaTrend: { country: NO_TREND, region: OK, province: OK, city: OK, 'city without data': OK },
    wasteFractionsSet: { country: OK, region: OK, province: OK, city: OK, 'city without data': NO_FRACTIONS },
    wasteFractionsColors: {
      country: OK,
      region: OK,
      province: OK,
      city: OK,
      'city without data': NO_FRACTIONS,
    },
    // For one comune a single set at 100% (its own fractions): no chart, as on the page.
    mostUsedWasteFractionsSet: {
      country: PARTIAL_FRACTIONS,
      region: OK,
      province: OK,
      city: AREA_ONLY,
      'city without data': AREA_ONLY,
    },
    wasteSortingTypes: {
      country: OK,
      region: OK,
      province: OK,
      city: AREA_ONLY,
      'city without data': AREA_ONLY,
    },
    mostUsedActionCategories: {
      country: OK,
      region: OK,
      province: OK,
      city: AREA_ONLY,
      'city without data': AREA_ONLY,
    },
    wasteSortingType: {
      country: CITY_ONLY,
      region: CITY_ONLY,
      province: CITY_ONLY,
      city: OK,
      'city without data': NO_MODES,
    },
    actionCategories: {
      country: CITY_ONLY,
      region: CITY_ONLY,
      province: CITY_ONLY,
      city: OK,
      'city without data': OK,
    },
  };
  const matrix = Object.entries(EXPECTED).flatMap(([kind, byArea]) =>
    Object.entries(byArea).map(([area, outcome]) => [kind, area as Area, outcome] as const),
  );

  it.each(matrix)('png of %s for %s', async (kind, area, outcome) => {
    const res = await get(url('png', kind, AREAS[area]), registered);
    if (outcome === OK) {
      expect(res.statusCode, res.body).toBe(200);
      const png = res.rawPayload;
      expect(png.subarray(0, 8)).toEqual(PNG);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([IMAGE_WIDTH, IMAGE_HEIGHT]);
    } else {
      expect(res.statusCode).toBe(outcome.status);
      expect(res.json()).toEqual(outcome.body);
    }
  });

  const perLevel: [string, StatisticKind, string, string[]][] = [
    ['country', 'totalWasteSorted', AREAS.country, ['Raccolta differenziata', 'Italia · 2024']],
    [
      'region',
      'mostUsedActionCategories',
      AREAS.region,
      [
        'Le azioni di prevenzione più diffuse',
        'Sicilia · 2024',
        'Compostaggio domestico',
        'Centri del riuso',
      ],
    ],
    [
      'province',
      'mostUsedWasteFractionsSet',
      AREAS.province,
      ['Le combinazioni di frazioni più comuni', 'Palermo · 2024', 'Carta e cartone + Vetro'],
    ],
    [
      'city',
      'wasteSortingType',
      AREAS.city,
      [
        'Le modalità di raccolta del comune',
        'Palermo · 2024',
        'Porta a porta',
        'Carta e cartone, Vetro',
        'Stradale',
      ],
    ],
  ];
  it.each(perLevel)('jpg and pdf at level %s (%s)', async (_level, kind, area, texts) => {
    const jpg = await get(url('jpg', kind, area), registered);
    expect(jpg.statusCode, jpg.body).toBe(200);
    const meta = await sharp(jpg.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', IMAGE_WIDTH, IMAGE_HEIGHT]);
    const pdf = await get(url('pdf', kind, area), registered);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const s of [...texts, 'Osservatorio Raccolta Differenziata']) expect(text).toContain(s);
  });

  it('draws the headline % card and the three trend charts, each of every year, named in Italian', async () => {
    // Issue 35, point 16: these had no pdf/png/jpg though every other card had.
    const card = await get(url('pdf', 'sortedPercentage', AREAS.region), registered);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.headers['content-disposition']).toBe(
      'attachment; filename="percentuale-raccolta-differenziata-regione-sicilia-2024-confronto-2023.pdf"',
    );
    const cardText = await pdfText(card.rawPayload);
    // Sicily 2024: (62644.786 + 9000.25) / (361203.856 + 17000.5) t; 2023: 68800 / 387100 t.
    for (const s of [
      'Percentuale di raccolta differenziata',
      'Sicilia · 2024 (confronto con il 2023)',
      '18,9%',
    ])
      expect(cardText).toContain(s);
    const trends = [
      [
        'rdTrend',
        'andamento-percentuale-raccolta-differenziata',
        'La percentuale di raccolta differenziata negli anni',
      ],
      ['tonnesTrend', 'andamento-tonnellate', 'Rifiuti prodotti e raccolta differenziata (tonnellate)'],
      ['perCapitaTrend', 'andamento-rifiuti-per-abitante', 'I rifiuti per abitante negli anni'],
    ] as const;
    for (const [kind, slug, title] of trends) {
      // The year asked does not narrow a trend: its span is every year with data.
      const pdf = await get(url('pdf', kind, `${AREAS.city}&year=2023`), registered);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-disposition']).toBe(
        `attachment; filename="${slug}-comune-palermo-2022-2024.pdf"`,
      );
      const text = await pdfText(pdf.rawPayload);
      for (const s of [title, 'Palermo · 2022–2024', '2022', '2023', '2024']) expect(text, kind).toContain(s);
      if (kind !== 'rdTrend') {
        for (const s of ['Rifiuti urbani prodotti', 'Raccolta differenziata'])
          expect(text, kind).toContain(s);
      }
    }
    // Abano Terme (fixture) has tonnes for 2024 only: no trend of tonnes, said as a 404 with the reason.
    const one = await get(url('png', 'tonnesTrend', 'level=city&id=028001'), registered);
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ detail: 'Nessun dato rilevato per almeno due anni.' });
  });

  it('says on the card why a total has no comparison, as the page card does', async () => {
    // Abano Terme (fixture): 2024 has tonnes, the years before only its percentage: the comparison year
    // (2023) lacks them and no other year has them.
    const before = await lastLogId();
    const pdf = await get(url('pdf', 'totalWasteProduced', 'level=city&id=028001&year=2024'), registered);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Abano Terme · 2024 (confronto con il 2023)');
    expect(text).toContain(
      'Dato non disponibile per il 2023. Nessun altro anno con questo dato nel portale.',
    );
    expect(text).toContain('15.453,7 t');
    // One comparison year per view (decision 072): the file name and the log name the view's, 2023.
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="rifiuti-prodotti-comune-abano-terme-2024-confronto-2023.pdf"',
    );
    const logged = await t.db.query<{ compare: string | null }>(
      "SELECT query->>'compareYear' AS compare FROM downloads_log WHERE id > $1",
      [before],
    );
    expect(logged.map((r) => String(r.compare))).toEqual(['2023']);
  });

  it('compares with the year the visitor picked (compareYear), as the page does', async () => {
    const area = 'level=region&id=19&year=2024';
    const byDefault = await get(url('pdf', 'totalWasteSorted', area), registered);
    expect(byDefault.headers['content-disposition']).toBe(
      'attachment; filename="raccolta-differenziata-regione-sicilia-2024-confronto-2023.pdf"',
    );
    const defaultText = await pdfText(byDefault.rawPayload);
    expect(defaultText).toContain('Sicilia · 2024 (confronto con il 2023)');
    expect(defaultText).toContain('68.800,0 t'); // 2023: 60000 + 8800
    const picked = await get(url('pdf', 'totalWasteSorted', `${area}&compareYear=2022`), registered);
    expect(picked.statusCode).toBe(200);
    expect(picked.headers['content-disposition']).toBe(
      'attachment; filename="raccolta-differenziata-regione-sicilia-2024-confronto-2022.pdf"',
    );
    const text = await pdfText(picked.rawPayload);
    expect(text).toContain('Sicilia · 2024 (confronto con il 2022)');
    expect(text).toContain('59.100,0 t'); // 2022: 51000 + 8100
    expect(text).not.toContain('68.800,0 t');

    const same = await get(url('png', 'totalWasteSorted', `${area}&compareYear=2024`), registered);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ compareYear: ["L'anno di confronto deve essere diverso dall'anno."] });
    const missing = await get(url('png', 'totalWasteSorted', `${area}&compareYear=2019`), registered);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      compareYear: ["Nessun dato per l'anno 2019. Anni disponibili: 2022, 2023, 2024."],
    });
    const noYear = await get(url('png', 'totalWasteSorted', 'level=region&id=19&years=2019'), registered);
    expect(noYear.json()).toEqual({
      years: ["Nessun dato per l'anno 2019. Anni disponibili: 2022, 2023, 2024."],
    });
  });

  it('refuses the CSV filters on an image rather than ignore them', async () => {
    const res = await get(url('png', 'totalWasteSorted', 'level=country&waste_fraction=vetro'), registered);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      waste_fraction: [
        "I filtri valgono solo per il CSV: un'immagine mostra la statistica dell'intera area.",
      ],
    });
  });
});

describe('the picture of each kind is the one the page draws', () => {
  async function cityStats(id: string): Promise<CityStats> {
    return (await get(`/api/stats/cities/city/${id}/`)).json();
  }
  const barValues = (option: object) =>
    ((option as { series: { data: { value: number }[] }[] }).series[0]!.data ?? []).map((d) => d.value);

  it("actionCategories of a comune: the number of actions per category (the page's actionCountsBarOption)", async () => {
    const stats = await cityStats('082053');
    const picture = statisticPicture('actionCategories', stats);
    // One composting action: a bar of 1, not the "100% of 1 comune" of a share chart.
    expect(barValues(picture.option)).toEqual([1]);
    expect(picture.demo).toBe(true);
  });

  it('wasteSortingType of a comune: the table of its modes and the fractions each collects', async () => {
    const picture = statisticPicture('wasteSortingType', await cityStats('082053'));
    const texts = ((picture.option as { graphic: { style?: { text?: string } }[] }).graphic ?? [])
      .map((g) => g.style?.text)
      .filter(Boolean);
    expect(texts).toEqual([
      'Modalità',
      'Frazioni raccolte',
      'Porta a porta',
      'Carta e cartone, Vetro',
      'Stradale',
      'Vetro',
    ]);
    expect((picture.option as { series?: unknown }).series).toBeUndefined();
  });

  it.each(['rdTrend', 'tonnesTrend', 'perCapitaTrend'] as const)(
    "rings %s's points of a comune's years anomalous in the source, with the legend's entry (decision 070)",
    async (kind) => {
      const stats = await cityStats('082053');
      expect(stats.sourceAnomalies).toEqual([]);
      const ringsOf = (s: CityStats) =>
        (statisticPicture(kind, s).option as { series: { name: string; data: unknown[] }[] }).series.filter(
          (x) => x.name === 'Dato anomalo nella fonte',
        );
      expect(ringsOf(stats)).toEqual([]);
      // Palermo's 2023 as a flagged year of the API's answer: its point ringed on every line of the chart.
      const flagged: CityStats = {
        ...stats,
        sourceAnomalies: [
          {
            year: 2023,
            reasons: ['fullRd'],
            producedT: 370000,
            population: 630000,
            populationYear: null,
            kgPerCapita: 587.3,
            peerKgPerCapita: null,
            rdPct: 99.8,
            yearBefore: null,
            rdBefore: null,
            yearAfter: null,
            rdAfter: null,
          },
        ],
      };
      const rings = ringsOf(flagged);
      expect(rings.length).toBe(kind === 'rdTrend' ? 1 : 2);
      for (const ring of rings) expect(ring.data.filter((v) => v !== null)).toHaveLength(1);
      const svg = renderSvg(statisticPicture(kind, flagged).option, {
        title: 'T',
        subtitle: 'S',
        source: 'F',
      });
      expect(svg).toContain('Dato anomalo nella fonte');
      expect(svg.toLowerCase()).toContain('stroke="#c2410c"');
    },
  );

  it('fits a long table in the picture: smaller type, then the rows left over summed up', () => {
    const rows = Array.from({ length: 40 }, (_, i) => [
      `Modalità ${i + 1}`,
      'Carta e cartone, Vetro, Plastica',
    ]);
    const option = tableOption(
      [
        { label: 'Modalità', width: 360 },
        { label: 'Frazioni raccolte', width: 776 },
      ],
      rows,
      (n) => `… e altre ${n} modalità`,
    ) as {
      graphic: {
        y?: number;
        shape?: { y: number; height: number };
        style: { text?: string; fontSize?: number };
      }[];
    };
    const texts = option.graphic.filter((g) => g.style.text !== undefined);
    const shown = texts.filter((g) => g.style.text!.startsWith('Modalità ')).length;
    const last = texts[texts.length - 1]!.style.text!;
    expect(last).toBe(`… e altre ${40 - shown} modalità`);
    expect(shown).toBeGreaterThan(5);
    expect(texts[0]!.style.fontSize).toBe(12);
    for (const g of option.graphic) {
      const bottom = g.shape ? g.shape.y + g.shape.height : g.y! + 17;
      expect(bottom).toBeLessThanOrEqual(IMAGE_HEIGHT - 70);
    }
  });

  it('wraps long table cells on words', () => {
    expect(wrapText('Carta e cartone, Vetro, Plastica', 16)).toEqual(['Carta e cartone,', 'Vetro, Plastica']);
    expect(wrapText('', 10)).toEqual(['']);
  });
});

describe('images that show their numbers and names whole', () => {
  const image = (format: string, statistic: StatisticKind, area: string) =>
    get(`/api/stats/download/?format=${format}&statistic=${statistic}&${area}`, registered);
  /** pdfjs gives a no-break space as it is or as a space. */
  const plain = (text: string) => text.replace(/\u00a0/g, ' ');

  /** The text items of the PDF's page with their left edge and width, and the page's width. */
  async function pdfItems(pdf: Buffer) {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
    const page = await doc.getPage(1);
    const items = (await page.getTextContent()).items.flatMap((i) =>
      'str' in i && i.str.trim() ? [{ str: plain(i.str), x: i.transform[4] as number, width: i.width }] : [],
    );
    const pageWidth = page.view[2]!;
    await doc.destroy();
    return { items, pageWidth, text: items.map((i) => i.str).join(' ') };
  }

  /** Every text of the PDF starts and ends on the page, inside its 36 pt margins. */
  function expectInsidePage({ items, pageWidth }: Awaited<ReturnType<typeof pdfItems>>) {
    for (const item of items) {
      expect(item.x, item.str).toBeGreaterThanOrEqual(36 - 0.5);
      expect(item.x + item.width, item.str).toBeLessThanOrEqual(pageWidth - 36 + 0.5);
    }
  }

  /**
   * What resvg draws of the SVG, glyphs included (the fonts of the export), lies inside the picture: the
   * bounding box of everything but the white background.
   */
  function expectInsideCanvas(svg: string) {
    const withoutBackground = svg.replace(
      /<rect width="1200" height="750" x="0" y="0" fill="#ffffff"><\/rect>/,
      '',
    );
    expect(withoutBackground).not.toBe(svg);
    const box = new Resvg(withoutBackground, {
      font: {
        fontFiles: [FONTS.regular, FONTS.bold],
        loadSystemFonts: false,
        defaultFontFamily: 'DejaVu Sans',
      },
    }).getBBox()!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(IMAGE_WIDTH);
    expect(box.y + box.height).toBeLessThanOrEqual(IMAGE_HEIGHT);
  }

  const heading = { title: 'Titolo', subtitle: 'Area · 2024', source: 'Fonte: prova' };
  const drawn = async (kind: StatisticKind, stats: AreaStats | CityStats) => {
    const svg = renderSvg(statisticPicture(kind, stats).option, heading);
    return { svg, pdf: await pdfItems(await svgToPdf(svg, heading)) };
  };

  it.each(['totalWasteProduced', 'totalWasteSorted', 'totalWasteSortedPerCapita'] as const)(
    'draws %s as a figure card: the value, its year and the comparison, no bar',
    async (kind) => {
      // Italy: the years before 2024 have only percentages in the fixture: no earlier year to compare with.
      const italy = (await get('/api/stats/overall/')).json() as AreaStats;
      expect(italy[kind].value).not.toBeNull();
      expect(italy[kind]).toMatchObject({ compareValue: null, compareYear: null });
      const res = await image('pdf', kind, 'level=country');
      expect(res.statusCode, res.body).toBe(200);
      const pdf = await pdfItems(res.rawPayload);
      expect(pdf.items.map((i) => i.str)).toContain(plain(formatValue(italy[kind].value!, italy[kind].unit)));
      expect(pdf.text).toContain(`Anno ${italy.year}`);
      expect(pdf.text).toContain(
        `Dato non disponibile per il ${italy.compareYear}. Nessun altro anno con questo dato nel portale.`,
      );
      expectInsidePage(pdf);
      const picture = statisticPicture(kind, italy);
      expect((picture.option as { series?: unknown }).series).toBeUndefined();
      expectInsideCanvas(renderSvg(picture.option, heading));

      // Sicily has both years: the comparison year's value and the change, as the card writes them.
      const sicily = (await get('/api/stats/overall/?region=19')).json() as AreaStats;
      const stat = sicily[kind];
      expect(stat.compareValue).not.toBeNull();
      const compared = await pdfItems((await image('pdf', kind, 'level=region&id=19')).rawPayload);
      expect(compared.items.map((i) => i.str)).toContain(plain(formatValue(stat.value!, stat.unit)));
      expect(compared.text).toContain(
        plain(`Nel ${sicily.compareYear}: ${formatValue(stat.compareValue!, stat.unit)}`),
      );
      expect(compared.text).toContain(plain(formatChange(stat.change!, stat.unit)));
      expectInsidePage(compared);
    },
  );

  it('writes the longest value of a bar chart whole, and the tonnes no fraction accounts for', async () => {
    const stats = (await get('/api/stats/cities/city/082053/')).json() as CityStats;
    const res = await image('pdf', 'wasteFractionsSet', 'level=city&id=082053');
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await pdfItems(res.rawPayload);
    const longest = Math.max(...stats.wasteFractionsSet.items.map((f) => f.tonnes));
    expect(pdf.items.map((i) => i.str)).toContain(plain(formatValue(longest, 't'))); // 19.798,6 t, not "19."
    for (const f of stats.wasteFractionsSet.items) expect(pdf.text).toContain(f.name);
    // Palermo separately collected more than its two detailed fractions: the rest is a bar of its own.
    const rest =
      stats.totalWasteSorted.value! - stats.wasteFractionsSet.items.reduce((s, f) => s + f.tonnes, 0);
    expect(rest).toBeGreaterThan(0);
    expect(pdf.text).toContain('Altre frazioni / non ripartite');
    expect(pdf.items.map((i) => i.str)).toContain(plain(formatValue(rest, 't')));
    expectInsidePage(pdf);
  });

  it('wraps long fraction names rather than cutting them, inside the picture and the page', async () => {
    const stats = (await get('/api/stats/cities/city/082053/')).json() as CityStats;
    const long = [
      'RAEE (apparecchiature elettriche ed elettroniche)',
      'Rifiuti da costruzione e demolizione',
    ];
    const renamed: CityStats = {
      ...stats,
      wasteFractionsSet: {
        ...stats.wasteFractionsSet,
        items: stats.wasteFractionsSet.items.map((f, i) => ({ ...f, name: long[i] ?? f.name })),
      },
    };
    const { svg, pdf } = await drawn('wasteFractionsSet', renamed);
    for (const name of long) expect(pdf.text).toContain(name);
    expect(pdf.text).not.toContain('…');
    expectInsidePage(pdf);
    expectInsideCanvas(svg);
  });

  it('keeps every picture of every kind and level inside the image and the page', async () => {
    const areas: [string, StatisticKind[]][] = [
      [
        '/api/stats/overall/',
        ['totalWasteProduced', 'wasteFractionsSet', 'wasteSortingTypes', 'mostUsedActionCategories'],
      ],
      [
        '/api/stats/overall/?province=082',
        ['totalWasteSortedPerCapita', 'wasteFractionsColors', 'mostUsedWasteFractionsSet'],
      ],
      [
        '/api/stats/cities/city/082053/',
        ['totalWasteSorted', 'wasteFractionsSet', 'wasteSortingType', 'actionCategories'],
      ],
    ];
    for (const [path, kinds] of areas) {
      const stats = (await get(path)).json() as AreaStats | CityStats;
      for (const kind of kinds) {
        const { svg, pdf } = await drawn(kind, stats);
        expectInsidePage(pdf);
        expectInsideCanvas(svg);
      }
    }
  });

  it('states what the percentages of a share chart are of, under the title', async () => {
    const stats = (await get('/api/stats/overall/?region=19')).json() as AreaStats;
    const withBase: AreaStats = {
      ...stats,
      wasteSortingTypes: { ...stats.wasteSortingTypes, comuniTotal: 2 },
      mostUsedActionCategories: { ...stats.mostUsedActionCategories, comuniTotal: 2 },
      mostUsedWasteFractionsSet: { ...stats.mostUsedWasteFractionsSet, comuniTotal: 1 },
    };
    expect((await drawn('wasteSortingTypes', withBase)).pdf.text).toContain(
      '% su 2 comuni con dati sulle modalità di raccolta',
    );
    expect((await drawn('mostUsedActionCategories', withBase)).pdf.text).toContain(
      "% su 2 comuni con almeno un'azione di prevenzione mappata",
    );
    expect((await drawn('mostUsedWasteFractionsSet', withBase)).pdf.text).toContain(
      `% su 1 comune di cui la fonte riporta tutte le frazioni raccolte nel ${stats.year}`,
    );
  });

  it('measures text with the fonts it draws with', () => {
    // DejaVu Sans: a digit is 0.636 em, the bold title wider than the regular.
    expect(measureText('0000000000', '12px DejaVu Sans').width).toBeCloseTo(76.3, 0);
    expect(measureText('Titolo', 'bold 26px DejaVu Sans').width).toBeGreaterThan(
      measureText('Titolo', '26px DejaVu Sans').width,
    );
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
