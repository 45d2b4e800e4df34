import { constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DetailSchema,
  DownloadCountSchema,
  DownloadQuerySchema,
  ValidationErrorSchema,
  type AreaStats,
  type CityStats,
  type DownloadQuery,
} from '@portal/contract';
import { ApiError, MESSAGES } from '../../plugins/errors';
import { LIMITS } from '../../plugins/rate-limit';
import { csvLinesStream, safeFileName } from '../../lib/csv';
import { requireCsvLicense } from '../../plugins/permissions';
import * as repo from './downloads.repo';
import {
  NoDataError,
  renderSvg,
  STATISTIC_TITLES,
  statisticOption,
  svgToJpeg,
  svgToPdf,
  svgToPng,
} from './render';
import type { WasteExportFilter } from './downloads.repo';

const tags = ['downloads'];

function filterOf(q: DownloadQuery): WasteExportFilter {
  return {
    level: q.level,
    id: q.id,
    years: q.years ?? (q.year !== undefined ? [q.year] : undefined),
    wasteFraction: q.waste_fraction,
    sortingType: q.sorting_type,
    actionsCategory: q.actions_category,
  };
}

const SOURCE_LINE = 'Fonte: ISPRA, Catasto rifiuti; ISTAT';
const DEMO_LINE = 'Dati dimostrativi, senza fonte pubblica';
const MIME = { png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf' } as const;

/** The statistics of the requested area and year, through the cached statistics endpoints. */
async function loadStats(app: FastifyInstance, q: DownloadQuery): Promise<AreaStats | CityStats> {
  const params = new URLSearchParams();
  const year = q.year ?? q.years?.[0];
  if (year !== undefined) params.set('year', String(year));
  let url = '/api/stats/overall/';
  if (q.level === 'region') params.set('region', q.id!);
  if (q.level === 'province') params.set('province', q.id!);
  if (q.level === 'city') url = `/api/stats/cities/city/${q.id}/`;
  const res = await app.inject({ method: 'GET', url: `${url}?${params}` });
  if (res.statusCode !== 200) throw new ApiError(res.statusCode, res.json());
  return res.json();
}

export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** pdf, png or jpg of one statistic, drawn from the chart definitions the page uses. */
  async function sendImage(req: FastifyRequest, reply: FastifyReply, q: DownloadQuery) {
    const format = q.format as 'pdf' | 'png' | 'jpg';
    const kind = q.statistic!;
    const stats = await loadStats(app, q);
    let option;
    try {
      option = statisticOption(kind, stats);
    } catch (err) {
      if (err instanceof NoDataError) throw new ApiError(404, { detail: err.message });
      throw err;
    }
    const demo = [
      'wasteSortingTypes',
      'wasteSortingType',
      'mostUsedActionCategories',
      'actionCategories',
    ].includes(kind);
    const heading = {
      title: STATISTIC_TITLES[kind],
      subtitle: `${stats.area.name} · ${stats.year}${stats.compareYear ? ` (confronto con il ${stats.compareYear})` : ''}`,
      source: demo ? DEMO_LINE : SOURCE_LINE,
    };
    const svg = renderSvg(option, heading);
    const body =
      format === 'png'
        ? svgToPng(svg)
        : format === 'jpg'
          ? await svgToJpeg(svg)
          : await svgToPdf(svg, heading);
    const name = safeFileName([kind, stats.area.name, stats.year], format);
    req.log.info({ userId: req.user!.id, format, query: q }, 'download');
    await repo.logDownload(app.db, { userId: req.user!.id, format, query: q, rowCount: null });
    return reply
      .header('Content-Type', MIME[format])
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'private, no-store')
      .send(body as never);
  }

  /** 401 anonymous, 403 without an active licence (CSV): before the parameters are even looked at. */
  const guard = (csvOnly: boolean) => async (req: FastifyRequest) => {
    const format = (req.query as Record<string, unknown> | undefined)?.format;
    if (csvOnly || format === 'csv') await requireCsvLicense(app, req);
    else await app.requireUser(req);
  };

  app.get(
    '/api/stats/download/count/',
    {
      onRequest: guard(true),
      schema: {
        tags,
        summary: 'How many rows the CSV export of the same query gives (licence active)',
        querystring: DownloadQuerySchema,
        response: {
          200: DownloadCountSchema,
          400: ValidationErrorSchema,
          401: DetailSchema,
          403: DetailSchema,
        },
      },
    },
    async (req) => {
      const f = filterOf(req.query);
      if (!(await repo.areaExists(app.db, f.level, f.id)))
        throw new ApiError(404, { detail: MESSAGES.notFound });
      return { rows: await repo.countWasteRows(app.db, f) };
    },
  );

  app.get(
    '/api/stats/download/',
    {
      onRequest: guard(false),
      // A national CSV is 3.5 MB: gzip at its fastest level still shrinks it ~5× while costing a fraction
      // of the default level or brotli (measured: br 0.75 s, gzip -6 0.25-0.7 s for the whole export).
      compress: { encodings: ['gzip', 'deflate'], zlibOptions: { level: zlibConstants.Z_BEST_SPEED } },
      schema: {
        tags,
        summary: 'One statistic as pdf/png/jpg (signed in), or the filtered data as CSV (licence active)',
        querystring: DownloadQuerySchema,
        response: { 400: ValidationErrorSchema, 401: DetailSchema, 403: DetailSchema, 404: DetailSchema },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const user = req.user!;
      await app.rateLimiter.consume(LIMITS.downloadsUser, String(user.id));
      if (q.format !== 'csv') return sendImage(req, reply, q);
      if (q.source === '2') {
        throw new ApiError(400, {
          source: ['Per gli ecocompattatori usa il download della pagina Ecocompattatori.'],
        });
      }
      const f = filterOf(q);
      if (!(await repo.areaExists(app.db, f.level, f.id)))
        throw new ApiError(404, { detail: MESSAGES.notFound });
      // No header: nothing was ever imported, so there is no export to give.
      const header = await repo.wasteCsvHeader(app.db);
      if (header === undefined) throw new ApiError(404, { detail: MESSAGES.notFound });
      const counter = { rows: 0 };
      const stream = csvLinesStream(header, repo.streamWasteCsvPages(app.db, f, counter));
      const date = new Date().toISOString().slice(0, 10);
      const name = safeFileName(
        [
          'raccolta-differenziata',
          q.level === 'country' ? 'italia' : `${q.level}-${q.id}`,
          f.years?.join('-'),
          q.waste_fraction,
          q.sorting_type,
          q.actions_category,
          date,
        ],
        'csv',
      );
      stream.on('close', () => {
        req.log.info({ userId: user.id, format: 'csv', query: q, rows: counter.rows }, 'download');
        repo
          .logDownload(app.db, { userId: user.id, format: 'csv', query: q, rowCount: counter.rows })
          .catch((err) => req.log.error({ err }, 'download log failed'));
      });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'private, no-store')
        .send(stream as never); // a stream is sent as is, never serialized
    },
  );
};
