import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DetailSchema,
  RvmByCitySchema,
  RvmByOperatorSchema,
  RvmByRegionSchema,
  RvmFilterQuerySchema,
  RvmListQuerySchema,
  RvmMachinePageSchema,
  RvmMapSchema,
  RvmOperatorListSchema,
  RvmSearchQuerySchema,
  RvmSummarySchema,
  RvmYearsQuerySchema,
  RvmYearsSchema,
  ValidationErrorSchema,
} from '@portal/contract';
import { pageLinks } from '../../plugins/pagination';
import { spendDownload } from '../../plugins/download-budget';
import { requireCsvLicense } from '../../plugins/permissions';
import { refuseCrossSiteCookie } from '../../plugins/cross-site';
import { logWhenStreamed } from '../../plugins/download-log';
import { csvFilename, rvmCsvStream } from './rvm.csv';
import * as repo from './rvm.repo';
import { buildByCity, buildByOperator, buildByRegion, buildSummary } from './rvm.service';

const tags = ['reverse-vending-machines'];
const BASE = '/api/reverse-vending-machines/reverse-vending-machine';
const errors = { 400: ValidationErrorSchema };

export const rvmRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.responseCache;

  app.get(
    `${BASE}/`,
    {
      schema: {
        tags,
        summary: 'Reverse vending machines, filtered and searchable, paginated (quantities are demo data)',
        querystring: RvmListQuerySchema,
        response: { 200: RvmMachinePageSchema, ...errors },
      },
    },
    async (req, reply) =>
      cache.send(req, reply, RvmMachinePageSchema, async () => {
        const { count, results } = await repo.listMachines(app.db, req.query);
        return { count, ...pageLinks(app.config.PUBLIC_URL, req, count, req.query), results };
      }),
  );

  app.get(
    `${BASE}/map/`,
    {
      schema: {
        tags,
        summary: 'Every filtered machine as a map point (not paginated)',
        querystring: RvmSearchQuerySchema,
        response: { 200: RvmMapSchema, ...errors },
      },
    },
    async (req, reply) =>
      cache.send(req, reply, RvmMapSchema, async () => {
        const points = await repo.listMapPoints(app.db, req.query);
        return { count: points.length, points };
      }),
  );

  app.get(
    `${BASE}/stats/summary/`,
    {
      schema: {
        tags,
        summary: 'Totals (machines, pieces, kg) and the per-year trend of the filtered machines',
        querystring: RvmFilterQuerySchema,
        response: { 200: RvmSummarySchema, ...errors },
      },
    },
    async (req, reply) => cache.send(req, reply, RvmSummarySchema, () => buildSummary(app.db, req.query)),
  );

  app.get(
    `${BASE}/stats/by-operator/`,
    {
      schema: {
        tags,
        summary: "The largest operators by kg and the rest summed under 'Altri gestori'",
        querystring: RvmFilterQuerySchema,
        response: { 200: RvmByOperatorSchema, ...errors },
      },
    },
    async (req, reply) =>
      cache.send(req, reply, RvmByOperatorSchema, () => buildByOperator(app.db, req.query)),
  );

  app.get(
    `${BASE}/stats/by-city/`,
    {
      schema: {
        tags,
        summary: 'Machines, pieces and kg per comune, by kg descending',
        querystring: RvmFilterQuerySchema,
        response: { 200: RvmByCitySchema, ...errors },
      },
    },
    async (req, reply) => cache.send(req, reply, RvmByCitySchema, () => buildByCity(app.db, req.query)),
  );

  app.get(
    `${BASE}/stats/by-region/`,
    {
      schema: {
        tags,
        summary: 'Machines, pieces and kg per region, by kg descending',
        querystring: RvmFilterQuerySchema,
        response: { 200: RvmByRegionSchema, ...errors },
      },
    },
    async (req, reply) => cache.send(req, reply, RvmByRegionSchema, () => buildByRegion(app.db, req.query)),
  );

  app.get(
    `${BASE}/years/`,
    {
      schema: {
        tags,
        summary: 'Years with data of the filtered machines, ascending',
        querystring: RvmYearsQuerySchema,
        response: { 200: RvmYearsSchema, ...errors },
      },
    },
    async (req, reply) => cache.send(req, reply, RvmYearsSchema, () => repo.getYears(app.db, req.query)),
  );

  app.get(
    '/api/reverse-vending-machines/operators/',
    {
      schema: {
        tags,
        summary: 'The operators, by name, with their number of machines',
        response: { 200: RvmOperatorListSchema },
      },
    },
    async (req, reply) => cache.send(req, reply, RvmOperatorListSchema, () => repo.listOperators(app.db)),
  );

  app.get(
    `${BASE}/download/`,
    {
      schema: {
        tags,
        summary:
          'The filtered machines as CSV, one row per machine and year (active licence only; ' +
          'rate-limited and logged like every download, docs/downloads.md)',
        querystring: RvmSearchQuerySchema,
        response: {
          200: z.string().describe("text/csv; UTF-8 with BOM, ';' separator, decimal commas"),
          400: ValidationErrorSchema,
          401: DetailSchema,
          403: DetailSchema,
          429: DetailSchema,
        },
      },
      // Another site's request on the session cookie (403), 401 / 403 before the parameters are looked at.
      onRequest: async (req) => {
        refuseCrossSiteCookie(req);
        await requireCsvLicense(app, req);
      },
    },
    async (req, reply) => {
      const query = req.query;
      // The CSV budget of /api/stats/download/ (decision 075): both give the same ecocompattatori file.
      await spendDownload(app, req, reply, 'csv');
      const counter = { rows: 0 };
      const stream = rvmCsvStream(app.db, query, counter);
      logWhenStreamed(app, req, stream, { format: 'csv', query: { source: '2', ...query } }, counter);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFilename(query)}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream as unknown as string); // a stream is sent as it is, not serialized
    },
  );
};
