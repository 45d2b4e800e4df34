import { z } from 'zod';
import { ProvinceIdSchema, RegionIdSchema, YEAR_MAX, YEAR_MIN, yearParam } from './areas';
import { messageText, say, type ContractMessageKey } from './messages';
import { SourceAnomalySchema } from './source-anomalies';
import {
  POPULATION_BANDS,
  RANKING_INDICATORS,
  RANKING_LEVELS,
  RANKING_LISTS,
  RANKING_ORDERS,
  RANKING_PAGE_SIZE_DEFAULT,
  RANKING_PAGE_SIZE_MAX,
  RANKING_PAGE_MAX,
  RANKING_PAGE_SIZE_MIN,
} from './ranking-bands';

export * from './ranking-bands';

/**
 * The rankings (GET /api/stats/rankings/) and a comune's place in them (GET
 * /api/stats/cities/city/:id/rank/). Ranks are standard competition ranks ("1, 2, 2, 4") of the values
 * rounded to RANKING_DECIMALS, within the filtered set; rank 1 is the best. docs/decisions/059 has the rules.
 */

export const RankingIndicatorSchema = z.enum(RANKING_INDICATORS, say('invalidRankingIndicator'));
export const RankingLevelSchema = z.enum(RANKING_LEVELS, say('invalidMapLevel'));
export const PopulationBandSchema = z.enum(POPULATION_BANDS, say('invalidPopulationBand'));

const pageSizeParams = { min: RANKING_PAGE_SIZE_MIN, max: RANKING_PAGE_SIZE_MAX };

const pageParams = { max: RANKING_PAGE_MAX };

export const RankingQuerySchema = z
  .object({
    level: RankingLevelSchema.default('city').describe('what is ranked: comuni, provinces or regions'),
    indicator: RankingIndicatorSchema.default('sortedPercentage').describe(
      'sortedPercentage: % separately collected; producedPerCapita, unsortedPerCapita: kg per inhabitant ' +
        '(lower is better); sortedPercentageChange: change of the % in percentage points since compareYear',
    ),
    year: yearParam().optional().describe('the year ranked; default the latest year with data for the level'),
    compareYear: yearParam('compareYear', { min: YEAR_MIN, max: YEAR_MAX })
      .optional()
      .describe(
        'sortedPercentageChange only: the year the change is from (before year); default the latest ' +
          'year with data before year',
      ),
    region: RegionIdSchema.optional().describe('only the comuni or provinces of this region (ISTAT code)'),
    province: ProvinceIdSchema.optional().describe(
      'only the comuni of this province, or that province among the provinces',
    ),
    band: PopulationBandSchema.optional().describe(
      "comuni only: the population band of the comune's inhabitants that year",
    ),
    capitals: z
      .enum(['true'], say('invalidCapitals'))
      .optional()
      .describe('comuni only: only the capoluoghi di provincia'),
    anomalies: z
      .enum(['include'], say('invalidAnomalies'))
      .optional()
      .describe(
        'comuni only: also rank the comune-years whose source figures fail the plausibility rule ' +
          '(docs/decisions/070), flagged by their `anomaly`; by default they are left out (totalAnomalous)',
      ),
    order: z
      .enum(RANKING_ORDERS, say('invalidRankingOrder'))
      .default('best')
      .describe('best: best value first (rank 1 first); worst: worst value first'),
    list: z
      .enum(RANKING_LISTS, say('invalidRankingList'))
      .default('ranked')
      .describe(
        'ranked: the areas with a value; unranked: the areas of the filter without a value for the ' +
          'year(s), alphabetical, rank null',
      ),
    page: z.coerce
      .number(say('invalidPage', pageParams))
      .int(say('invalidPage', pageParams))
      .min(1, say('invalidPage', pageParams))
      .max(RANKING_PAGE_MAX, say('invalidPage', pageParams))
      .default(1)
      .describe('the page of the chosen list, from 1; a page past the last is empty'),
    pageSize: z.coerce
      .number(say('invalidPageSize', pageSizeParams))
      .int(say('invalidPageSize', pageSizeParams))
      .min(RANKING_PAGE_SIZE_MIN, say('invalidPageSize', pageSizeParams))
      .max(RANKING_PAGE_SIZE_MAX, say('invalidPageSize', pageSizeParams))
      .default(RANKING_PAGE_SIZE_DEFAULT),
  })
  .strict()
  .superRefine((q, ctx) => {
    const issue = (field: string, key: ContractMessageKey) =>
      ctx.addIssue({ code: 'custom', path: [field], message: messageText(key) });
    if (q.level !== 'city') {
      if (q.band !== undefined) issue('band', 'rankingCityOnly');
      if (q.capitals !== undefined) issue('capitals', 'rankingCityOnly');
      if (q.anomalies !== undefined) issue('anomalies', 'rankingCityOnly');
    }
    if (q.level === 'region' && q.province !== undefined) issue('province', 'rankingProvinceFilter');
    if (q.compareYear !== undefined) {
      if (q.indicator !== 'sortedPercentageChange') issue('compareYear', 'rankingCompareYear');
      else if (q.year !== undefined && q.compareYear >= q.year)
        issue('compareYear', 'rankingCompareYearBefore');
    }
  });
export type RankingQuery = z.infer<typeof RankingQuerySchema>;
export type RankingQueryInput = z.input<typeof RankingQuerySchema>;

const NamedRefSchema = z.object({ id: z.string(), name: z.string() });

export const RankingRowSchema = z.object({
  rank: z.number().int().nullable().describe('1 = best; null in the unranked list'),
  tied: z.boolean().describe('another row of the ranking has the same rank'),
  id: z.string().describe('ISTAT code'),
  name: z.string(),
  level: RankingLevelSchema,
  provinceId: z.string().nullable().describe("a comune's province; a province's own code; null for regions"),
  provinceSigla: z.string().nullable(),
  regionId: z.string().nullable().describe("the area's region; a region's own code"),
  regionName: z.string().nullable(),
  population: z
    .number()
    .int()
    .nullable()
    .describe(
      "inhabitants in year; a comune without the year's population: its latest known (laterPopulation)",
    ),
  populationYear: z
    .number()
    .int()
    .nullable()
    .describe(
      'the year population counts: year itself, or for a comune whose sources give none that year (ISPRA’s ' +
        '2010–2017 tables) the latest year that has one; then its kg per inhabitant are an estimate ' +
        '("stima con la popolazione del <populationYear>"); null without a population',
    ),
  capital: z.boolean().describe('a comune that is a capoluogo di provincia; false for provinces and regions'),
  value: z.number().nullable().describe('the indicator, rounded to 1 decimal; null in the unranked list'),
  from: z.number().nullable().describe('sortedPercentageChange only: the % RD of compareYear'),
  to: z.number().nullable().describe('sortedPercentageChange only: the % RD of year'),
  anomaly: SourceAnomalySchema.nullable().describe(
    'a comune whose figures of year (or else of compareYear) fail the plausibility rule: why (listed only ' +
      'with anomalies=include); null otherwise',
  ),
});
export type RankingRow = z.infer<typeof RankingRowSchema>;

export const RankingSchema = z.object({
  level: RankingLevelSchema,
  indicator: RankingIndicatorSchema,
  year: z.number().int(),
  compareYear: z.number().int().nullable().describe('sortedPercentageChange only'),
  availableYears: z.array(z.number().int()).describe('years with data for the level, ascending'),
  order: z.enum(RANKING_ORDERS),
  list: z.enum(RANKING_LISTS),
  filters: z.object({
    region: NamedRefSchema.nullable(),
    province: NamedRefSchema.nullable(),
    band: PopulationBandSchema.nullable(),
    capitals: z.boolean(),
    anomalies: z.boolean().describe('anomalies=include: the anomalous comune-years are ranked, flagged'),
  }),
  goodDirection: z.enum(['up', 'down']),
  unit: z.enum(['%', 'kg/ab.', 'punti %']),
  laterPopulation: z
    .boolean()
    .describe(
      "some comuni of the list have no population for the year (ISPRA's 2010–2017 tables give none): their " +
        'inhabitants, band and kg per inhabitant use their latest known population',
    ),
  totalRanked: z.number().int(),
  totalAnomalous: z
    .number()
    .int()
    .describe(
      'comuni of the filter whose figures fail the plausibility rule (decision 070): left out of both ' +
        'lists by default, ranked (and counted in totalRanked) with anomalies=include',
    ),
  totalUnranked: z.number().int(),
  page: z.number().int().describe('the page asked for (its rows are empty past the last)'),
  pageSize: z.number().int(),
  pageCount: z.number().int().describe('pages of the chosen list, at least 1'),
  rows: z.array(RankingRowSchema),
});
export type Ranking = z.infer<typeof RankingSchema>;

export const CityRankQuerySchema = z
  .object({
    year: yearParam().optional().describe('default the latest year with data for the comune'),
  })
  .strict();

const RankInSchema = z.object({ rank: z.number().int(), total: z.number().int() });

export const CityRankSchema = z.object({
  id: z.string(),
  name: z.string(),
  year: z.number().int(),
  value: z
    .number()
    .nullable()
    .describe(
      '% RD of the comune in year, 1 decimal; null: no data, or data that fail the plausibility rule',
    ),
  anomaly: SourceAnomalySchema.nullable().describe(
    "the comune's figures of year fail the plausibility rule (decision 070): it has no rank, and why",
  ),
  band: PopulationBandSchema.nullable(),
  population: z.number().int().nullable(),
  italy: RankInSchema.nullable().describe(
    'rank by % RD among the comuni of Italy with a value; null (as region and province) when fewer than 90 % ' +
      'of the comuni of the scope have a value that year (2018–2021: only Sicily), or the comune has none',
  ),
  region: RankInSchema.extend(NamedRefSchema.shape).nullable(),
  province: RankInSchema.extend(NamedRefSchema.shape).nullable(),
  bandRank: RankInSchema.nullable().describe(
    'rank by % RD among the comuni of its region in its population band (the ranking with region and band)',
  ),
  percentile: z
    .number()
    .int()
    .nullable()
    .describe(
      'share (%, floored) of the other ranked comuni of Italy with a strictly lower % RD: ' +
        '"meglio del N % dei comuni italiani"',
    ),
  peers: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        provinceSigla: z.string().nullable(),
        population: z.number().int().nullable(),
        value: z.number(),
        rank: z.number().int().describe('rank in Italy'),
      }),
    )
    .describe(
      'up to 5 comuni of the same band and region with a % RD that year, closest by % RD, ties by name; ' +
        'never a comune whose figures of the year fail the plausibility rule',
    ),
});
export type CityRank = z.infer<typeof CityRankSchema>;
