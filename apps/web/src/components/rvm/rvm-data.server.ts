import 'server-only';
import {
  ProvinceListSchema,
  RegionListSchema,
  RvmByCitySchema,
  RvmByOperatorSchema,
  RvmByRegionSchema,
  RvmMachinePageSchema,
  RvmMapSchema,
  RvmOperatorListSchema,
  RvmSummarySchema,
  RvmYearsSchema,
  type Province,
  type Region,
  type RvmByCity,
  type RvmByOperator,
  type RvmByRegion,
  type RvmMachinePage,
  type RvmMap,
  type RvmOperator,
  type RvmSummary,
} from '@portal/contract';
import { apiGet } from '../../lib/api.server';
import { apiFilters, type RvmState } from './rvm-state';

const BASE = '/api/reverse-vending-machines/reverse-vending-machine';
export const LIST_PAGE_SIZE = 20;

export interface RvmData {
  /** The canonical state: a province's region comes from the API. */
  state: RvmState;
  regions: Region[];
  /** Every province: the filter offers those of the region it has chosen (rvm-filters.tsx). */
  provinces: Province[];
  operators: RvmOperator[];
  years: number[];
  summary: RvmSummary;
  byOperator: RvmByOperator;
  byRegion: RvmByRegion;
  byCity: RvmByCity;
  list: RvmMachinePage;
  map: RvmMap;
}

/** Everything /ecocompattatori shows, fetched in parallel from the API (each answer is cached there). */
export async function loadRvmData(requested: RvmState): Promise<RvmData> {
  const [regions, allProvinces, operators] = await Promise.all([
    apiGet('/api/cities/regions/', RegionListSchema),
    apiGet('/api/cities/provinces/', ProvinceListSchema),
    apiGet('/api/reverse-vending-machines/operators/', RvmOperatorListSchema),
  ]);
  const state = { ...requested };
  const province = allProvinces.find((p) => p.id === state.province);
  // A province alone sets its region; a region that disagrees with the province wins (it was just changed).
  if (!province || (state.region && province.regionId !== state.region)) state.province = null;
  else state.region = province.regionId;
  if (state.region && !regions.some((r) => r.id === state.region)) state.region = null;
  if (state.operator && !operators.some((o) => o.id === state.operator)) state.operator = null;

  const filters = apiFilters(state);
  const place = { region: filters.region, province: filters.province, operator: filters.operator };
  const [years, summary, byOperator, byRegion, byCity, list, map] = await Promise.all([
    apiGet(`${BASE}/years/`, RvmYearsSchema, place),
    apiGet(`${BASE}/stats/summary/`, RvmSummarySchema, filters),
    apiGet(`${BASE}/stats/by-operator/`, RvmByOperatorSchema, filters),
    apiGet(`${BASE}/stats/by-region/`, RvmByRegionSchema, filters),
    apiGet(`${BASE}/stats/by-city/`, RvmByCitySchema, filters),
    apiGet(`${BASE}/`, RvmMachinePageSchema, {
      ...filters,
      search: state.search ?? undefined,
      page: state.page,
      pageSize: LIST_PAGE_SIZE,
    }),
    apiGet(`${BASE}/map/`, RvmMapSchema, filters),
  ]);
  return {
    state,
    regions,
    provinces: allProvinces,
    operators,
    years,
    summary,
    byOperator,
    byRegion,
    byCity,
    list,
    map,
  };
}
