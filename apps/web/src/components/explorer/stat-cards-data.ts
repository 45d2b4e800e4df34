import type { AreaStats } from '@portal/contract';
import type { ExplorerState } from './explorer-state';

/** The waste group of SPEC §9 first, then the %, the kg produced per inhabitant and the service cost. */
export const CARDS = [
  'totalWasteProduced',
  'totalWasteSorted',
  'totalWasteSortedPerCapita',
  'sortedPercentage',
  'totalWasteProducedPerCapita',
  'serviceCostPerCapita',
] as const;
/**
 * What the cards show of a territory's statistics: its cards' statistics, the comparison year, the level,
 * and the view (territory and year) whose comparison year a card's link changes.
 */
export type CardStats = Pick<AreaStats, (typeof CARDS)[number] | 'compareYear'> & {
  level: AreaStats['area']['level'];
  view: Omit<ExplorerState, 'compareYear'>;
};

/** What the cards need of the statistics (StatCards, a client component: its props are in the page). */
export function cardStats(stats: AreaStats, state: ExplorerState): CardStats {
  const picked = Object.fromEntries(CARDS.map((key) => [key, stats[key]]));
  return {
    ...(picked as Pick<CardStats, (typeof CARDS)[number]>),
    compareYear: stats.compareYear,
    level: stats.area.level,
    view: { region: state.region, province: state.province, city: state.city, year: stats.year },
  };
}
