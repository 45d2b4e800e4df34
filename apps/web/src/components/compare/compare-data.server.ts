import 'server-only';
import {
  areaTitle,
  AreaStatsSchema,
  CityStatsSchema,
  ProvinceListSchema,
  RegionListSchema,
  type AreaStats,
  type Province,
  type Region,
} from '@portal/contract';
import { cache } from 'react';
import { ApiError, apiGet } from '../../lib/api.server';
import { explorerHref } from '../explorer/explorer-state';
import {
  MAX_AREAS,
  parseCompareState,
  type CompareArea,
  type ParsedCompareState,
  type SearchParams,
} from './compare-state';
import { compareTable, type CompareTable } from './compare-table';
import { compareMessages as t } from './messages';

/** A territory of the comparison, as the page lists it. */
export interface ComparedArea extends CompareArea {
  /** The name the legend, the table and the title use: 'Milano (MI)', 'Provincia di Padova', 'Veneto'. */
  name: string;
  /** Its page in the explorer; null when its figures could not be read. */
  href: string | null;
  /** False when the API could not answer for it now (it stays in the list, so it can be removed). */
  loaded: boolean;
}

export interface CompareData {
  state: ParsedCompareState;
  areas: ComparedArea[];
  /** What the page says about the URL: malformed, unknown or excess territories, an unknown measure. */
  notices: string[];
  table: CompareTable;
  regions: Pick<Region, 'id' | 'name'>[];
  provinces: Pick<Province, 'id' | 'name' | 'sigla' | 'regionId'>[];
  /** False when the lists of the forms could not be read. */
  listsLoaded: boolean;
}

/** The statistics of a territory; null for an unknown one (404); other failures are thrown. */
async function statsOf(area: CompareArea): Promise<AreaStats | null> {
  try {
    if (area.level === 'city') return await apiGet(`/api/stats/cities/city/${area.id}/`, CityStatsSchema);
    const query =
      area.level === 'region'
        ? { region: area.id! }
        : area.level === 'province'
          ? { province: area.id! }
          : {};
    return await apiGet('/api/stats/overall/', AreaStatsSchema, query);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

async function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    console.error(error);
    return { ok: false };
  }
}

/** The name of a territory in the comparison (the comune with its province's sigla). */
function nameOf(area: CompareArea, stats: AreaStats, siglaOf: Map<string, string>): string {
  switch (area.level) {
    case 'country':
      return t.names.italy;
    case 'region':
      return stats.area.name;
    case 'province':
      return areaTitle(stats.area);
    case 'city': {
      const province = stats.area.parents.find((p) => p.level === 'province');
      return t.names.city(stats.area.name, (province && siglaOf.get(province.id)) ?? null);
    }
  }
}

function hrefOf(area: CompareArea, stats: AreaStats): string {
  const parent = (level: string) => stats.area.parents.find((p) => p.level === level)?.id ?? null;
  switch (area.level) {
    case 'country':
      return explorerHref({});
    case 'region':
      return explorerHref({ region: area.id });
    case 'province':
      return explorerHref({ region: parent('region'), province: area.id });
    case 'city':
      return explorerHref({ region: parent('region'), province: parent('province'), city: area.id });
  }
}

export async function loadCompare(state: ParsedCompareState): Promise<CompareData> {
  const [regions, provinces, ...results] = await Promise.all([
    settle(apiGet('/api/cities/regions/', RegionListSchema)),
    settle(apiGet('/api/cities/provinces/', ProvinceListSchema)),
    ...state.areas.map((area) => settle(statsOf(area))),
  ]);
  const siglaOf = new Map(provinces.ok ? provinces.value.map((p) => [p.id, p.sigla]) : []);
  const notices: string[] = [];
  if (state.malformed.length) notices.push(t.notices.malformed(state.malformed));

  const areas: ComparedArea[] = [];
  const loaded: { name: string; stats: AreaStats }[] = [];
  state.areas.forEach((area, index) => {
    const result = results[index]!;
    if (result.ok && result.value === null) {
      // An unknown territory: said, and left out of the comparison.
      if (area.level !== 'country') notices.push(t.notices.unknown[area.level](area.id!));
      return;
    }
    if (!result.ok || !result.value) {
      const name = area.level === 'country' ? t.names.italy : `${t.names.fallback[area.level]} ${area.id}`;
      notices.push(t.notices.failed(name));
      areas.push({ ...area, name, href: null, loaded: false });
      return;
    }
    const stats = result.value;
    const name = nameOf(area, stats, siglaOf);
    areas.push({ ...area, name, href: hrefOf(area, stats), loaded: true });
    loaded.push({ name, stats });
  });
  if (state.excess.length) notices.push(t.notices.excess(MAX_AREAS, state.excess));
  if (state.unknownMeasure) notices.push(t.notices.measure(state.unknownMeasure));
  if (!regions.ok || !provinces.ok) notices.push(t.notices.listsUnavailable);

  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'it');
  return {
    state,
    areas,
    notices,
    table: compareTable(state.measure, loaded),
    regions: regions.ok ? regions.value.map(({ id, name }) => ({ id, name })).sort(byName) : [],
    provinces: provinces.ok
      ? provinces.value.map(({ id, name, sigla, regionId }) => ({ id, name, sigla, regionId })).sort(byName)
      : [],
    listsLoaded: regions.ok && provinces.ok,
  };
}

/**
 * loadCompare once per request for the page's search parameters (as JSON): generateMetadata (the title
 * names the territories) and the page share the answer.
 */
export const loadCompareFor = cache((params: string) =>
  loadCompare(parseCompareState(JSON.parse(params) as SearchParams)),
);
