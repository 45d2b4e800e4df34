/**
 * The state of /classifiche in its URL, in Italian (docs/decisions/060-classifiche-page.md):
 * ?livello=comuni|province|regioni&indicatore=rd|prodotti|indifferenziati|variazione&anno=&confronto=
 * &regione=&provincia=&fascia=&capoluoghi=1&anomali=1&ordine=migliori|peggiori&pagina=&elenco=senza-dati
 * (anomali=1: the comune-years with figures that fail the plausibility rule are ranked too, flagged;
 * docs/decisions/070).
 * Unlike the explorer's, a malformed value is not ignored: the page says what is wrong (the API's 400).
 */

// The contract's zod-free entry point (see explorer-state.ts).
import {
  isIstatId,
  isPopulationBand,
  RANKING_PAGE_MAX,
  type PopulationBand,
  type RankingIndicator,
  type RankingLevel,
  type RankingList,
  type RankingOrder,
} from '@portal/contract/lite';
import type { Ranking } from '@portal/contract';
import { rankingsMessages } from './messages';

const t = rankingsMessages.invalid;

export const RANKINGS_PATH = '/classifiche';

/** The URL's words for the API's values. */
export const LEVEL_PARAMS = {
  comuni: 'city',
  province: 'province',
  regioni: 'region',
} as const satisfies Record<string, RankingLevel>;
export const INDICATOR_PARAMS = {
  rd: 'sortedPercentage',
  prodotti: 'producedPerCapita',
  indifferenziati: 'unsortedPerCapita',
  variazione: 'sortedPercentageChange',
} as const satisfies Record<string, RankingIndicator>;
export const ORDER_PARAMS = { migliori: 'best', peggiori: 'worst' } as const satisfies Record<
  string,
  RankingOrder
>;
const UNRANKED_PARAM = 'senza-dati';

const wordOf = <T extends string>(words: Record<string, T>, value: T): string =>
  Object.entries(words).find(([, v]) => v === value)![0];

export interface RankingsState {
  level: RankingLevel;
  indicator: RankingIndicator;
  year: number | null;
  compareYear: number | null;
  region: string | null;
  province: string | null;
  band: PopulationBand | null;
  capitals: boolean;
  /** Rank the comuni whose figures are anomalous in the source too (decision 070). */
  anomalies: boolean;
  order: RankingOrder;
  list: RankingList;
  page: number;
}

export const DEFAULT_STATE: RankingsState = {
  level: 'city',
  indicator: 'sortedPercentage',
  year: null,
  compareYear: null,
  region: null,
  province: null,
  band: null,
  capitals: false,
  anomalies: false,
  order: 'best',
  list: 'ranked',
  page: 1,
};

/** A parameter of the URL with a value the page cannot show, and why (Italian). */
export interface StateError {
  param: string;
  message: string;
  /** A message of the API's 400, which does not name the URL's parameter: the page names it. */
  fromApi?: boolean;
}

export type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : null;
}

function yearOf(text: string | null): number | null | undefined {
  if (text === null) return null;
  if (!/^\d{4}$/.test(text)) return undefined;
  const year = Number(text);
  return year >= 1990 && year <= 2100 ? year : undefined;
}

/**
 * The state of a URL's parameters and the errors of the values it cannot show: malformed ones, and filters
 * that do not apply to the level or the indicator. Unknown parameters are ignored. Each wrong value falls
 * back to its default in `state`, so the page's links and form still work.
 */
export function parseRankingsState(params: SearchParams): { state: RankingsState; errors: StateError[] } {
  const errors: StateError[] = [];
  const state: RankingsState = { ...DEFAULT_STATE };
  const fail = (param: string, message: string) => errors.push({ param, message });

  const level = first(params.livello);
  if (level !== null) {
    if (Object.hasOwn(LEVEL_PARAMS, level)) state.level = LEVEL_PARAMS[level as keyof typeof LEVEL_PARAMS];
    else fail('livello', t.level);
  }
  const indicator = first(params.indicatore);
  if (indicator !== null) {
    if (Object.hasOwn(INDICATOR_PARAMS, indicator))
      state.indicator = INDICATOR_PARAMS[indicator as keyof typeof INDICATOR_PARAMS];
    else fail('indicatore', t.indicator);
  }
  const year = yearOf(first(params.anno));
  if (year === undefined) fail('anno', t.year);
  else state.year = year;
  const compareYear = yearOf(first(params.confronto));
  if (compareYear === undefined) fail('confronto', t.compareYear);
  else if (compareYear !== null && state.indicator !== 'sortedPercentageChange')
    fail('confronto', t.compareYearIndicator);
  // A comparison year not before the year is the form's earlier choice, kept when the year was changed to
  // an earlier one: the default (the previous year with data) replaces it rather than an error.
  else if (compareYear !== null && (state.year === null || compareYear < state.year))
    state.compareYear = compareYear;

  const region = first(params.regione);
  if (region !== null) {
    if (isIstatId('region', region)) state.region = region;
    else fail('regione', t.region);
  }
  const province = first(params.provincia);
  if (province !== null) {
    if (!isIstatId('province', province)) fail('provincia', t.province);
    else if (state.level !== 'city') fail('provincia', t.cityOnly);
    else state.province = province;
  }
  const band = first(params.fascia);
  if (band !== null) {
    if (!isPopulationBand(band)) fail('fascia', t.band);
    else if (state.level !== 'city') fail('fascia', t.cityOnly);
    else state.band = band;
  }
  const capitals = first(params.capoluoghi);
  if (capitals !== null) {
    if (capitals !== '1') fail('capoluoghi', t.capitals);
    else if (state.level !== 'city') fail('capoluoghi', t.cityOnly);
    else state.capitals = true;
  }
  const anomalies = first(params.anomali);
  if (anomalies !== null) {
    if (anomalies !== '1') fail('anomali', t.anomalies);
    else if (state.level !== 'city') fail('anomali', t.cityOnly);
    else state.anomalies = true;
  }
  const order = first(params.ordine);
  if (order !== null) {
    if (Object.hasOwn(ORDER_PARAMS, order)) state.order = ORDER_PARAMS[order as keyof typeof ORDER_PARAMS];
    else fail('ordine', t.order);
  }
  const list = first(params.elenco);
  if (list !== null) {
    if (list === UNRANKED_PARAM) state.list = 'unranked';
    else fail('elenco', t.list);
  }
  const page = first(params.pagina);
  if (page !== null) {
    if (/^[1-9]\d{0,4}$/.test(page) && Number(page) <= RANKING_PAGE_MAX) state.page = Number(page);
    else fail('pagina', t.page);
  }
  return { state, errors };
}

/**
 * The page's URL of a state: only the parameters that differ from the defaults, in a fixed order (one URL
 * per view, so the shared page cache keeps one copy of it).
 */
export function rankingsHref(partial: Partial<RankingsState>): string {
  const state = { ...DEFAULT_STATE, ...partial };
  const params = new URLSearchParams();
  if (state.level !== 'city') params.set('livello', wordOf(LEVEL_PARAMS, state.level));
  if (state.indicator !== 'sortedPercentage')
    params.set('indicatore', wordOf(INDICATOR_PARAMS, state.indicator));
  if (state.year) params.set('anno', String(state.year));
  if (state.compareYear && state.indicator === 'sortedPercentageChange')
    params.set('confronto', String(state.compareYear));
  if (state.region) params.set('regione', state.region);
  if (state.level === 'city') {
    if (state.province) params.set('provincia', state.province);
    if (state.band) params.set('fascia', state.band);
    if (state.capitals) params.set('capoluoghi', '1');
    if (state.anomalies) params.set('anomali', '1');
  }
  if (state.order !== 'best') params.set('ordine', wordOf(ORDER_PARAMS, state.order));
  if (state.list === 'unranked') params.set('elenco', UNRANKED_PARAM);
  if (state.page > 1) params.set('pagina', String(state.page));
  const query = params.toString();
  return query ? `${RANKINGS_PATH}?${query}` : RANKINGS_PATH;
}

/** The URL's word of a level, indicator or order (the form's hidden fields). */
export const levelParam = (level: RankingLevel) => wordOf(LEVEL_PARAMS, level);
export const indicatorParam = (indicator: RankingIndicator) => wordOf(INDICATOR_PARAMS, indicator);
export const orderParam = (order: RankingOrder) => wordOf(ORDER_PARAMS, order);

/**
 * The URL's parameters as one query string (the first value of each, in a fixed order): the key under which
 * the page's metadata and body share one load.
 */
export function rankingsSearch(params: SearchParams): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).toSorted()) {
    const value = first(params[key]);
    if (value !== null) search.set(key, value);
  }
  return search.toString();
}

const PARAMS = [
  'livello',
  'indicatore',
  'anno',
  'confronto',
  'regione',
  'provincia',
  'fascia',
  'capoluoghi',
  'anomali',
  'ordine',
  'elenco',
  'pagina',
];

/**
 * The filter form sends its empty choices ("Tutta Italia": ?regione=): the URL without them, where the
 * page redirects so that one view has one address; null when the URL has none.
 */
export function withoutEmptyParams(params: SearchParams): string | null {
  if (!PARAMS.some((name) => name in params && first(params[name]) === null)) return null;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const text = first(value);
    if (text !== null) search.set(key, text);
  }
  const query = search.toString();
  return query ? `${RANKINGS_PATH}?${query}` : RANKINGS_PATH;
}

/** The query of GET /api/stats/rankings/ for a state. */
export function rankingsApiQuery(
  state: RankingsState,
  pageSize: number,
): Record<string, string | number | undefined> {
  return {
    level: state.level,
    indicator: state.indicator,
    year: state.year ?? undefined,
    compareYear: state.compareYear ?? undefined,
    region: state.region ?? undefined,
    province: state.province ?? undefined,
    band: state.band ?? undefined,
    capitals: state.capitals ? 'true' : undefined,
    anomalies: state.level === 'city' && state.anomalies ? 'include' : undefined,
    order: state.order,
    list: state.list,
    page: state.page,
    pageSize,
  };
}

/**
 * The CSV of the list a page shows (GET /api/stats/rankings/download/): the view's filters with the year
 * and comparison year the ranking resolved, so the file is of the years the page shows; every row of the
 * list, not its page.
 */
export function rankingsCsvHref(ranking: Ranking): string {
  const f = ranking.filters;
  const query: Record<string, string | undefined> = {
    level: ranking.level,
    indicator: ranking.indicator,
    year: String(ranking.year),
    compareYear: ranking.compareYear === null ? undefined : String(ranking.compareYear),
    region: f.region?.id,
    province: f.province?.id,
    band: f.band ?? undefined,
    capitals: f.capitals ? 'true' : undefined,
    anomalies: f.anomalies ? 'include' : undefined,
    order: ranking.order,
    list: ranking.list,
  };
  const search = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return `/api/stats/rankings/download/?${search}`;
}

/** The page numbers to link, null for a gap: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
