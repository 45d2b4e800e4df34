import { LRUCache } from 'lru-cache';
import {
  populationBand,
  RANKING_DECIMALS,
  RANKING_GOOD_DIRECTION,
  RANKING_UNITS,
  searchText,
  type CityRank,
  type PopulationBand,
  type Ranking,
  type RankingIndicator,
  type RankingQuery,
  type RankingRow,
} from '@portal/contract';
import type { Queryable } from '../../db/db';
import { fieldError, notFound } from '../../plugins/errors';
import { msg } from '../../plugins/i18n';
import * as rankingsRepo from './rankings.repo';
import type { AreaRankingYear, CityRankingRow } from './rankings.repo';
import { round } from './statistic';
import {
  COMPLETE_COVERAGE,
  completeYears,
  perCapita,
  tonnesKnown,
  unavailableYear,
  YearError,
} from './stats.service';
import * as repo from './stats.repo';

/**
 * The rankings of comuni, provinces and regions, and a comune's place in them (docs/decisions/059).
 * Values are rounded to RANKING_DECIMALS, as shown, and ranked by standard competition ranking
 * ("1, 2, 2, 4"): equal shown values share a rank; rows of equal rank are ordered by name.
 */

const shown = (v: number | null) => (v === null || !Number.isFinite(v) ? null : round(v, RANKING_DECIMALS));

/** A row of a ranking before its rank: what the contract's row says, the rank aside. */
type Candidate = Omit<RankingRow, 'rank' | 'tied'>;
type Valued = Candidate & { value: number };
type Ranked = Valued & { rank: number; tied: boolean };

/**
 * A row and the key of the name order: the name's search form (lower case, no accents, punctuation as a
 * space: cities.search_name), compared as plain text, so the order is the same on PGlite and PostgreSQL
 * whatever their collation, and cheap for ~8,000 rows. The code breaks a tie of names.
 */
interface Entry<C extends Candidate = Candidate> {
  row: C;
  key: string;
  /** A comune's inhabitants as its band counts them, not rounded (the row's are); null for an area. */
  people: number | null;
}
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byName = (a: Entry, b: Entry) => text(a.key, b.key) || text(a.row.id, b.row.id);

/**
 * The entries with a value, best first (ties by name), with their competition rank: one more than the
 * number of rows with a better value.
 */
function rank(entries: Entry<Valued>[], good: 'up' | 'down'): Entry<Ranked>[] {
  const sign = good === 'up' ? -1 : 1;
  const sorted = [...entries].sort((a, b) => sign * (a.row.value - b.row.value) || byName(a, b));
  const ranked: Entry<Ranked>[] = [];
  for (const [i, e] of sorted.entries()) {
    const prev = ranked[i - 1];
    const tie = prev !== undefined && prev.row.value === e.row.value;
    ranked.push({ ...e, row: { ...e.row, rank: tie ? prev.row.rank : i + 1, tied: false } });
  }
  const perRank = new Map<number, number>();
  for (const { row } of ranked) perRank.set(row.rank, (perRank.get(row.rank) ?? 0) + 1);
  for (const { row } of ranked) row.tied = perRank.get(row.rank)! > 1;
  return ranked;
}

/** The population of a comune in a year: the year's, else its latest known (cities.population). */
const cityPopulation = (r: CityRankingRow) => r.population ?? r.cityPopulation;

/** The value of a comune for an indicator in the year; null where it cannot be computed. */
function cityValue(r: CityRankingRow, indicator: RankingIndicator): Pick<Candidate, 'value' | 'from' | 'to'> {
  const population = cityPopulation(r);
  switch (indicator) {
    case 'sortedPercentage':
      return { value: shown(r.rdPct), from: null, to: null };
    case 'producedPerCapita':
      return { value: shown(perCapita(r.producedT, population)), from: null, to: null };
    case 'unsortedPerCapita': {
      const unsorted =
        r.unsortedT ?? (r.producedT !== null && r.sortedT !== null ? r.producedT - r.sortedT : null);
      return { value: shown(perCapita(unsorted, population)), from: null, to: null };
    }
    case 'sortedPercentageChange': {
      const from = shown(r.compareRdPct);
      const to = shown(r.rdPct);
      return { value: from === null || to === null ? null : round(to - from, RANKING_DECIMALS), from, to };
    }
  }
}

/** The anomaly (decision 070) of a comune's row that the indicator reads: the year's, else the comparison year's. */
const cityAnomaly = (r: CityRankingRow, indicator: RankingIndicator) =>
  r.anomaly ?? (indicator === 'sortedPercentageChange' ? r.compareAnomaly : null);

function cityCandidate(r: CityRankingRow, indicator: RankingIndicator): Entry {
  const population = cityPopulation(r);
  const row: Candidate = {
    id: r.id,
    name: r.name,
    level: 'city',
    provinceId: r.provinceId,
    provinceSigla: r.provinceSigla,
    regionId: r.regionId,
    regionName: r.regionName,
    population: population === null ? null : Math.round(population),
    populationYear: population === null ? null : r.populationYear,
    capital: r.capital,
    ...cityValue(r, indicator),
    anomaly: cityAnomaly(r, indicator),
  };
  return { row, key: r.sortName, people: population };
}

/** An area's year as its page shows it: only a year whose data covers (almost) all its comuni. */
function areaValue(row: AreaRankingYear | undefined, indicator: RankingIndicator): number | null {
  if (!row) return null;
  const known = tonnesKnown(row);
  switch (indicator) {
    case 'sortedPercentage':
    case 'sortedPercentageChange':
      return shown(row.rdPct);
    case 'producedPerCapita':
      return known ? shown(perCapita(row.producedT, row.population)) : null;
    case 'unsortedPerCapita':
      return known ? shown(perCapita(row.unsortedT, row.population)) : null;
  }
}

/** Each area's years that count (completeYears of stats.service: the area page's own rule), by area. */
function areaYears(rows: AreaRankingYear[]): Map<string, Map<number, AreaRankingYear>> {
  const byArea = new Map<string, AreaRankingYear[]>();
  for (const r of rows) byArea.set(r.areaId, [...(byArea.get(r.areaId) ?? []), r]);
  const result = new Map<string, Map<number, AreaRankingYear>>();
  for (const [id, years] of byArea) {
    const complete = completeYears(years).years as AreaRankingYear[];
    result.set(id, new Map(complete.map((r) => [r.year, r])));
  }
  return result;
}

/** The year and the comparison year of a ranking among the level's years, or a 400 saying which exist. */
function rankingYears(
  available: number[],
  query: { year?: number; compareYear?: number },
  change: boolean,
): { year: number; compareYear: number | null } {
  if (available.length === 0) throw unavailableYear('year', undefined, available);
  const year = query.year ?? available[available.length - 1]!;
  if (!available.includes(year)) throw unavailableYear('year', year, available);
  if (!change) return { year, compareYear: null };
  if (query.compareYear !== undefined) {
    if (query.compareYear >= year) throw fieldError('compareYear', 'rankingCompareYearBefore');
    if (!available.includes(query.compareYear)) {
      throw unavailableYear('compareYear', query.compareYear, available);
    }
    return { year, compareYear: query.compareYear };
  }
  const earlier = available.filter((y) => y < year);
  if (!earlier.length) {
    const years = msg('availableYears', { years: available.join(', ') });
    throw new YearError('compareYear', msg('rankingNoCompareYear', { year, available: years }));
  }
  return { year, compareYear: earlier[earlier.length - 1]! };
}

/** The region and province filters, named (404: no such area; 400: a province of another region). */
async function namedFilters(db: Queryable, query: RankingQuery) {
  let region: { id: string; name: string } | null = null;
  let province: { id: string; name: string } | null = null;
  if (query.region) {
    const r = await repo.getRegionName(db, query.region);
    if (!r) throw notFound();
    region = { id: r.id, name: r.name };
  }
  if (query.province) {
    const p = await repo.getProvinceWithRegion(db, query.province);
    if (!p) throw notFound();
    if (region && p.region.id !== region.id) {
      throw fieldError('province', 'rankingProvinceNotInRegion', {
        province: p.province.name,
        region: region.name,
      });
    }
    province = { id: p.province.id, name: p.province.name };
  }
  return { region, province };
}

/**
 * A ranking before its page: every row of one filter (level, indicator, year, comparison year, region,
 * province, band, capoluoghi), those with a value ranked best first, the others by name. Every page, order
 * and list of the filter slice the same one, and so does a comune's place where it ranks the same scope.
 */
interface RankedList {
  year: number;
  compareYear: number | null;
  availableYears: number[];
  laterPopulation: boolean;
  ranked: Entry<Ranked>[];
  /** The comuni left out because their figures fail the plausibility rule (decision 070), by name. */
  anomalous: Entry[];
  /** The ranked rows worst first (the same ranks from the last, rows of one rank still by name): on demand. */
  worst?: Entry<Ranked>[];
  unranked: Entry[];
}

/**
 * The memo's bounds, per database: rows of its lists, about six rankings of all Italy's comuni (~8,000
 * rows, 3–4 MB each), and lists (of a region, a band: a few hundred rows).
 */
const MEMO_MAX_ROWS = 50_000;
const MEMO_MAX_LISTS = 500;

type Lists = LRUCache<string, RankedList, () => Promise<RankedList>>;
const memos = new WeakMap<Queryable, Lists>();

/** Gives the filter's list from the memo, or computes and keeps it (keyed by the filter, in JSON). */
type Memo = (filter: unknown[], compute: () => Promise<RankedList>) => Promise<RankedList>;

/**
 * The memo of ranked lists of a database (docs/decisions/059), as of its data version (getDataVersion, the
 * response cache's own signal): read before any of the rows, so a list is never older than the version it
 * is kept under, and every API process sees an import on its next read. The version is part of the key:
 * the lists of an older version are never read again and leave as the LRU needs room (a request that read
 * the version just before an import does not empty the newer lists). Concurrent requests of one filter
 * compute it once.
 */
async function rankingMemo(db: Queryable): Promise<Memo> {
  const version = await repo.getDataVersion(db);
  let lists = memos.get(db);
  if (!lists) {
    lists = new LRUCache({
      max: MEMO_MAX_LISTS,
      maxSize: MEMO_MAX_ROWS,
      sizeCalculation: (list) => 1 + list.ranked.length + list.unranked.length + list.anomalous.length,
      fetchMethod: (_key, _stale, { context }) => context(),
      // Evicted while computing: the waiting requests get their list all the same.
      ignoreFetchAbort: true,
    });
    memos.set(db, lists);
  }
  const memo = lists;
  return async (filter, compute) => {
    // The version in the key too: a list computed across an import is never taken for the new data's.
    const list = await memo.fetch(JSON.stringify([version, ...filter]), { context: compute });
    if (!list) throw new Error('rankings memo: no list computed');
    return list;
  };
}

/**
 * The candidates ranked; with `withAnomalies` false the anomalous ones (decision 070) are left out of both
 * lists and kept apart.
 */
function rankedList(
  all: Entry[],
  indicator: RankingIndicator,
  about: Pick<RankedList, 'year' | 'compareYear' | 'availableYears' | 'laterPopulation'>,
  withAnomalies = false,
): RankedList {
  const candidates = withAnomalies ? all : all.filter((c) => c.row.anomaly === null);
  const valued = candidates.filter((c): c is Entry<Valued> => c.row.value !== null);
  return {
    ...about,
    anomalous: withAnomalies ? [] : all.filter((c) => c.row.anomaly !== null).sort(byName),
    ranked: rank(valued, RANKING_GOOD_DIRECTION[indicator]),
    unranked: candidates.filter((c) => c.row.value === null).sort(byName),
  };
}

interface CityScope {
  regionId?: string;
  provinceId?: string;
  band?: PopulationBand;
  capitals: boolean;
  /** Rank the comune-years that fail the plausibility rule too (the rankings' anomalies=include). */
  anomalies: boolean;
}

/** The ranked list of the comuni of a scope in the year (and the comparison year), from the memo. */
function cityList(
  db: Queryable,
  memo: Memo,
  indicator: RankingIndicator,
  years: { available: number[]; year: number; compareYear: number | null },
  scope: CityScope,
): Promise<RankedList> {
  const { available, year, compareYear } = years;
  const { regionId, provinceId, band, capitals, anomalies } = scope;
  const filter = [
    'city',
    indicator,
    year,
    compareYear,
    regionId ?? null,
    provinceId ?? null,
    band ?? null,
    capitals,
    anomalies,
  ];
  return memo(filter, async () => {
    const rows = await rankingsRepo.getCityRankingRows(db, year, compareYear, {
      regionId,
      provinceId,
      capitals,
    });
    const listed = rows.filter((r) => {
      if (!band) return true;
      const population = cityPopulation(r);
      return population !== null && populationBand(population) === band;
    });
    return rankedList(
      listed.map((r) => cityCandidate(r, indicator)),
      indicator,
      {
        year,
        compareYear,
        availableYears: available,
        laterPopulation: listed.some((r) => r.population === null && r.cityPopulation !== null),
      },
      anomalies,
    );
  });
}

/**
 * The ranked list of the provinces or regions of a scope, from the memo; keyed by the years asked, which
 * only the level's rows resolve (a year without data: a 400 of the computation, not kept).
 */
function areaList(
  db: Queryable,
  memo: Memo,
  level: 'province' | 'region',
  indicator: RankingIndicator,
  query: { year?: number; compareYear?: number },
  scope: { regionId?: string; provinceId?: string },
): Promise<RankedList> {
  const { regionId, provinceId } = scope;
  const filter = [
    level,
    indicator,
    query.year ?? null,
    query.compareYear ?? null,
    regionId ?? null,
    provinceId ?? null,
  ];
  return memo(filter, async () => {
    const change = indicator === 'sortedPercentageChange';
    const [years, areas] = await Promise.all([
      rankingsRepo.getAreaRankingYears(db, level),
      rankingsRepo.getRankingAreas(db, level, { regionId, provinceId }),
    ]);
    const counted = areaYears(years);
    const available = [...new Set([...counted.values()].flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
    const { year, compareYear } = rankingYears(available, query, change);
    const candidates = areas.map((a): Entry => {
      const cur = counted.get(a.id)?.get(year);
      const to = areaValue(cur, indicator);
      const from = change ? areaValue(counted.get(a.id)?.get(compareYear!), indicator) : null;
      // The inhabitants where the year's tonnes are the area's total, as on the area's page.
      const population =
        cur && tonnesKnown(cur) && cur.population !== null ? Math.round(cur.population) : null;
      const value = !change ? to : to === null || from === null ? null : round(to - from, RANKING_DECIMALS);
      const row: Candidate = {
        ...a,
        level,
        population,
        populationYear: population === null ? null : year,
        capital: false,
        value,
        from,
        to: change ? to : null,
        anomaly: null,
      };
      return { row, key: searchText(a.name), people: null };
    });
    return rankedList(candidates, indicator, {
      year,
      compareYear,
      availableYears: available,
      laterPopulation: false,
    });
  });
}

/** The whole list of a ranking's filter, in its order (best or worst first, or the unranked by name). */
interface ChosenList {
  all: RankedList;
  filters: Awaited<ReturnType<typeof namedFilters>>;
  chosen: Entry[];
}

async function chosenList(db: Queryable, query: RankingQuery): Promise<ChosenList> {
  const { level, indicator, order, list } = query;
  const memo = await rankingMemo(db);
  const filters = await namedFilters(db, query);
  const scope = { regionId: filters.region?.id, provinceId: filters.province?.id };
  let all: RankedList;
  if (level === 'city') {
    const available = await rankingsRepo.getCityYears(db);
    const years = rankingYears(available, query, indicator === 'sortedPercentageChange');
    all = await cityList(
      db,
      memo,
      indicator,
      { available, ...years },
      {
        ...scope,
        band: query.band,
        capitals: query.capitals === 'true',
        anomalies: query.anomalies === 'include',
      },
    );
  } else {
    all = await areaList(db, memo, level, indicator, query, scope);
  }

  // Worst first: the same ranks from the last, rows of one rank still by name.
  const worstFirst = (ranked: Entry<Ranked>[]) =>
    [...ranked].sort((a, b) => b.row.rank - a.row.rank || byName(a, b));
  const chosen =
    list === 'unranked'
      ? all.unranked
      : order === 'best'
        ? all.ranked
        : (all.worst ??= worstFirst(all.ranked));
  return { all, filters, chosen };
}

/**
 * Every row of the list a ranking query chooses, not a page of it (the CSV of /classifiche): the same
 * rows, order and ranks as its pages, with the year and comparison year it resolved.
 */
export async function rankingRows(
  db: Queryable,
  query: RankingQuery,
): Promise<{ year: number; compareYear: number | null; rows: RankingRow[] }> {
  const { all, chosen } = await chosenList(db, query);
  return {
    year: all.year,
    compareYear: all.compareYear,
    rows: chosen.map((e) => ({ rank: null, tied: false, ...e.row })),
  };
}

/**
 * GET /api/stats/rankings/: one page of a ranking, or of the areas of its filter without a value. A page past
 * the last is empty (its `pageCount` says how many there are).
 */
export async function ranking(db: Queryable, query: RankingQuery): Promise<Ranking> {
  const { level, indicator, order, list, pageSize } = query;
  const { all, filters, chosen } = await chosenList(db, query);
  const pageCount = Math.max(1, Math.ceil(chosen.length / pageSize));
  // A page past the last is empty, as on the paged list endpoints; the web page says it does not exist.
  const page = query.page;
  const rows: RankingRow[] = chosen
    .slice((page - 1) * pageSize, page * pageSize)
    .map((e) => ({ rank: null, tied: false, ...e.row }));
  return {
    level,
    indicator,
    year: all.year,
    compareYear: all.compareYear,
    availableYears: all.availableYears,
    order,
    list,
    filters: {
      region: filters.region,
      province: filters.province,
      band: query.band ?? null,
      capitals: query.capitals === 'true',
      anomalies: query.anomalies === 'include',
    },
    goodDirection: RANKING_GOOD_DIRECTION[indicator],
    unit: RANKING_UNITS[indicator],
    laterPopulation: all.laterPopulation,
    totalRanked: all.ranked.length,
    totalAnomalous: all.anomalous.length,
    totalUnranked: all.unranked.length,
    page,
    pageSize,
    pageCount,
    rows,
  };
}

/**
 * GET /api/stats/cities/city/:id/rank/: the comune's rank by % RD in Italy, its region and its province in
 * the year (default its latest with data), its percentile in Italy and up to five peers (same population
 * band and region, closest % RD). A comune without data that year has null ranks (404: no such comune).
 */
export async function cityRank(db: Queryable, id: string, query: { year?: number }): Promise<CityRank> {
  const memo = await rankingMemo(db);
  const city = await rankingsRepo.getRankCity(db, id);
  if (!city) throw notFound();
  const available = await rankingsRepo.getCityYears(db);
  let year: number;
  if (query.year !== undefined) {
    if (!available.includes(query.year)) throw unavailableYear('year', query.year, available);
    year = query.year;
  } else {
    const own = await rankingsRepo.getOneCityYears(db, id);
    const latest = own.length ? own[own.length - 1] : available[available.length - 1];
    if (latest === undefined) throw unavailableYear('year', undefined, available);
    year = latest;
  }
  // The ranking of the comuni of Italy by % RD that year, as GET /api/stats/rankings/?year= gives it: the
  // memo's list, shared with that ranking's pages.
  // Without the comune-years that fail the plausibility rule (decision 070): an anomalous comune has no rank
  // and is nobody's peer.
  const { ranked, unranked, anomalous } = await cityList(
    db,
    memo,
    'sortedPercentage',
    { available, year, compareYear: null },
    { capitals: false, anomalies: false },
  );
  const own = ranked.find((e) => e.row.id === id);
  const flagged = anomalous.find((e) => e.row.id === id);
  const listed = own ?? flagged ?? unranked.find((e) => e.row.id === id);
  const ownPopulation = listed ? listed.people : city.cityPopulation;
  const band = ownPopulation === null ? null : populationBand(ownPopulation);
  const base = {
    id,
    name: city.name,
    year,
    band,
    population: ownPopulation === null ? null : Math.round(ownPopulation),
    anomaly: flagged?.row.anomaly ?? null,
  };
  if (!own) {
    return {
      ...base,
      value: null,
      italy: null,
      region: null,
      province: null,
      bandRank: null,
      percentile: null,
      peers: [],
    };
  }
  const { value, regionId, provinceId } = own.row;
  // A rank is one more than the comuni with a better value (the rankings' competition rank): counted in
  // one pass for Italy, the region and the province.
  const italy = { rank: 1, total: ranked.length };
  const region = { rank: 1, total: 0 };
  const province = { rank: 1, total: 0 };
  const inBand = { rank: 1, total: 0 };
  const sameBand = (e: Entry) => band !== null && e.people !== null && populationBand(e.people) === band;
  // The comuni of each scope that year, with or without a value: a scope whose comuni are not (almost) all
  // ranked has no rank (2018–2021: only Sicily's comuni have figures, "N° in Italia su 390" would mislead).
  const all = { italy: ranked.length + unranked.length + anomalous.length, region: 0, province: 0, band: 0 };
  for (const e of [ranked, unranked, anomalous].flat()) {
    if (e.row.regionId === regionId) {
      all.region++;
      if (sameBand(e)) all.band++;
    }
    if (e.row.provinceId === provinceId) all.province++;
  }
  const covered = (rankedHere: number, total: number) => rankedHere >= COMPLETE_COVERAGE * total;
  let worse = 0;
  for (const e of ranked) {
    const v = e.row.value;
    const inRegion = e.row.regionId === regionId;
    const inProvince = e.row.provinceId === provinceId;
    const inRegionBand = inRegion && sameBand(e);
    if (inRegion) region.total++;
    if (inProvince) province.total++;
    if (inRegionBand) inBand.total++;
    if (v > value) {
      italy.rank++;
      if (inRegion) region.rank++;
      if (inProvince) province.rank++;
      if (inRegionBand) inBand.rank++;
    } else if (v < value) worse++;
  }
  // The difference of two shown values, at the shown precision: 71.3 and 71.1 are as far from 71.2.
  const distance = (v: number) => round(Math.abs(v - value), RANKING_DECIMALS);
  const peers =
    band === null
      ? []
      : ranked
          .filter((e) => e.row.id !== id && e.row.regionId === regionId && sameBand(e))
          .sort((a, b) => distance(a.row.value) - distance(b.row.value) || byName(a, b))
          .slice(0, 5)
          // Their rank in Italy: their row's in the same ranking.
          .map(({ row }) => ({
            id: row.id,
            name: row.name,
            provinceSigla: row.provinceSigla,
            population: row.population,
            value: row.value,
            rank: row.rank,
          }));
  const others = italy.total - 1;
  const italyCovered = covered(italy.total, all.italy);
  return {
    ...base,
    value,
    italy: italyCovered ? italy : null,
    region: covered(region.total, all.region)
      ? { ...region, id: city.regionId, name: city.regionName }
      : null,
    province: covered(province.total, all.province)
      ? { ...province, id: city.provinceId, name: city.provinceName }
      : null,
    bandRank: band !== null && covered(inBand.total, all.band) ? inBand : null,
    percentile: italyCovered && others > 0 ? Math.floor((worse * 100) / others) : null,
    peers,
  };
}
