/**
 * The state of /ecocompattatori in its URL: ?regione=&provincia=&gestore=&anno= (the filters),
 * ?cerca= (the list's search) and ?pagina= (the list's page). Invalid values are dropped.
 */

import { isIstatId, isPlausibleYear } from '@portal/contract';
export interface RvmState {
  region: string | null;
  province: string | null;
  operator: number | null;
  year: number | null;
  search: string | null;
  page: number;
}

type Params = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || null;

export function parseRvmState(params: Params): RvmState {
  const region = first(params.regione);
  const province = first(params.provincia);
  const operator = first(params.gestore);
  const year = first(params.anno);
  const page = first(params.pagina);
  const search = first(params.cerca);
  return {
    region: region && isIstatId('region', region) ? region : null,
    province: province && isIstatId('province', province) ? province : null,
    operator: operator && /^[1-9]\d{0,8}$/.test(operator) ? Number(operator) : null,
    year: year && /^\d{4}$/.test(year) && isPlausibleYear(Number(year)) ? Number(year) : null,
    search: search ? search.slice(0, 100) : null,
    page: page && /^[1-9]\d{0,4}$/.test(page) ? Number(page) : 1,
  };
}

/** The page's URL for a state (parameters in a fixed order, defaults left out). */
export function rvmHref(state: Partial<RvmState>): string {
  const params = new URLSearchParams();
  if (state.region) params.set('regione', state.region);
  if (state.province) params.set('provincia', state.province);
  if (state.operator) params.set('gestore', String(state.operator));
  if (state.year) params.set('anno', String(state.year));
  if (state.search) params.set('cerca', state.search);
  if (state.page && state.page > 1) params.set('pagina', String(state.page));
  const query = params.toString();
  return query ? `/ecocompattatori?${query}` : '/ecocompattatori';
}

/** The API's filter parameters of a state. */
export function apiFilters(state: RvmState): Record<string, string | number | undefined> {
  return {
    region: state.region ?? undefined,
    province: state.province ?? undefined,
    operator: state.operator ?? undefined,
    year: state.year ?? undefined,
  };
}
