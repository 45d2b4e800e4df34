/**
 * The explorer's state lives in the URL: ?regione=05&provincia=025&comune=025075&anno=2024&confronto=2023
 * (ISTAT codes). Parsing ignores malformed values, so a hand-edited URL still shows a page.
 */

// The contract's zod-free entry point: the package's index would bring zod into every page's first load
// (app/not-found.tsx uses this module).
import { isIstatId, type SubAreaLevel } from '@portal/contract/lite';

export interface ExplorerState {
  region: string | null;
  province: string | null;
  city: string | null;
  year: number | null;
  compareYear: number | null;
}

export type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function code(value: string | string[] | undefined, level: SubAreaLevel): string | null {
  const text = first(value)?.trim();
  return text && isIstatId(level, text) ? text : null;
}

function yearOf(value: string | string[] | undefined): number | null {
  const text = first(value)?.trim();
  if (!text || !/^\d{4}$/.test(text)) return null;
  return Number(text);
}

export function parseExplorerState(params: SearchParams): ExplorerState {
  return {
    region: code(params.regione, 'region'),
    province: code(params.provincia, 'province'),
    city: code(params.comune, 'city'),
    year: yearOf(params.anno),
    compareYear: yearOf(params.confronto),
  };
}

/** The URL of a state: only the parameters that are set, in a fixed order. */
export function explorerHref(state: Partial<ExplorerState>): string {
  const params = new URLSearchParams();
  if (state.region) params.set('regione', state.region);
  if (state.province) params.set('provincia', state.province);
  if (state.city) params.set('comune', state.city);
  if (state.year) params.set('anno', String(state.year));
  if (state.compareYear) params.set('confronto', String(state.compareYear));
  const query = params.toString();
  return query ? `/?${query}` : '/';
}

/** The year and the comparison year of a view. */
export interface ExplorerYears {
  year: number;
  compareYear: number | null;
}

/**
 * The years after a choice in one of the year picker's selects: the other select keeps its latest value
 * (a choice whose navigation has not arrived yet included), so that two quick choices both win. A new
 * year drops a comparison year equal to it: a year is not compared with itself.
 */
export function chooseYears(
  current: ExplorerYears,
  choice: { year: number } | { compareYear: number | null },
): ExplorerYears {
  if ('year' in choice) {
    return {
      year: choice.year,
      compareYear: current.compareYear === choice.year ? null : current.compareYear,
    };
  }
  return { year: current.year, compareYear: choice.compareYear };
}
