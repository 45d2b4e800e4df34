import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AreaStatsSchema,
  CityParamsSchema,
  CityRankQuerySchema,
  CityRankSchema,
  CityStatsQuerySchema,
  CityStatsSchema,
  DetailSchema,
  MapQuerySchema,
  NamedItemListSchema,
  OverallQuerySchema,
  RankingQuerySchema,
  RankingSchema,
  ValidationErrorSchema,
  WasteFractionListSchema,
  WasteSortingMapSchema,
} from '@portal/contract';
import { areaStats, cityStats, wasteSortingMap } from './stats.service';
import { cityRank, ranking } from './rankings.service';
import * as repo from './stats.repo';

const tags = ['stats'];
const errors = { 400: ValidationErrorSchema, 404: DetailSchema };

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
    '/api/stats/rankings/',
    {
      schema: {
        tags,
        summary:
          'Ranking of the comuni (of a region, a province, a population band, the capoluoghi), provinces or regions by % separately collected, kg per inhabitant or change of the %',
        querystring: RankingQuerySchema,
        response: { 200: RankingSchema, ...errors },
      },
    },
    async (req, reply) => cache.send(req, reply, RankingSchema, () => ranking(app.db, req.query)),
  );

  app.get(
    '/api/stats/cities/city/:id/rank/',
    {
      schema: {
        tags,
        summary:
          'Rank of one comune by % separately collected in Italy, its region and its province, its percentile and its peers',
        params: CityParamsSchema,
        querystring: CityRankQuerySchema,
        response: { 200: CityRankSchema, ...errors },
      },
    },
    async (req, reply) =>
      cache.send(req, reply, CityRankSchema, () => cityRank(app.db, req.params.id, req.query)),
  );

  app.get(
    '/api/stats/regions/waste-sorting-map/',
    {
      schema: {
        tags,
        summary:
          'Per region, per province (of Italy or a region) or per comune (of a province) the % separately collected, kg per inhabitant and legend class',
        querystring: MapQuerySchema,
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
