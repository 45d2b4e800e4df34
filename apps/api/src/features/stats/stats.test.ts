import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';

const DATA = fileURLToPath(new URL('../../../../../data/', import.meta.url));

/** Rows of a comma-separated file of data/ (no quoted commas in these two files). */
function readCsv(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(DATA + file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const cols = header!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])));
}
const kpi = readCsv('ispra/comuni-2024-kpi.csv');
/** ISPRA's national table of one year (2010–2017): line 1 is a title, the last line empty commas. */
function storico(year: number): Record<string, string>[] {
  const [, header, ...lines] = readFileSync(`${DATA}ispra/comuni-2010-2017/comuni-${year}.csv`, 'utf8')
    .trim()
    .split(/\r?\n/);
  const cols = header!.split(',');
  // A plain split: a few aggregation names of 2012–2013 hold commas ("CONSORZIO NOVESE, TORTONESE, …") and
  // shift those rows' columns; the rows these tests read (Abano Terme 2017, Sicily 2012) have none.
  return lines
    .map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])))
    .filter((r) => r.IDComune);
}
const sicily = readCsv('ispra/sicilia-2010-2024.csv');
const num = (v: string | undefined) => (v === undefined || v === '-' || v === '' ? null : Number(v));

let t: TestDb;
let app: App;
beforeAll(async () => {
  ({ t, app } = await buildTestApp({ template: 'seeded' }));
});

const get = async (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const json = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

describe('GET /api/stats/cities/city/{id}/', () => {
  it('lists the years anomalous in the source with their figures, the values left as published (decision 070)', async () => {
    // Cassinelle (AL) 2013: 0,01 t for 843 inhabitants at 100 % in ISPRA's table.
    const s = await json('/api/stats/cities/city/006044/?year=2013');
    expect(s.totalWasteProduced.value).toBeCloseTo(0.01, 5);
    const flagged = (s.sourceAnomalies as { year: number }[]).find((a) => a.year === 2013);
    expect(flagged).toMatchObject({
      reasons: ['littleWaste', 'fullRd'],
      producedT: 0.01,
      population: 843,
      rdPct: 100,
    });
    const plain = await json('/api/stats/cities/city/028001/');
    expect(plain.sourceAnomalies).toEqual([]);
  });

  it('gives the figures of the 2024 KPI file for Abano Terme, compared with 2023', async () => {
    const row = kpi.find((r) => r.istat === '05028001')!;
    const s = await json('/api/stats/cities/city/028001/');
    const produced = (Number(row.kg_ru_ab) * Number(row.pop)) / 1000;
    expect(s.area).toMatchObject({ level: 'city', id: '028001', name: 'Abano Terme' });
    expect(s.area.parents.map((p: { name: string }) => p.name)).toEqual(['Italia', 'Veneto', 'Padova']);
    expect(s.year).toBe(2024);
    expect(s.compareYear).toBe(2023);
    expect(s.population).toBe(Number(row.pop));
    expect(s.totalWasteProduced.value).toBeCloseTo(produced, 1);
    expect(s.totalWasteProduced.goodDirection).toBeNull();
    expect(s.totalWasteSorted.value).toBeCloseTo((produced * Number(row.rd_pct)) / 100, 1);
    expect(s.totalWasteSorted.goodDirection).toBeNull();
    expect(s.totalWasteSortedPerCapita.goodDirection).toBe('up');
    expect(s.totalWasteSortedPerCapita.value).toBeCloseTo(
      (Number(row.kg_ru_ab) * Number(row.rd_pct)) / 100,
      1,
    );
    expect(s.sortedPercentage).toMatchObject({
      value: 78.2,
      compareValue: 76.95,
      trend: 'up',
      outcome: 'better',
    });
    expect(s.serviceCostPerCapita.value).toBe(183.86);
    expect(s.sortedPercentage.compareYear).toBe(2023);
    // 2023 has only the %: the tonnes are not compared with another year in silence (decision 072); the
    // nearest year that has them, ISPRA's 2017, is offered instead.
    expect(s.totalWasteProduced).toMatchObject({
      compareValue: null,
      compareYear: null,
      nearestYear: 2017,
      change: null,
      outcome: null,
    });
    expect(s.totalWasteSorted).toMatchObject({ compareValue: null, compareYear: null, nearestYear: 2017 });
    // Asked for, 2017 is the view's comparison year, and the tonnes compare with ISPRA's 2017.
    const t2017 = storico(2017).find((r) => r.IDComune === '05028001')!;
    const with2017 = await json('/api/stats/cities/city/028001/?compareYear=2017');
    expect(with2017.totalWasteProduced.compareYear).toBe(2017);
    expect(with2017.totalWasteProduced.compareValue).toBeCloseTo(Number(t2017.RU), 2);
    expect(with2017.totalWasteProduced.nearestYear).toBeNull();
    // Tonnes get a change but no verdict; the % does.
    expect(with2017.totalWasteProduced).toMatchObject({ goodDirection: null, outcome: null });
    expect(with2017.totalWasteProduced.trend).not.toBeNull();
    expect(with2017.sortedPercentage.compareYear).toBe(2017);
    expect(with2017.sortedPercentage.outcome).not.toBeNull();
    // No population in the 2010–2017 tables: no year but 2024 has the kg per inhabitant.
    expect(s.totalWasteProducedPerCapita).toMatchObject({
      compareValue: null,
      compareYear: null,
      nearestYear: null,
    });
    expect(s.rdTrend.map((p: { year: number }) => p.year)).toEqual([
      2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2022, 2023, 2024,
    ]);
    expect(s.missingYears).toEqual([2018, 2019, 2020, 2021]);
    expect(s.wasteFractionsSet.demo).toBe(false);
    const umido = s.wasteFractionsSet.items.find((f: { id: string }) => f.id === 'umido');
    expect(umido.share).toBeCloseTo(Number(row.mix_umida), 1);
    expect(s.wasteSortingType.demo).toBe(true);
    expect(s.actionCategories.demo).toBe(true);
  });

  it('makes missing tonnes explicit for a year with only the %', async () => {
    const s = await json('/api/stats/cities/city/028001/?year=2023&compareYear=2022');
    expect(s.totalWasteProduced).toMatchObject({ value: null, trend: null });
    expect(s.totalWasteProduced.missingReason).toMatch(/solo la percentuale/);
    expect(s.sortedPercentage).toMatchObject({
      value: 76.95,
      compareValue: 76.97,
      trend: 'unchanged',
      outcome: 'unchanged',
    });
  });

  it('gives Palermo 2015 with every fraction of the ISPRA file', async () => {
    const row = sicily.find((r) => r.anno === '2015' && r.IstatComune === '082053')!;
    const s = await json('/api/stats/cities/city/082053/?year=2015');
    expect(s.compareYear).toBe(2014);
    expect(s.totalWasteProduced.value).toBeCloseTo(num(row['Totale RU (t)'])!, 2);
    expect(s.totalWasteSorted.value).toBeCloseTo(num(row['Totale RD (t)'])!, 2);
    const carta = s.wasteFractionsSet.items.find((f: { id: string }) => f.id === 'carta-cartone');
    expect(carta.tonnes).toBeCloseTo(num(row['Carta e cartone (t)'])!, 2);
    expect(s.availableYears).toEqual(Array.from({ length: 15 }, (_, i) => 2010 + i));
  });

  it('gives the kg per inhabitant and the cost of every year with tonnes: Palermo from the ISPRA file', async () => {
    const s = await json('/api/stats/cities/city/082053/');
    const rows = sicily.filter((r) => r.IstatComune === '082053');
    expect(s.perCapitaTrend.map((p: { year: number }) => p.year)).toEqual(
      Array.from({ length: 15 }, (_, i) => 2010 + i),
    );
    for (const row of rows.filter((r) => r.anno !== '2024')) {
      const point = s.perCapitaTrend.find((p: { year: number }) => p.year === Number(row.anno));
      const pop = Number(row.Popolazione);
      expect(point.producedKgPerCapita).toBeCloseTo((num(row['Totale RU (t)'])! * 1000) / pop, 1);
      expect(point.sortedKgPerCapita).toBeCloseTo((num(row['Totale RD (t)'])! * 1000) / pop, 1);
    }
    // The card and the trend agree on the year shown.
    const last = s.perCapitaTrend.at(-1);
    expect(last.producedKgPerCapita).toBeCloseTo(s.totalWasteProducedPerCapita.value, 1);
    expect(last.costPerCapita).toBe(s.serviceCostPerCapita.value);
  });

  it('leaves out of the per-inhabitant trend the years with only the %', async () => {
    const row = kpi.find((r) => r.istat === '05028001')!;
    const s = await json('/api/stats/cities/city/028001/');
    expect(s.perCapitaTrend).toEqual([
      {
        year: 2024,
        populationBasis: { source: 'source', date: null },
        producedKgPerCapita: expect.closeTo(Number(row.kg_ru_ab), 1),
        sortedKgPerCapita: expect.closeTo((Number(row.kg_ru_ab) * Number(row.rd_pct)) / 100, 1),
        costPerCapita: 183.86,
      },
    ]);
  });

  it('gives each year of the % trend its source: Valsamoggia from ARPAE until 2013, then from ISPRA', async () => {
    // Valsamoggia was born in 2014: ARPAE gives it the sum of its predecessors before, ISPRA's tables after.
    const s = await json('/api/stats/cities/city/037061/');
    const sources = (trend: { year: number; source?: string | null }[]) =>
      trend.map((p) => [p.year, p.source]);
    expect(sources(s.rdTrend)).toEqual([
      ...[2010, 2011, 2012, 2013].map((y) => [y, 'ARPAE Emilia-Romagna']),
      ...[2014, 2015, 2016, 2017, 2022, 2023, 2024].map((y) => [y, 'ISPRA']),
    ]);
    // The ISPRA files are one source: Palermo (national tables, per-comune file, KPI list) has no change.
    const palermo = await json('/api/stats/cities/city/082053/');
    expect(new Set(palermo.rdTrend.map((p: { source: string }) => p.source))).toEqual(new Set(['ISPRA']));
    // Campania 2022 comes from the region's tonnes.
    const napoli = await json('/api/stats/cities/city/063049/');
    expect(sources(napoli.rdTrend)).toContainEqual([2022, 'Regione Campania']);
    // An area takes the source of (more than half of) its comuni: the province of Bologna is ISPRA's.
    const province = await json('/api/stats/overall/?province=037');
    expect(new Set(province.rdTrend.map((p: { source: string }) => p.source))).toEqual(new Set(['ISPRA']));
  });

  it('writes the names the source capitalises with lower-case prepositions', async () => {
    // Uggiate con Ronago (2024 merger, only in the ISPRA KPI file, written "Uggiate Con Ronago" there).
    expect((await json('/api/cities/city/013256/')).name).toBe('Uggiate con Ronago');
    expect((await json('/api/stats/cities/city/013256/')).area.name).toBe('Uggiate con Ronago');
  });

  it('answers 404 for an unknown comune and 400 for a year without data', async () => {
    expect((await get('/api/stats/cities/city/999999/')).statusCode).toBe(404);
    const res = await get('/api/stats/cities/city/028001/?year=2019');
    expect(res.statusCode).toBe(400);
    expect(res.json().year[0]).toMatch(/Anni disponibili: 2010, .*, 2017, 2022, 2023, 2024/);
    const same = await get('/api/stats/cities/city/028001/?year=2024&compareYear=2024');
    expect(same.statusCode).toBe(400);
    expect(same.json()).toHaveProperty('compareYear');
    expect((await get('/api/stats/cities/city/028001/?year=abc')).json()).toHaveProperty('year');
  });
});

describe('GET /api/stats/overall/', () => {
  it("gives Italy's latest year, whose totals equal the sum of the comuni", async () => {
    const s = await json('/api/stats/overall/');
    expect(s.area).toMatchObject({ level: 'country', id: 'IT', name: 'Italia' });
    expect(s.availableYears).toEqual([2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2022, 2023, 2024]);
    expect(s.year).toBe(2024);
    const [sum] = await t.db.query<{ produced: number; sorted: number; n: number }>(
      'SELECT sum(produced_t) AS produced, sum(sorted_t) AS sorted, count(*)::int AS n FROM waste_stats WHERE year = 2024',
    );
    expect(s.totalWasteProduced.value).toBeCloseTo(sum!.produced, 1);
    expect(s.totalWasteSorted.value).toBeCloseTo(sum!.sorted, 1);
    expect(s.comuniCount).toBe(sum!.n);
    // Said out of the comuni of today (ISTAT's list, the merged ones left out): "7.881 comuni con dati su
    // 7.896", not the comuni with data alone.
    const [today] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM cities WHERE NOT dissolved',
    );
    expect(s.coverage).toMatchObject({ comuniWithData: 7881, comuniToday: today!.n });
    expect(today!.n).toBe(7896);
    expect(s.sortedPercentage.value).toBeCloseTo((sum!.sorted / sum!.produced) * 100, 2);
    // 2023: only the % of each comune, so an estimate weighted by production, flagged as such.
    expect(s.rdTrend.find((p: { year: number }) => p.year === 2023).method).toBe('estimate');
    expect(s.sortedPercentage).toMatchObject({ estimate: false, compareYear: 2023 });
    // One comparison year for the whole view: every card with a value compares with 2023 or says it lacks
    // it, never with another year (decision 072).
    const statistics = Object.entries(s).filter(
      (e): e is [string, { compareYear: number | null; compareValue: number | null }] =>
        typeof e[1] === 'object' && e[1] !== null && 'compareValue' in e[1],
    );
    expect(statistics).toHaveLength(6);
    for (const [key, statistic] of statistics) {
      expect([2023, null], key).toContain(statistic.compareYear);
      if (statistic.compareYear === null) expect(statistic.compareValue, key).toBeNull();
    }
    // Italy's tonnes of 2023 are not known: the nearest year with them is 2017.
    expect(s.totalWasteProduced).toMatchObject({ compareYear: null, nearestYear: 2017, outcome: null });
    expect(s.wasteSortingTypes).toMatchObject({ demo: true });
    expect(s.mostUsedActionCategories.items[0].comuniCount).toBeGreaterThan(0);
  });

  it('makes the most common sets of fractions only where the source gives every fraction', async () => {
    // 2024 outside Sicily: the KPI list's five fraction columns. "Organica + Verde + Carta + Vetro +
    // Plastica" would be the list's columns, not the comuni's collection: no sets, and why (decision 072).
    const reason = /non riporta tutte le frazioni raccolte/;
    for (const url of [
      '/api/stats/overall/',
      '/api/stats/overall/?region=05',
      '/api/stats/overall/?year=2023',
    ]) {
      const s = await json(url);
      expect(s.mostUsedWasteFractionsSet, url).toMatchObject({ items: [], comuniTotal: 0 });
      expect(s.mostUsedWasteFractionsSet.missingReason, url).toMatch(reason);
    }
    // ISPRA's national tables (2010–2017) and Sicily's per-comune file give every fraction: sets.
    for (const url of ['/api/stats/overall/?year=2017', '/api/stats/overall/?region=19']) {
      const s = await json(url);
      const sets = s.mostUsedWasteFractionsSet;
      expect(sets.items.length, url).toBeGreaterThan(0);
      expect(sets.missingReason, url).toBeNull();
      expect(sets.comuniTotal, url).toBeGreaterThan(s.comuniCount / 2);
      expect(sets.comuniTotal, url).toBeLessThanOrEqual(s.comuniCount);
    }
  });

  it('shows at national level only the fractions that (almost) every comune reports', async () => {
    const s = await json('/api/stats/overall/');
    const ids = s.wasteFractionsSet.items.map((f: { id: string }) => f.id).sort();
    expect(ids).toEqual(['carta-cartone', 'plastica', 'umido', 'verde', 'vetro']);
    expect(Object.keys(s.wasteFractionsColors).length).toBeGreaterThanOrEqual(14);
  });

  it('gives Padova province and Veneto region as the sums of their comuni in the source', async () => {
    const produced = (prefix: string) =>
      kpi
        .filter((r) => r.istat!.startsWith(prefix))
        .reduce((a, r) => a + (Number(r.kg_ru_ab) * Number(r.pop)) / 1000, 0);
    const pd = await json('/api/stats/overall/?province=028');
    expect(pd.area.parents.map((p: { id: string }) => p.id)).toEqual(['IT', '05']);
    expect(pd.totalWasteProduced.value).toBeCloseTo(produced('05028'), 0);
    const veneto = await json('/api/stats/overall/?region=05');
    expect(veneto.totalWasteProduced.value).toBeCloseTo(produced('05'), 0);
    expect(veneto.population).toBe(
      kpi.filter((r) => r.istat!.startsWith('05')).reduce((a, r) => a + Number(r.pop), 0),
    );
  });

  it('gives Sicily every year from 2010 with the sums of the ISPRA files', async () => {
    // 2012 from ISPRA's national table, 2019 from the Sicilian per-comune file.
    const s = await json('/api/stats/overall/?region=19&year=2012&compareYear=2011');
    const total = storico(2012)
      .filter((r) => r.IstatRegione === '19')
      .reduce((a, r) => a + (num(r.RU) ?? 0), 0);
    expect(s.totalWasteProduced.value).toBeCloseTo(total, 0);
    expect(s.availableYears).toEqual(Array.from({ length: 15 }, (_, i) => 2010 + i));
    const y2019 = await json('/api/stats/overall/?region=19&year=2019');
    const total2019 = sicily
      .filter((r) => r.anno === '2019')
      .reduce((a, r) => a + (num(r['Totale RU (t)']) ?? 0), 0);
    expect(y2019.totalWasteProduced.value).toBeCloseTo(total2019, 0);
  });

  it('gives each share section its own base of comuni, and shares of comuniCount over that base', async () => {
    type Section = { comuniTotal?: number; items: { comuniCount: number; share: number }[] };
    const SECTIONS = ['wasteSortingTypes', 'mostUsedActionCategories', 'mostUsedWasteFractionsSet'] as const;
    // 2017: every region's source (ISPRA's national tables) gives every fraction, so each has fraction sets.
    for (const region of ['05', '12', '19']) {
      const s = await json(`/api/stats/overall/?region=${region}&year=2017`);
      for (const key of SECTIONS) {
        const section = s[key] as Section;
        const total = section.comuniTotal!;
        expect(Number.isInteger(total), `${region} ${key}`).toBe(true);
        expect(total, `${region} ${key}`).toBeGreaterThan(0);
        // The demo sections count today's comuni, the sets the comuni with data that year.
        const bound = key === 'mostUsedWasteFractionsSet' ? s.comuniCount : s.coverage.comuniTotal;
        expect(total, `${region} ${key}`).toBeLessThanOrEqual(bound);
        expect(section.items.length, `${region} ${key}`).toBeGreaterThan(0);
        for (const item of section.items) {
          expect(item.comuniCount).toBeLessThanOrEqual(total);
          expect(item.share, `${region} ${key}`).toBe(Math.round((item.comuniCount / total) * 10000) / 100);
        }
      }
    }
    // One comune: every base is that comune.
    const city = await json('/api/stats/cities/city/028001/');
    for (const key of SECTIONS) {
      const section = city[key] as Section;
      expect(section.comuniTotal, key).toBe(1);
      for (const item of section.items) expect([item.comuniCount, item.share], key).toEqual([1, 100]);
    }
  });

  it('answers 404 for unknown areas and 400 for bad parameters', async () => {
    expect((await get('/api/stats/overall/?region=99')).statusCode).toBe(404);
    expect((await get('/api/stats/overall/?province=999')).json()).toEqual({ detail: 'Non trovato.' });
    expect((await get('/api/stats/overall/?region=5')).json()).toHaveProperty('region');
    expect((await get('/api/stats/overall/?region=05&province=028')).json()).toHaveProperty('province');
    expect((await get('/api/stats/overall/?year=2019')).json().year[0]).toMatch(/2017, 2022, 2023, 2024/);
    expect((await get('/api/stats/overall/?anno=2024')).json()).toEqual({ anno: ['Campo non previsto.'] });
  });

  it('sends ETag and Cache-Control, and 304 to If-None-Match', async () => {
    const first = await get('/api/stats/overall/?region=05');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    const again = await get('/api/stats/overall/?region=05', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/stats/overall/?region=05', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });
});

describe('GET /api/stats/regions/waste-sorting-map/', () => {
  it('gives each region its %, kg per inhabitant and legend class', async () => {
    const m = await json('/api/stats/regions/waste-sorting-map/');
    expect(m.level).toBe('region');
    expect(m.areas).toHaveLength(20);
    expect(m.legend).toHaveLength(5);
    for (const a of m.areas) {
      expect(a.rdPct).toBeGreaterThan(0);
      expect(a.legendClass).toBeGreaterThanOrEqual(1);
      expect(a.kgPerCapita).toBeGreaterThan(200);
    }
  });
  it('gives the provinces of Italy or of one region', async () => {
    expect((await json('/api/stats/regions/waste-sorting-map/?level=province')).areas).toHaveLength(107);
    const veneto = await json('/api/stats/regions/waste-sorting-map/?region=05&year=2023');
    expect(veneto.level).toBe('province');
    expect(veneto.areas).toHaveLength(7);
    expect(veneto.areas[0].kgPerCapita).toBeNull(); // 2023: only the %
    expect(veneto.areas[0].rdPct).toBeGreaterThan(0);
  });
  it('gives the comuni of one province, their % from tonnes where they give no %', async () => {
    const padova = await json('/api/stats/regions/waste-sorting-map/?province=028&year=2024');
    expect(padova.level).toBe('city');
    const [n] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cities c JOIN waste_stats w ON w.city_id = c.id
        WHERE c.province_id = '028' AND w.year = 2024`,
    );
    expect(padova.areas.filter((a: { rdPct: number | null }) => a.rdPct !== null)).toHaveLength(n!.n);
    const abano = padova.areas.find((a: { id: string }) => a.id === '028001');
    const [row] = await t.db.query<{ rd: number; kg: number }>(
      `SELECT coalesce(rd_pct, sorted_t * 100 / produced_t) AS rd, produced_t * 1000 / population AS kg
         FROM waste_stats WHERE city_id = '028001' AND year = 2024`,
    );
    expect(abano).toMatchObject({ name: 'Abano Terme', rdPct: Math.round(row!.rd * 100) / 100 });
    expect(abano.kgPerCapita).toBeCloseTo(row!.kg, 0);
    expect(abano.legendClass).toBeGreaterThanOrEqual(1);
    expect(
      (await json('/api/stats/regions/waste-sorting-map/?level=city&province=082&year=2015')).areas.length,
    ).toBeGreaterThan(50);
  });
  it("flags a comune's year of the map that the plausibility rule flags, and no other (decision 070)", async () => {
    const flagged = async (province: string, year: number) =>
      (await json(`/api/stats/regions/waste-sorting-map/?level=city&province=${province}&year=${year}`)).areas
        .filter((a: { sourceAnomaly: boolean }) => a.sourceAnomaly)
        .map((a: { id: string }) => a.id)
        .sort();
    const expected = async (province: string, year: number) =>
      (
        await t.db.query<{ id: string }>(
          `SELECT city_id AS id FROM source_anomalies WHERE year = $1 AND city_id LIKE $2 || '%' ORDER BY city_id`,
          [year, province],
        )
      ).map((r) => r.id);
    // Cassinelle (AL) 2013: 0,01 t for 843 inhabitants; not in 2012.
    expect(await flagged('006', 2013)).toContain('006044');
    expect(await flagged('006', 2013)).toEqual(await expected('006', 2013));
    expect(await flagged('006', 2012)).not.toContain('006044');
    expect(await flagged('006', 2012)).toEqual(await expected('006', 2012));
    // Provinces and regions are not flagged.
    const provinces = await json('/api/stats/regions/waste-sorting-map/?region=01&year=2013');
    expect(provinces.areas.every((a: { sourceAnomaly: boolean }) => !a.sourceAnomaly)).toBe(true);
  });
  it('rejects bad parameters', async () => {
    expect((await get('/api/stats/regions/waste-sorting-map/?level=city')).json()).toHaveProperty('province');
    expect((await get('/api/stats/regions/waste-sorting-map/?level=comune')).json()).toHaveProperty('level');
    expect(
      (await get('/api/stats/regions/waste-sorting-map/?province=028&level=province')).json(),
    ).toHaveProperty('level');
    expect((await get('/api/stats/regions/waste-sorting-map/?province=028&region=05')).statusCode).toBe(400);
    expect((await get('/api/stats/regions/waste-sorting-map/?province=999')).statusCode).toBe(404);
    expect((await get('/api/stats/regions/waste-sorting-map/?year=1999')).statusCode).toBe(400);
  });
});

describe('reference lists', () => {
  it('lists the waste fractions with colour and EER codes, the collection modes and the action categories', async () => {
    const fractions = await json('/api/waste-sorting/fractions/');
    expect(fractions.length).toBeGreaterThanOrEqual(14);
    expect(fractions[0]).toMatchObject({
      id: expect.any(String),
      color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    expect(fractions.some((f: { eerCodes: string[] }) => f.eerCodes.includes('200101'))).toBe(true);
    expect((await json('/api/waste-sorting/types/')).length).toBeGreaterThan(3);
    expect((await json('/api/actions/categories/')).length).toBeGreaterThan(3);
  });
});
