/**
 * The territories of a comparison (/confronta and its download, decision 061) as the URL writes them:
 * `aree=comune:015146,regione:05,provincia:028,italia` (ISTAT codes, in the order chosen), and the measure
 * `misura` ('rd', 'kg', 'tonnellate'). Zod-free, so the page's script and the API read `aree` with the
 * same code: the web's compare-state.ts builds the page's state on it, the download's query schema
 * (compare-download.ts) validates with it.
 */
import { isIstatId, type SubAreaLevel } from './istat-ids';

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

/** The words of the levels in the URL. */
export const COMPARE_LEVEL_WORDS: Record<SubAreaLevel, string> = {
  region: 'regione',
  province: 'provincia',
  city: 'comune',
};
const ITALY_KEY = 'italia';

/** The area of a level and code: areaOf('region', '05') → regione:05. */
export function areaOf(level: CompareLevel, id: string | null): CompareArea {
  if (level === 'country' || !id) return { level: 'country', id: null, key: ITALY_KEY };
  return { level, id, key: `${COMPARE_LEVEL_WORDS[level]}:${id}` };
}

/** One entry of `aree` ('regione:05', 'italia'; case and spaces ignored), or null when it names nothing. */
export function parseAreaKey(text: string): CompareArea | null {
  const entry = text.trim().toLowerCase();
  if (entry === ITALY_KEY) return areaOf('country', null);
  const [word, id, ...rest] = entry.split(':');
  if (rest.length || !id) return null;
  const level = (Object.keys(COMPARE_LEVEL_WORDS) as SubAreaLevel[]).find(
    (l) => COMPARE_LEVEL_WORDS[l] === word,
  );
  return level && isIstatId(level, id) ? areaOf(level, id) : null;
}

/** The entries of one or more `aree` values: split at commas, trimmed, empty ones dropped. */
export function areaEntriesOf(value: string | readonly string[] | undefined): string[] {
  const values = typeof value === 'string' ? [value] : (value ?? []);
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

export interface ParsedAreaList {
  /** The territories, in order, each once, at most MAX_AREAS. */
  areas: CompareArea[];
  /** Entries that name no territory ('regione:5', 'paese:IT'), as written. */
  malformed: string[];
  /** Territories beyond MAX_AREAS (keys), left out. */
  excess: string[];
}

/** The territories of a list of entries: in order, a territory named twice counted once, at most MAX_AREAS. */
export function parseAreaList(entries: readonly string[]): ParsedAreaList {
  const areas: CompareArea[] = [];
  const malformed: string[] = [];
  const excess: string[] = [];
  for (const entry of entries) {
    const area = parseAreaKey(entry);
    if (!area) malformed.push(entry);
    else if (areas.some((a) => a.key === area.key)) continue;
    else if (areas.length >= MAX_AREAS) excess.push(area.key);
    else areas.push(area);
  }
  return { areas, malformed, excess };
}

/** The value of `aree` for a list of territories: 'comune:015146,italia'. */
export function areasParam(areas: readonly CompareArea[]): string {
  return areas.map((a) => a.key).join(',');
}
