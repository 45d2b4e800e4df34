/**
 * The rankings' constants without zod (see lite.ts), so the web app's /classifiche page, its filters and
 * the comune page can use them at first load: the indicators, the levels, the population bands with their
 * Italian labels and bounds, and the band of a population. rankings.ts builds the API's schemas on these.
 */

/** What a ranking orders by: % RD, kg/ab. produced, kg/ab. unsorted, change of % RD since compareYear. */
export const RANKING_INDICATORS = [
  'sortedPercentage',
  'producedPerCapita',
  'unsortedPerCapita',
  'sortedPercentageChange',
] as const;
export type RankingIndicator = (typeof RANKING_INDICATORS)[number];

/** Italian names of the indicators, as the page's sorting control and headings show them. */
export const RANKING_INDICATOR_LABELS: Record<RankingIndicator, string> = {
  sortedPercentage: '% raccolta differenziata',
  producedPerCapita: 'Rifiuti prodotti per abitante',
  unsortedPerCapita: 'Rifiuti indifferenziati per abitante',
  sortedPercentageChange: 'Variazione della % di raccolta differenziata',
};

/** The unit of each indicator's value as the API sends it ('punti %': percentage points). */
export const RANKING_UNITS = {
  sortedPercentage: '%',
  producedPerCapita: 'kg/ab.',
  unsortedPerCapita: 'kg/ab.',
  sortedPercentageChange: 'punti %',
} as const satisfies Record<RankingIndicator, string>;
export type RankingUnit = (typeof RANKING_UNITS)[RankingIndicator];

/** The direction in which each indicator gets better: more sorted is good, fewer kilograms are. */
export const RANKING_GOOD_DIRECTION = {
  sortedPercentage: 'up',
  producedPerCapita: 'down',
  unsortedPerCapita: 'down',
  sortedPercentageChange: 'up',
} as const satisfies Record<RankingIndicator, 'up' | 'down'>;

/** Decimals the ranked values are shown with, and compared at: equal at this precision = a tie. */
export const RANKING_DECIMALS = 1;

/** What is ranked: comuni, provinces (with città metropolitane and liberi consorzi) or regions. */
export const RANKING_LEVELS = ['city', 'province', 'region'] as const;
export type RankingLevel = (typeof RANKING_LEVELS)[number];

export const RANKING_ORDERS = ['best', 'worst'] as const;
export type RankingOrder = (typeof RANKING_ORDERS)[number];

/** 'ranked': the areas with a value; 'unranked': those of the filter without one (listed apart). */
export const RANKING_LISTS = ['ranked', 'unranked'] as const;
export type RankingList = (typeof RANKING_LISTS)[number];

export const RANKING_PAGE_SIZE_MIN = 10;
export const RANKING_PAGE_SIZE_MAX = 100;
export const RANKING_PAGE_SIZE_DEFAULT = 50;

/** The population bands of the comuni, by inhabitants of the ranked year. */
export const POPULATION_BANDS = [
  'fino-5000',
  '5000-15000',
  '15000-50000',
  '50000-100000',
  'oltre-100000',
] as const;
export type PopulationBand = (typeof POPULATION_BANDS)[number];

export const POPULATION_BAND_LABELS: Record<PopulationBand, string> = {
  'fino-5000': 'fino a 5.000',
  '5000-15000': '5.000–15.000',
  '15000-50000': '15.000–50.000',
  '50000-100000': '50.000–100.000',
  'oltre-100000': 'oltre 100.000 abitanti',
};

/** Inhabitants of each band, bounds included; max null: no upper bound. */
export const POPULATION_BAND_RANGES: Record<PopulationBand, { min: number; max: number | null }> = {
  'fino-5000': { min: 0, max: 5000 },
  '5000-15000': { min: 5001, max: 15000 },
  '15000-50000': { min: 15001, max: 50000 },
  '50000-100000': { min: 50001, max: 100000 },
  'oltre-100000': { min: 100001, max: null },
};

/** The band of a comune of `population` inhabitants: ≤5,000; 5,001–15,000; …; over 100,000. */
export function populationBand(population: number): PopulationBand {
  if (population <= 5000) return 'fino-5000';
  if (population <= 15000) return '5000-15000';
  if (population <= 50000) return '15000-50000';
  if (population <= 100000) return '50000-100000';
  return 'oltre-100000';
}

/** Whether `value` (a URL parameter) names a band, an indicator, a level… without zod. */
export const isPopulationBand = (value: unknown): value is PopulationBand =>
  (POPULATION_BANDS as readonly unknown[]).includes(value);
export const isRankingIndicator = (value: unknown): value is RankingIndicator =>
  (RANKING_INDICATORS as readonly unknown[]).includes(value);
export const isRankingLevel = (value: unknown): value is RankingLevel =>
  (RANKING_LEVELS as readonly unknown[]).includes(value);

/**
 * The highest page of a ranking that may be asked for: all the comuni (about 8,000) make 800 pages of the
 * smallest size. A page past a ranking's last, up to this, is empty.
 */
export const RANKING_PAGE_MAX = 10_000;
