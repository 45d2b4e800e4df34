import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { runAccountsCommand } from '../../cli/accounts-commands';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { insertGeoFixture } from '../../../test/fixtures';
import { client, PASSWORD, signIn, testConfig } from '../../../test/accounts';
import { LIMITS } from '../../plugins/rate-limit';
import { recomputeAggregates } from '../../importer/aggregates';

/**
 * GET /api/stats/rankings/download/: the whole list of a ranking of /classifiche as CSV (decision 075),
 * for a licensed user only. The rows are checked against a ranking computed here from the stored rows
 * (waste_stats, cities, source_anomalies, area_stats) by SQL and plain JavaScript, not by the service.
 * Palermo and Padova are capoluoghi; Monreale has no population for 2024 (its kg per inhabitant are an
 * estimate with the population of 2023); Padova's 2024 % (99.8) fails the plausibility rule.
 */
let t: TestDb;
let app: App;
let registered: string;
let licensed: string;
const userIds: string[] = [];

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig() }));
  await insertGeoFixture(t.db);
  await t.db.exec(`
    INSERT INTO provincial_capitals (city_id, province_id, name)
      VALUES ('082053', '082', 'Palermo'), ('028060', '028', 'Padova');
    INSERT INTO waste_stats (city_id, year, population, produced_t, sorted_t, rd_pct, source, source_rank)
      VALUES ('082053', 2024, 625956, 361203.856, 62644.786, NULL, 'ispra-comuni', 3),
             ('082053', 2023, 630000, 370000, 60000, NULL, 'ispra-comuni', 3),
             ('082046', 2024, NULL, 17000.5, 9000.25, NULL, 'ispra-comuni', 3),
             ('082046', 2023, 38100, 17100, 8800, NULL, 'ispra-comuni', 3),
             ('028060', 2024, 206496, 100000, 99800, NULL, 'ispra-comuni', 3),
             ('028060', 2022, 207000, 101000, 60000, NULL, 'ispra-comuni', 3),
             ('025075', 2024, 3500, 1500, 900, NULL, 'campania-rd', 1),
             ('028099', 2024, 3300, 1200, 800, NULL, 'ispra-comuni', 3);
  `);
  await recomputeAggregates(t.db);
  for (const [email, licence] of [
    ['rank-reg@example.it', false],
    ['rank-lic@example.it', true],
  ] as const) {
    await runAccountsCommand(
      t.db,
      ['user', 'create', '--email', email, '--password', PASSWORD, '--verified'],
      () => {},
    );
    if (licence) await runAccountsCommand(t.db, ['license', 'approve', email], () => {});
  }
  registered = await signIn(app, 'rank-reg@example.it');
  licensed = await signIn(app, 'rank-lic@example.it');
  const users = await t.db.query<{ id: string }>('SELECT id::text AS id FROM users');
  userIds.push(...users.map((u) => u.id));
});

beforeEach(async () => {
  for (const id of userIds) await app.rateLimiter.reset(LIMITS.downloadCsvUser, id);
});

const get = (url: string, token?: string) => client(app).get(url, token ? { token } : {});
const PATH = '/api/stats/rankings/download/';
const today = () => new Date().toISOString().slice(0, 10);

/** The cells of one of our CSV files: BOM, CRLF, ';' (no quoted cell in these fixtures). */
function parse(body: string): Record<string, string>[] {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  expect(body.endsWith('\r\n')).toBe(true);
  const [header, ...rows] = body
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(';'));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

const HEADER = [
  'anno',
  'anno_confronto',
  'posizione',
  'pari_merito',
  'livello',
  'codice_istat',
  'territorio',
  'sigla_provincia',
  'regione',
  'capoluogo',
  'popolazione',
  'anno_popolazione',
  'indicatore',
  'unita',
  'valore',
  'percentuale_rd_anno_confronto',
  'percentuale_rd_anno',
  'stima',
  'fonte',
  'dato_anomalo_fonte',
].join(';');

/** 12.345 → "12,3": one decimal, half away from zero, decimal comma, no trailing zero. */
const one = (v: number) => {
  const s = (Math.sign(v) * Math.round(Math.abs(v) * 10)) / 10;
  return String(s).replace('.', ',');
};
const LABELS: Record<string, string> = {
  'ispra-comuni': 'ISPRA',
  'ispra-kpi': 'ISPRA',
  'campania-rd': 'Regione Campania',
};

interface Stored {
  id: string;
  name: string;
  search_name: string;
  sigla: string;
  region: string;
  capital: boolean;
  population: number | null;
  population_year: number | null;
  produced_t: number | null;
  sorted_t: number | null;
  rd_pct: number | null;
  source: string;
  reasons: string | null;
}

/** The comuni with a row in the year, read straight from the tables. */
async function storedComuni(year: number): Promise<Stored[]> {
  return t.db.query<Stored>(
    `SELECT c.id, c.name, c.search_name, p.sigla, r.name AS region, c.capital,
            coalesce(w.population, c.population) AS population,
            CASE WHEN w.population IS NOT NULL THEN w.year ELSE
              (SELECT max(x.year) FROM waste_stats x WHERE x.city_id = c.id AND x.population IS NOT NULL) END
              AS population_year,
            w.produced_t, w.sorted_t, w.rd_pct, w.source, array_to_string(a.reasons, ',') AS reasons
       FROM waste_stats w JOIN cities c ON c.id = w.city_id
       JOIN provinces p ON p.id = c.province_id JOIN regions r ON r.id = c.region_id
       LEFT JOIN source_anomalies a ON a.city_id = w.city_id AND a.year = w.year
      WHERE w.year = $1`,
    [year],
  );
}

const CODES: Record<string, string> = {
  littleWaste: 'pochi_rifiuti',
  fullRd: 'rd_oltre_99_5',
  rdSpike: 'picco_rd',
};

/** Competition ranks ("1, 2, 2, 4") of the rounded values, best first, ties by name. */
function ranked<T extends { value: number; search_name: string; id: string }>(
  rows: T[],
  lowerIsBetter: boolean,
) {
  const sorted = [...rows].sort(
    (a, b) =>
      (lowerIsBetter ? a.value - b.value : b.value - a.value) ||
      (a.search_name < b.search_name ? -1 : a.search_name > b.search_name ? 1 : a.id < b.id ? -1 : 1),
  );
  return sorted.map((row) => ({
    row,
    rank: sorted.findIndex((o) => o.value === row.value) + 1,
    tied: sorted.filter((o) => o.value === row.value).length > 1,
  }));
}

describe('GET /api/stats/rankings/download/ permissions', () => {
  it('answers 401 anonymous and 403 without an active licence, before any parameter check', async () => {
    for (const query of ['', '?indicator=nope', '?level=region&band=fino-5000']) {
      const anonymous = await get(`${PATH}${query}`);
      expect(anonymous.statusCode, query).toBe(401);
      expect(anonymous.json()).toHaveProperty('detail');
      const unlicensed = await get(`${PATH}${query}`, registered);
      expect(unlicensed.statusCode, query).toBe(403);
      expect(unlicensed.json()).toEqual({
        detail:
          "Per scaricare i dati in CSV serve una licenza d'uso attiva: richiedila dalla pagina Profilo.",
      });
    }
    const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM downloads_log');
    expect(row!.n).toBe(0);
  });

  it('refuses a ranking the page would not show, in Italian, without spending the budget', async () => {
    const bad = await get(`${PATH}?level=region&band=fino-5000`, licensed);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().band[0]).toMatch(/comuni/);
    expect((await get(`${PATH}?region=07`, licensed)).statusCode).toBe(404);
    const wrongYear = await get(`${PATH}?year=2015`, licensed);
    expect(wrongYear.statusCode).toBe(400);
    expect(wrongYear.json().year[0]).toMatch(/2015/);
    const ok = await get(`${PATH}?year=2024`, licensed);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['ratelimit-remaining']).toBe(String(LIMITS.downloadCsvUser.max - 1));
  });
});

describe('GET /api/stats/rankings/download/ file', () => {
  it('gives every ranked comune of the year, as the stored rows rank them, with estimates and flags', async () => {
    const res = await get(
      `${PATH}?indicator=producedPerCapita&year=2024&anomalies=include&page=2&pageSize=10`,
      licensed,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="classifica-rifiuti-prodotti-per-abitante-comuni-con-dati-anomali-anno-2024-${today()}.csv"`,
    );
    expect(res.body.slice(1, res.body.indexOf('\r\n'))).toBe(HEADER);
    const stored = (await storedComuni(2024)).map((s) => ({
      ...s,
      value: Math.round(((s.produced_t! * 1000) / s.population!) * 10) / 10,
    }));
    const expected = ranked(stored, true).map(({ row, rank, tied }) => ({
      anno: '2024',
      anno_confronto: '',
      posizione: String(rank),
      pari_merito: tied ? 'sì' : 'no',
      livello: 'comune',
      codice_istat: row.id,
      territorio: row.name,
      sigla_provincia: row.sigla,
      regione: row.region,
      capoluogo: row.capital ? 'sì' : 'no',
      popolazione: String(Math.round(row.population!)),
      anno_popolazione: String(row.population_year),
      indicatore: 'Rifiuti prodotti per abitante',
      unita: 'kg/ab.',
      valore: one(row.value),
      percentuale_rd_anno_confronto: '',
      percentuale_rd_anno: '',
      stima: row.population_year === 2024 ? '' : `stima con la popolazione del ${row.population_year}`,
      fonte: LABELS[row.source]!,
      dato_anomalo_fonte: row.reasons
        ? row.reasons
            .split(',')
            .map((r) => CODES[r])
            .join(',')
        : '',
    }));
    // Every comune of the year, not one page; the fixture's cases are all there.
    expect(parse(res.body)).toEqual(expected);
    expect(expected).toHaveLength(6);
    expect(expected.find((r) => r.codice_istat === '082046')?.stima).toBe(
      'stima con la popolazione del 2023',
    );
    expect(expected.find((r) => r.codice_istat === '028060')?.dato_anomalo_fonte).toBe('rd_oltre_99_5');
    expect(expected.find((r) => r.codice_istat === '025075')?.fonte).toBe('Regione Campania');
    // Logged as the CSV files are, with the rows and the year of the file.
    await vi.waitFor(
      async () => {
        const [log] = await t.db.query<{ format: string; query: Record<string, unknown>; row_count: number }>(
          'SELECT format, query, row_count FROM downloads_log ORDER BY id DESC LIMIT 1',
        );
        expect(log).toEqual({
          format: 'csv',
          row_count: 6,
          query: {
            format: 'csv',
            export: 'classifiche',
            level: 'city',
            indicator: 'producedPerCapita',
            year: 2024,
            anomalies: 'include',
            order: 'best',
            list: 'ranked',
          },
        });
      },
      { timeout: 1000, interval: 20 },
    );
  });

  it('honours the filters of the view: region, capoluoghi, anomalies left out, worst first, unranked', async () => {
    const ids = async (query: string) => {
      const res = await get(`${PATH}?${query}`, licensed);
      expect(res.statusCode, res.body).toBe(200);
      return parse(res.body).map((r) => [r.codice_istat, r.posizione]);
    };
    const stored = await storedComuni(2024);
    const rd = stored
      .filter((s) => s.reasons === null)
      .map((s) => ({ ...s, value: Math.round((s.rd_pct ?? (s.sorted_t! * 100) / s.produced_t!) * 10) / 10 }));
    const best = ranked(rd, false).map(({ row, rank }) => [row.id, String(rank)]);
    // By default the anomalous comune-years are left out (Padova), as on the page.
    expect(await ids('year=2024')).toEqual(best);
    expect(best.map(([id]) => id)).not.toContain('028060');
    expect(await ids('year=2024&order=worst')).toEqual(
      ranked(rd, false)
        .reverse()
        .map(({ row, rank }) => [row.id, String(rank)]),
    );
    // Ranked among the comuni of the region only.
    expect(await ids('year=2024&region=19')).toEqual(
      ranked(
        rd.filter((s) => s.id.startsWith('082')),
        false,
      ).map(({ row, rank }) => [row.id, String(rank)]),
    );
    expect(await ids('year=2024&capitals=true&anomalies=include')).toEqual([
      ['028060', '1'],
      ['082053', '2'],
    ]);
    expect(await ids('year=2024&band=oltre-100000&region=19')).toEqual([['082053', '1']]);
    // The comuni of the filter without a 2023 row (Padova; the others' data start in 2024): no rank.
    const unranked = await get(`${PATH}?year=2023&region=05&list=unranked`, licensed);
    expect(unranked.headers['content-disposition']).toContain('-regione-05-senza-dati-anno-2023-');
    expect(parse(unranked.body).map((r) => [r.territorio, r.posizione, r.pari_merito, r.valore])).toEqual([
      ['Padova', '', '', ''],
    ]);
  });

  it('gives the change with both years and both percentages', async () => {
    const res = await get(
      `${PATH}?indicator=sortedPercentageChange&year=2024&compareYear=2023&region=19`,
      licensed,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'classifica-variazione-raccolta-differenziata-comuni-regione-19-anno-2024-confronto-2023-',
    );
    const rows = await t.db.query<{ id: string; search_name: string; y: number; y0: number }>(
      `SELECT c.id, c.search_name, w.sorted_t * 100 / w.produced_t AS y, w0.sorted_t * 100 / w0.produced_t AS y0
         FROM waste_stats w JOIN waste_stats w0 ON w0.city_id = w.city_id AND w0.year = 2023
         JOIN cities c ON c.id = w.city_id WHERE w.year = 2024 AND c.region_id = '19'`,
    );
    const r1 = (v: number) => Math.round(v * 10) / 10;
    const expected = ranked(
      rows.map((r) => ({ ...r, value: r1(r1(r.y) - r1(r.y0)) })),
      false,
    ).map(({ row, rank }) => ({
      anno: '2024',
      anno_confronto: '2023',
      posizione: String(rank),
      codice_istat: row.id,
      unita: 'punti %',
      valore: one(row.value),
      percentuale_rd_anno_confronto: one(r1(row.y0)),
      percentuale_rd_anno: one(r1(row.y)),
      fonte: 'ISPRA',
    }));
    expect(
      parse(res.body).map((r) => ({
        anno: r.anno,
        anno_confronto: r.anno_confronto,
        posizione: r.posizione,
        codice_istat: r.codice_istat,
        unita: r.unita,
        valore: r.valore,
        percentuale_rd_anno_confronto: r.percentuale_rd_anno_confronto,
        percentuale_rd_anno: r.percentuale_rd_anno,
        fonte: r.fonte,
      })),
    ).toEqual(expected);
    expect(expected).toHaveLength(2);
  });

  it('gives the regions from their stored totals', async () => {
    const res = await get(`${PATH}?level=region&year=2024`, licensed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'classifica-raccolta-differenziata-regioni-anno-2024-',
    );
    const stored = await t.db.query<{ id: string; name: string; rd_pct: number; rd_pct_method: string }>(
      `SELECT a.area_id AS id, r.name, a.rd_pct, a.rd_pct_method FROM area_stats a
         JOIN regions r ON r.id = a.area_id WHERE a.level = 'region' AND a.year = 2024`,
    );
    const got = parse(res.body);
    expect(got.map((r) => [r.livello, r.codice_istat, r.territorio, r.valore, r.capoluogo]).sort()).toEqual(
      stored.map((s) => ['regione', s.id, s.name, one(s.rd_pct), '']).sort(),
    );
    for (const row of got) {
      const own = stored.find((s) => s.id === row.codice_istat)!;
      expect(row.stima).toBe(
        own.rd_pct_method === 'estimate' ? 'stima: percentuali dei comuni pesate sulla produzione' : '',
      );
    }
    // Veneto's comuni of 2024 come from two sources.
    expect(got.find((r) => r.codice_istat === '05')?.fonte).toBe('Regione Campania, ISPRA');
  });
});
