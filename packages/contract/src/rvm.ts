import { z } from 'zod';
import { say } from './messages';
import {
  CityIdSchema as cityId,
  ProvinceIdSchema as provinceId,
  RegionIdSchema as regionId,
  yearParam,
} from './areas';
import { PageQuerySchema, paginatedSchema } from './common';

/**
 * Reverse vending machines (ecocompattatori). What the machines collected is demo data: every payload
 * that carries quantities says `demo: true` (the web app labels it "Dati dimostrativi").
 */

const operatorId = z.coerce
  .number(say('invalidOperator'))
  .int(say('invalidOperator'))
  .min(1, say('invalidOperator'))
  .max(2_147_483_647, say('invalidOperator'));
const year = yearParam();

/** The filters every RVM endpoint with quantities accepts. Unknown but well-formed ids give empty results. */
export const RvmFilterShape = {
  region: regionId.optional().describe('ISTAT code of the region'),
  province: provinceId.optional().describe('ISTAT code of the province'),
  city: cityId.optional().describe('ISTAT code of the comune'),
  operator: operatorId.optional().describe('id of the operator'),
  year: year
    .optional()
    .describe('machines installed by then and with data that year; quantities of that year'),
};
const search = z
  .string()
  .trim()
  .max(100, say('atMostChars', { max: 100 }))
  .optional()
  .describe('address, comune or operator; case and accent insensitive');

export const RvmFilterQuerySchema = z.object(RvmFilterShape).strict();
export type RvmFilterQuery = z.infer<typeof RvmFilterQuerySchema>;

/** Filters plus the free-text search (list, map and download). */
export const RvmSearchQuerySchema = z.object({ ...RvmFilterShape, search }).strict();
export type RvmSearchQuery = z.infer<typeof RvmSearchQuerySchema>;

export const RvmListQuerySchema = PageQuerySchema.extend({ ...RvmFilterShape, search }).strict();
export type RvmListQuery = z.infer<typeof RvmListQuerySchema>;

/** The years endpoint: the place and operator filters (not the year itself). */
export const RvmYearsQuerySchema = z
  .object({
    region: RvmFilterShape.region,
    province: RvmFilterShape.province,
    city: RvmFilterShape.city,
    operator: RvmFilterShape.operator,
  })
  .strict();
export type RvmYearsQuery = z.infer<typeof RvmYearsQuerySchema>;

const demo = z.literal(true).describe('the quantities are demo data ("Dati dimostrativi")');

export const RvmAmountsSchema = z.object({
  machines: z.number().int(),
  pieces: z.number().int().describe('containers collected'),
  kg: z.number().describe('kilograms collected, one decimal'),
});
export type RvmAmounts = z.infer<typeof RvmAmountsSchema>;

export const RvmYearAmountSchema = z.object({
  year: z.number().int(),
  pieces: z.number().int(),
  kg: z.number(),
});

export const RvmOperatorRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const RvmMachineSchema = z.object({
  id: z.string(),
  operator: RvmOperatorRefSchema,
  comune: z.object({
    id: z.string(),
    name: z.string(),
    provinceSigla: z.string(),
    regionId: z.string(),
  }),
  address: z.string(),
  cap: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  installedOn: z.string().describe('YYYY-MM-DD'),
  active: z.boolean().describe('in service today'),
  realSite: z.boolean().describe('true: a real machine site (address and coordinates); false: invented'),
  collected: z.array(RvmYearAmountSchema).describe('per year, ascending; with ?year only that year'),
  demo,
});
export type RvmMachine = z.infer<typeof RvmMachineSchema>;
export const RvmMachinePageSchema = paginatedSchema(RvmMachineSchema);
export type RvmMachinePage = z.infer<typeof RvmMachinePageSchema>;

export const RvmMapPointSchema = z.object({
  id: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  operatorId: z.number().int(),
  active: z.boolean(),
  realSite: z.boolean(),
});
export type RvmMapPoint = z.infer<typeof RvmMapPointSchema>;
export const RvmMapSchema = z.object({
  count: z.number().int(),
  points: z.array(RvmMapPointSchema),
});
export type RvmMap = z.infer<typeof RvmMapSchema>;

export const RvmTrendPointSchema = RvmAmountsSchema.extend({ year: z.number().int() });

export const RvmSummarySchema = z.object({
  demo,
  year: z.number().int().nullable().describe('the ?year filter; null: all years summed'),
  totals: RvmAmountsSchema.extend({ activeMachines: z.number().int() }),
  trend: z
    .array(RvmTrendPointSchema)
    .describe('per year with data, ascending; every filter applies except ?year'),
});
export type RvmSummary = z.infer<typeof RvmSummarySchema>;

/** The label of the bucket that sums the operators not named. */
export const RVM_OTHER_OPERATORS = 'Altri gestori';

export const RvmOperatorStatSchema = RvmAmountsSchema.extend({
  id: z.number().int().nullable().describe("null for the 'Altri gestori' bucket"),
  name: z.string(),
  operators: z.number().int().describe('operators in the bucket (1 for a named operator)'),
});
export type RvmOperatorStat = z.infer<typeof RvmOperatorStatSchema>;

export const RvmByOperatorSchema = z.object({
  demo,
  year: z.number().int().nullable(),
  totals: RvmAmountsSchema,
  rule: z.string().describe('how the named operators are chosen'),
  items: z.array(RvmOperatorStatSchema),
});
export type RvmByOperator = z.infer<typeof RvmByOperatorSchema>;

export const RvmCityStatSchema = RvmAmountsSchema.extend({
  id: z.string(),
  name: z.string(),
  provinceSigla: z.string(),
  regionId: z.string(),
});
export const RvmByCitySchema = z.object({
  demo,
  year: z.number().int().nullable(),
  totals: RvmAmountsSchema,
  items: z.array(RvmCityStatSchema).describe('every comune with machines, by kg descending'),
});
export type RvmByCity = z.infer<typeof RvmByCitySchema>;

export const RvmRegionStatSchema = RvmAmountsSchema.extend({ id: z.string(), name: z.string() });
export const RvmByRegionSchema = z.object({
  demo,
  year: z.number().int().nullable(),
  totals: RvmAmountsSchema,
  items: z.array(RvmRegionStatSchema).describe('every region with machines, by kg descending'),
});
export type RvmByRegion = z.infer<typeof RvmByRegionSchema>;

export const RvmYearsSchema = z.array(z.number().int()).describe('years with data, ascending');

export const RvmOperatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  machines: z.number().int(),
});
export type RvmOperator = z.infer<typeof RvmOperatorSchema>;
export const RvmOperatorListSchema = z.array(RvmOperatorSchema);

/**
 * Columns of the reverse vending machine import CSV (docs/rvm-csv-format.md), one row per machine and
 * year: what the importer requires and the demo generator writes.
 */
export const RVM_IMPORT_COLUMNS = [
  'machine_id',
  'operator',
  'istat',
  'address',
  'cap',
  'latitude',
  'longitude',
  'installed_on',
  'active',
  'year',
  'pieces',
  'kg',
  'demo',
] as const;
