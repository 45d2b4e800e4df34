import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RANKING_PAGE_MAX, searchText } from '@portal/contract';
import type { App } from '../../app';
import { recordImport } from '../../importer/imports.repo';
import * as rankingsRepo from './rankings.repo';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';

/*
 * The rankings checked against rankings computed here, independently, from the stored rows (cities,
 * waste_stats, area_stats): the rules of docs/decisions/059 written once more, in plain JavaScript.
 */

let t: TestDb;
let app: App;

const get = async (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const json = async <T>(url: string): Promise<T> => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json();
};

interface Row {
  rank: number | null;
  tied: boolean;
  id: string;
  name: string;
  population: number | null;
  capital: boolean;
  value: number | null;
  from: number | null;
  to: number | null;
  provinceId: string | null;
  regionId: string | null;
}
interface Page {
  year: number;
  compareYear: number | null;
  totalRanked: number;
  totalUnranked: number;
  page: number;
  pageSize: number;
  pageCount: number;
  rows: Row[];
}

/** Every row of a ranking, page after page (100 a page). */
async function allRows(query: string): Promise<{ first: Page; rows: Row[] }> {
  const first = await json<Page>(`/api/stats/rankings/?${query}&pageSize=100`);
  const rows = [...first.rows];
  for (let page = 2; page <= first.pageCount; page++) {
    rows.push(...(await json<Page>(`/api/stats/rankings/?${query}&pageSize=100&page=${page}`)).rows);
  }
  return { first, rows };
}

// ---- The expected rankings, from the stored rows ----------------------------------------------------

const r1 = (v: number) => Math.round(v * 10) / 10;
/** Names in the order of their search form (lower case, no accents), then the codes. */
const nameKey = new Map<string, string>();
const key = (name: string) => {
  let k = nameKey.get(name);
  if (k === undefined) nameKey.set(name, (k = searchText(name)));
  return k;
};
const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => {
  const x = key(a.name);
  const y = key(b.name);
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

interface City {
  id: string;
  name: string;
  province_id: string;
  region_id: string;
  population: number | null;
  first_year: number | null;
  dissolved: boolean;
  capital: boolean;
}
interface Stat {
  city_id: string;
  year: number;
  population: number | null;
  produced_t: number | null;
  sorted_t: number | null;
  unsorted_t: number | null;
  rd_pct: number | null;
}

type Indicator = 'sortedPercentage' | 'producedPerCapita' | 'unsortedPerCapita' | 'sortedPercentageChange';
const GOOD: Record<Indicator, 'up' | 'down'> = {
  sortedPercentage: 'up',
  producedPerCapita: 'down',
  unsortedPerCapita: 'down',
  sortedPercentageChange: 'up',
};

function bandOf(population: number): string {
  if (population > 100000) return 'oltre-100000';
  if (population > 50000) return '50000-100000';
  if (population > 15000) return '15000-50000';
  if (population > 5000) return '5000-15000';
  return 'fino-5000';
}

const rdOf = (s: Stat | undefined) =>
  !s ? null : (s.rd_pct ?? (s.produced_t ? ((s.sorted_t ?? 0) * 100) / s.produced_t : null));

interface Expected {
  id: string;
  name: string;
  value: number | null;
  from: number | null;
  to: number | null;
  population: number | null;
  capital: boolean;
}

// The stored rows do not change after beforeAll: each is read once.
let citiesRead: Promise<City[]> | undefined;
const storedCities = () =>
  (citiesRead ??= t.db.query<City>(
    'SELECT id, name, province_id, region_id, population, first_year, dissolved, capital FROM cities',
  ));
const statsRead = new Map<number, Promise<Map<string, Stat>>>();
function storedStats(year: number): Promise<Map<string, Stat>> {
  let read = statsRead.get(year);
  if (!read) {
    read = t.db
      .query<Stat>(
        'SELECT city_id, year, population, produced_t, sorted_t, unsorted_t, rd_pct FROM waste_stats WHERE year = $1',
        [year],
      )
      .then((rows) => new Map(rows.map((r) => [r.city_id, r])));
    statsRead.set(year, read);
  }
  return read;
}

/** The comuni whose row of the year fails the plausibility rule (decision 070: source_anomalies). */
const anomaliesRead = new Map<number, Promise<Set<string>>>();
function storedAnomalies(year: number): Promise<Set<string>> {
  let read = anomaliesRead.get(year);
  if (!read) {
    read = t.db
      .query<{ city_id: string }>('SELECT city_id FROM source_anomalies WHERE year = $1', [year])
      .then((rows) => new Set(rows.map((r) => r.city_id)));
    anomaliesRead.set(year, read);
  }
  return read;
}

/**
 * The comuni of a ranking with their values, from cities and waste_stats; without those whose row of the
 * year (or of the comparison year) fails the plausibility rule, unless `anomalies`.
 */
async function expectedCities(
  year: number,
  indicator: Indicator,
  filter: {
    region?: string;
    province?: string;
    band?: string;
    capitals?: boolean;
    compareYear?: number;
    anomalies?: boolean;
  } = {},
): Promise<Expected[]> {
  const cities = await storedCities();
  const anomalous = filter.anomalies ? new Set<string>() : await storedAnomalies(year);
  const anomalousBefore =
    filter.anomalies || !filter.compareYear ? new Set<string>() : await storedAnomalies(filter.compareYear);
  const of = (y: number) => storedStats(y);
  const cur = await of(year);
  const cmp = filter.compareYear ? await of(filter.compareYear) : new Map<string, Stat>();
  const result: Expected[] = [];
  for (const c of cities) {
    const s = cur.get(c.id);
    // A comune of the year: it has data, or it is a comune of today that existed then.
    if (!s && (c.dissolved || (c.first_year !== null && c.first_year > year))) continue;
    if (filter.region && c.region_id !== filter.region) continue;
    if (filter.province && c.province_id !== filter.province) continue;
    if (filter.capitals && !c.capital) continue;
    if (anomalous.has(c.id) || anomalousBefore.has(c.id)) continue;
    const population = s?.population ?? c.population;
    if (filter.band && (population === null || bandOf(population) !== filter.band)) continue;
    let value: number | null = null;
    let from: number | null = null;
    let to: number | null = null;
    const perInhabitant = (tonnes: number | null | undefined) =>
      tonnes === null || tonnes === undefined || !population ? null : r1((tonnes * 1000) / population);
    if (indicator === 'sortedPercentage') {
      const rd = rdOf(s);
      value = rd === null ? null : r1(rd);
    } else if (indicator === 'producedPerCapita') {
      value = perInhabitant(s?.produced_t);
    } else if (indicator === 'unsortedPerCapita') {
      const unsorted =
        s?.unsorted_t ??
        (s && s.produced_t !== null && s.sorted_t !== null ? s.produced_t - s.sorted_t : null);
      value = perInhabitant(unsorted);
    } else {
      const a = rdOf(cmp.get(c.id));
      const b = rdOf(s);
      from = a === null ? null : r1(a);
      to = b === null ? null : r1(b);
      value = from === null || to === null ? null : r1(to - from);
    }
    result.push({
      id: c.id,
      name: c.name,
      value,
      from,
      to,
      population: population === null ? null : Math.round(population),
      capital: c.capital,
    });
  }
  return result;
}

interface AreaStat {
  area_id: string;
  year: number;
  comuni_count: number;
  comuni_with_tonnes: number;
  population: number | null;
  produced_t: number | null;
  unsorted_t: number | null;
  rd_pct: number | null;
  rd_pct_method: string | null;
}

/**
 * The provinces or regions with their values, from area_stats: a year counts for an area when its data
 * covers at least 90% of the comuni of the area's latest year; kg per inhabitant only where the year's
 * tonnes are the area's total (no comune with a % alone) and its population is known.
 */
async function expectedAreas(
  level: 'province' | 'region',
  year: number,
  indicator: Indicator,
  filter: { region?: string; compareYear?: number } = {},
): Promise<Expected[]> {
  const areas = await t.db.query<{ id: string; name: string; region_id: string }>(
    level === 'province'
      ? 'SELECT id, name, region_id FROM provinces'
      : 'SELECT id, name, id AS region_id FROM regions',
  );
  const stats = await t.db.query<AreaStat>(
    `SELECT area_id, year, comuni_count, comuni_with_tonnes, population, produced_t, unsorted_t, rd_pct,
            rd_pct_method FROM area_stats WHERE level = $1`,
    [level],
  );
  /** The area's year if it counts, and whether its tonnes are the area's total. */
  const yearOf = (id: string, y: number) => {
    const rows = stats.filter((s) => s.area_id === id);
    const latest = rows.reduce((a, b) => (b.year > a.year ? b : a));
    const s = rows.find((r) => r.year === y);
    if (!s || s.comuni_count < 0.9 * latest.comuni_count || (s.rd_pct === null && s.produced_t === null))
      return null;
    return { s, tonnes: s.comuni_with_tonnes > 0 && s.rd_pct_method === 'tonnes' };
  };
  const valueOf = (id: string, y: number): number | null => {
    const counted = yearOf(id, y);
    if (!counted) return null;
    const { s, tonnes } = counted;
    const kg = (v: number | null) =>
      tonnes && v !== null && s.population ? r1((v * 1000) / s.population) : null;
    if (indicator === 'producedPerCapita') return kg(s.produced_t);
    if (indicator === 'unsortedPerCapita') return kg(s.unsorted_t);
    return s.rd_pct === null ? null : r1(s.rd_pct);
  };
  return areas
    .filter((a) => !filter.region || a.region_id === filter.region)
    .map((a) => {
      const to = valueOf(a.id, year);
      const counted = yearOf(a.id, year);
      // The inhabitants where the year's tonnes are the area's total, as on the area's page.
      const population =
        counted?.tonnes && counted.s.population !== null ? Math.round(counted.s.population) : null;
      if (indicator !== 'sortedPercentageChange') {
        return { id: a.id, name: a.name, value: to, from: null, to: null, population, capital: false };
      }
      const from = valueOf(a.id, filter.compareYear!);
      const value = from === null || to === null ? null : r1(to - from);
      return { id: a.id, name: a.name, value, from, to, population, capital: false };
    });
}

/** Best first, ties by name; rank = 1 + the rows with a strictly better value. */
function ranked(items: Expected[], indicator: Indicator) {
  const better = GOOD[indicator] === 'up' ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;
  const withValue = items.filter((i) => i.value !== null) as (Expected & { value: number })[];
  const values = withValue.map((i) => i.value);
  const rows = withValue.map((i) => {
    const rank = 1 + values.filter((v) => better(v, i.value)).length;
    const tied = values.filter((v) => v === i.value).length > 1;
    return { ...i, rank, tied };
  });
  return rows.sort((a, b) => a.rank - b.rank || byName(a, b));
}
const unrankedOf = (items: Expected[]) => items.filter((i) => i.value === null).sort((a, b) => byName(a, b));

const shape = (r: Omit<Expected, 'name'> & { rank: number | null; tied: boolean }) => [
  r.id,
  r.rank,
  r.tied,
  r.value,
  r.from,
  r.to,
  r.population,
  r.capital,
];

/** The API's ranking (every page) equals the one computed here; returns the API's rows. */
async function expectSame(query: string, expected: Expected[], indicator: Indicator) {
  const { first, rows } = await allRows(query);
  const want = ranked(expected, indicator);
  expect(first.totalRanked, query).toBe(want.length);
  expect(first.totalUnranked, query).toBe(unrankedOf(expected).length);
  expect(rows.map(shape), query).toEqual(want.map(shape));
  return rows;
}

// ---- The data of the tests ----------------------------------------------------------------------------

/** Abano Terme and Agna (Padova) tied in 2024; Albignasego without a row for 2024. */
const ABANO = '028001';
const AGNA = '028002';
const ALBIGNASEGO = '028003';

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ template: 'seeded' }));
  await t.db.query(
    `UPDATE waste_stats SET rd_pct = (SELECT rd_pct FROM waste_stats WHERE city_id = $1 AND year = 2024)
      WHERE city_id = $2 AND year = 2024`,
    [ABANO, AGNA],
  );
  await t.db.query('DELETE FROM waste_stats WHERE city_id = $1 AND year = 2024', [ALBIGNASEGO]);
  app.responseCache.clear();
});

describe('capoluoghi di provincia', () => {
  it('marks the capoluoghi of every one of the 107 provinces, 109 comuni', async () => {
    const perProvince = await t.db.query<{ id: string; n: number }>(
      `SELECT p.id, count(c.id) FILTER (WHERE c.capital)::int AS n
         FROM provinces p LEFT JOIN cities c ON c.province_id = p.id GROUP BY p.id`,
    );
    expect(perProvince).toHaveLength(107);
    expect(perProvince.filter((p) => p.n < 1)).toEqual([]);
    const [all] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cities WHERE capital');
    expect(all!.n).toBe(109);
    const bat = await t.db.query<{ name: string }>(
      "SELECT name FROM cities WHERE capital AND province_id = '110' ORDER BY name",
    );
    expect(bat.map((c) => c.name)).toEqual(['Andria', 'Barletta', 'Trani']);
  });
});

describe('GET /api/stats/rankings/ (comuni)', () => {
  it('ranks the comuni of Italy by % RD of the latest year by default', async () => {
    const expected = await expectedCities(2024, 'sortedPercentage');
    const want = ranked(expected, 'sortedPercentage');
    const first = await json<Page & Record<string, unknown>>('/api/stats/rankings/');
    expect(first).toMatchObject({
      level: 'city',
      indicator: 'sortedPercentage',
      year: 2024,
      compareYear: null,
      order: 'best',
      list: 'ranked',
      goodDirection: 'up',
      unit: '%',
      filters: { region: null, province: null, band: null, capitals: false },
      page: 1,
      pageSize: 50,
      totalRanked: want.length,
      totalUnranked: unrankedOf(expected).length,
      pageCount: Math.ceil(want.length / 50),
    });
    expect(first.availableYears).toEqual([...Array(15).keys()].map((i) => 2010 + i));
    expect(first.rows.map(shape)).toEqual(want.slice(0, 50).map(shape));
    const last = await json<Page>(`/api/stats/rankings/?pageSize=100&page=${Math.ceil(want.length / 100)}`);
    expect(last.rows.map(shape)).toEqual(want.slice(Math.floor((want.length - 1) / 100) * 100).map(shape));
    // The page of the tie made in beforeAll.
    const at = want.findIndex((r) => r.id === ABANO);
    const page = Math.floor(at / 100) + 1;
    const rows = (await json<Page>(`/api/stats/rankings/?pageSize=100&page=${page}`)).rows;
    expect(rows.map(shape)).toEqual(want.slice((page - 1) * 100, page * 100).map(shape));
    // Every row of the first page says what the contract says.
    expect(first.rows[0]).toEqual({
      rank: 1,
      tied: want[0]!.tied,
      id: want[0]!.id,
      name: want[0]!.name,
      level: 'city',
      provinceId: expect.stringMatching(/^\d{3}$/),
      provinceSigla: expect.stringMatching(/^[A-Z]{2}$/),
      regionId: expect.stringMatching(/^\d{2}$/),
      regionName: expect.any(String),
      population: want[0]!.population,
      // 2024's comuni have the year's population: no estimate.
      populationYear: want[0]!.population === null ? null : 2024,
      capital: want[0]!.capital,
      value: want[0]!.value,
      from: null,
      to: null,
      anomaly: null,
    });
  });

  it('gives tied comuni one rank, the next a rank further, and lists a comune without data apart', async () => {
    const rows = await expectSame(
      'province=028',
      await expectedCities(2024, 'sortedPercentage', { province: '028' }),
      'sortedPercentage',
    );
    const abano = rows.find((r) => r.id === ABANO)!;
    const agna = rows.find((r) => r.id === AGNA)!;
    expect(agna.value).toBe(abano.value);
    expect(agna.rank).toBe(abano.rank);
    expect([abano.tied, agna.tied]).toEqual([true, true]);
    // Ordered by name within the rank, and the rank after theirs skips one.
    expect(rows.indexOf(agna)).toBe(rows.indexOf(abano) + 1);
    const next = rows[rows.indexOf(agna) + 1]!;
    if (next.value !== abano.value) expect(next.rank).toBe(abano.rank! + 2);
    expect(rows.some((r) => r.id === ALBIGNASEGO)).toBe(false);
    const unranked = await json<Page>('/api/stats/rankings/?province=028&list=unranked');
    expect(unranked.rows.map((r) => [r.id, r.rank, r.value])).toEqual([[ALBIGNASEGO, null, null]]);
    expect(unranked).toMatchObject({ totalUnranked: 1, totalRanked: rows.length, pageCount: 1 });
    // Never ranked as zero: not at the bottom of the worst-first list either.
    const worst = await json<Page>('/api/stats/rankings/?province=028&order=worst&pageSize=10');
    expect(worst.rows.some((r) => r.id === ALBIGNASEGO)).toBe(false);
  });

  it('counts a dissolved comune only in the years it has data', async () => {
    // Ronago (Como) merged into Uggiate con Ronago in 2024.
    const y2024 = await allRows('province=013&list=unranked');
    expect(y2024.rows.some((r) => r.id === '013199')).toBe(false);
    const y2017 = await expectSame(
      'province=013&year=2017',
      await expectedCities(2017, 'sortedPercentage', { province: '013' }),
      'sortedPercentage',
    );
    expect(y2017.some((r) => r.id === '013199')).toBe(true);
  });

  it('ranks the comuni of a region, with their unranked ones listed alphabetically', async () => {
    const expected = await expectedCities(2024, 'sortedPercentage', { region: '05' });
    await expectSame('region=05', expected, 'sortedPercentage');
    const unranked = await allRows('region=05&list=unranked');
    expect(unranked.rows.map((r) => [r.id, r.rank, r.tied])).toEqual(
      unrankedOf(expected).map((r) => [r.id, null, false]),
    );
    const first = await json<Page & { filters: unknown }>('/api/stats/rankings/?region=05');
    expect(first.filters).toEqual({
      region: { id: '05', name: 'Veneto' },
      province: null,
      band: null,
      capitals: false,
      anomalies: false,
    });
  });

  it.each(['fino-5000', '5000-15000', '15000-50000', '50000-100000', 'oltre-100000'])(
    'ranks the comuni of the band %s (population of the year, else the latest known)',
    async (band) => {
      const expected = await expectedCities(2024, 'sortedPercentage', { region: '05', band });
      expect(expected.length).toBeGreaterThan(0);
      await expectSame(`region=05&band=${band}`, expected, 'sortedPercentage');
      // Albignasego has no 2024 row: its band is that of its latest population.
      const unranked = await allRows(`region=05&band=${band}&list=unranked`);
      expect(unranked.rows.some((r) => r.id === ALBIGNASEGO)).toBe(band === '15000-50000');
    },
  );

  it('ranks the comuni of the whole of Italy in one band', async () => {
    const expected = await expectedCities(2024, 'producedPerCapita', { band: 'oltre-100000' });
    await expectSame('band=oltre-100000&indicator=producedPerCapita', expected, 'producedPerCapita');
  });

  it('ranks the capoluoghi only', async () => {
    const expected = await expectedCities(2024, 'sortedPercentage', { capitals: true });
    expect(expected).toHaveLength(109);
    const rows = await expectSame('capitals=true', expected, 'sortedPercentage');
    expect(rows.every((r) => r.capital)).toBe(true);
    const lombardia = await expectedCities(2015, 'unsortedPerCapita', { capitals: true, region: '03' });
    await expectSame(
      'capitals=true&region=03&year=2015&indicator=unsortedPerCapita',
      lombardia,
      'unsortedPerCapita',
    );
  });

  it('ranks by kg per inhabitant, lower first, where tonnes and inhabitants are known', async () => {
    for (const indicator of ['producedPerCapita', 'unsortedPerCapita'] as const) {
      const rows = await expectSame(
        `region=05&indicator=${indicator}`,
        await expectedCities(2024, indicator, { region: '05' }),
        indicator,
      );
      expect(rows[0]!.value!).toBeLessThan(rows[rows.length - 1]!.value!);
    }
    // 2023 gives only the %: no comune of Veneto is ranked by kg, all are listed apart.
    const only = await json<Page>('/api/stats/rankings/?region=05&year=2023&indicator=producedPerCapita');
    expect(only.totalRanked).toBe(0);
    expect(only.pageCount).toBe(1);
    const expected2023 = await expectedCities(2023, 'producedPerCapita', { region: '05' });
    expect(only.totalUnranked).toBe(expected2023.length);
    // 2015: the tables give no population; the latest known one is the base.
    await expectSame(
      'province=028&year=2015&indicator=producedPerCapita',
      await expectedCities(2015, 'producedPerCapita', { province: '028' }),
      'producedPerCapita',
    );
    // ... and the answer says so, for the page to tell its readers; areas have their census.
    const later = await json<Page & { laterPopulation: boolean }>(
      '/api/stats/rankings/?province=028&year=2015&indicator=producedPerCapita&pageSize=10',
    );
    expect(later.laterPopulation).toBe(true);
    // ... and each row names the year of the population its kg per inhabitant are estimated with.
    const latest = new Map(
      (
        await t.db.query<{ id: string; year: number }>(
          `SELECT city_id AS id, max(year) AS year FROM waste_stats WHERE population IS NOT NULL GROUP BY city_id`,
        )
      ).map((r) => [r.id, r.year]),
    );
    expect(later.rows.length).toBeGreaterThan(0);
    for (const row of later.rows as (Row & { populationYear: number | null })[]) {
      expect(row.populationYear, row.id).toBe(latest.get(row.id) ?? null);
      expect(row.populationYear, row.id).not.toBe(2015);
    }
    // Areas have ISTAT's population of the year (decision 071): no estimate, ranked by kg.
    const regions = await json<Page & { laterPopulation: boolean }>(
      '/api/stats/rankings/?level=region&year=2015&indicator=producedPerCapita',
    );
    expect(regions.laterPopulation).toBe(false);
    expect(regions.totalRanked).toBe(20);
    expect(regions.rows.map((r) => (r as Row & { populationYear: number | null }).populationYear)).toEqual(
      Array(20).fill(2015),
    );
  });

  it('puts the worst first with order=worst, ranks unchanged, ties by name', async () => {
    const want = ranked(
      await expectedCities(2024, 'sortedPercentage', { province: '028' }),
      'sortedPercentage',
    );
    const worstFirst = [...want].sort((a, b) => b.rank - a.rank || byName(a, b));
    const { rows } = await allRows('province=028&order=worst');
    expect(rows.map(shape)).toEqual(worstFirst.map(shape));
    expect(rows[0]!.rank).toBe(Math.max(...want.map((r) => r.rank)));
  });

  it('pages: page 2 continues page 1, pageCount counts the chosen list, a page past the last is empty', async () => {
    const one = await json<Page>('/api/stats/rankings/?region=05&pageSize=10');
    const two = await json<Page>('/api/stats/rankings/?region=05&pageSize=10&page=2');
    const both = await json<Page>('/api/stats/rankings/?region=05&pageSize=20');
    expect([...one.rows, ...two.rows].map(shape)).toEqual(both.rows.map(shape));
    expect(one.pageCount).toBe(Math.ceil(one.totalRanked / 10));
    expect(both.pageCount).toBe(Math.ceil(one.totalRanked / 20));
    const last = await json<Page>(`/api/stats/rankings/?region=05&pageSize=10&page=${one.pageCount}`);
    expect(last.rows.length).toBeGreaterThan(0);
    for (const page of [one.pageCount + 1, RANKING_PAGE_MAX]) {
      const past = await json<Page>(`/api/stats/rankings/?region=05&pageSize=10&page=${page}`);
      expect(past.rows, `page=${page}`).toEqual([]);
      expect([past.page, past.pageCount, past.totalRanked]).toEqual([page, last.pageCount, last.totalRanked]);
    }
    const unranked = await json<Page>('/api/stats/rankings/?region=05&pageSize=10&list=unranked');
    expect(unranked.pageCount).toBe(Math.max(1, Math.ceil(unranked.totalUnranked / 10)));
  });

  it('ranks the change of the % since the comparison year (default: the previous year with data)', async () => {
    const def = await allRows('province=028&indicator=sortedPercentageChange');
    expect([def.first.year, def.first.compareYear]).toEqual([2024, 2023]);
    const expected = await expectedCities(2024, 'sortedPercentageChange', {
      province: '028',
      compareYear: 2023,
    });
    expect(def.rows.map(shape)).toEqual(ranked(expected, 'sortedPercentageChange').map(shape));
    const rows = await expectSame(
      'region=05&indicator=sortedPercentageChange&year=2017&compareYear=2011',
      await expectedCities(2017, 'sortedPercentageChange', { region: '05', compareYear: 2011 }),
      'sortedPercentageChange',
    );
    for (const r of rows.slice(0, 20)) expect(r.value).toBe(r1(r.to! - r.from!));
    const first = await json<Page & { unit: string }>(
      '/api/stats/rankings/?region=05&indicator=sortedPercentageChange&year=2017&compareYear=2011&pageSize=10',
    );
    expect([first.unit, first.compareYear]).toEqual(['punti %', 2011]);
    // Albignasego has 2023 but not 2024: listed apart, with the % it has.
    const unranked = await json<Page>(
      '/api/stats/rankings/?province=028&indicator=sortedPercentageChange&list=unranked',
    );
    const alb = unranked.rows.find((r) => r.id === ALBIGNASEGO)!;
    expect(alb).toMatchObject({ rank: null, value: null, to: null });
    expect(alb.from).toBe(expected.find((e) => e.id === ALBIGNASEGO)!.from);
  });
});

/** Cassinelle (AL) 2013: 0,01 t for 843 inhabitants at 100 % RD, ISPRA's table as it is (issue 35). */
const CASSINELLE = '006044';

describe('GET /api/stats/rankings/: figures that fail the plausibility rule (decision 070)', () => {
  it('leaves them out by default, and says how many', async () => {
    const expected = await expectedCities(2013, 'sortedPercentage');
    const rows = await expectSame('year=2013', expected, 'sortedPercentage');
    expect(rows.some((r) => r.id === CASSINELLE)).toBe(false);
    const first = await json<Page & { totalAnomalous: number; filters: Record<string, unknown> }>(
      '/api/stats/rankings/?year=2013',
    );
    const [{ n }] = (await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM source_anomalies WHERE year = 2013',
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(first.totalAnomalous).toBe(n);
    expect(first.filters.anomalies).toBe(false);
    // Nor do they count in a change from or to their year.
    await expectSame(
      'indicator=sortedPercentageChange&year=2014&compareYear=2013',
      await expectedCities(2014, 'sortedPercentageChange', { compareYear: 2013 }),
      'sortedPercentageChange',
    );
  });

  it('ranks them with anomalies=include, flagged with the figures that make them so', async () => {
    const rows = await expectSame(
      'year=2013&anomalies=include',
      await expectedCities(2013, 'sortedPercentage', { anomalies: true }),
      'sortedPercentage',
    );
    const first = await json<{ totalAnomalous: number; filters: Record<string, unknown> }>(
      '/api/stats/rankings/?year=2013&anomalies=include',
    );
    expect(first).toMatchObject({ totalAnomalous: 0, filters: { anomalies: true } });
    const cassinelle = rows.find((r) => r.id === CASSINELLE) as Row & { anomaly: Record<string, unknown> };
    expect(cassinelle.rank).toBe(1);
    expect(cassinelle.anomaly).toMatchObject({
      year: 2013,
      reasons: ['littleWaste', 'fullRd'],
      producedT: 0.01,
      population: 843,
      rdPct: 100,
    });
    // A plausible comune of the same list carries no flag.
    expect(rows.find((r) => r.id === ABANO)).toMatchObject({ anomaly: null });
  });

  it('refuses another value, and the switch outside the ranking of the comuni', async () => {
    const bad = await get('/api/stats/rankings/?anomalies=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      anomalies: ["Valore non valido: 'include' per mostrare anche i dati anomali nella fonte."],
    });
    const regions = await get('/api/stats/rankings/?level=region&anomalies=include');
    expect(regions.statusCode).toBe(400);
    expect(regions.json()).toEqual({ anomalies: ['Filtro disponibile solo per la classifica dei comuni.'] });
  });

  it('gives an anomalous comune no rank and no place among anyone\'s "Comuni simili"', async () => {
    const own = await json<{ value: number | null; italy: unknown; anomaly: { reasons: string[] } | null }>(
      `/api/stats/cities/city/${CASSINELLE}/rank/?year=2013`,
    );
    expect(own).toMatchObject({ value: null, italy: null, anomaly: { reasons: ['littleWaste', 'fullRd'] } });
    const anomalous = await storedAnomalies(2013);
    // The plausible comuni of Piemonte up to 5,000 inhabitants with the highest % RD of 2013: those whose
    // closest comuni by % were the 100 % of the source errors.
    const neighbours = await t.db.query<{ id: string }>(
      `SELECT c.id FROM cities c JOIN waste_stats w ON w.city_id = c.id AND w.year = 2013
        WHERE c.region_id = '01' AND coalesce(w.population, c.population) <= 5000 AND NOT EXISTS (
          SELECT 1 FROM source_anomalies a WHERE a.city_id = c.id AND a.year = 2013)
        ORDER BY coalesce(w.rd_pct, w.sorted_t * 100 / NULLIF(w.produced_t, 0)) DESC NULLS LAST LIMIT 5`,
    );
    let peers = 0;
    for (const { id } of neighbours) {
      const rank = await json<{ peers: { id: string }[]; anomaly: unknown }>(
        `/api/stats/cities/city/${id}/rank/?year=2013`,
      );
      expect(rank.anomaly).toBeNull();
      for (const p of rank.peers) expect(anomalous.has(p.id), p.id).toBe(false);
      peers += rank.peers.length;
    }
    expect(peers).toBeGreaterThan(0);
  });
});

describe('GET /api/stats/rankings/ (provinces and regions)', () => {
  it.each([
    ['province', 'sortedPercentage', 2024],
    ['province', 'producedPerCapita', 2024],
    ['province', 'unsortedPerCapita', 2024],
    ['province', 'sortedPercentage', 2022],
    ['province', 'producedPerCapita', 2022],
    ['region', 'sortedPercentage', 2024],
    ['region', 'producedPerCapita', 2011],
    ['region', 'sortedPercentage', 2019],
  ] as const)('ranks the %ss by %s in %i', async (level, indicator, year) => {
    const expected = await expectedAreas(level, year, indicator);
    const rows = await expectSame(`level=${level}&indicator=${indicator}&year=${year}`, expected, indicator);
    expect(rows.every((r) => !r.capital)).toBe(true);
    const populations = new Map(expected.map((e) => [e.id, e.population]));
    expect(rows.map((r) => [r.id, r.population])).toEqual(rows.map((r) => [r.id, populations.get(r.id)]));
    const unranked = await allRows(`level=${level}&indicator=${indicator}&year=${year}&list=unranked`);
    expect(unranked.rows.map((r) => r.id)).toEqual(unrankedOf(expected).map((r) => r.id));
  });

  it('ranks the provinces of one region, and the change of the regions', async () => {
    await expectSame(
      'level=province&region=05',
      await expectedAreas('province', 2024, 'sortedPercentage', { region: '05' }),
      'sortedPercentage',
    );
    const rows = await expectSame(
      'level=region&indicator=sortedPercentageChange&year=2024&compareYear=2017',
      await expectedAreas('region', 2024, 'sortedPercentageChange', { compareYear: 2017 }),
      'sortedPercentageChange',
    );
    expect(rows).toHaveLength(20);
    const veneto = rows.find((r) => r.id === '05')!;
    const [census] = await t.db.query<{ population: number }>(
      "SELECT population FROM area_stats WHERE level = 'region' AND area_id = '05' AND year = 2024",
    );
    expect(veneto).toMatchObject({
      provinceId: null,
      provinceSigla: null,
      regionId: '05',
      regionName: 'Veneto',
      population: census!.population,
      from: expect.any(Number),
      to: expect.any(Number),
    });
    const padova = (await json<Page>('/api/stats/rankings/?level=province&province=028')).rows;
    expect(padova.map((r) => [r.id, r.rank, r.provinceId, r.regionId])).toEqual([['028', 1, '028', '05']]);
  });
});

describe('GET /api/stats/rankings/: bad requests', () => {
  it.each([
    ['level=province&band=fino-5000', { band: ['Filtro disponibile solo per la classifica dei comuni.'] }],
    ['level=region&capitals=true', { capitals: ['Filtro disponibile solo per la classifica dei comuni.'] }],
    ['level=region&province=028', { province: ['La classifica delle regioni non si filtra per provincia.'] }],
    [
      'compareYear=2020',
      {
        compareYear: [
          "L'anno di confronto vale solo per la variazione della raccolta differenziata (indicator=sortedPercentageChange).",
        ],
      },
    ],
    [
      'indicator=sortedPercentageChange&year=2017&compareYear=2022',
      { compareYear: ["L'anno di confronto deve precedere l'anno della classifica."] },
    ],
    [
      'indicator=sortedPercentageChange&compareYear=2025',
      { compareYear: ["L'anno di confronto deve precedere l'anno della classifica."] },
    ],
    ['region=05&province=015', { province: ['La provincia Milano non è nella regione Veneto.'] }],
    ['pageSize=5', { pageSize: ['Elementi per pagina non validi: un intero tra 10 e 100.'] }],
    ['page=0', { page: ['Pagina non valida: un intero da 1 a 10000.'] }],
    [`page=${RANKING_PAGE_MAX + 1}`, { page: ['Pagina non valida: un intero da 1 a 10000.'] }],
    ['pageSize=101', { pageSize: ['Elementi per pagina non validi: un intero tra 10 e 100.'] }],
    ['list=tutti', { list: ["Elenco non valido: 'ranked' o 'unranked'."] }],
    ['capitals=false', { capitals: ["Valore non valido: 'true' per i soli capoluoghi."] }],
    ['level=comune', { level: ["Livello non valido: 'region', 'province' o 'city'."] }],
    ['anno=2024', { anno: ['Campo non previsto.'] }],
  ])('%s: 400 in Italian', async (query, body) => {
    const res = await get(`/api/stats/rankings/?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });

  it('answers 400 for a year without data and 404 for an unknown area', async () => {
    const res = await get('/api/stats/rankings/?year=2009');
    expect(res.statusCode).toBe(400);
    expect(res.json().year[0]).toMatch(/^Nessun dato per l'anno 2009\. Anni disponibili: 2010, 2011, /);
    const first = await get('/api/stats/rankings/?indicator=sortedPercentageChange&year=2010');
    expect(first.json().compareYear[0]).toMatch(/^Nessun anno con dati prima del 2010/);
    expect((await get('/api/stats/rankings/?region=99')).statusCode).toBe(404);
    expect((await get('/api/stats/rankings/?province=999')).statusCode).toBe(404);
  });
});

describe('GET /api/stats/cities/city/{id}/rank/', () => {
  interface Rank {
    id: string;
    name: string;
    year: number;
    value: number | null;
    band: string | null;
    population: number | null;
    italy: { rank: number; total: number } | null;
    region: { rank: number; total: number; id: string; name: string } | null;
    province: { rank: number; total: number; id: string; name: string } | null;
    bandRank: { rank: number; total: number } | null;
    percentile: number | null;
    peers: {
      id: string;
      name: string;
      provinceSigla: string;
      population: number;
      value: number;
      rank: number;
    }[];
  }

  it('gives the ranks of the ranking endpoint in Italy, the region and the province, the percentile and the peers', async () => {
    const italy = ranked(await expectedCities(2024, 'sortedPercentage'), 'sortedPercentage');
    for (const id of [ABANO, AGNA, '028060']) {
      const r = await json<Rank>(`/api/stats/cities/city/${id}/rank/`);
      expect(r.year).toBe(2024);
      const own = italy.find((c) => c.id === id)!;
      expect(r.value).toBe(own.value);
      expect(r.italy).toEqual({ rank: own.rank, total: italy.length });
      // The same rank as the row of the Italian ranking, on its page.
      const page = Math.floor(italy.indexOf(own) / 100) + 1;
      const row = (await json<Page>(`/api/stats/rankings/?pageSize=100&page=${page}`)).rows.find(
        (x) => x.id === id,
      );
      expect(row!.rank).toBe(r.italy!.rank);
      const region = (await allRows('region=05')).rows;
      expect(r.region).toEqual({
        rank: region.find((x) => x.id === id)!.rank,
        total: region.length,
        id: '05',
        name: 'Veneto',
      });
      const province = (await allRows('province=028')).rows;
      expect(r.province).toEqual({
        rank: province.find((x) => x.id === id)!.rank,
        total: province.length,
        id: '028',
        name: 'Padova',
      });
      // Its rank among the comuni of its band in its region: the ranking with both filters.
      const inBand = (await allRows(`region=05&band=${r.band}`)).rows;
      expect(r.bandRank).toEqual({ rank: inBand.find((x) => x.id === id)!.rank, total: inBand.length });
      const worse = italy.filter((c) => c.value < own.value).length;
      expect(r.percentile).toBe(Math.floor((100 * worse) / (italy.length - 1)));
      expect(r.band).toBe(bandOf(own.population!));
      expect(r.population).toBe(own.population);
      // Peers: the comuni of the same band in Veneto with a %, closest first (by the shown values), ties by name.
      const peers = ranked(
        await expectedCities(2024, 'sortedPercentage', { region: '05', band: r.band! }),
        'sortedPercentage',
      )
        .filter((c) => c.id !== id)
        .sort((a, b) => r1(Math.abs(a.value - own.value)) - r1(Math.abs(b.value - own.value)) || byName(a, b))
        .slice(0, 5);
      expect(r.peers.map((p) => [p.id, p.value, p.population, p.rank])).toEqual(
        peers.map((p) => [p.id, p.value, p.population, italy.find((c) => c.id === p.id)!.rank]),
      );
      expect(r.peers.length).toBeLessThanOrEqual(5);
      expect(r.peers.some((p) => p.id === id)).toBe(false);
    }
    // The tie: one rank for both, in Italy too.
    const [abano, agna] = await Promise.all(
      [ABANO, AGNA].map((id) => json<Rank>(`/api/stats/cities/city/${id}/rank/`)),
    );
    expect(agna!.italy).toEqual(abano!.italy);
    expect(agna!.percentile).toBe(abano!.percentile);
  });

  it('gives a comune of another region its ranks there, and a capoluogo its ranks by the endpoint filters', async () => {
    const r = await json<Rank>('/api/stats/cities/city/015146/rank/?year=2017');
    const region = (await allRows('region=03&year=2017')).rows;
    expect(r.region).toMatchObject({
      rank: region.find((x) => x.id === '015146')!.rank,
      total: region.length,
    });
    const province = (await allRows('province=015&year=2017')).rows;
    expect(r.province).toMatchObject({
      rank: province.find((x) => x.id === '015146')!.rank,
      id: '015',
      name: 'Milano',
    });
    expect(r.band).toBe('oltre-100000');
  });

  it('gives no rank in Italy in a year where only some regions have figures (2019: Sicily)', async () => {
    const r = await json<Rank>('/api/stats/cities/city/082053/rank/?year=2019');
    expect(r.value).not.toBeNull();
    // Fewer than 90 % of the comuni of Italy have a value in 2019: neither a rank in Italy nor a percentile.
    const all = await json<Page>('/api/stats/rankings/?year=2019&pageSize=10');
    expect(all.totalRanked).toBeLessThan(0.9 * (all.totalRanked + all.totalUnranked));
    expect(r.italy).toBeNull();
    expect(r.percentile).toBeNull();
    // Sicily's comuni all have theirs: its ranks stand.
    const region = (await allRows('region=19&year=2019')).rows;
    expect(r.region).toMatchObject({
      rank: region.find((x) => x.id === '082053')!.rank,
      total: region.length,
    });
    expect(r.province).not.toBeNull();
  });

  it('gives null ranks to a comune without data in the year, its latest year by default', async () => {
    const none = await json<Rank>(`/api/stats/cities/city/${ALBIGNASEGO}/rank/?year=2024`);
    expect(none).toMatchObject({
      id: ALBIGNASEGO,
      name: 'Albignasego',
      year: 2024,
      value: null,
      italy: null,
      region: null,
      province: null,
      bandRank: null,
      percentile: null,
      peers: [],
    });
    const latest = await json<Rank>(`/api/stats/cities/city/${ALBIGNASEGO}/rank/`);
    expect(latest.year).toBe(2023);
    expect(latest.italy!.rank).toBeGreaterThan(0);
    expect((await get('/api/stats/cities/city/999999/rank/')).statusCode).toBe(404);
    expect((await get('/api/stats/cities/city/028001/rank/?year=2009')).statusCode).toBe(400);
    expect((await get('/api/stats/cities/city/028001/rank/?anno=2024')).json()).toEqual({
      anno: ['Campo non previsto.'],
    });
  });
});

describe('the memo of ranked lists', () => {
  /** What an import does to the data version (a new row of `imports`), and a web process then told of it. */
  async function recordTestImport() {
    await recordImport(t.db, {
      dataset: 'test',
      fileName: 'memo.csv',
      sha256: randomUUID(),
      rowCount: 0,
      years: [],
    });
    // The response cache reads the new version there and drops its answers, as its 5 s check would.
    expect((await get('/api/data-version/')).statusCode).toBe(200);
  }

  // A new data version each: the memo starts empty.
  beforeEach(recordTestImport);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("ranks a filter once for all its pages, orders and lists, and the comune's rank in Italy", async () => {
    const cityRows = vi.spyOn(rankingsRepo, 'getCityRankingRows');
    const url = '/api/stats/rankings/?year=2022';
    const first = await json<Page>(`${url}&pageSize=10`);
    expect(cityRows).toHaveBeenCalledTimes(1);
    for (const more of ['pageSize=10&page=2', 'page=3&order=worst', 'list=unranked', 'pageSize=20&page=2']) {
      await json<Page>(`${url}&${more}`);
    }
    const rank = await json<{ italy: { rank: number } }>(`/api/stats/cities/city/${ABANO}/rank/?year=2022`);
    expect(cityRows).toHaveBeenCalledTimes(1);
    const row = (await allRows('year=2022')).rows.find((r) => r.id === ABANO)!;
    expect(rank.italy.rank).toBe(row.rank);
    // Another filter is another list.
    await json<Page>(`${url}&region=05`);
    expect(cityRows).toHaveBeenCalledTimes(2);
    expect(first.rows).toHaveLength(10);

    const areaRows = vi.spyOn(rankingsRepo, 'getAreaRankingYears');
    for (const more of ['', '&page=2', '&order=worst', '&list=unranked']) {
      await json<Page>(`/api/stats/rankings/?level=province&pageSize=10${more}`);
    }
    expect(areaRows).toHaveBeenCalledTimes(1);
  });

  it('computes a filter once for requests that miss it at the same time', async () => {
    const cityRows = vi.spyOn(rankingsRepo, 'getCityRankingRows');
    const url = '/api/stats/rankings/?year=2023&pageSize=10';
    await Promise.all(
      ['', '&page=2', '&order=worst', '&list=unranked'].map((more) => json<Page>(url + more)),
    );
    expect(cityRows).toHaveBeenCalledTimes(1);
  });

  it('is renewed by an import: the next answer ranks the new data', async () => {
    const cityRows = vi.spyOn(rankingsRepo, 'getCityRankingRows');
    const url = '/api/stats/rankings/?province=028&pageSize=10';
    const before = await json<Page>(url);
    const worst = (await json<Page>(`${url}&order=worst`)).rows[0]!;
    expect(before.rows[0]!.id).not.toBe(worst.id);
    expect(cityRows).toHaveBeenCalledTimes(1);
    const [old] = await t.db.query<{ rd_pct: number | null }>(
      'SELECT rd_pct FROM waste_stats WHERE city_id = $1 AND year = 2024',
      [worst.id],
    );
    try {
      await t.db.query('UPDATE waste_stats SET rd_pct = 99.9 WHERE city_id = $1 AND year = 2024', [worst.id]);
      await recordTestImport();
      const after = await json<Page>(url);
      expect(after.rows[0]).toMatchObject({ id: worst.id, rank: 1, value: 99.9 });
      expect(after.totalRanked).toBe(before.totalRanked);
      expect(cityRows).toHaveBeenCalledTimes(2);
    } finally {
      await t.db.query('UPDATE waste_stats SET rd_pct = $2 WHERE city_id = $1 AND year = 2024', [
        worst.id,
        old!.rd_pct,
      ]);
      await recordTestImport();
    }
  });
});

describe('caching', () => {
  it('sends the Cache-Control and ETag of the other public statistics', async () => {
    const overall = await get('/api/stats/overall/');
    for (const url of ['/api/stats/rankings/?region=05', `/api/stats/cities/city/${ABANO}/rank/`]) {
      const res = await get(url);
      expect(res.headers['cache-control'], url).toBe(overall.headers['cache-control']);
      expect(res.headers.etag, url).toMatch(/^".+"$/);
      const again = await get(url, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
  });
});
