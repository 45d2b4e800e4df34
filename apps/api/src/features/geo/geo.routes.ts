import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CityDetailSchema,
  CityListQuerySchema,
  CityPageSchema,
  CityParamsSchema,
  DetailSchema,
  ProvinceListQuerySchema,
  ProvinceListSchema,
  BoundaryRegionParamsSchema,
  TopologySchema,
  RegionListSchema,
  ValidationErrorSchema,
} from '@portal/contract';
import { pageLinks } from '../../plugins/pagination';
import { notFound } from '../../plugins/errors';
import { getBoundary, getCity, listCities, listProvinces, listRegions } from './geo.repo';

const tags = ['cities'];

/**
 * Every answer depends only on the imported data: all go through the response cache (ETag, 304,
 * `Cache-Control: public`), dropped at the next import.
 */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.responseCache;

  app.get(
    '/api/cities/regions/',
    { schema: { tags, summary: 'The 20 regions', response: { 200: RegionListSchema } } },
    async (req, reply) => cache.send(req, reply, RegionListSchema, () => listRegions(app.db)),
  );

  app.get(
    '/api/cities/provinces/',
    {
      schema: {
        tags,
        summary: 'Provinces, optionally of one region',
        querystring: ProvinceListQuerySchema,
        response: { 200: ProvinceListSchema, 400: ValidationErrorSchema },
      },
    },
    async (req, reply) =>
      cache.send(req, reply, ProvinceListSchema, () => listProvinces(app.db, req.query.region)),
  );

  app.get(
    '/api/cities/city/',
    {
      schema: {
        tags,
        summary: 'Comuni, searchable by name (case and accent insensitive), paginated',
        querystring: CityListQuerySchema,
        response: { 200: CityPageSchema, 400: ValidationErrorSchema },
      },
    },
    // Keyed on the validated query (a search trimmed, page=02 is page 2): the bound in bytes holds.
    async (req, reply) =>
      cache.send(req, reply, CityPageSchema, async () => {
        const { count, results } = await listCities(app.db, req.query);
        return { count, ...pageLinks(app.config.PUBLIC_URL, req, count, req.query), results };
      }),
  );

  app.get(
    '/api/cities/city/:id/',
    {
      schema: {
        tags,
        summary: 'One comune',
        params: CityParamsSchema,
        response: { 200: CityDetailSchema, 400: ValidationErrorSchema, 404: DetailSchema },
      },
    },
    async (req, reply) =>
      cache.send(req, reply, CityDetailSchema, async () => {
        const city = await getCity(app.db, req.params.id);
        if (!city) throw notFound();
        return city;
      }),
  );

  // Boundaries for the maps, as TopoJSON (ISTAT 2023 via openpolis), cached with an ETag.
  const boundary = (level: 'regions' | 'provinces' | 'comuni', areaId: string) => async () => {
    const topology = await getBoundary(app.db, level, areaId);
    if (!topology) throw notFound();
    return TopologySchema.parse(topology);
  };
  const boundarySchema = { 200: TopologySchema, 404: DetailSchema };
  app.get(
    '/api/cities/boundaries/regions/',
    { schema: { tags, summary: 'Boundaries of the 20 regions (TopoJSON)', response: boundarySchema } },
    async (req, reply) => cache.send(req, reply, TopologySchema, boundary('regions', 'IT')),
  );
  app.get(
    '/api/cities/boundaries/provinces/',
    { schema: { tags, summary: 'Boundaries of the 107 provinces (TopoJSON)', response: boundarySchema } },
    async (req, reply) => cache.send(req, reply, TopologySchema, boundary('provinces', 'IT')),
  );
  app.get(
    '/api/cities/boundaries/comuni/:regionId/',
    {
      schema: {
        tags,
        summary: 'Boundaries of the comuni of one region (TopoJSON)',
        params: BoundaryRegionParamsSchema,
        response: { ...boundarySchema, 400: ValidationErrorSchema },
      },
    },
    async (req, reply) => cache.send(req, reply, TopologySchema, boundary('comuni', req.params.regionId)),
  );
};
