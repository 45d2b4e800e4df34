/**
 * Choropleth maps of % separately collected, from the API's TopoJSON boundaries (ISTAT via openpolis).
 * Two renderings of the same data: SVG paths (the web app draws them on the server, each area a link,
 * no JavaScript needed) and an ECharts map option (the server-side image export).
 */
import type { EChartsCoreOption } from 'echarts/core';
import { geoPath, geoTransverseMercator } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import {
  filter,
  filterAttachedWeight,
  presimplify,
  simplify,
  sphericalRingArea,
  sphericalTriangleArea,
  type RingWeighter,
} from 'topojson-simplify';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { formatPercent } from './format';
import { NO_DATA_COLOR, rdLegendClass } from './legend';
import { FONT_FAMILY, TEXT_COLOR } from './options';

// Defined with the legend (a page that draws only the legend need not load the projection code).
export { NO_DATA_COLOR, choroplethLegend } from './legend';

export type AreaFeature = Feature<Geometry, Record<string, unknown>>;

/** The GeoJSON features of one object of a topology ('regions', 'provinces', 'comuni'). */
export function topologyFeatures(topology: unknown, objectName: string): AreaFeature[] {
  const topo = topology as Topology;
  const object = topo.objects?.[objectName];
  if (!object) throw new Error(`The topology has no object '${objectName}'`);
  const result = feature(topo, object) as FeatureCollection<Geometry, Record<string, unknown>> | AreaFeature;
  return result.type === 'FeatureCollection' ? result.features : [result];
}

export interface ProjectedShape {
  id: string;
  name: string;
  /** SVG path data in the viewBox's coordinates. */
  d: string;
}

export interface ProjectedMap {
  width: number;
  height: number;
  shapes: ProjectedShape[];
}

type Properties = Record<string, unknown>;
type AreaObject = GeometryCollection<Properties>;

/**
 * Projects the areas of one topology object to SVG paths fitting `width`: a transverse Mercator on
 * 12.5° E (conformal, as ISTAT's UTM maps) fitted by d3-geo, and a topology-preserving Visvalingam
 * simplification by topojson-simplify. The arcs are simplified once, before they are split into areas,
 * so neighbours keep identical shared borders (no slivers nor overlaps); isolated rings smaller than
 * `minArea` (islets) are dropped, a ring attached to another never is.
 */
export function projectTopology(
  topology: unknown,
  objectName: string,
  options: {
    width: number;
    padding?: number;
    /** Points whose triangle with their neighbours is smaller than this many px² are removed. */
    minArea?: number;
    /** Decimals of the coordinates (default 1). */
    precision?: number;
    /** Which areas to draw (default all). */
    filter?: (properties: Properties) => boolean;
    idOf: (f: AreaFeature) => string;
    nameOf: (f: AreaFeature) => string;
  },
): ProjectedMap {
  const { width, padding = 4, minArea = 1, precision = 1, filter: keep = () => true, idOf, nameOf } = options;
  const topo = topology as Topology<Record<string, AreaObject>>;
  const object = topo.objects?.[objectName];
  if (!object) throw new Error(`The topology has no object '${objectName}'`);
  const areas: AreaObject = {
    ...object,
    geometries: object.geometries.filter((g) => keep(g.properties ?? {})),
  };
  const subset: Topology<Record<string, AreaObject>> = { ...topo, objects: { areas } };
  const whole = feature(subset, areas);
  if (whole.features.length === 0) return { width, height: 0, shapes: [] };

  const projection = geoTransverseMercator()
    .rotate([-12.5, 0])
    .fitWidth(width - 2 * padding, whole);
  const [tx, ty] = projection.translate();
  projection.translate([tx + padding, ty + padding]);
  // Areas on the sphere (steradians) to px² at the projection's scale (px per radian).
  const pxArea = 1 / projection.scale() ** 2;

  const presimplified = presimplify(subset, sphericalTriangleArea);
  const simplified = simplify(presimplified, minArea * pxArea);
  // The filter passes (ring, interior), as sphericalRingArea expects; the typings name only the ring.
  const ringArea = sphericalRingArea as unknown as RingWeighter;
  const filtered = filter(simplified, filterAttachedWeight(simplified, minArea * pxArea, ringArea));
  // Areas left without a ring are gone from the filtered object (or the object is, when none is left).
  const left = (filtered.objects.areas as Partial<AreaObject>).geometries ?? [];
  const kept = new Map(left.map((g) => [g.properties, g] as const));
  const path = geoPath(projection).digits(precision);
  const height = Math.ceil(path.bounds(whole)[1][1] + padding);
  const shapes = areas.geometries.map((geometry, i) => {
    const g = kept.get(geometry.properties);
    const f = whole.features[i]!;
    return { id: idOf(f), name: nameOf(f), d: g ? (path(feature(filtered, g)) ?? '') : '' };
  });
  return { width, height, shapes };
}

/** The fill colour of an area from its % separately collected. */
export function rdColor(pct: number | null | undefined): string {
  return rdLegendClass(pct)?.color ?? NO_DATA_COLOR;
}

export interface ChoroplethArea {
  /** ISTAT code, matched against the feature property `idProperty`. */
  id: string;
  name: string;
  rdPct: number | null;
}

/**
 * An ECharts map option coloured by the RD_LEGEND classes. Register the GeoJSON under `mapName` first
 * (echarts.registerMap); features are matched by their `idProperty` (e.g. 'reg_istat_code').
 */
export function choroplethOption(input: {
  mapName: string;
  idProperty: string;
  areas: readonly ChoroplethArea[];
  selectedId?: string | null;
}): EChartsCoreOption {
  const { mapName, idProperty, areas, selectedId } = input;
  return {
    animation: false,
    textStyle: { fontFamily: FONT_FAMILY, color: TEXT_COLOR },
    tooltip: {
      trigger: 'item',
      formatter: (p: { data?: { label: string; value: number | null } }) =>
        p.data ? `${p.data.label}: ${p.data.value === null ? 'n.d.' : formatPercent(p.data.value)}` : '',
    },
    legend: { show: false },
    series: [
      {
        type: 'map',
        map: mapName,
        nameProperty: idProperty,
        roam: false,
        selectedMode: false,
        label: { show: false },
        emphasis: { label: { show: false }, itemStyle: { areaColor: '#f2b705' } },
        itemStyle: { borderColor: '#ffffff', borderWidth: 0.6, areaColor: NO_DATA_COLOR },
        data: areas.map((a) => ({
          name: a.id,
          label: a.name,
          value: a.rdPct,
          itemStyle: {
            areaColor: rdColor(a.rdPct),
            ...(a.id === selectedId ? { borderColor: TEXT_COLOR, borderWidth: 2 } : {}),
          },
        })),
      },
    ],
  };
}
