import { z } from 'zod';
import { CityIdSchema as cityId, ProvinceIdSchema as provinceId, RegionIdSchema as regionId } from './areas';
import { PageQuerySchema, paginatedSchema } from './common';
import { say } from './messages';

export const RegionSchema = z.object({
  id: z.string().describe('ISTAT code, two digits'),
  name: z.string(),
  provincesCount: z.number().int(),
  comuniCount: z.number().int().describe('comuni with collection data in latestYear'),
  population: z.number().int().nullable().describe('inhabitants in latestYear'),
  latestYear: z.number().int().nullable(),
});
export type Region = z.infer<typeof RegionSchema>;
export const RegionListSchema = z.array(RegionSchema);

export const ProvinceSchema = z.object({
  id: z.string().describe('ISTAT code, three digits'),
  name: z.string(),
  sigla: z.string(),
  regionId: z.string(),
});
export type Province = z.infer<typeof ProvinceSchema>;
export const ProvinceListSchema = z.array(ProvinceSchema);
export const ProvinceListQuerySchema = z.object({ region: regionId.optional() }).strict();

/** A comune named by its code and name: the successor or a predecessor of a merger. */
const CityRefSchema = z.object({ id: z.string(), name: z.string() });
const mergedInto = CityRefSchema.nullable().describe(
  "the comune it merged into (ISTAT's changes, decision 073), when it no longer exists and that is known",
);

export const CitySchema = z.object({
  id: z.string().describe('ISTAT code, six digits'),
  name: z.string(),
  provinceId: z.string(),
  provinceSigla: z.string(),
  regionId: z.string(),
  population: z.number().int().nullable(),
  dissolved: z.boolean().describe('true: the comune no longer exists (merged since); it keeps its data'),
  firstYear: z.number().int().nullable().describe('first year with collection data'),
  lastYear: z.number().int().nullable().describe('last year with collection data'),
  mergedInto,
  alias: z
    .string()
    .nullable()
    .describe(
      'the other name the search found the comune by (its name in the other official language, as "Sankt Ulrich", or an everyday form, as "Reggio Emilia") when its official name does not match; null otherwise',
    ),
});
export type City = z.infer<typeof CitySchema>;
export const CityPageSchema = paginatedSchema(CitySchema);
export type CityPage = z.infer<typeof CityPageSchema>;

export const CityListQuerySchema = PageQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(100, say('atMostChars', { max: 100 }))
    .optional(),
  province: provinceId.optional(),
  region: regionId.optional(),
}).strict();
export type CityListQuery = z.infer<typeof CityListQuerySchema>;

export const CityParamsSchema = z.object({ id: cityId });

export const CityDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  cadastralCode: z.string().nullable(),
  province: ProvinceSchema.pick({ id: true, name: true, sigla: true }),
  region: z.object({ id: z.string(), name: z.string() }),
  population: z.number().int().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  hasShape: z.boolean().describe('false when the bundled boundaries have no polygon for this comune'),
  years: z.array(z.number().int()).describe('years with collection data, ascending'),
  dissolved: z.boolean().describe('true: the comune no longer exists (merged since); it keeps its data'),
  mergedInto,
  mergedFrom: z
    .array(CityRefSchema.extend({ lastYear: z.number().int().nullable() }))
    .describe('the comuni merged into this one, with their last year of data, by name'),
  mergedFromComplete: z
    .boolean()
    .describe(
      'true when the waste data show that mergedFrom accounts for this comune; false when others may have merged into it too (the list is derived from the data)',
    ),
});
export type CityDetail = z.infer<typeof CityDetailSchema>;

/** A TopoJSON topology as bundled (ISTAT boundaries via openpolis): objects keyed by layer name. */
export const TopologySchema = z
  .object({
    type: z.literal('Topology'),
    objects: z.record(z.string(), z.unknown()),
    arcs: z.array(z.unknown()),
  })
  .loose();
export type Topology = z.infer<typeof TopologySchema>;
export const BoundaryRegionParamsSchema = z.object({ regionId });
