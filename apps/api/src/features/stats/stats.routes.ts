import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AreaStatsSchema,
  CityParamsSchema,
  CityStatsQuerySchema,
  CityStatsSchema,
  DetailSchema,
  MapQuerySchema,
  NamedItemListSchema,
  OverallQuerySchema,
  ValidationErrorSchema,
  WasteFractionListSchema,
  WasteSortingMapSchema,
} from '@portal/contract';
import { areaStats, cityStats, wasteSortingMap } from './stats.service';
import * as repo from './stats.repo';

const tags = ['stats'];
const errors = { 400: ValidationErrorSchema, 404: DetailSchema };

/**
 * The map's query with the combinations it allows: a region (its provinces), a province (its comuni),
 * or neither (the regions, or with level=province all provinces). One message, on the first mistake.
 */
const MapRouteQuerySchema = MapQuerySchema.superRefine((q, ctx) => {
  const level = q.level ?? (q.province ? 'city' : q.region ? 'province' : 'region');
  const mistake = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (q.province && q.region) return mistake('region', 'Indica la regione o la provincia, non entrambe.');
  if (q.region && level !== 'province') return mistake('level', "Con una regione il livello è 'province'.");
  if (q.province && level !== 'city') return mistake('level', "Con una provincia il livello è 'city'.");
  if (level === 'city' && !q.province)
    return mistake('province', 'Per la mappa dei comuni indica la provincia (es. 028).');
});

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.responseCache;

  app.get(
    '/api/stats/overall/',
    {
      schema: {
        tags,
        summary: 'Statistics of Italy, or of a region (?region=) or a province (?province=)',
        querystring: OverallQuerySchema,
        response: { 200: AreaStatsSchema, ...errors },
      },
    },
    async (req, reply) =>
      // Everything, the area lookup included, happens only on a cache miss: a hit touches no database.
      cache.send(req, reply, AreaStatsSchema, () => areaStats(app.db, req.query)),
  );

  app.get(
    '/api/stats/cities/city/:id/',
    {
      schema: {
        tags,
        summary: 'Statistics of one comune, with its collection modes and prevention actions',
        params: CityParamsSchema,
        querystring: CityStatsQuerySchema,
        response: { 200: CityStatsSchema, ...errors },
      },
    },
    async (req, reply) =>
      cache.send(req, reply, CityStatsSchema, () => cityStats(app.db, req.params.id, req.query)),
  );

  app.get(
    '/api/stats/regions/waste-sorting-map/',
    {
      schema: {
        tags,
        summary:
          'Per region, per province (of Italy or a region) or per comune (of a province) the % separately collected, kg per inhabitant and legend class',
        querystring: MapRouteQuerySchema,
        response: { 200: WasteSortingMapSchema, ...errors },
      },
    },
    async (req, reply) =>
      cache.send(req, reply, WasteSortingMapSchema, () => wasteSortingMap(app.db, req.query)),
  );

  app.get(
    '/api/waste-sorting/fractions/',
    {
      schema: {
        tags,
        summary: 'Waste fractions with colour and EER codes',
        response: { 200: WasteFractionListSchema },
      },
    },
    async (req, reply) =>
      cache.send(req, reply, WasteFractionListSchema, () => repo.listWasteFractions(app.db)),
  );
  app.get(
    '/api/waste-sorting/types/',
    { schema: { tags, summary: 'Collection modes', response: { 200: NamedItemListSchema } } },
    async (req, reply) =>
      cache.send(req, reply, NamedItemListSchema, () => repo.listNamedItems(app.db, 'sorting_types')),
  );
  app.get(
    '/api/actions/categories/',
    { schema: { tags, summary: 'Prevention action categories', response: { 200: NamedItemListSchema } } },
    async (req, reply) =>
      cache.send(req, reply, NamedItemListSchema, () => repo.listNamedItems(app.db, 'action_categories')),
  );
};
