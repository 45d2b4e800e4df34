import { constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPARE_LEVEL_WORDS,
  areaTitle,
  areasParam,
  CompareDownloadQuerySchema,
  DetailSchema,
  DownloadCountSchema,
  DownloadQuerySchema,
  RankingQuerySchema,
  ValidationErrorSchema,
  type AreaStats,
  type CityStats,
  type CompareArea,
  type CompareDownloadQuery,
  type DownloadQuery,
} from '@portal/contract';
import { compareTableOf } from '@portal/charts';
import { ApiError, fieldError, notFound, RelayedError } from '../../plugins/errors';
import { msg, type Msg } from '../../plugins/i18n';
import { LIMITS } from '../../plugins/rate-limit';
import { csvLinesStream, safeFileName } from '../../lib/csv';
import { yearsOf, yearsWords } from '../../lib/years';
import { requireCsvLicense } from '../../plugins/permissions';
import { refuseCrossSiteCookie } from '../../plugins/cross-site';
import {
  countRvmCsvRows,
  csvFilename as rvmCsvFilename,
  rvmCsvStream,
  rvmOperatorExists,
  type RvmExportFilter,
} from '../rvm/rvm.csv';
import { logDownload, logWhenStreamed } from '../../plugins/download-log';
import { spendDownload } from '../../plugins/download-budget';
import { areaStats, availableYearsOf, cityStats, YearError } from '../stats/stats.service';
import * as repo from './downloads.repo';
import { rankingCsv, rankingCsvFilename } from './rankings-csv';
import { compareCsvStream } from './compare-csv';
import {
  COMPARE_SLUGS,
  COMPARE_TITLES,
  comparePicture,
  compareValuesTable,
  encodePicture,
  NoDataError,
  renderSvg,
  STATISTIC_SLUGS,
  STATISTIC_TITLES,
  statisticPicture,
  type StatisticPicture,
} from './render';
import type { WasteExportFilter } from './downloads.repo';

const tags = ['downloads'];

/** The refusals of a route that gives a file (its 200 is the file, not JSON). */
const FILE_ERRORS = {
  400: ValidationErrorSchema,
  401: DetailSchema,
  403: DetailSchema,
  404: DetailSchema,
  429: DetailSchema,
};

/** The areas in file names, in Italian: regione-19, provincia-082, comune-082053. */

function wasteFilterOf(q: DownloadQuery): WasteExportFilter {
  return {
    level: q.level,
    id: q.id,
    years: yearsOf(q),
    wasteFraction: q.waste_fraction,
    sortingType: q.sorting_type,
    actionsCategory: q.actions_category,
  };
}

/** The ecocompattatori filter of a source=2 query: the area as region/province/city, operator, years. */
function rvmFilterOf(q: DownloadQuery): RvmExportFilter {
  const f: RvmExportFilter = {};
  if (q.level !== 'country') f[q.level] = q.id;
  if (q.operator !== undefined) f.operator = q.operator;
  const years = yearsOf(q);
  if (years) f.years = years;
  return f;
}

const UNKNOWN = {
  wasteFraction: ['waste_fraction', 'unknownWasteFraction'],
  sortingType: ['sorting_type', 'unknownSortingType'],
  actionsCategory: ['actions_category', 'unknownActionsCategory'],
} as const;

const SOURCE_LINE = 'Fonte: ISPRA, Catasto rifiuti; ISTAT';
const DEMO_LINE = 'Dati dimostrativi, senza fonte pubblica';
const MIME = { png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf' } as const;

/** The statistics of the requested area and years, from the statistics service the page's endpoints use. */
async function loadStats(app: FastifyInstance, q: DownloadQuery): Promise<AreaStats | CityStats> {
  const years = { year: q.year ?? q.years?.[0], compareYear: q.compareYear };
  try {
    if (q.level === 'city') return await cityStats(app.db, q.id!, years);
    return await areaStats(app.db, {
      ...years,
      region: q.level === 'region' ? q.id : undefined,
      province: q.level === 'province' ? q.id : undefined,
    });
  } catch (err) {
    // "No data for the year": said on the parameter this request used (years=2019 rather than year).
    if (q.years && err instanceof ApiError && 'year' in err.body) {
      const { year: message, ...rest } = err.body as Record<string, Msg[]>;
      throw new ApiError(err.statusCode, { ...rest, years: message! });
    }
    throw err;
  }
}

/** A territory the statistics service does not know, said as the page says it (404). */
const UNKNOWN_AREA = {
  region: (id: string) => `Non esiste una regione con codice ISTAT ${id}.`,
  province: (id: string) => `Non esiste una provincia con codice ISTAT ${id}.`,
  city: (id: string) =>
    `Non esiste un comune con codice ISTAT ${id}: il codice potrebbe essere sbagliato, o il comune essere stato unito ad altri.`,
} as const;

/**
 * The statistics of the territories of a comparison, in order, each with the name /confronta gives it
 * (compare-data.server.ts): 'Italia', 'Veneto', 'Provincia di Padova', 'Milano (MI)'.
 */
async function loadComparison(
  app: FastifyInstance,
  areas: readonly CompareArea[],
): Promise<{ name: string; stats: AreaStats | CityStats }[]> {
  const loaded = await Promise.all(
    areas.map(async (area) => {
      try {
        if (area.level === 'city') return await cityStats(app.db, area.id!, {});
        return await areaStats(app.db, {
          region: area.level === 'region' ? area.id! : undefined,
          province: area.level === 'province' ? area.id! : undefined,
        });
      } catch (err) {
        // A territory with no figures at all: no line, as on the page (which cannot load its statistics).
        if (err instanceof YearError) return null;
        if (area.level !== 'country' && err instanceof ApiError && err.statusCode === 404) {
          throw new RelayedError(404, { detail: UNKNOWN_AREA[area.level](area.id!) });
        }
        throw err;
      }
    }),
  );
  const withData = loaded.flatMap((stats, i) => (stats ? [{ stats, area: areas[i]! }] : []));
  const provinceIds = withData.flatMap(({ stats }) =>
    stats.area.parents.filter((p) => p.level === 'province').map((p) => p.id),
  );
  const siglaOf = await repo.provinceSiglas(app.db, provinceIds);
  return withData.map(({ stats, area }) => {
    const province = stats.area.parents.find((p) => p.level === 'province');
    const sigla = province ? siglaOf.get(province.id) : undefined;
    const name =
      area.level === 'country'
        ? 'Italia'
        : area.level === 'province'
          ? areaTitle(stats.area)
          : area.level === 'city' && sigla
            ? `${stats.area.name} (${sigla})`
            : stats.area.name;
    return { name, stats };
  });
}

/** The source of a year whose % has none of its own, as the page's table says it. */
const MIXED_SOURCES = 'più fonti';
const NO_COMPARISON = 'Nessun dato di questo tipo per i territori scelti.';

const LIST = new Intl.ListFormat('it-IT', { style: 'long', type: 'conjunction' });

/** The values of a query parameter, however often it is repeated (?format=csv&format=csv). */
function valuesOf(query: unknown, name: string): string[] {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return (Array.isArray(value) ? value : [value])
    .filter((v) => v !== undefined && v !== null)
    .map((v) => String(v).trim().toLowerCase());
}

export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * 403 for another site's request on the session cookie (plugins/cross-site.ts), 401 anonymous, 403
   * without an active licence (CSV): before the parameters are even looked at. A repeated or oddly
   * written format counts as CSV as soon as one of its values is csv, so no query shape reaches the
   * parameter check (400) without the licence check.
   */
  const guard = (csvOnly: boolean) => async (req: FastifyRequest) => {
    refuseCrossSiteCookie(req);
    if (csvOnly || valuesOf(req.query, 'format').includes('csv')) await requireCsvLicense(app, req);
    else await app.requireUser(req);
  };

  /** 400 for a filter value that names nothing, 404 for an unknown area: the same for a CSV and its count. */
  async function checkCsvQuery(q: DownloadQuery) {
    if (q.source === '2') {
      if (q.operator !== undefined && !(await rvmOperatorExists(app.db, q.operator))) {
        throw fieldError('operator', 'unknownOperator');
      }
    } else {
      const unknown = await repo.unknownFilters(app.db, wasteFilterOf(q));
      if (unknown.length) {
        throw new ApiError(
          400,
          Object.fromEntries(unknown.map((k) => [UNKNOWN[k][0], [msg(UNKNOWN[k][1])]])),
        );
      }
    }
    if (!(await repo.areaExists(app.db, q.level, q.id))) throw notFound();
  }

  /** pdf, png or jpg of one statistic, drawn as the page draws it (render.ts). */
  async function sendImage(req: FastifyRequest, reply: FastifyReply, q: DownloadQuery) {
    await spendDownload(app, req, reply, 'images');
    const format = q.format as 'pdf' | 'png' | 'jpg';
    const kind = q.statistic!;
    const stats = await loadStats(app, q);
    let picture: StatisticPicture;
    try {
      picture = statisticPicture(kind, stats);
    } catch (err) {
      // The reason is the statistic's missingReason, in the language of the statistics (loadStats).
      if (err instanceof NoDataError) throw new RelayedError(404, { detail: err.message });
      throw err;
    }
    const compared = picture.comparedYear;
    // A trend chart is of every year: its span instead of the year asked.
    const years = picture.span ? `${picture.span[0]}–${picture.span[1]}` : String(stats.year);
    const heading = {
      title: STATISTIC_TITLES[kind],
      // A total without its comparison says why on its card (figureCardOption), as the page's card does.
      subtitle: `${areaTitle(stats.area)} · ${years}` + (compared ? ` (confronto con il ${compared})` : ''),
      source: picture.demo ? DEMO_LINE : SOURCE_LINE,
    };
    const body = await encodePicture(renderSvg(picture.option, heading), format, heading);
    const name = safeFileName(
      [
        STATISTIC_SLUGS[kind],
        q.level === 'country' ? 'italia' : `${COMPARE_LEVEL_WORDS[q.level]}-${stats.area.name}`,
        picture.span ? picture.span.join('-') : stats.year,
        compared ? `confronto-${compared}` : null,
      ],
      format,
    );
    // Logged with the comparison year the file names (the view's default when none was asked).
    await logDownload(app, req, { format, query: compared ? { ...q, compareYear: compared } : q });
    return reply
      .header('Content-Type', MIME[format])
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'private, no-store')
      .send(body as never);
  }

  /** pdf, png or jpg of the chart of /confronta: the page's figures, lines, colours and markers. */
  async function sendComparison(req: FastifyRequest, reply: FastifyReply, q: CompareDownloadQuery) {
    await spendDownload(app, req, reply, 'images');
    const loaded = await loadComparison(app, q.aree);
    // The page's table and chart (packages/charts compare-table.ts): the same years, values and sources.
    const table = compareTableOf(q.misura, loaded, MIXED_SOURCES);
    if (table.years.length === 0) throw new RelayedError(404, { detail: NO_COMPARISON });
    const first = table.years[0]!;
    const last = table.years.at(-1)!;
    const span = first === last ? String(first) : `${first}–${last}`;
    const names = table.columns.map((c) => c.name);
    const heading = {
      title: COMPARE_TITLES[q.misura],
      subtitle: `${LIST.format(names)} · ${span}`,
      source: table.sources.length
        ? `${table.sources.length === 1 ? 'Fonte' : 'Fonti'}: ${LIST.format(table.sources)}`
        : SOURCE_LINE,
    };
    const format = q.format as 'pdf' | 'png' | 'jpg';
    // The PDF has the table of the values too, as the page shows it under the chart.
    const body = await encodePicture(
      renderSvg(comparePicture(table), heading),
      format,
      heading,
      compareValuesTable(table),
    );
    const name = safeFileName(
      ['confronto', COMPARE_SLUGS[q.misura], ...names, first === last ? first : `${first}-${last}`],
      format,
    );
    // Logged as asked, with the territories as the page's URL writes them.
    await logDownload(app, req, {
      format,
      query: { format, aree: areasParam(q.aree), misura: q.misura },
    });
    return reply
      .header('Content-Type', MIME[format])
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'private, no-store')
      .send(body as never);
  }

  /** The values of the table of /confronta as CSV: a row per territory and year (compare-csv.ts). */
  async function sendComparisonCsv(req: FastifyRequest, reply: FastifyReply, q: CompareDownloadQuery) {
    const loaded = await loadComparison(app, q.aree);
    const table = compareTableOf(q.misura, loaded, MIXED_SOURCES);
    if (table.years.length === 0) throw new RelayedError(404, { detail: NO_COMPARISON });
    await spendDownload(app, req, reply, 'csv');
    const counter = { rows: 0 };
    const stream = compareCsvStream(q.misura, table, loaded, MIXED_SOURCES, counter);
    const first = table.years[0]!;
    const last = table.years.at(-1)!;
    const name = safeFileName(
      [
        'confronto',
        COMPARE_SLUGS[q.misura],
        ...table.columns.map((c) => c.name),
        first === last ? first : `${first}-${last}`,
        new Date().toISOString().slice(0, 10),
      ],
      'csv',
    );
    const query = { format: 'csv', export: 'confronta', aree: areasParam(q.aree), misura: q.misura };
    logWhenStreamed(app, req, stream, { format: 'csv', query }, counter);
    return sendCsv(reply, name, stream);
  }

  /**
   * The filter of a collection-data CSV and of its count. Without years: the years the area's page and the
   * form list (availableYearsOf), so "Tutti gli anni disponibili" of Italy leaves out 2018–2021, which only
   * Sicily's source covers, as the form says.
   */
  async function wasteCsvFilter(q: DownloadQuery): Promise<WasteExportFilter> {
    const f = wasteFilterOf(q);
    return f.years ? f : { ...f, years: await availableYearsOf(app.db, q.level, q.id) };
  }

  /** The collection data, one row per comune and year, read as lines formatted at import time. */
  async function sendWasteCsv(req: FastifyRequest, reply: FastifyReply, q: DownloadQuery) {
    const f = await wasteCsvFilter(q);
    // No header: nothing was ever imported, so there is no export to give.
    const header = await repo.wasteCsvHeader(app.db);
    if (header === undefined) throw notFound();
    const counter = { rows: 0 };
    const stream = csvLinesStream(header, repo.streamWasteCsvPages(app.db, f, counter));
    const name = safeFileName(
      [
        'raccolta-differenziata',
        q.level === 'country' ? 'italia' : `${COMPARE_LEVEL_WORDS[q.level]}-${q.id}`,
        yearsWords(yearsOf(q)),
        q.waste_fraction && `frazione-${q.waste_fraction}`,
        q.sorting_type && `modalita-${q.sorting_type}`,
        q.actions_category && `azioni-${q.actions_category}`,
        new Date().toISOString().slice(0, 10),
      ],
      'csv',
    );
    logWhenStreamed(app, req, stream, { format: 'csv', query: q }, counter);
    return sendCsv(reply, name, stream);
  }

  /** The ecocompattatori data, one row per machine and year: the file of the Ecocompattatori page. */
  async function sendRvmCsv(req: FastifyRequest, reply: FastifyReply, q: DownloadQuery) {
    const f = rvmFilterOf(q);
    const counter = { rows: 0 };
    const stream = rvmCsvStream(app.db, f, counter);
    logWhenStreamed(app, req, stream, { format: 'csv', query: q }, counter);
    return sendCsv(reply, rvmCsvFilename(f), stream);
  }

  const sendCsv = (reply: FastifyReply, name: string, stream: NodeJS.ReadableStream) =>
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'private, no-store')
      .send(stream as never); // a stream is sent as is, never serialized

  app.get(
    '/api/stats/download/count/',
    {
      onRequest: guard(true),
      schema: {
        tags,
        summary: 'How many rows the CSV export of the same query gives (licence active)',
        description:
          'Takes the parameters of GET /api/stats/download/ with format=csv, source 1 or 2, and answers ' +
          '{rows}: comune-year rows (source 1) or machine-year rows (source 2). Rate-limited per user ' +
          '(generously: the download form calls it as it changes).',
        querystring: DownloadQuerySchema,
        response: {
          200: DownloadCountSchema,
          400: ValidationErrorSchema,
          401: DetailSchema,
          403: DetailSchema,
          404: DetailSchema,
          429: DetailSchema,
        },
      },
    },
    async (req) => {
      await app.rateLimiter.consume(LIMITS.downloadCountUser, String(req.user!.id));
      const q = req.query;
      await checkCsvQuery(q);
      return {
        rows:
          q.source === '2'
            ? await countRvmCsvRows(app.db, rvmFilterOf(q))
            : await repo.countWasteRows(app.db, await wasteCsvFilter(q)),
      };
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
        description:
          'pdf/png/jpg: one statistic of one area and year (source 1), drawn as the page draws it, with ' +
          'its comparison year (compareYear). csv: source 1, one row per comune and year, filtered by area, ' +
          'years, waste_fraction, sorting_type, actions_category; source 2 (ecocompattatori), one row per ' +
          'machine and year, filtered by area, years and operator. 403 for a request of another site on the ' +
          'session cookie (Sec-Fetch-Site: cross-site), 401 anonymous and 403 without an active ' +
          'licence (csv) come before any parameter check; 400 field errors in Italian; 404 unknown area or ' +
          'no data; 429 past the hourly budget of the user (images, or CSV files: two budgets). Every download is logged.',
        querystring: DownloadQuerySchema,
        response: FILE_ERRORS,
      },
    },
    async (req, reply) => {
      const q = req.query;
      if (q.format !== 'csv') return sendImage(req, reply, q);
      await checkCsvQuery(q);
      await spendDownload(app, req, reply, 'csv');
      return q.source === '2' ? sendRvmCsv(req, reply, q) : sendWasteCsv(req, reply, q);
    },
  );
  app.get(
    '/api/stats/rankings/download/',
    {
      onRequest: guard(true),
      schema: {
        tags,
        summary: 'The whole list of a ranking of /classifiche as CSV (licence active)',
        description:
          'Takes the parameters of GET /api/stats/rankings/ (level, indicator, year, compareYear, region, ' +
          'province, band, capitals, anomalies, order, list) and answers every row of the chosen list, not ' +
          'a page of it (page and pageSize are not read): rank, territory, population and its year, the ' +
          'value, the source, the estimates and the flag of a comune-year that fails the plausibility rule. ' +
          "403 for another site's request on the session cookie, 401 anonymous and 403 without an active " +
          'licence before any parameter check; 400 field errors in Italian; 404 an unknown region or ' +
          "province; 429 past the user's hourly budget of CSV files (shared with /api/stats/download/). " +
          'Every download is logged.',
        querystring: RankingQuerySchema,
        response: FILE_ERRORS,
      },
    },
    async (req, reply) => {
      const { page: _page, pageSize: _pageSize, ...q } = req.query;
      // The filter's 400 and 404 before the budget, as for the other CSV files.
      const { year, compareYear, stream: open } = await rankingCsv(app.db, req.query);
      await spendDownload(app, req, reply, 'csv');
      const counter = { rows: 0 };
      const stream = open(counter);
      // Logged with the years the file is of (the view's default when none was asked).
      const query = {
        format: 'csv',
        export: 'classifiche',
        ...q,
        year,
        compareYear: compareYear ?? undefined,
      };
      logWhenStreamed(app, req, stream, { format: 'csv', query }, counter);
      return sendCsv(reply, rankingCsvFilename(req.query, { year, compareYear }), stream);
    },
  );
  app.get(
    '/api/stats/compare/download/',
    {
      onRequest: guard(false),
      schema: {
        tags,
        summary: 'The chart of /confronta as pdf/png/jpg (signed in), its table as CSV (licence active)',
        description:
          'The comparison of 1 to 5 territories over the years (aree, misura: the parameters of ' +
          '/confronta), drawn as the page draws it, with its legend, the years, the sources and the ' +
          "portal's name. 401 anonymous, and 403 for another site's request on the session cookie, before " +
          'any parameter check; 400 field errors in Italian; 404 an ' +
          'unknown territory or no figure of the measure for any of them; 429 past the ' +
          "user's hourly budget of images (shared with /api/stats/download/). format=csv: the values of " +
          'the table, a row per territory and year, with source, estimates and the flag of a comune-year ' +
          'that fails the plausibility rule; 403 without an active licence before any parameter check, ' +
          'the CSV budget. Every download is logged.',
        querystring: CompareDownloadQuerySchema,
        response: FILE_ERRORS,
      },
    },
    async (req, reply) =>
      req.query.format === 'csv'
        ? sendComparisonCsv(req, reply, req.query)
        : sendComparison(req, reply, req.query),
  );
};
