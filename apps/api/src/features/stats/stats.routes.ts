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
import { RD_LEGEND, rdLegendClass } from '@portal/charts';
import { fieldError, notFound } from '../../plugins/errors';
import { round } from './statistic';
import { buildAreaStats, buildCityStats, completeYears, unavailableYear, type Target } from './stats.service';
import * as repo from './stats.repo';

const ITALY = { level: 'country', id: 'IT', name: 'Italia' } as const;
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
      cache.send(req, reply, AreaStatsSchema, async () => {
        const { region, province, year, compareYear } = req.query;
        let target: Target & { level: repo.StoredLevel };
        if (province) {
          const p = await repo.getProvinceWithRegion(app.db, province);
          if (!p) throw notFound();
          target = { ...p.province, level: 'province', parents: [ITALY, p.region] };
        } else if (region) {
          const r = await repo.getRegionName(app.db, region);
          if (!r) throw notFound();
          target = { ...r, level: 'region', parents: [ITALY] };
        } else {
          target = { ...ITALY, parents: [] };
        }
        return buildAreaStats(app.db, target, { year, compareYear });
      }),
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
      cache.send(req, reply, CityStatsSchema, async () => {
        const c = await repo.getCityWithParents(app.db, req.params.id);
        if (!c) throw notFound();
        const target = { ...c.city, level: 'city' as const, parents: [ITALY, c.region, c.province] };
        return buildCityStats(app.db, target, req.query);
      }),
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
    async (req, reply) => {
      const { region, province } = req.query;
      const level = req.query.level ?? (province ? 'city' : region ? 'province' : 'region');
      if (province && region) {
        throw fieldError('region', 'mapRegionAndProvince');
      }
      if (region && level !== 'province') {
        throw fieldError('level', 'mapRegionLevel');
      }
      if (province && level !== 'city') {
        throw fieldError('level', 'mapProvinceLevel');
      }
      if (level === 'city' && !province) {
        throw fieldError('province', 'mapProvinceMissing');
      }
      return cache.send(req, reply, WasteSortingMapSchema, async () => {
        if (region && !(await repo.getRegionName(app.db, region))) throw notFound();
        if (province && !(await repo.getProvinceWithRegion(app.db, province))) throw notFound();
        // The years come from the area that contains the map: Italy, the chosen region or province.
        const parent = province
          ? await repo.getAreaYears(app.db, 'province', province)
          : region
            ? await repo.getAreaYears(app.db, 'region', region)
            : await repo.getAreaYears(app.db, 'country', 'IT');
        const available = completeYears(parent).years.map((r) => r.year);
        const year = req.query.year ?? available[available.length - 1];
        if (year === undefined || !available.includes(year)) throw unavailableYear('year', year, available);
        const rows = await repo.getMapRows(app.db, level, region, province);
        const byArea = new Map<string, { id: string; name: string; row?: repo.MapRow }>();
        for (const r of rows) {
          const a = byArea.get(r.id) ?? { id: r.id, name: r.name };
          if (r.year === year) a.row = r;
          byArea.set(r.id, a);
        }
        return {
          level,
          year,
          availableYears: available,
          legend: RD_LEGEND.map((c) => ({ ...c })),
          areas: [...byArea.values()].map(({ id, name, row }) => {
            const rdPct = row?.rdPct ?? null;
            // kg per inhabitant only where the area's tonnes are its total that year, as on its page.
            const tonnesComplete = !!row && row.rdPctMethod === 'tonnes';
            const kg =
              tonnesComplete && row.producedT != null && row.population
                ? (row.producedT * 1000) / row.population
                : null;
            return {
              id,
              name,
              rdPct: rdPct === null ? null : round(rdPct, 2),
              kgPerCapita: kg === null ? null : round(kg, 1),
              legendClass: rdLegendClass(rdPct)?.id ?? null,
            };
          }),
        };
      });
    },
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
