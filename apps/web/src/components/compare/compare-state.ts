/**
 * The state of /confronta lives in the URL: ?aree=comune:015146,regione:05,provincia:028,italia&misura=kg
 * (ISTAT codes, up to MAX_AREAS territories in the order chosen). Parsing never fails: what it cannot use
 * (a malformed entry, one over the limit, an unknown measure) is reported, and the rest is shown.
 * Zod-free (the contract's lite entry point): the page's script that adds a comune imports it.
 */
import {
  areaEntriesOf,
  areaOf,
  areasParam,
  DEFAULT_MEASURE,
  MAX_AREAS,
  MEASURES,
  parseAreaList,
  type CompareArea,
  type CompareLevel,
  type Measure,
} from '@portal/contract/lite';

// The territories' syntax is the contract's (compare-areas.ts): the API's download of the comparison reads
// `aree` with the same code.
export {
  areaOf,
  areasParam,
  DEFAULT_MEASURE,
  MAX_AREAS,
  MEASURES,
  parseAreaKey,
  type CompareArea,
  type CompareLevel,
  type Measure,
} from '@portal/contract/lite';

export const COMPARE_PATH = '/confronta';

export interface CompareState {
  areas: CompareArea[];
  measure: Measure;
}

export interface ParsedCompareState extends CompareState {
  /** Entries that name no territory ('regione:5', 'paese:IT'), as written. */
  malformed: string[];
  /** Territories beyond MAX_AREAS, left out. */
  excess: string[];
  /** The measure of the URL when it is not one of MEASURES (the default is shown). */
  unknownMeasure: string | null;
  /** Set when the URL adds territories (?aggiungi=…, the page's forms): the page redirects to this state. */
  adding: boolean;
}

export type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The state of a URL's parameters: `aree` (then `aggiungi`, what the page's forms add) in order, each
 * territory once, at most MAX_AREAS; `misura`, default 'rd'.
 */
export function parseCompareState(params: SearchParams): ParsedCompareState {
  const added = areaEntriesOf(params.aggiungi);
  const { areas, malformed, excess } = parseAreaList([...areaEntriesOf(params.aree), ...added]);
  const rawMeasure = (Array.isArray(params.misura) ? params.misura[0] : params.misura)?.trim() ?? '';
  const measure = (MEASURES as readonly string[]).includes(rawMeasure) ? (rawMeasure as Measure) : null;
  return {
    areas,
    measure: measure ?? DEFAULT_MEASURE,
    malformed,
    excess,
    unknownMeasure: rawMeasure && !measure ? rawMeasure : null,
    adding: added.length > 0,
  };
}

/**
 * The URL of a state: /confronta?aree=…&misura=… (the measure only when not the default). The entries
 * hold only letters, digits, ':' and ',', which a query may carry as they are: the URL stays readable.
 */
export function compareHref(state: Partial<CompareState>): string {
  const parts: string[] = [];
  if (state.areas?.length) parts.push(`aree=${areasParam(state.areas)}`);
  if (state.measure && state.measure !== DEFAULT_MEASURE) parts.push(`misura=${state.measure}`);
  return parts.length ? `${COMPARE_PATH}?${parts.join('&')}` : COMPARE_PATH;
}

/**
 * The pdf, png or jpg of a comparison's chart (signed in), or its table as CSV (licence active): GET
 * /api/stats/compare/download/ with the page's own `aree` and `misura`, read by the API with the same
 * code (contract compare-areas.ts).
 */
export function compareDownloadHref(state: CompareState, format: string): string {
  return `/api/stats/compare/download/?format=${format}&aree=${areasParam(state.areas)}&misura=${state.measure}`;
}

/** The state with `area` added at the end (unchanged when it is there already or the list is full). */
export function withArea(state: CompareState, area: CompareArea): CompareState {
  if (state.areas.some((a) => a.key === area.key) || state.areas.length >= MAX_AREAS) return state;
  return { ...state, areas: [...state.areas, area] };
}

/** The state without the territory of `key`. */
export function withoutArea(state: CompareState, key: string): CompareState {
  return { ...state, areas: state.areas.filter((a) => a.key !== key) };
}

/** Where "Confronta con…" of a territory's page leads: the comparison that starts with it. */
export function compareStartHref(level: CompareLevel, id: string | null): string {
  return compareHref({ areas: [areaOf(level, id)] });
}
