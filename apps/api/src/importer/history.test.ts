import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { SYSTEMS_NOTE_2015 } from '../features/stats/stats.service';

/**
 * Fifteen years of data (commit d88ed79): the bundled files seeded once, the API's figures checked
 * against the files themselves (parsed here, independently of the importers).
 */

const DATA = fileURLToPath(new URL('../../../../data/', import.meta.url));
const STORICO_YEARS = [2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017];

type Row = Record<string, string>;
const read = (file: string) => readFileSync(DATA + file, 'utf8');
const csv = (text: string, delimiter = ','): Row[] =>
  parse(text, { columns: true, bom: true, delimiter, skip_empty_lines: true, relax_column_count: true });
/** "1.391.746" → 1391746, "13.687,5" → 13687.5, "71,24%" → 71.24; '' / '-' / 'NC' → null. */
const italian = (v: string | undefined) => {
  const s = (v ?? '').trim().replace(/%$/, '');
  return s === '' || s === '-' || s === 'NC' ? null : Number(s.replace(/\./g, '').replace(',', '.'));
};
const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : Number(v));
const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

/** ISPRA's per-comune tables 2010–2017: line 1 is a title, line 2 the header, the last line empty commas. */
const storico = new Map<number, Row[]>(
  STORICO_YEARS.map((y) => {
    const text = read(`ispra/comuni-2010-2017/comuni-${y}.csv`);
    const rows = csv(text.slice(text.indexOf('\n') + 1)).filter((r) =>
      Object.values(r).some((v) => v !== ''),
    );
    return [y, rows];
  }),
);
const code = (r: Row) => r.IDComune!.slice(-6);
const storicoRow = (year: number, id: string) => storico.get(year)!.find((r) => code(r) === id)!;
/** Produced and sorted tonnes of the rows (RU, RD) with figures. */
function sums(rows: Row[]) {
  const withRu = rows.filter((r) => r.RU !== '');
  return {
    produced: withRu.reduce((a, r) => a + Number(r.RU), 0),
    sorted: withRu.reduce((a, r) => a + (num(r.RD) ?? 0), 0),
  };
}

const sicily = csv(read('ispra/sicilia-2010-2024.csv'));
const arpae = csv(read('arpae/emilia-romagna-2010-2016.csv'));
const campania = csv(read('campania/campania-rd-2022.csv'), ';');
const sistemi2022 = csv(read('arpae/sistemi-raccolta/emilia-romagna-sistemi-2022.csv'));

let t: TestDb;
let app: App;
beforeAll(async () => {
  ({ t, app } = await buildTestApp({ template: 'seeded' }));
});

const json = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
interface WasteStatsRow {
  source: string;
  population: number | null;
  producedT: number | null;
  sortedT: number | null;
  rdPct: number | null;
  aggregationName: string | null;
}
async function wasteStats(cityId: string, year: number): Promise<WasteStatsRow | undefined> {
  const [row] = await t.db.query<WasteStatsRow>(
    `SELECT source, population, produced_t AS "producedT", sorted_t AS "sortedT", rd_pct AS "rdPct",
            aggregation_name AS "aggregationName"
       FROM waste_stats WHERE city_id = $1 AND year = $2`,
    [cityId, year],
  );
  return row;
}
type TrendPoint = { year: number; method: string };
const trendOf = (s: { rdTrend: TrendPoint[] }, year: number) => s.rdTrend.find((p) => p.year === year);

/** Region code of a row (2010–2015 Sardinian rows carry old province codes; the region code is right). */
const regionOf = (r: Row) => r.IstatRegione!.padStart(2, '0');
async function expectRegionSums(region: string, year: number) {
  const expected = sums(storico.get(year)!.filter((r) => regionOf(r) === region));
  const s = await json(`/api/stats/overall/?region=${region}&year=${year}`);
  const label = `region ${region} ${year}`;
  expect(s.totalWasteProduced.value, `${label} produced`).not.toBeNull();
  expect(
    Math.abs(s.totalWasteProduced.value - expected.produced),
    `${label} produced: ${s.totalWasteProduced.value} vs ${expected.produced}`,
  ).toBeLessThan(0.5);
  expect(
    Math.abs(s.totalWasteSorted.value - expected.sorted),
    `${label} sorted: ${s.totalWasteSorted.value} vs ${expected.sorted}`,
  ).toBeLessThan(0.5);
}

describe('ISPRA 2010–2017: areas are the sums of the per-comune tables', () => {
  it("gives Italy's produced and sorted tonnes of each year as the file's sums", async () => {
    for (const year of STORICO_YEARS) {
      const italy = sums(storico.get(year)!);
      const s = await json(`/api/stats/overall/?year=${year}`);
      expect(s.year).toBe(year);
      expect(s.totalWasteProduced.value, `${year}`).not.toBeNull();
      expect(Math.abs(s.totalWasteProduced.value - italy.produced), `Italy ${year} produced`).toBeLessThan(
        0.5,
      );
      expect(Math.abs(s.totalWasteSorted.value - italy.sorted), `Italy ${year} sorted`).toBeLessThan(0.5);
    }
  });

  it("gives every region's produced and sorted tonnes of each year as the file's sums", async () => {
    for (const year of STORICO_YEARS) {
      const regions = [...new Set(storico.get(year)!.map(regionOf))].sort();
      expect(regions, `${year}: regions of the file`).toHaveLength(20);
      // The stored aggregates of every region-year…
      const stored = await t.db.query<{ id: string; produced: number; sorted: number }>(
        `SELECT area_id AS id, produced_t AS produced, sorted_t AS sorted FROM area_stats
          WHERE level = 'region' AND year = $1 ORDER BY area_id`,
        [year],
      );
      expect(stored.map((r) => r.id)).toEqual(regions);
      for (const r of stored) {
        const expected = sums(storico.get(year)!.filter((row) => regionOf(row) === r.id));
        expect(Math.abs(r.produced - expected.produced), `area_stats ${r.id} ${year}`).toBeLessThan(0.5);
        expect(Math.abs(r.sorted - expected.sorted), `area_stats ${r.id} ${year}`).toBeLessThan(0.5);
      }
      // …and what the API shows.
      for (const region of regions) await expectRegionSums(region, year);
    }
  });

  it("matches ISPRA's published national figures of 2010 and 2017", async () => {
    const published = { 2010: [32.44, 35.3], 2017: [29.58, 55.5] } as const;
    for (const [year, [mt, pct]] of Object.entries(published)) {
      const s = await json(`/api/stats/overall/?year=${year}`);
      expect(round(s.totalWasteProduced.value / 1e6, 2), `${year} Mt`).toBe(mt);
      expect(round(s.sortedPercentage.value, 1), `${year} %`).toBe(pct);
      expect(s.sortedPercentage.estimate).toBe(false);
      expect(trendOf(s, Number(year))?.method).toBe('tonnes');
    }
  });
});

describe("Italy's % of the years with only the % of most comuni", () => {
  it("estimates 2022 and 2023 close to ISPRA's published figures, and computes 2024 from tonnes", async () => {
    for (const [year, published] of [
      [2022, 65.2],
      [2023, 66.6],
    ] as const) {
      const s = await json(`/api/stats/overall/?year=${year}`);
      expect(
        Math.abs(s.sortedPercentage.value - published),
        `${year}: ${s.sortedPercentage.value}`,
      ).toBeLessThan(0.3);
      expect(s.sortedPercentage.estimate, `${year}`).toBe(true);
      expect(trendOf(s, year)?.method, `${year}`).toBe('estimate');
    }
    const s = await json('/api/stats/overall/?year=2024');
    expect(s.sortedPercentage.estimate).toBe(false);
    expect(trendOf(s, 2024)?.method).toBe('tonnes');
    expect(trendOf(s, 2022)?.method).toBe('estimate');
    expect(trendOf(s, 2023)?.method).toBe('estimate');
  });

  it('compares 2024 with the comparison year only, offers the nearest year where it lacks a statistic, and names the missing years', async () => {
    const s = await json('/api/stats/overall/');
    expect(s.year).toBe(2024);
    expect(s.compareYear).toBe(2023);
    // 2023 has only the %: the tonnes are not compared with another year (decision 072); 2017, the
    // nearest year with tonnes, is offered instead.
    expect(s.totalWasteProduced).toMatchObject({ compareYear: null, compareValue: null, nearestYear: 2017 });
    expect(s.totalWasteSorted).toMatchObject({ compareYear: null, compareValue: null, nearestYear: 2017 });
    expect(s.sortedPercentage.compareYear).toBe(2023);
    // The kg per inhabitant: the nearest year to 2023 of those with them.
    const perCapitaYears = (s.perCapitaTrend as { year: number; producedKgPerCapita: number | null }[])
      .filter((p) => p.producedKgPerCapita !== null && p.year !== 2024)
      .map((p) => p.year);
    const nearest = perCapitaYears.reduce((a, b) => (Math.abs(b - 2023) < Math.abs(a - 2023) ? b : a));
    expect(s.totalWasteProducedPerCapita).toMatchObject({ compareYear: null, nearestYear: nearest });
    // Asked for, 2017 is the comparison year of every card: the tonnes are ISPRA's 2017 sums.
    const with2017 = await json('/api/stats/overall/?compareYear=2017');
    expect(with2017.totalWasteProduced.compareYear).toBe(2017);
    expect(
      Math.abs(with2017.totalWasteProduced.compareValue - sums(storico.get(2017)!).produced),
    ).toBeLessThan(0.5);
    expect(Math.abs(with2017.totalWasteSorted.compareValue - sums(storico.get(2017)!).sorted)).toBeLessThan(
      0.5,
    );
    // Tonnes follow the amount of waste: a change, no verdict.
    expect(with2017.totalWasteSorted).toMatchObject({ goodDirection: null, outcome: null });
    expect(with2017.sortedPercentage.compareYear).toBe(2017);
    expect(s.missingYears).toEqual([2018, 2019, 2020, 2021]);
    expect(s.availableYears).toEqual(expect.arrayContaining([...STORICO_YEARS, 2022, 2023, 2024]));
    expect(s.rdTrend.map((p: TrendPoint) => p.year)).toEqual([...STORICO_YEARS, 2022, 2023, 2024]);
  });
});

describe("The areas' population of every year with tonnes (istat/popolazione-2010-2022.csv)", () => {
  const population = csv(read('istat/popolazione-2010-2022.csv'));
  /** ISTAT's population of an area on 1 January of `year`. */
  const onFirstJanuary = (level: string, id: string, year: number) => {
    const row = population.find((r) => r.level === level && r.area_id === id && Number(r.year) === year);
    return row ? Number(row.population) : null;
  };
  const census = JSON.parse(read('istat/comuni-2020.json')) as {
    provincia: { codice: string };
    popolazione: number;
  }[];
  type PerCapitaPoint = { year: number; sortedKgPerCapita: number | null; populationBasis: unknown };

  it("gives Italy its kg per inhabitant of 2010–2017 over ISTAT's population on 31 December, ISPRA's published ones", async () => {
    // The README's figures of data/istat: Italy on 1 January 2012–2018, to the unit.
    expect([2012, 2013, 2014, 2015, 2016, 2017, 2018].map((y) => onFirstJanuary('country', 'IT', y))).toEqual(
      [59394207, 59685227, 60782668, 60795612, 60665551, 60589445, 60483973],
    );
    // ISPRA's published kg per inhabitant (Rapporto rifiuti urbani), which divide by the 31 December population.
    const published: Record<number, number> = {
      2011: 528,
      2014: 488,
      2015: 487,
      2016: 497,
      2017: 489,
    };
    for (const year of STORICO_YEARS) {
      const s = await json(`/api/stats/overall/?year=${year}`);
      const inhabitants = onFirstJanuary('country', 'IT', year + 1)!;
      expect(s.population, `${year}`).toBe(inhabitants);
      expect(s.populationBasis, `${year}`).toEqual({ source: 'istat', date: `${year + 1}-01-01` });
      const { produced, sorted } = sums(storico.get(year)!);
      expect(s.totalWasteProducedPerCapita.value, `${year}`).toBeCloseTo((produced * 1000) / inhabitants, 2);
      expect(s.totalWasteSortedPerCapita.value, `${year}`).toBeCloseTo((sorted * 1000) / inhabitants, 2);
      if (published[year])
        expect(Math.round(s.totalWasteProducedPerCapita.value), `${year}`).toBe(published[year]);
    }
    const s = await json('/api/stats/overall/');
    const years = s.perCapitaTrend.filter((p: PerCapitaPoint) => p.sortedKgPerCapita !== null);
    expect(years.map((p: PerCapitaPoint) => p.year)).toEqual([...STORICO_YEARS, 2024]);
    expect(years.at(-1).populationBasis).toEqual({ source: 'source', date: null });
  });

  it('gives every region and every exact province its kg per inhabitant of each year of the tables', async () => {
    for (const year of STORICO_YEARS) {
      const lombardia = await json(`/api/stats/overall/?region=03&year=${year}`);
      expect(lombardia.population, `${year}`).toBe(onFirstJanuary('region', '03', year + 1));
      expect(lombardia.totalWasteProducedPerCapita.value, `${year}`).not.toBeNull();
      // Trentino-Alto Adige is two NUTS2 areas, Bolzano and Trento.
      const trentino = await json(`/api/stats/overall/?region=04&year=${year}`);
      expect(trentino.population, `${year}`).toBe(
        onFirstJanuary('province', '021', year + 1)! + onFirstJanuary('province', '022', year + 1)!,
      );
      const torino = await json(`/api/stats/overall/?province=001&year=${year}`);
      expect(torino.population, `${year}`).toBe(onFirstJanuary('province', '001', year + 1));
    }
    // Sassari is two NUTS3 provinces of 2016 (Sassari, Olbia-Tempio) and nothing else: exact.
    const sassari = await json('/api/stats/overall/?province=090&year=2014');
    expect(sassari.populationBasis).toEqual({ source: 'istat', date: '2015-01-01' });
    // Nuoro is not a sum of NUTS3 provinces of 2016 (Ogliastra went partly to Sud Sardegna): no kg per
    // inhabitant rather than a wrong one, except in 2011 over the census.
    const nuoro = await json('/api/stats/overall/?province=091&year=2014');
    expect(nuoro.population).toBeNull();
    expect(nuoro.totalWasteProducedPerCapita.value).toBeNull();
    const nuoro2011 = await json('/api/stats/overall/?province=091&year=2011');
    const censusNuoro = census
      .filter((c) => c.provincia.codice === '091')
      .reduce((a, c) => a + c.popolazione, 0);
    expect(nuoro2011.population).toBe(censusNuoro);
    expect(nuoro2011.populationBasis).toEqual({ source: 'census', date: '2011-10-09' });
  });

  it("divides a fraction's tonnes by the same population as the table (Italy 2024)", async () => {
    const s = await json('/api/stats/overall/?year=2024');
    const verde = s.wasteFractionsSet.items.find((f: { id: string }) => f.id === 'verde');
    expect(verde.kgPerCapita).toBeCloseTo((verde.tonnes * 1000) / s.population, 2);
  });
});

describe('Precedence between sources (SOURCE_RANK)', () => {
  it("Palermo 2015: ISPRA's national table wins, with the Sicilian file's population; 2019 is the Sicilian file's", async () => {
    const file = storicoRow(2015, '082053');
    const sicilian = sicily.find((r) => r.anno === '2015' && r.IstatComune === '082053')!;
    const row = (await wasteStats('082053', 2015))!;
    expect(row.source).toBe('ispra-storico');
    expect(row.producedT).toBeCloseTo(Number(file.RU), 3);
    expect(row.sortedT).toBeCloseTo(Number(file.RD), 3);
    expect(row.population).toBe(Number(sicilian.Popolazione));
    expect((await wasteStats('082053', 2019))!.source).toBe('ispra-comuni');
  });

  it("Bologna 2012: ISPRA's tonnes with ARPAE's inhabitants, so the kg per inhabitant are there", async () => {
    const file = storicoRow(2012, '037006');
    const er = arpae.find((r) => r.anno === '2012' && r.ISTAT_COD === '8037006')!;
    const row = (await wasteStats('037006', 2012))!;
    expect(row.source).toBe('ispra-storico');
    expect(row.producedT).toBeCloseTo(Number(file.RU), 3);
    expect(row.population).toBe(Number(er.Abitanti));
    const s = await json('/api/stats/cities/city/037006/?year=2012');
    const kg = (Number(file.RU) * 1000) / Number(er.Abitanti);
    expect(s.population).toBe(Number(er.Abitanti));
    expect(s.totalWasteProducedPerCapita.value).toBeCloseTo(kg, 2);
    expect(s.totalWasteSortedPerCapita.value).toBeCloseTo((Number(file.RD) * 1000) / Number(er.Abitanti), 2);
    const point = s.perCapitaTrend.find((p: { year: number }) => p.year === 2012);
    expect(point.producedKgPerCapita).toBeCloseTo(kg, 1);
  });

  it("Altavilla Irpina 2022: Regione Campania's tonnes beat the KPI list's % only", async () => {
    const file = campania.find((r) => r.Comune === 'Altavilla Irpina')!;
    const sorted = italian(file['Kg di rifiuti differenziati (RDi)'])!;
    const composting = italian(file['Kg di compostaggio domestico'])!;
    const produced = italian(file['Totale Kg di rifiuti prodotti (RDi+comp+RUind)'])!;
    const row = (await wasteStats('064002', 2022))!;
    expect(row.source).toBe('campania-rd');
    expect(row.sortedT).toBeCloseTo((sorted + composting) / 1000, 6);
    expect(row.producedT).toBeCloseTo(produced / 1000, 6);
    expect(row.population).toBe(italian(file.Abitanti));
    expect(row.rdPct).toBeCloseTo(italian(file['%RD'])!, 1);
    const s = await json('/api/stats/cities/city/064002/?year=2022');
    expect(s.totalWasteProduced.value).toBeCloseTo(produced / 1000, 2);
    expect(trendOf(s, 2022)).toMatchObject({ method: 'tonnes', source: 'Regione Campania' });
  });
});

describe('Comuni merged since 2010', () => {
  const bazzanoYears = STORICO_YEARS.filter((y) => storico.get(y)!.some((r) => code(r) === '037004'));

  it('keeps Bazzano (merged into Valsamoggia in 2014) as a dissolved comune with its years', async () => {
    expect(bazzanoYears.length).toBeGreaterThan(0);
    const page = await json('/api/cities/city/?search=bazzano');
    const bazzano = page.results.find((c: { id: string }) => c.id === '037004');
    expect(bazzano).toMatchObject({
      name: 'Bazzano',
      provinceId: '037',
      regionId: '08',
      dissolved: true,
      firstYear: bazzanoYears[0],
      lastYear: bazzanoYears.at(-1),
    });
    expect((await json('/api/cities/city/037004/')).dissolved).toBe(true);
    expect((await json('/api/stats/cities/city/037004/')).dissolved).toBe(true);
    const valsamoggia = (await json('/api/cities/city/?search=valsamoggia')).results.find(
      (c: { id: string }) => c.id === '037061',
    );
    expect(valsamoggia.dissolved).toBe(false);
    expect((await json('/api/stats/cities/city/037061/')).dissolved).toBe(false);
  });

  it("counts Bazzano's 2010 tonnes in the province of Bologna, and not Valsamoggia's ARPAE sum again", async () => {
    const rows = storico.get(2010)!.filter((r) => r.IstatProvincia!.padStart(3, '0') === '037');
    expect(rows.some((r) => code(r) === '037004' && r.RU !== '')).toBe(true);
    const expected = sums(rows);
    const s = await json('/api/stats/overall/?province=037&year=2010');
    expect(Math.abs(s.totalWasteProduced.value - expected.produced)).toBeLessThan(0.5);
    expect(Math.abs(s.totalWasteSorted.value - expected.sorted)).toBeLessThan(0.5);
  });
});

describe('Successors and predecessors of merged comuni (decision 073)', () => {
  it('names the comune Corigliano Calabro and Rossano merged into, and Corigliano-Rossano names them', async () => {
    const found = (await json('/api/cities/city/?search=corigliano%20calabro')).results;
    expect(found).toEqual([
      expect.objectContaining({
        id: '078044',
        dissolved: true,
        lastYear: 2017,
        mergedInto: { id: '078157', name: 'Corigliano-Rossano' },
      }),
    ]);
    expect((await json('/api/cities/city/078044/')).mergedInto).toEqual({
      id: '078157',
      name: 'Corigliano-Rossano',
    });
    const successor = await json('/api/cities/city/078157/');
    expect(successor).toMatchObject({ dissolved: false, mergedInto: null });
    expect(successor.mergedFrom.map((p: { id: string; lastYear: number }) => [p.id, p.lastYear])).toEqual([
      ['078044', 2017],
      ['078108', 2017],
    ]);
    // A comune of today that merged nothing says so with an empty list.
    expect((await json('/api/cities/city/001272/')).mergedFrom).toEqual([]);
    expect(successor.mergedFromComplete).toBe(true);
  });

  it('links Bazzano and the four other comuni of Valsamoggia (the waste-continuity rule) both ways', async () => {
    const valsamoggia = { id: '037061', name: 'Valsamoggia' };
    const found = (await json('/api/cities/city/?search=bazzano')).results;
    expect(found.find((c: { id: string }) => c.id === '037004')).toMatchObject({
      dissolved: true,
      lastYear: 2013,
      mergedInto: valsamoggia,
    });
    expect((await json('/api/cities/city/037004/')).mergedInto).toEqual(valsamoggia);
    const successor = await json('/api/cities/city/037061/');
    expect(successor).toMatchObject({ dissolved: false, mergedInto: null });
    expect(
      successor.mergedFrom.map((p: { id: string; name: string; lastYear: number }) => [p.id, p.lastYear]),
    ).toEqual([
      ['037004', 2013],
      ['037018', 2013],
      ['037023', 2013],
      ['037043', 2013],
      ['037058', 2013],
    ]);
    // Their waste accounts for Valsamoggia's; Amblar's does not for Amblar-Don's (Don, unlinked, merged too).
    expect(successor.mergedFromComplete).toBe(true);
    expect(await json('/api/cities/city/022237/')).toMatchObject({
      mergedFrom: [{ id: '022004', name: 'Amblar', lastYear: 2015 }],
      mergedFromComplete: false,
    });
  });
});

describe('Aggregations of comuni', () => {
  it('splits the 2017 joint figure of Caselle Torinese and Mappano by population', async () => {
    const lead = storicoRow(2017, '001063');
    const member = storicoRow(2017, '001316');
    const name = 'Caselle Torinese e Mappano';
    expect(lead['Dato riferito a']).toBe(`Aggregazione: ${name}`);
    expect(member['Dato riferito a']).toBe(`Aggregazione: ${name}`);
    expect(member.RU).toBe('');
    const joint = { produced: Number(lead.RU), sorted: Number(lead.RD) };
    // Each comune's population of the year nearest 2017 (the later one on a tie).
    const population = async (id: string) => {
      const rows = await t.db.query<{ year: number; population: number }>(
        'SELECT year, population FROM waste_stats WHERE city_id = $1 AND population IS NOT NULL',
        [id],
      );
      rows.sort((a, b) => Math.abs(a.year - 2017) - Math.abs(b.year - 2017) || b.year - a.year);
      return rows[0]!.population;
    };
    const weights = { '001063': await population('001063'), '001316': await population('001316') };
    const total = weights['001063'] + weights['001316'];
    let produced = 0;
    let sorted = 0;
    for (const id of ['001063', '001316'] as const) {
      const row = (await wasteStats(id, 2017))!;
      expect(row.source).toBe('ispra-storico');
      expect(row.aggregationName).toBe(name);
      expect(row.producedT, id).toBeCloseTo((joint.produced * weights[id]) / total, 6);
      expect(row.sortedT, id).toBeCloseTo((joint.sorted * weights[id]) / total, 6);
      produced += row.producedT!;
      sorted += row.sortedT!;
      const s = await json(`/api/stats/cities/city/${id}/?year=2017`);
      expect(s.aggregationName).toBe(name);
    }
    expect(produced).toBeCloseTo(joint.produced, 6);
    expect(sorted).toBeCloseTo(joint.sorted, 6);
  });

  it('keeps each row\'s own figures where several rows of a group carry them ("Bassa Sabina" 2010)', async () => {
    const group = storico
      .get(2010)!
      .filter((r) => r['Dato riferito a'] === 'Aggregazione: Unione "Bassa Sabina"');
    expect(group.filter((r) => r.RU !== '').length).toBeGreaterThan(1);
    for (const r of group) {
      const row = (await wasteStats(code(r), 2010))!;
      expect(row.source, r.COMUNE).toBe('ispra-storico');
      // Nothing was split: the figure is the comune's own, and says no aggregation.
      expect(row.aggregationName).toBeNull();
      expect(row.producedT, r.COMUNE).toBeCloseTo(Number(r.RU), 6);
      expect(row.sortedT, r.COMUNE).toBeCloseTo(num(r.RD) ?? 0, 6);
    }
  });
});

describe('Aggregations with a joint figure and some own figures, and comuni that changed region', () => {
  it('splits the largest figure of a group among the members without figures (2012, Vercellese)', async () => {
    const name = 'Aggregazione: CONSORZIO DEL VERCELLESE E DELLA VALSESIA';
    const group = storico.get(2012)!.filter((r) => r['Dato riferito a'] === name);
    const withFigures = group.filter((r) => r.RU !== '');
    expect(group.length).toBeGreaterThan(withFigures.length);
    expect(withFigures.length).toBeGreaterThan(1);
    const joint = withFigures.reduce((a, b) => (Number(b.RU) > Number(a.RU) ? b : a));
    const others = withFigures.filter((r) => r !== joint);
    // The members without figures and the joint row share the joint figure…
    const sharing = group.filter((r) => r === joint || r.RU === '');
    let produced = 0;
    for (const r of sharing) {
      const row = (await wasteStats(code(r), 2012))!;
      expect(row.producedT, r.COMUNE).not.toBeNull();
      produced += row.producedT!;
    }
    expect(produced).toBeCloseTo(Number(joint.RU), 3);
    // …and the other rows with figures keep their own.
    for (const r of others) {
      expect((await wasteStats(code(r), 2012))!.producedT, r.COMUNE).toBeCloseTo(Number(r.RU), 6);
    }
  });

  it('keeps a comune that moved to another region under its old code, in the region that reported it', async () => {
    // Sappada: Veneto (025052) until 2017, then Friuli-Venezia Giulia (030189).
    const res = await json('/api/cities/city/?search=sappada');
    const byId = Object.fromEntries(res.results.map((c: { id: string; dissolved: boolean }) => [c.id, c]));
    expect(byId['030189']).toMatchObject({ dissolved: false });
    expect(byId['025052']).toMatchObject({
      dissolved: true,
      regionId: '05',
      firstYear: 2010,
      lastYear: 2017,
    });
  });
});

describe('Audit fixes: no zero shares, successors apart, partial tonnes hidden, estimates marked', () => {
  it('gives every member of a split aggregation a share above zero', async () => {
    const zeros = await t.db.query<{ city_id: string; year: number }>(
      `SELECT city_id, year FROM waste_stats
        WHERE source = 'ispra-storico' AND aggregation_name IS NOT NULL AND produced_t = 0`,
    );
    expect(zeros).toEqual([]);
    // Amblar (Trentino, merged into Amblar-Don in 2016) in 2011: a share of its aggregation.
    const [amblar] = await t.db.query<{ produced_t: number }>(
      "SELECT produced_t FROM waste_stats WHERE city_id = '022004' AND year = 2011",
    );
    expect(amblar!.produced_t).toBeGreaterThan(10);
  });

  it('keeps a merged comune apart from the same-name comune it merged into (Bellagio)', async () => {
    const res = await json('/api/cities/city/?search=bellagio');
    const byId = Object.fromEntries(res.results.map((c: { id: string }) => [c.id, c]));
    expect(byId['013019']).toMatchObject({ dissolved: true, firstYear: 2010, lastYear: 2013 });
    expect(byId['013250']).toMatchObject({ dissolved: false, firstYear: 2014 });
  });

  it('does not call a comune of today that lacks recent data dissolved (Pietrapertosa)', async () => {
    const [c] = await t.db.query<{ dissolved: boolean; last_year: number }>(
      "SELECT dissolved, last_year FROM cities WHERE id = '076061'",
    );
    expect(c).toEqual({ dissolved: false, last_year: 2017 });
  });

  it("hides an area's tonnes where some comuni give only their % (Napoli 2022), and marks an estimated comparison", async () => {
    const napoli = await json('/api/stats/overall/?province=063&year=2022');
    expect(napoli.totalWasteProduced.value).toBeNull();
    expect(napoli.population).toBeNull();
    expect(napoli.sortedPercentage.estimate).toBe(true);
    // 2024 compares the % with 2023's estimate, and says so.
    const italy = await json('/api/stats/overall/');
    expect(italy.sortedPercentage).toMatchObject({
      compareYear: 2023,
      compareEstimate: true,
      estimate: false,
    });
    expect(italy.totalWasteProduced.compareEstimate).toBe(false);
  });
});

describe('Second review: weights of merged comuni, empty aggregations, the 2024 mergers', () => {
  it("weighs a merged comune without population by its own tonnes (Selve Marcone 2013 near its own years')", async () => {
    const rows = await t.db.query<{ year: number; produced_t: number }>(
      "SELECT year, produced_t FROM waste_stats WHERE city_id = '096061' ORDER BY year",
    );
    const own = rows.filter((r) => r.year === 2011 || r.year === 2014).map((r) => r.produced_t);
    const y2013 = rows.find((r) => r.year === 2013)!.produced_t;
    // A share of its aggregation, of the order of its own figures (66.8 t in 2011, 76.9 t in 2014), not
    // the group's mean comune (1,795 t with a mean weight).
    expect(y2013).toBeGreaterThan(Math.min(...own) / 3);
    expect(y2013).toBeLessThan(Math.max(...own) * 3);
  });

  it('gives no row to the comuni of an aggregation none of whose rows has figures (Asti 2012)', async () => {
    const rows = await t.db.query("SELECT city_id FROM waste_stats WHERE city_id = '005014' AND year = 2012");
    expect(rows).toEqual([]);
  });

  it('marks dissolved the comuni of the 2023 list merged in 2024, and only them', async () => {
    const rows = await t.db.query<{ id: string; dissolved: boolean }>(
      "SELECT id, dissolved FROM cities WHERE id IN ('013199', '013228', '024044', '076061', '013256') ORDER BY id",
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.dissolved]))).toEqual({
      '013199': true, // Ronago → Uggiate con Ronago
      '013228': true, // Uggiate-Trevano → Uggiate con Ronago
      '013256': false,
      '024044': true, // Gambugliano → Sovizzo
      '076061': false, // Pietrapertosa: a comune of today without data after 2017
    });
  });
});

describe('Collection systems (ARPAE Emilia-Romagna)', () => {
  type Systems = {
    source: string;
    note: string | null;
    years: { year: number; items: { id: string; tonnes: number; share: number }[] }[];
  };

  it("gives Bologna its real tonnes by collection system of 2015, 2016 and 2022, the 2022 ones as the file's", async () => {
    const s = await json('/api/stats/cities/city/037006/');
    const systems = s.collectionSystems as Systems;
    expect(systems).not.toBeNull();
    expect(systems.source).toBe('ARPAE Emilia-Romagna');
    expect(systems.years.map((y) => y.year)).toEqual([2015, 2016, 2022]);
    for (const y of systems.years) {
      expect(
        y.items.reduce((a, i) => a + i.share, 0),
        `${y.year}`,
      ).toBeCloseTo(100, 0);
    }
    const pp = sistemi2022
      .filter((r) => r.ISTAT_COD === '08037006' && r.Macro!.startsWith('RACCOLTA DIFFERENZIATA'))
      .reduce((a, r) => a + (italian(r.PP) ?? 0), 0);
    expect(pp).toBeGreaterThan(0);
    const door = systems.years.find((y) => y.year === 2022)!.items.find((i) => i.id === 'porta-a-porta')!;
    expect(door.tonnes).toBeCloseTo(pp / 1000, 2);
    expect(systems.note).toBe(SYSTEMS_NOTE_2015);
    expect(systems.note).toMatch(/2015/);
  });

  it('gives them to Emilia-Romagna, not to Italy (where only one region has them)', async () => {
    const er = await json('/api/stats/overall/?region=08');
    expect(er.collectionSystems).not.toBeNull();
    expect((er.collectionSystems as Systems).years.map((y) => y.year)).toEqual([2015, 2016, 2022]);
    expect((await json('/api/stats/overall/')).collectionSystems).toBeNull();
  });
});

describe('Home composting', () => {
  type Composting = { year: number; kg: number; kgPerCapita: number | null; source: string };

  it("gives Bologna's 2022 home composting from ARPAE", async () => {
    const rows = sistemi2022.filter(
      (r) => r.ISTAT_COD === '08037006' && r.Macro!.toLowerCase().startsWith('compostaggio domestico'),
    );
    expect(rows.length).toBeGreaterThan(0);
    const kg = rows.reduce((a, r) => a + italian(r['COM.DOM.'])!, 0);
    const inhabitants = italian(rows[0]!.Abitanti)!;
    const s = await json('/api/stats/cities/city/037006/');
    const item = (s.homeComposting as Composting[]).find((c) => c.year === 2022);
    expect(item).toEqual({
      year: 2022,
      kg: expect.closeTo(kg, 1),
      kgPerCapita: round(kg / inhabitants, 2),
      source: 'ARPAE Emilia-Romagna',
    });
  });

  it("gives Altavilla Irpina's 2022 home composting from Regione Campania", async () => {
    const file = campania.find((r) => r.Comune === 'Altavilla Irpina')!;
    const kg = italian(file['Kg di compostaggio domestico'])!;
    expect(kg).toBe(13687.5);
    const s = await json('/api/stats/cities/city/064002/');
    expect(s.homeComposting).toEqual([
      {
        year: 2022,
        kg: expect.closeTo(kg, 1),
        kgPerCapita: round(kg / italian(file.Abitanti)!, 2),
        source: 'Regione Campania',
      },
    ]);
  });
});

describe('Years of a comune and the CSV export', () => {
  it('gives Milano every year from 2010, in the % trend and in the export lines', async () => {
    const s = await json('/api/stats/cities/city/015146/');
    const years = s.rdTrend.map((p: TrendPoint) => p.year);
    expect(years[0]).toBe(2010);
    expect(years).toEqual([...STORICO_YEARS, 2022, 2023, 2024]);
    expect(s.missingYears).toEqual([2018, 2019, 2020, 2021]);
    const lines = await t.db.query<{ year: number; line: string }>(
      'SELECT year, line FROM waste_export_lines WHERE city_id = $1 ORDER BY year',
      ['015146'],
    );
    expect(lines.map((l) => l.year)).toEqual([...STORICO_YEARS, 2022, 2023, 2024]);
    const [header] = await t.db.query<{ line: string }>('SELECT line FROM waste_export_header');
    const columns = header!.line.split(';');
    const cells = lines[0]!.line.split(';');
    const cell = (name: string) => cells[columns.indexOf(name)];
    const ru = Number(storicoRow(2010, '015146').RU);
    expect(Number(cell('rifiuti_urbani_t')!.replace(',', '.'))).toBeCloseTo(ru, 3);
    expect(cell('fonte')).toBe('ispra-storico');
  });
});
