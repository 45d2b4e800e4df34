import { z } from 'zod';
import { messageText, say, type ContractMessageKey } from './messages';
import { AreaLevelSchema, isIstatId, YEAR_MAX, YEAR_MIN, yearParam } from './areas';
import { RvmFilterShape } from './rvm';

/** Statistic kinds of SPEC §3 that can be exported as an image or a PDF. */
export const StatisticKindSchema = z.enum(
  [
    'actionCategories',
    'wasteFractionsSet',
    'wasteSortingType',
    'mostUsedActionCategories',
    'mostUsedWasteFractionsSet',
    'wasteSortingTypes',
    'wasteFractionsColors',
    'totalWasteSortedPerCapita',
    'totalWasteProduced',
    'totalWasteSorted',
    // The headline card and the trend charts over the years (issue 35, point 16).
    'sortedPercentage',
    'rdTrend',
    'tonnesTrend',
    'perCapitaTrend',
  ],
  say('invalidStatistic'),
);
export type StatisticKind = z.infer<typeof StatisticKindSchema>;

/**
 * The Italian name of each kind: the title of the page's card or panel (apps/web explorer messages), which
 * an exported image or PDF carries and the back-office's download log shows for what was downloaded.
 */
export const STATISTIC_TITLES: Record<StatisticKind, string> = {
  totalWasteProduced: 'Rifiuti urbani prodotti',
  totalWasteSorted: 'Raccolta differenziata',
  totalWasteSortedPerCapita: 'Raccolta differenziata per abitante',
  wasteFractionsSet: 'Le frazioni della raccolta differenziata',
  wasteFractionsColors: 'Le frazioni della raccolta differenziata',
  wasteSortingTypes: 'Le modalità di raccolta',
  wasteSortingType: 'Le modalità di raccolta del comune',
  mostUsedActionCategories: 'Le azioni di prevenzione più diffuse',
  actionCategories: 'Le azioni di prevenzione del comune',
  mostUsedWasteFractionsSet: 'Le combinazioni di frazioni più comuni',
  sortedPercentage: 'Percentuale di raccolta differenziata',
  rdTrend: 'La percentuale di raccolta differenziata negli anni',
  tonnesTrend: 'Rifiuti prodotti e raccolta differenziata (tonnellate)',
  perCapitaTrend: 'I rifiuti per abitante negli anni',
};

/**
 * Kinds the page shows only for one comune (its own collection modes and prevention actions), and kinds
 * it shows only for Italy, a region or a province (shares of their comuni; for one comune they would be
 * "1 comune, 100%", the combination of fractions of a comune a single bar at 100%). Any other level
 * answers 400 on `statistic`.
 */
export const CITY_ONLY_STATISTICS: readonly StatisticKind[] = ['wasteSortingType', 'actionCategories'];
export const AREA_ONLY_STATISTICS: readonly StatisticKind[] = [
  'wasteSortingTypes',
  'mostUsedActionCategories',
  'mostUsedWasteFractionsSet',
];

/** The data-source switch: 1 'Dati raccolta', 2 'Dati ecocompattatori'. */
export const DataSourceSchema = z.enum(['1', '2'], say('invalidSource'));
export const DATA_SOURCES = [
  { value: '1', key: 'waste', label: 'Dati raccolta' },
  { value: '2', key: 'reverseVending', label: 'Dati ecocompattatori' },
] as const;

const slug = z.string().regex(/^[a-z0-9-]{1,60}$/, say('invalidValue'));
const WASTE_FILTERS = ['waste_fraction', 'sorting_type', 'actions_category'] as const;

/**
 * GET /api/stats/download/ (and …/count/) — query parameters. The filter kinds keep the snake_case
 * names of SPEC §3 (waste_fraction, sorting_type, actions_category). docs/downloads.md has the rules.
 */
export const DownloadQuerySchema = z
  .object({
    format: z
      .enum(['pdf', 'png', 'jpg', 'csv'], say('invalidFormat'))
      .describe('pdf, png, jpg: one statistic (signed in); csv: the filtered data (licence active)'),
    statistic: StatisticKindSchema.optional().describe(
      'the statistic to draw (pdf, png, jpg; required there, ignored by csv). wasteSortingType and ' +
        'actionCategories: level=city only; wasteSortingTypes, mostUsedActionCategories and ' +
        'mostUsedWasteFractionsSet: not level=city',
    ),
    level: z
      .enum(AreaLevelSchema.options, say('invalidLevel'))
      .default('country')
      .describe('the area: Italy, a region, a province or a comune'),
    id: z.string().optional().describe('ISTAT code of the area (05, 028, 028001); none for country'),
    year: yearParam('downloadYear', { min: YEAR_MIN, max: YEAR_MAX })
      .optional()
      .describe('one year; images: the year drawn (default the latest with data); csv: that year only'),
    years: z
      .string()
      .regex(/^\d{4}(,\d{4}){0,49}$/, say('yearsFormat'))
      .transform((s, ctx) => {
        const years = [...new Set(s.split(',').map(Number))].sort((a, b) => a - b);
        for (const year of years) {
          if (year < YEAR_MIN || year > YEAR_MAX) {
            ctx.issues.push({
              code: 'custom',
              message: messageText('yearsItem', { year, min: YEAR_MIN, max: YEAR_MAX }),
              input: s,
            });
          }
        }
        return years;
      })
      .optional()
      .describe('comma-separated years (csv); an image takes one year only; none: every year'),
    compareYear: yearParam('compareYear', { min: YEAR_MIN, max: YEAR_MAX })
      .optional()
      .describe(
        'images only: the comparison year of the totals, as on the page (default the previous year with data)',
      ),
    source: DataSourceSchema.default('1').describe(
      '1 collection data; 2 reverse vending machines (ecocompattatori): csv only, one row per machine and year',
    ),
    waste_fraction: slug
      .optional()
      .describe(
        'csv, source 1: comuni-years with tonnes > 0 of this fraction (id of /api/waste-sorting/fractions/)',
      ),
    sorting_type: slug
      .optional()
      .describe('csv, source 1: comuni using this collection mode (id of /api/waste-sorting/types/)'),
    actions_category: slug
      .optional()
      .describe(
        'csv, source 1: comuni-years with an action of this category started by that year (id of /api/actions/categories/)',
      ),
    operator: RvmFilterShape.operator.describe(
      'csv, source 2: the machines of this operator (id of /api/reverse-vending-machines/operators/)',
    ),
  })
  .strict()
  .superRefine((q, ctx) => {
    const issue = (field: string, key: ContractMessageKey) =>
      ctx.addIssue({ code: 'custom', path: [field], message: messageText(key) });
    if (q.level === 'country') {
      if (q.id !== undefined) issue('id', 'countryNoId');
    } else if (!q.id || !isIstatId(q.level, q.id)) {
      issue('id', 'invalidAreaId');
    }
    if (q.year !== undefined && q.years !== undefined) issue('years', 'yearAndYears');
    if (q.source === '1' && q.operator !== undefined) issue('operator', 'operatorWaste');
    if (q.format === 'csv') {
      if (q.compareYear !== undefined) issue('compareYear', 'compareYearCsv');
      if (q.source === '2') {
        for (const f of WASTE_FILTERS) if (q[f] !== undefined) issue(f, 'rvmFilter');
      }
      return;
    }
    if (q.source === '2') issue('source', 'imageSource');
    if (q.years && q.years.length > 1) issue('years', 'imageYears');
    for (const f of WASTE_FILTERS) if (q[f] !== undefined) issue(f, 'imageFilter');
    if (!q.statistic) issue('statistic', 'statisticMissing');
    else if (q.level !== 'city' && CITY_ONLY_STATISTICS.includes(q.statistic)) issue('statistic', 'cityOnly');
    else if (q.level === 'city' && AREA_ONLY_STATISTICS.includes(q.statistic)) issue('statistic', 'areaOnly');
  });
export type DownloadQuery = z.infer<typeof DownloadQuerySchema>;

export const DownloadCountSchema = z.object({
  rows: z
    .number()
    .int()
    .describe(
      'rows the CSV export of the same query gives: comune-year rows (source 1); machine-year rows (source 2, where without years a machine with no data at all is one row)',
    ),
});
