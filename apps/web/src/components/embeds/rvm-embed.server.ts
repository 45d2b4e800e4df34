import 'server-only';
import {
  ProvinceListSchema,
  RegionListSchema,
  RvmByCitySchema,
  RvmByOperatorSchema,
  RvmByRegionSchema,
  RvmOperatorListSchema,
  RvmSummarySchema,
} from '@portal/contract';
import { cache } from 'react';
import { apiGet } from '../../lib/api.server';
import type { RvmChartId } from '../../lib/embeds';
import type { RvmChartData } from '../rvm/rvm-charts';
import { activeFilters } from '../rvm/rvm-page';
import { apiFilters, parseRvmState, type RvmState } from '../rvm/rvm-state';
import { embedMessages as t } from './messages';

const BASE = '/api/reverse-vending-machines/reverse-vending-machine';

export interface RvmEmbed {
  data: RvmChartData;
  /** The canonical state (a province's region from the API): the full page's address. */
  state: RvmState;
  /** The filters in words ('Veneto · Padova · 2023'), 'Italia' without any. */
  scope: string;
}

/**
 * One chart of /ecocompattatori for the page's filters (?regione=&provincia=&gestore=&anno=). Where the
 * page drops a filter that names nothing (rvm-data.server.ts), an embed is a 404: its address was written
 * once and pasted elsewhere, and a chart of all Italy in its place would say something else.
 */
async function loadRvmEmbedNow(chart: RvmChartId, query: string): Promise<RvmEmbed | null> {
  const requested = parseRvmState(Object.fromEntries(new URLSearchParams(query)));
  const [regions, provinces, operators] = await Promise.all([
    apiGet('/api/cities/regions/', RegionListSchema),
    apiGet('/api/cities/provinces/', ProvinceListSchema),
    apiGet('/api/reverse-vending-machines/operators/', RvmOperatorListSchema),
  ]);
  const state: RvmState = { ...requested, search: null, page: 1 };
  if (state.region && !regions.some((r) => r.id === state.region)) return null;
  if (state.operator && !operators.some((o) => o.id === state.operator)) return null;
  if (state.province) {
    const province = provinces.find((p) => p.id === state.province);
    if (!province) return null;
    // As on the page: a region that disagrees with the province wins (it was changed last).
    if (state.region && province.regionId !== state.region) state.province = null;
    else state.region = province.regionId;
  }

  const filters = apiFilters(state);
  let data: RvmChartData;
  switch (chart) {
    case 'andamento':
      data = { chart, summary: await apiGet(`${BASE}/stats/summary/`, RvmSummarySchema, filters) };
      break;
    case 'gestori':
      data = { chart, byOperator: await apiGet(`${BASE}/stats/by-operator/`, RvmByOperatorSchema, filters) };
      break;
    case 'regioni':
      data = { chart, byRegion: await apiGet(`${BASE}/stats/by-region/`, RvmByRegionSchema, filters) };
      break;
    case 'comuni':
      data = { chart, byCity: await apiGet(`${BASE}/stats/by-city/`, RvmByCitySchema, filters) };
      break;
  }
  const words = activeFilters({ state, regions, provinces, operators });
  return { data, state, scope: words.length ? words.join(t.frame.separator) : t.frame.italy };
}

/** Once per request: generateMetadata and the page share it. */
export const loadRvmEmbed = cache(loadRvmEmbedNow);
