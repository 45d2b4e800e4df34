import 'server-only';
import {
  AreaStatsSchema,
  areaTitle,
  CityStatsSchema,
  type AreaStats,
  type CityStats,
} from '@portal/contract';
import { cache } from 'react';
import { ApiError, apiGet } from '../../lib/api.server';
import type { StatChartId } from '../../lib/embeds';
import { parseExplorerState, type ExplorerState, type SearchParams } from '../explorer/explorer-state';
import { explorerMessages } from '../explorer/messages';
import { perCapitaYears } from '@portal/charts';
import { isCityStats } from '../explorer/stat-panels-server';
import { yearsSourceText } from '../explorer/trend-rows';
import { embedMessages as t } from './messages';

/** The statistics an embed of the explorer shows, and the explorer's state that shows the same. */
export interface StatEmbed {
  stats: AreaStats | CityStats;
  /** The canonical state (a comune's province and region from the API): the full page's address. */
  state: ExplorerState;
}

type Years = { year?: number; compareYear?: number };
type Target = { city: string } | { province: string } | { region: string } | null;

/** A 404 of the API (an unknown territory) is null; anything else is thrown (the page answers 500). */
async function orMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

function fetchStats(target: Target, years: Years): Promise<AreaStats | CityStats | null> {
  if (target && 'city' in target)
    return orMissing(apiGet(`/api/stats/cities/city/${target.city}/`, CityStatsSchema, years));
  return orMissing(apiGet('/api/stats/overall/', AreaStatsSchema, { ...years, ...target }));
}

/**
 * The statistics of a territory for the years asked; a year without data falls back to the API's
 * default years (the explorer does the same, and the frame's header names the year shown).
 */
async function statsFor(
  target: Target,
  years: Years,
): Promise<{ stats: AreaStats | CityStats | null; yearsKept: boolean }> {
  try {
    return { stats: await fetchStats(target, years), yearsKept: true };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400 || (!years.year && !years.compareYear))
      throw error;
    return { stats: await fetchStats(target, {}), yearsKept: false };
  }
}

const parentId = (stats: AreaStats | CityStats, level: 'region' | 'province') =>
  stats.area.parents.find((p) => p.level === level)?.id ?? null;

/**
 * What /?… shows for the same parameters (components/explorer/explorer-data.server.ts): the comune, unless
 * the address also names a region or province it is not in (then that earlier choice wins), else the
 * province (unless of another region), the region, Italy. Null for an unknown territory (404).
 */
async function loadStatEmbedNow(params: SearchParams): Promise<StatEmbed | null> {
  const requested = parseExplorerState(params);
  const years = { year: requested.year ?? undefined, compareYear: requested.compareYear ?? undefined };
  const within = (stats: AreaStats | CityStats) =>
    (!requested.region || requested.region === parentId(stats, 'region')) &&
    (!requested.province ||
      stats.area.level !== 'city' ||
      requested.province === parentId(stats, 'province'));

  const candidates: Target[] = [];
  if (requested.city) candidates.push({ city: requested.city });
  if (requested.province) candidates.push({ province: requested.province });
  if (requested.region) candidates.push({ region: requested.region });
  candidates.push(null);

  for (const target of candidates) {
    const { stats, yearsKept } = await statsFor(target, years);
    if (!stats) return null;
    const last = target === null || 'region' in target;
    if (!last && !within(stats)) continue;
    const level = stats.area.level;
    return {
      stats,
      state: {
        region: level === 'region' ? stats.area.id : parentId(stats, 'region'),
        province: level === 'province' ? stats.area.id : parentId(stats, 'province'),
        city: level === 'city' ? stats.area.id : null,
        year: yearsKept ? requested.year : null,
        compareYear: yearsKept ? requested.compareYear : null,
      },
    };
  }
  return null;
}

/** Once per request: generateMetadata and the page share it. */
export const loadStatEmbed = cache((query: string) =>
  loadStatEmbedNow(Object.fromEntries(new URLSearchParams(query))),
);

/** The years a chart draws: the statistics' year, or the years of its series. */
function chartYears(chart: StatChartId, stats: AreaStats | CityStats): number[] {
  switch (chart) {
    case 'andamento':
      return stats.rdTrend.map((p) => p.year);
    case 'tonnellate':
      return stats.tonnesTrend.map((p) => p.year);
    case 'pro-capite':
      return perCapitaYears(stats.perCapitaTrend).map((p) => p.year);
    case 'modalita':
      return stats.collectionSystems ? stats.collectionSystems.years.map((y) => y.year) : [stats.year];
    default:
      return [stats.year];
  }
}

/** The territory and the years in words: 'Comune di Medicina (Bologna), 2023', 'Regione Veneto, 2010–2024'. */
export function statTerritoryText(chart: StatChartId, stats: AreaStats | CityStats): string {
  const { area } = stats;
  const province = area.parents.find((p) => p.level === 'province')?.name ?? null;
  const territory =
    area.level === 'city'
      ? t.frame.city(area.name, province)
      : area.level === 'province'
        ? areaTitle(area)
        : area.level === 'region'
          ? t.frame.region(area.name)
          : t.frame.italy;
  const years = chartYears(chart, stats);
  const first = Math.min(...years);
  const last = Math.max(...years);
  return years.length === 0 ? territory : `${territory}, ${first === last ? first : `${first}–${last}`}`;
}

/**
 * The source line under an embedded chart: the sources of the years it draws (the source of each year's
 * %, as the trend's table names them), the collection systems' own, or, for demo data, that it is demo.
 */
export function statSourceText(chart: StatChartId, stats: AreaStats | CityStats): string {
  const years = (list: readonly number[]) =>
    yearsSourceText(stats.rdTrend, list) ?? explorerMessages.charts.tonnesSourceMixed;
  const thisYear = () => years([stats.year]);
  switch (chart) {
    case 'andamento':
    case 'tonnellate':
    case 'pro-capite':
      return years(chartYears(chart, stats));
    case 'frazioni':
      return stats.wasteFractionsSet.demo ? t.frame.demoSource : thisYear();
    case 'combinazioni':
      return stats.mostUsedWasteFractionsSet.demo ? t.frame.demoSource : thisYear();
    case 'modalita': {
      if (stats.collectionSystems)
        return explorerMessages.charts.systemsSource(stats.collectionSystems.source);
      const demo = isCityStats(stats) ? stats.wasteSortingType.demo : stats.wasteSortingTypes.demo;
      return demo ? t.frame.demoSource : thisYear();
    }
    case 'azioni': {
      const demo = isCityStats(stats) ? stats.actionCategories.demo : stats.mostUsedActionCategories.demo;
      return demo ? t.frame.demoSource : thisYear();
    }
  }
}
