import { z } from 'zod';
import { say } from './messages';
import { AreaLevelSchema, ProvinceIdSchema, RegionIdSchema, SubAreaLevelSchema, yearParam } from './areas';
import { SourceAnomalySchema } from './source-anomalies';
import { UnitSchema } from './units';

const regionId = RegionIdSchema;
const provinceId = ProvinceIdSchema;
const year = yearParam();

export const AreaSchema = z.object({
  level: AreaLevelSchema,
  id: z.string().describe("ISTAT code; 'IT' for Italy"),
  name: z.string(),
  parents: z.array(z.object({ level: AreaLevelSchema, id: z.string(), name: z.string() })),
});
export type Area = z.infer<typeof AreaSchema>;

/**
 * The direction in which a statistic gets better: less waste produced per inhabitant is good, a higher % is
 * good. Null on tonnes, which follow the amount of waste and the population (decision 072).
 */
export const GoodDirectionSchema = z.enum(['up', 'down']);

/** One figure of one year, compared with the comparison year. */
export const StatisticSchema = z.object({
  value: z.number().nullable(),
  unit: UnitSchema,
  compareValue: z.number().nullable(),
  change: z
    .number()
    .nullable()
    .describe('value - compareValue, both rounded as shown (1 decimal; 2 for €/ab), so the card adds up'),
  changePct: z.number().nullable().describe('change as % of the shown compareValue'),
  trend: z
    .enum(['up', 'down', 'unchanged'])
    .nullable()
    .describe("'unchanged' when equal at the shown precision"),
  goodDirection: GoodDirectionSchema.nullable(),
  outcome: z
    .enum(['better', 'worse', 'unchanged'])
    .nullable()
    .describe(
      'a verdict only on measures not driven by the amount of waste (% and kg per inhabitant, decision ' +
        '072); null on tonnes and costs',
    ),
  missingReason: z.string().nullable().describe('Italian, when value is null'),
  compareYear: z
    .number()
    .int()
    .nullable()
    .describe(
      "the year compareValue is from: always the view's comparison year (one per view, decision 072); " +
        'null when the view has none or that year lacks this statistic',
    ),
  nearestYear: z
    .number()
    .int()
    .nullable()
    .describe(
      "when the view's comparison year lacks this statistic (and the year has it): the available year " +
        'nearest to the comparison year that has it, offered to the reader as another comparison year ' +
        '(ties: the earlier); null otherwise',
    ),
  estimate: z
    .boolean()
    .describe(
      "true: the value is an estimate (an area's % in a year where some comuni give only their %: " +
        'their % weighted by their production, see data/SOURCES.md)',
    ),
  compareEstimate: z.boolean().describe('true: compareValue is such an estimate'),
});
export type Statistic = z.infer<typeof StatisticSchema>;

const section = <T extends z.ZodType>(item: T) =>
  z.object({
    demo: z.boolean().describe('true: demo data, no public source (labelled "Dati dimostrativi")'),
    items: z.array(item),
    missingReason: z.string().nullable(),
  });

/** A section of shares of comuni, with the comuni the shares are a percentage of. */
const shareSection = <T extends z.ZodType>(item: T) =>
  section(item).extend({
    comuniTotal: z
      .number()
      .int()
      .optional()
      .describe(
        'the base of the shares: the comuni of the area with data of this kind (modes; at least one ' +
          'prevention action; fractions reported that year)',
      ),
  });

export const FractionShareSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  tonnes: z.number(),
  kgPerCapita: z.number().nullable(),
  share: z.number().describe('% of the separately collected tonnes'),
});

export const CountShareSchema = z.object({
  id: z.string(),
  name: z.string(),
  comuniCount: z.number().int(),
  share: z.number().describe('% of the comuni of the area with data'),
});

export const FractionSetSchema = z.object({
  fractions: z.array(z.object({ id: z.string(), name: z.string() })),
  comuniCount: z.number().int(),
  share: z.number(),
});

export const TrendPointSchema = z.object({
  year: z.number().int(),
  value: z.number(),
  method: z
    .enum(['tonnes', 'estimate', 'reported'])
    .describe(
      "tonnes: sorted / produced; estimate: an area's % from comuni of which some give only their % " +
        "(weighted by each comune's production); reported: a comune's % as its source gives it, without tonnes",
    ),
  source: z
    .string()
    .nullable()
    .optional()
    .describe(
      "short name of the year's source ('ISPRA', 'ARPAE Emilia-Romagna', 'Regione Campania'); for a province, region or Italy " +
        'the source of more than half of its comuni with data that year, null when none has a majority',
    ),
});

/**
 * Which inhabitants a year's kg per inhabitant divide by (docs/decisions/071-population-of-the-areas.md), said
 * on the figure.
 */
export const PopulationBasisSchema = z
  .object({
    source: z
      .enum(['source', 'istat', 'census'])
      .describe(
        "source: the population the collection source gives for the comune (an area's: the sum of its comuni's); " +
          "istat: ISTAT's resident population of the area on 1 January of the next year (= 31 December of " +
          "the year; ISPRA's 2010–2017 tables give the comuni's none); census: the 2011 census (9 October 2011)",
      ),
    date: z
      .string()
      .nullable()
      .describe(
        "the day the population counts (YYYY-MM-DD): istat '<year+1>-01-01', census '2011-10-09'; null for source",
      ),
  })
  .describe('null where there are no kg per inhabitant');
export type PopulationBasis = z.infer<typeof PopulationBasisSchema>;

/** One year of the per-inhabitant figures; null where the source has no tonnes (or no cost) that year. */
export const PerCapitaPointSchema = z.object({
  year: z.number().int(),
  populationBasis: PopulationBasisSchema.nullable().describe('the base of the kg per inhabitant of the year'),
  producedKgPerCapita: z.number().nullable().describe('kg of urban waste produced per inhabitant'),
  sortedKgPerCapita: z.number().nullable().describe('kg separately collected per inhabitant'),
  costPerCapita: z.number().nullable().describe('service cost, €/inhabitant'),
});

/** One year of the tonnes; only the years whose tonnes cover (almost) the whole area. */
export const TonnesPointSchema = z.object({
  year: z.number().int(),
  producedT: z.number().describe('tonnes of urban waste produced'),
  sortedT: z.number().describe('tonnes separately collected'),
});

export const CoverageSchema = z.object({
  comuniWithData: z.number().int(),
  comuniWithTonnes: z.number().int(),
  comuniTotal: z.number().int().describe('comuni of the area in the latest year'),
  comuniToday: z
    .number()
    .int()
    .describe(
      "comuni of the area today (ISTAT's list, merged comuni left out): what comuniWithData is said out of " +
        '("7.881 comuni con dati su 7.896"); 1 for a comune',
    ),
  complete: z.boolean().describe('false: the sources cover only part of the area this year'),
});

/** Share of the separately collected tonnes by collection system, one year (ARPAE Emilia-Romagna). */
export const CollectionSystemYearSchema = z.object({
  year: z.number().int(),
  tonnes: z.number().describe('separately collected tonnes the shares are of'),
  comuniCount: z.number().int().describe('comuni of the area with figures by collection system this year'),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      tonnes: z.number(),
      share: z.number().describe('% of the separately collected tonnes'),
    }),
  ),
});

export const CollectionSystemsSchema = z
  .object({
    source: z.string().describe("short name of the source, e.g. 'ARPAE Emilia-Romagna'"),
    years: z.array(CollectionSystemYearSchema).describe('every year with figures, oldest first'),
    note: z.string().nullable().describe('Italian: what the source lumps together in some years'),
  })
  .nullable()
  .describe('real figures by collection system; null where no source has them (the demo modes are shown)');

export const AreaStatsSchema = z.object({
  area: AreaSchema,
  year: z.number().int(),
  compareYear: z.number().int().nullable(),
  availableYears: z.array(z.number().int()),
  population: z.number().int().nullable(),
  populationBasis: PopulationBasisSchema.nullable().describe(
    'where population comes from: the base of the kg per inhabitant of year (null without them)',
  ),
  comuniCount: z.number().int(),
  coverage: CoverageSchema,
  totalWasteProduced: StatisticSchema,
  totalWasteSorted: StatisticSchema,
  totalWasteSortedPerCapita: StatisticSchema,
  totalWasteProducedPerCapita: StatisticSchema,
  sortedPercentage: StatisticSchema,
  serviceCostPerCapita: StatisticSchema,
  rdTrend: z.array(TrendPointSchema),
  tonnesTrend: z
    .array(TonnesPointSchema)
    .describe('the years of availableYears whose tonnes are known, oldest first (missing years absent)'),
  perCapitaTrend: z
    .array(PerCapitaPointSchema)
    .describe('the years of availableYears with kg per inhabitant or a cost, oldest first'),
  wasteFractionsSet: section(FractionShareSchema),
  wasteFractionsColors: z.record(z.string(), z.string()),
  wasteSortingTypes: shareSection(CountShareSchema),
  mostUsedActionCategories: shareSection(CountShareSchema),
  mostUsedWasteFractionsSet: shareSection(FractionSetSchema),
  collectionSystems: CollectionSystemsSchema,
  missingYears: z
    .array(z.number().int())
    .describe(
      'years between the first and the last of availableYears without data for the area (no source covers ' +
        'them): the trend charts leave them empty and say why',
    ),
});
export type AreaStats = z.infer<typeof AreaStatsSchema>;

export const HomeCompostingSchema = z.object({
  year: z.number().int(),
  kg: z.number(),
  kgPerCapita: z.number().nullable(),
  source: z.string().describe("short name of the source, e.g. 'ARPAE Emilia-Romagna', 'Regione Campania'"),
});

export const CityStatsSchema = AreaStatsSchema.extend({
  aggregationName: z
    .string()
    .nullable()
    .describe(
      'comuni that report their figures jointly: the joint figures are split among them by population ' +
        '(data/SOURCES.md)',
    ),
  dissolved: z
    .boolean()
    .describe('true: the comune no longer exists (merged into another); its data stops at its last year'),
  sourceAnomalies: z
    .array(SourceAnomalySchema)
    .describe(
      "the comune's years whose figures fail the plausibility rule (docs/decisions/070), oldest first: shown " +
        'as the source gives them, flagged "dato anomalo nella fonte"',
    ),
  homeComposting: z
    .array(HomeCompostingSchema)
    .describe(
      'home composting (a prevention action with real figures), every year a source has, oldest first',
    ),
  wasteSortingType: section(
    z.object({
      id: z.string(),
      name: z.string(),
      fractions: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  actionCategories: section(
    z.object({
      id: z.string(),
      name: z.string(),
      actions: z.array(z.object({ title: z.string(), startedYear: z.number().int() })),
    }),
  ),
});
export type CityStats = z.infer<typeof CityStatsSchema>;

export const YearsQuerySchema = z.object({ year: year.optional(), compareYear: year.optional() });

export const OverallQuerySchema = YearsQuerySchema.extend({
  region: regionId.optional(),
  province: provinceId.optional(),
})
  .strict()
  .refine((q) => !(q.region && q.province), { ...say('regionOrProvince'), path: ['province'] });

export const CityStatsQuerySchema = YearsQuerySchema.strict();

export const MapQuerySchema = z
  .object({
    year: year.optional(),
    level: z.enum(SubAreaLevelSchema.options, say('invalidMapLevel')).optional(),
    region: regionId.optional(),
    /** The comuni of one province (level 'city'). */
    province: provinceId.optional(),
  })
  .strict();

export const MapAreaSchema = z.object({
  id: z.string(),
  name: z.string(),
  rdPct: z.number().nullable(),
  kgPerCapita: z.number().nullable(),
  legendClass: z.number().int().nullable(),
  sourceAnomaly: z
    .boolean()
    .describe(
      "a comune's figure of the map's year flagged by the plausibility rule (decision 070); false for provinces and regions",
    ),
});
export const WasteSortingMapSchema = z.object({
  level: SubAreaLevelSchema,
  year: z.number().int(),
  availableYears: z.array(z.number().int()),
  legend: z.array(
    z.object({
      id: z.number().int(),
      min: z.number(),
      max: z.number().nullable(),
      label: z.string(),
      color: z.string(),
    }),
  ),
  areas: z.array(MapAreaSchema),
});
export type WasteSortingMap = z.infer<typeof WasteSortingMapSchema>;

export const WasteFractionSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  eerCodes: z.array(z.string()),
});
export const WasteFractionListSchema = z.array(WasteFractionSchema);

export const NamedItemSchema = z.object({ id: z.string(), name: z.string(), description: z.string() });
export const NamedItemListSchema = z.array(NamedItemSchema);
