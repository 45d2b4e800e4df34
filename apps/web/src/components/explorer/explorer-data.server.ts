import 'server-only';
import {
  areaTitle,
  AreaStatsSchema,
  CityDetailSchema,
  CityPageSchema,
  CityRankSchema,
  CityStatsSchema,
  ProvinceListSchema,
  RegionListSchema,
  TopologySchema,
  ValidationErrorSchema,
  WasteSortingMapSchema,
  type AreaLevel,
  type AreaStats,
  type City,
  type CityDetail,
  type CityRank,
  type CityStats,
  type Province,
  type Region,
  type SubAreaLevel,
  type WasteSortingMap,
} from '@portal/contract';
import { formatPercent, projectTopology, rdColor, type ProjectedMap } from '@portal/charts';
import { createHash } from 'node:crypto';
import { cache } from 'react';
import { ApiError, apiGet } from '../../lib/api.server';
import { parseExplorerState, type ExplorerState } from './explorer-state';
import { mapDocument, mapSrc, type MapAreaLink, type MapSpec } from './map-document';
import { explorerMessages as t } from './messages';
import type { StatsSource } from './stat-panels-data';

export interface MapView {
  kind: 'regions' | 'provinces' | 'comuni';
  caption: string;
  width: number;
  height: number;
  /**
   * The map's SVG document with the shapes and their colours (/mappa.svg?…&v=…, its content's version):
   * the page points at its paths, so the path data is never in the page.
   */
  src: string;
  /**
   * The areas' links, in the server's HTML; none for a comuni map (a hundred areas and more), whose links
   * the browser makes from the document's data-label once the script runs.
   */
  areas: MapAreaLink[] | null;
  /** The link of an area: this state with the area's id at `param`. */
  link: { base: Partial<ExplorerState>; param: 'region' | 'province' | 'city' };
  /** The chosen comune, outlined; its link names the figure of its cards. */
  selected: { id: string; name: string; label: string } | null;
  /** A choropleth has a legend; the comuni map only highlights the chosen comune. */
  choropleth: boolean;
}

/** A territory the URL names that does not exist: the page answers 404 "Territorio non trovato". */
export interface MissingTerritory {
  level: SubAreaLevel;
  code: string;
}

export interface ExplorerData {
  /** Set when the URL names an unknown region, province or comune; nothing else is loaded then. */
  missing: MissingTerritory | null;
  /** The canonical state: a comune's region and province come from the API. */
  state: ExplorerState;
  level: AreaLevel;
  areaName: string;
  stats: AreaStats | CityStats | null;
  yearError: string | null;
  regions: Region[];
  provinces: Province[];
  cities: City[];
  city: CityDetail | null;
  map: MapView | null;
  /** The comune has data but no shape on the map. */
  cityNotOnMap: boolean;
  /** Where the charts' figures come from in the browser (the request the page's statistics came from). */
  statsSource: StatsSource | null;
  /** A comune's place in the rankings for the page's year (null: not a comune, or the API failed). */
  rank: CityRank | null;
  /**
   * An API call of the page failed: it shows what it could read (a notice, empty lists, a grey map…) and is
   * marked partial, so that the page cache does not keep it (server/page-partial.mjs).
   */
  partial: boolean;
}

const MAP_WIDTH = 600;

/** Boundaries never change while the API runs: keep the projected maps in memory. */
const mapCache = new Map<string, Promise<ProjectedMap>>();

function cachedMap(key: string, build: () => Promise<ProjectedMap>): Promise<ProjectedMap> {
  let entry = mapCache.get(key);
  if (!entry) {
    entry = build();
    mapCache.set(key, entry);
    entry.catch(() => mapCache.delete(key));
  }
  return entry;
}

const prop = (name: string) => (f: { properties: Record<string, unknown> }) =>
  String(f.properties[name] ?? '');

function regionsMap(): Promise<ProjectedMap> {
  return cachedMap('regions', async () => {
    const topology = await apiGet('/api/cities/boundaries/regions/', TopologySchema);
    return projectTopology(topology, 'regions', {
      width: MAP_WIDTH,
      precision: 0,
      idOf: prop('reg_istat_code'),
      nameOf: prop('reg_name'),
    });
  });
}

function provincesMap(regionId: string): Promise<ProjectedMap> {
  return cachedMap(`provinces:${regionId}`, async () => {
    const topology = await apiGet('/api/cities/boundaries/provinces/', TopologySchema);
    return projectTopology(topology, 'provinces', {
      width: MAP_WIDTH,
      filter: (p) => p.reg_istat_code === regionId,
      idOf: prop('prov_istat_code'),
      nameOf: prop('prov_name'),
    });
  });
}

function comuniMap(regionId: string, provinceId: string): Promise<ProjectedMap> {
  return cachedMap(`comuni:${provinceId}`, async () => {
    const topology = await apiGet(`/api/cities/boundaries/comuni/${regionId}/`, TopologySchema);
    return projectTopology(topology, 'comuni', {
      width: MAP_WIDTH,
      minArea: 0.5,
      filter: (p) => p.prov_istat_code === provinceId,
      idOf: prop('com_istat_code'),
      nameOf: prop('name'),
    });
  });
}

function shapeOf(spec: MapSpec): Promise<ProjectedMap> {
  return spec.kind === 'regions'
    ? regionsMap()
    : spec.kind === 'provinces'
      ? provincesMap(spec.region)
      : comuniMap(spec.region, spec.province);
}

function mapValuesOf(spec: MapSpec, year: number | undefined): Promise<WasteSortingMap> {
  const query =
    spec.kind === 'regions'
      ? { year }
      : spec.kind === 'provinces'
        ? { level: 'province', region: spec.region, year }
        : { province: spec.province, year };
  return apiGet('/api/stats/regions/waste-sorting-map/', WasteSortingMapSchema, query);
}

/** The accessible name of an area's link: its name and value. */
function areaLabel(name: string, value: number | null | undefined, sourceAnomaly = false): string {
  return t.map.areaLink(name, valueText(value), sourceAnomaly);
}

/** The map's areas with their colours (areas without a value are grey) and link names. */
function coloured(shape: ProjectedMap, pct: Map<string, number | null>, flagged: ReadonlySet<string>) {
  return {
    ...shape,
    shapes: shape.shapes.map((s) => ({
      ...s,
      fill: rdColor(pct.get(s.id)),
      label: areaLabel(s.name, pct.get(s.id), flagged.has(s.id)),
    })),
  };
}

/** The SVG document of a map and its version (a digest of its content, for the URL's `v`). */
function documentOf(shape: ProjectedMap, pct: Map<string, number | null>, flagged: ReadonlySet<string>) {
  const body = mapDocument(coloured(shape, pct, flagged));
  return { body, version: createHash('sha256').update(body).digest('base64url').slice(0, 12) };
}

/**
 * The document of /mappa.svg: null when the map has no area (an unknown region or province); failures of
 * the API are thrown.
 */
export async function loadMapDocument(
  spec: MapSpec,
  year: number | undefined,
): Promise<{ body: string; version: string } | null> {
  const [shape, values] = await Promise.all([shapeOf(spec), settle(mapValuesOf(spec, year))]);
  if (!shape.shapes.length) return null;
  return documentOf(shape, mapValues(values), flaggedAreas(values));
}

async function settle<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    console.error(error);
    return null;
  }
}

function yearErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = ValidationErrorSchema.safeParse(error.body);
  if (!body.success) return null;
  return body.data.year?.[0] ?? body.data.compareYear?.[0] ?? null;
}

/** Fetches statistics for the chosen years; a year without data falls back to the API's default years. */
async function loadStats<T>(
  fetchStats: (query: YearsQuery) => Promise<T>,
  state: ExplorerState,
): Promise<{ stats: T | null; yearError: string | null; query: YearsQuery }> {
  const query = { year: state.year ?? undefined, compareYear: state.compareYear ?? undefined };
  try {
    return { stats: await fetchStats(query), yearError: null, query };
  } catch (error) {
    const yearError = yearErrorOf(error);
    if (yearError === null) {
      console.error(error);
      return { stats: null, yearError: null, query };
    }
    return { stats: await settle(fetchStats({})), yearError, query: {} };
  }
}

type YearsQuery = { year?: number; compareYear?: number };

function mapValues(map: WasteSortingMap | null): Map<string, number | null> {
  return new Map((map?.areas ?? []).map((a) => [a.id, a.rdPct]));
}

/** The comuni whose figure of the map's year is flagged as anomalous in the source (decision 070). */
function flaggedAreas(map: WasteSortingMap | null): Set<string> {
  return new Set((map?.areas ?? []).filter((a) => a.sourceAnomaly).map((a) => a.id));
}

function valueText(value: number | null | undefined): string {
  return value === null || value === undefined ? t.map.noData : formatPercent(value);
}

/** The comune of the URL; null when the API says it does not exist (other failures are thrown). */
async function findCity(id: string): Promise<CityDetail | null> {
  try {
    return await apiGet(`/api/cities/city/${id}/`, CityDetailSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

function missingData(missing: MissingTerritory): ExplorerData {
  return {
    missing,
    state: { region: null, province: null, city: null, year: null, compareYear: null },
    level: 'country',
    areaName: t.italy,
    stats: null,
    yearError: null,
    regions: [],
    provinces: [],
    cities: [],
    city: null,
    map: null,
    cityNotOnMap: false,
    statsSource: null,
    rank: null,
    partial: false,
  };
}

export async function loadExplorer(requested: ExplorerState): Promise<ExplorerData> {
  // The calls that failed: the page shows what it can without them, and is marked partial.
  let failures = 0;
  const read = async <T>(request: Promise<T>): Promise<T | null> => {
    const value = await settle(request);
    if (value === null) failures += 1;
    return value;
  };
  const regionsPromise = read(apiGet('/api/cities/regions/', RegionListSchema));

  // The comune decides its province and region, unless the URL names others: then the comune belongs to
  // an earlier choice (a region changed in the form without JavaScript) and the region or province wins.
  let city: CityDetail | null = null;
  const state: ExplorerState = { ...requested };
  if (requested.city) {
    // undefined: the API could not say (the page then shows what it can, as for any failure).
    const found = await findCity(requested.city).catch((error: unknown) => {
      console.error(error);
      failures += 1;
      return undefined;
    });
    if (found === null) return missingData({ level: 'city', code: requested.city });
    const elsewhere =
      found &&
      ((requested.region && requested.region !== found.region.id) ||
        (requested.province && requested.province !== found.province.id));
    if (found && !elsewhere) {
      city = found;
      state.region = found.region.id;
      state.province = found.province.id;
    } else {
      state.city = null;
    }
  }
  const regionList = await regionsPromise;
  if (state.region && regionList && !regionList.some((r) => r.id === state.region)) {
    return missingData({ level: 'region', code: state.region });
  }
  let provinces: Province[] = [];
  let allProvinces: Province[] | null = null;
  const provinceKnown = async (id: string) => {
    allProvinces ??= await read(apiGet('/api/cities/provinces/', ProvinceListSchema));
    // When the list cannot be read, nothing is declared missing.
    return allProvinces === null ? null : (allProvinces.find((p) => p.id === id) ?? false);
  };
  if (state.province && !state.region) {
    const found = await provinceKnown(state.province);
    if (found === false) return missingData({ level: 'province', code: state.province });
    state.region = found?.regionId ?? null;
  }
  if (state.region) {
    provinces =
      (await read(apiGet('/api/cities/provinces/', ProvinceListSchema, { region: state.region }))) ?? [];
    provinces.sort((a, b) => a.name.localeCompare(b.name, 'it'));
    if (state.province && !provinces.some((p) => p.id === state.province)) {
      // A province of another region is the earlier choice of a region changed without JavaScript.
      if ((await provinceKnown(state.province)) === false) {
        return missingData({ level: 'province', code: state.province });
      }
      state.province = null;
    }
  } else {
    state.province = null;
  }

  const level: AreaLevel = state.city
    ? 'city'
    : state.province
      ? 'province'
      : state.region
        ? 'region'
        : 'country';

  const areaQuery = {
    region: level === 'region' ? (state.region ?? undefined) : undefined,
    province: level === 'province' ? (state.province ?? undefined) : undefined,
  };
  const statsPath =
    level === 'city' ? (`/api/stats/cities/city/${state.city}/` as const) : '/api/stats/overall/';
  const statsPromise =
    level === 'city'
      ? loadStats<AreaStats | CityStats>(
          (q) => apiGet(`/api/stats/cities/city/${state.city}/`, CityStatsSchema, q),
          state,
        )
      : loadStats<AreaStats | CityStats>(
          (q) => apiGet('/api/stats/overall/', AreaStatsSchema, { ...q, ...areaQuery }),
          state,
        );
  const citiesPromise = state.province
    ? read(apiGet('/api/cities/city/', CityPageSchema, { province: state.province, pageSize: 500 }))
    : Promise.resolve(null);

  const [{ stats, yearError, query: statsQuery }, cityPage] = await Promise.all([
    statsPromise,
    citiesPromise,
  ]);
  // The statistics failed (loadStats said so in the log): the page says it could not load them.
  if (!stats) failures += 1;
  const regions = regionList;
  const mapYear = stats?.year;
  if (yearError) {
    // Links must not carry the year without data.
    state.year = null;
    state.compareYear = null;
  }

  // The comune's ranks for the year its statistics show, fetched while the map is.
  const rankPromise =
    level === 'city' && stats
      ? read(apiGet(`/api/stats/cities/city/${state.city}/rank/`, CityRankSchema, { year: stats.year }))
      : Promise.resolve(null);

  const linkYears = { year: state.year, compareYear: state.compareYear };
  let map: MapView | null = null;
  let cityNotOnMap = false;
  const spec: MapSpec =
    level === 'country' || !state.region
      ? { kind: 'regions' }
      : level === 'region' || !state.province
        ? { kind: 'provinces', region: state.region }
        : { kind: 'comuni', region: state.region, province: state.province };
  const [shape, values] = await Promise.all([read(shapeOf(spec)), read(mapValuesOf(spec, mapYear))]);
  if (shape) {
    const pct = mapValues(values);
    const flagged = flaggedAreas(values);
    const { version } = documentOf(shape, pct, flagged);
    const labelOf = (id: string, name: string) => areaLabel(name, pct.get(id), flagged.has(id));
    const common = { width: shape.width, height: shape.height, src: mapSrc(spec, mapYear, version) };
    if (spec.kind === 'regions') {
      map = {
        ...common,
        kind: 'regions',
        caption: t.map.regions,
        choropleth: true,
        areas: shape.shapes.map((s) => [s.id, labelOf(s.id, s.name)]),
        link: { base: linkYears, param: 'region' },
        selected: null,
      };
    } else if (spec.kind === 'provinces') {
      map = {
        ...common,
        kind: 'provinces',
        caption: t.map.provinces(stats?.area.name ?? ''),
        choropleth: true,
        areas: shape.shapes.map((s) => [s.id, labelOf(s.id, s.name)]),
        link: { base: { region: spec.region, ...linkYears }, param: 'province' },
        selected: null,
      };
    } else {
      const chosen = shape.shapes.find((s) => s.id === state.city) ?? null;
      // The chosen comune's link names the figure of its own cards, whatever the province's map year.
      const chosenValue = level === 'city' ? (stats?.sortedPercentage.value ?? null) : null;
      map = {
        ...common,
        kind: 'comuni',
        caption: t.map.comuni(provinces.find((p) => p.id === spec.province)?.name ?? ''),
        choropleth: true,
        areas: null,
        link: { base: { region: spec.region, province: spec.province, ...linkYears }, param: 'city' },
        selected: chosen && {
          id: chosen.id,
          name: chosen.name,
          label: `${areaLabel(chosen.name, chosenValue)} (${t.map.selected})`,
        },
      };
      if (city && (!city.hasShape || !chosen)) cityNotOnMap = true;
    }
  } else if (spec.kind === 'comuni' && city && !city.hasShape) {
    cityNotOnMap = true;
  }

  const rank = await rankPromise;
  // A province is "Provincia di Brescia" in the title, the H1 and the breadcrumb, never its capoluogo's name.
  const areaName = stats ? areaTitle(stats.area) : (city?.name ?? t.italy);
  const cities = (cityPage?.results ?? []).toSorted((a, b) => a.name.localeCompare(b.name, 'it'));
  return {
    missing: null,
    state,
    level,
    areaName,
    stats,
    yearError,
    regions: (regions ?? []).toSorted((a, b) => a.name.localeCompare(b.name, 'it')),
    provinces,
    cities,
    city,
    map,
    cityNotOnMap,
    // The very request the statistics came from: the browser asks it again for the charts (a cacheable
    // answer), rather than the page carrying the figures twice (in its HTML and its React payload).
    statsSource: stats
      ? {
          city: level === 'city',
          path: statsPath,
          query: level === 'city' ? statsQuery : { ...statsQuery, ...areaQuery },
        }
      : null,
    rank,
    partial: failures > 0,
  };
}

/**
 * loadExplorer once per request for a URL state: generateMetadata (the title names the area) and the
 * page share the answer.
 */
export const loadExplorerFor = cache((href: string) =>
  loadExplorer(parseExplorerState(Object.fromEntries(new URLSearchParams(href.replace(/^\/\??/, ''))))),
);
