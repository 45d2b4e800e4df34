import { AreaStatsSchema, CityStatsSchema, type AreaStats, type CityStats } from '@portal/contract';
import { apiRequest } from '../../lib/api.client';
import type { ApiPath, Query } from '../../lib/api';

export { StatPanels } from './stat-panels';

/** The API request a page's statistics came from: the charts ask it again in the browser. */
export interface StatsSource {
  city: boolean;
  path: ApiPath;
  query: Query;
}

/** The statistics of a StatsSource, from the API (a cacheable answer: the browser may have it already). */
export function fetchStats(source: StatsSource): Promise<AreaStats | CityStats> {
  return source.city
    ? apiRequest('GET', source.path, { query: source.query, schema: CityStatsSchema })
    : apiRequest('GET', source.path, { query: source.query, schema: AreaStatsSchema });
}
