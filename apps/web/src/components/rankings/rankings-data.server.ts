import 'server-only';
import {
  ProvinceListSchema,
  RankingSchema,
  RegionListSchema,
  ValidationErrorSchema,
  type Province,
  type Ranking,
  type Region,
} from '@portal/contract';
import { cache } from 'react';
import { ApiError, apiGet } from '../../lib/api.server';
import {
  parseRankingsState,
  rankingsApiQuery,
  type RankingsState,
  type SearchParams,
  type StateError,
} from './rankings-state';

/** Rows per page of /classifiche. */
export const RANKINGS_PAGE_SIZE = 50;

/** The API's query fields by the URL's parameter names, for the messages of its 400 answers. */
const PARAM_OF_FIELD: Record<string, string> = {
  level: 'livello',
  indicator: 'indicatore',
  year: 'anno',
  compareYear: 'confronto',
  region: 'regione',
  province: 'provincia',
  band: 'fascia',
  capitals: 'capoluoghi',
  anomalies: 'anomali',
  order: 'ordine',
  list: 'elenco',
  page: 'pagina',
};

export interface RankingsData {
  /** The URL names a region or province that does not exist: the page answers 404. */
  missing: boolean;
  state: RankingsState;
  /** Values of the URL the ranking cannot show (the page's checks and the API's 400), in Italian. */
  errors: StateError[];
  ranking: Ranking | null;
  /** Every region and province, by name: the form's selects. */
  regions: Region[];
  provinces: Province[];
  /** The years the form offers (the level's years with data), ascending. */
  years: number[];
  /**
   * The province the URL names with a region it is not in (a region changed in the form without
   * JavaScript): dropped from the state, and the page says so.
   */
  droppedProvince: Province | null;
  /**
   * A list of the form could not be read (an API call failed): the page shows the form without it and is
   * marked partial, so that the page cache does not keep it (server/page-partial.mjs).
   */
  partial: boolean;
}

async function settle<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    console.error(error);
    return null;
  }
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'it');

function apiErrors(error: ApiError): StateError[] | null {
  if (error.status !== 400) return null;
  const body = ValidationErrorSchema.safeParse(error.body);
  if (!body.success) return null;
  return Object.entries(body.data).flatMap(([field, messages]) =>
    messages.slice(0, 1).map((message) => ({ param: PARAM_OF_FIELD[field] ?? '', message, fromApi: true })),
  );
}

/**
 * The years with data of a level, when the asked ranking cannot say them (its URL was wrong); null when
 * the API could not answer.
 */
async function yearsOf(state: RankingsState): Promise<number[] | null> {
  const ranking = await settle(
    apiGet('/api/stats/rankings/', RankingSchema, { level: state.level, pageSize: 10 }),
  );
  return ranking ? ranking.availableYears : null;
}

export async function loadRankings(params: SearchParams): Promise<RankingsData> {
  const { state, errors } = parseRankingsState(params);
  const [regionList, provinceList] = await Promise.all([
    settle(apiGet('/api/cities/regions/', RegionListSchema)),
    settle(apiGet('/api/cities/provinces/', ProvinceListSchema)),
  ]);
  const regions = (regionList ?? []).toSorted(byName);
  const provinces = (provinceList ?? []).toSorted(byName);
  const base = {
    state,
    regions,
    provinces,
    partial: !regionList || !provinceList,
    droppedProvince: null as Province | null,
  };
  const missing = (): RankingsData => ({
    ...base,
    missing: true,
    errors: [],
    ranking: null,
    years: [],
  });
  // Values of the URL the ranking cannot show: said, with the form and the level's years.
  const refused = async (errors: StateError[]): Promise<RankingsData> => {
    const years = await yearsOf(state);
    return {
      ...base,
      missing: false,
      errors,
      ranking: null,
      years: years ?? [],
      partial: base.partial || years === null,
    };
  };

  // As in the explorer: the province decides its region, unless the URL names another region; then the
  // province is the earlier choice of a region changed in the form, and the region wins (the page says
  // the province was dropped).
  if (state.province && provinceList) {
    const province = provinceList.find((p) => p.id === state.province);
    if (!province) return missing();
    if (!state.region) state.region = province.regionId;
    else if (state.region !== province.regionId) {
      state.province = null;
      base.droppedProvince = province;
    }
  }
  if (state.region && regionList && !regionList.some((r) => r.id === state.region)) return missing();

  if (errors.length) return await refused(errors);
  try {
    const ranking = await apiGet(
      '/api/stats/rankings/',
      RankingSchema,
      rankingsApiQuery(state, RANKINGS_PAGE_SIZE),
    );
    // The state says what the page shows: the years the API chose when the URL named none.
    state.year ??= ranking.year;
    if (state.indicator === 'sortedPercentageChange') state.compareYear ??= ranking.compareYear;
    return {
      ...base,
      missing: false,
      errors: [],
      ranking,
      years: ranking.availableYears,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return missing();
    const fieldErrors = error instanceof ApiError ? apiErrors(error) : null;
    if (fieldErrors?.length) return await refused(fieldErrors);
    // Any other failure is thrown, as the explorer's are: the error page (500) is not kept by the page
    // cache, where a 200 saying "unavailable" would be served to everyone until the next refresh.
    throw error;
  }
}

/** loadRankings once per request for the same parameters: generateMetadata and the page share it. */
export const loadRankingsFor = cache((search: string) =>
  loadRankings(Object.fromEntries(new URLSearchParams(search))),
);
