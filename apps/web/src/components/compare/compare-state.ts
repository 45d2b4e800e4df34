/**
 * The state of /confronta lives in the URL: ?aree=comune:015146,regione:05,provincia:028,italia&misura=kg
 * (ISTAT codes, up to MAX_AREAS territories in the order chosen). Parsing never fails: what it cannot use
 * (a malformed entry, one over the limit, an unknown measure) is reported, and the rest is shown.
 * Zod-free (the contract's lite entry point): the page's script that adds a comune imports it.
 */
import { isIstatId, type SubAreaLevel } from '@portal/contract/lite';

export type CompareLevel = 'country' | SubAreaLevel;

export interface CompareArea {
  level: CompareLevel;
  /** ISTAT code; null for Italy. */
  id: string | null;
  /** The area in the URL: 'italia', 'regione:05', 'provincia:028', 'comune:015146'. */
  key: string;
}

/** How many territories one comparison holds. */
export const MAX_AREAS = 5;

/** The figures a comparison shows: % separately collected, kg produced per inhabitant, tonnes produced. */
export const MEASURES = ['rd', 'kg', 'tonnellate'] as const;
export type Measure = (typeof MEASURES)[number];
export const DEFAULT_MEASURE: Measure = 'rd';

export const COMPARE_PATH = '/confronta';

/** The words of the levels in the URL. */
const LEVEL_WORDS: Record<SubAreaLevel, string> = {
  region: 'regione',
  province: 'provincia',
  city: 'comune',
};
const ITALY_KEY = 'italia';

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

/** The area of a level and code: areaOf('region', '05') → regione:05. */
export function areaOf(level: CompareLevel, id: string | null): CompareArea {
  if (level === 'country' || !id) return { level: 'country', id: null, key: ITALY_KEY };
  return { level, id, key: `${LEVEL_WORDS[level]}:${id}` };
}

/** One entry of `aree` ('regione:05', 'italia'; case and spaces ignored), or null when it names nothing. */
export function parseAreaKey(text: string): CompareArea | null {
  const entry = text.trim().toLowerCase();
  if (entry === ITALY_KEY) return areaOf('country', null);
  const [word, id, ...rest] = entry.split(':');
  if (rest.length || !id) return null;
  const level = (Object.keys(LEVEL_WORDS) as SubAreaLevel[]).find((l) => LEVEL_WORDS[l] === word);
  return level && isIstatId(level, id) ? areaOf(level, id) : null;
}

function entriesOf(value: string | string[] | undefined): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * The state of a URL's parameters: `aree` (then `aggiungi`, what the page's forms add) in order, each
 * territory once, at most MAX_AREAS; `misura`, default 'rd'.
 */
export function parseCompareState(params: SearchParams): ParsedCompareState {
  const areas: CompareArea[] = [];
  const malformed: string[] = [];
  const excess: string[] = [];
  const added = entriesOf(params.aggiungi);
  for (const entry of [...entriesOf(params.aree), ...added]) {
    const area = parseAreaKey(entry);
    if (!area) malformed.push(entry);
    else if (areas.some((a) => a.key === area.key)) continue;
    else if (areas.length >= MAX_AREAS) excess.push(area.key);
    else areas.push(area);
  }
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

/** The value of `aree` for a list of territories: 'comune:015146,italia'. */
export function areasParam(areas: readonly CompareArea[]): string {
  return areas.map((a) => a.key).join(',');
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
