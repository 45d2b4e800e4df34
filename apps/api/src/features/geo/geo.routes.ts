import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CityDetailSchema,
  CityListQuerySchema,
  CityPageSchema,
  CityParamsSchema,
  DetailSchema,
  ProvinceListQuerySchema,
  ProvinceListSchema,
  RegionListSchema,
  ValidationErrorSchema,
} from '@portal/contract';
import { pageLinks } from '../../plugins/pagination';
import { getCity, listCities, listProvinces, listRegions } from './geo.repo';

const tags = ['cities'];

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cities/regions/',
    { schema: { tags, summary: 'The 20 regions', response: { 200: RegionListSchema } } },
    async () => listRegions(app.db),
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
    async (req) => listProvinces(app.db, req.query.region),
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
    async (req) => {
      const { count, results } = await listCities(app.db, req.query);
      return { count, ...pageLinks(req, count, req.query.page, req.query.pageSize), results };
    },
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
    async (req, reply) => {
      const city = await getCity(app.db, req.params.id);
      if (!city) return reply.code(404).send({ detail: 'Non trovato.' });
      return city;
    },
  );
};
