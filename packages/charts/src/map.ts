/**
 * Choropleth maps of % separately collected, from the API's TopoJSON boundaries (ISTAT via openpolis).
 * Two renderings of the same data: SVG paths (the web app draws them on the server, each area a link,
 * no JavaScript needed) and an ECharts map option (the server-side image export).
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { formatPercent } from './format';
import { RD_LEGEND, rdLegendClass } from './legend';
import { FONT_FAMILY, TEXT_COLOR } from './options';

/** The colour of areas without data. */
export const NO_DATA_COLOR = '#d9d9d9';

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

function polygonsOf(geometry: Geometry | null): Position[][][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  if (geometry.type === 'GeometryCollection') return geometry.geometries.flatMap(polygonsOf);
  return [];
}

/**
 * Projects features to SVG paths fitting `width` (equirectangular, scaled by the cosine of the middle
 * latitude: accurate enough at Italy's scale). Points closer than `tolerance` px to the previous kept
 * point are dropped, which keeps the HTML small.
 */
export function projectFeatures(
  features: readonly AreaFeature[],
  options: {
    width: number;
    padding?: number;
    tolerance?: number;
    /** Decimals of the coordinates (default 1). */
    precision?: number;
    idOf: (f: AreaFeature) => string;
    nameOf: (f: AreaFeature) => string;
  },
): ProjectedMap {
  const { width, padding = 4, tolerance = 0.8, precision = 1, idOf, nameOf } = options;
  let minLon = Infinity;
  let maxLon = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const f of features) {
    for (const polygon of polygonsOf(f.geometry)) {
      for (const [lon, lat] of polygon[0] ?? []) {
        if (lon! < minLon) minLon = lon!;
        if (lon! > maxLon) maxLon = lon!;
        if (lat! < minLat) minLat = lat!;
        if (lat! > maxLat) maxLat = lat!;
      }
    }
  }
  if (!Number.isFinite(minLon)) return { width, height: 0, shapes: [] };
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * kx, 1e-9);
  const scale = (width - 2 * padding) / spanX;
  const height = Math.ceil((maxLat - minLat) * scale + 2 * padding);
  const factor = 10 ** precision;
  const round = (v: number) => Math.round(v * factor) / factor;

  const shapes = features.map((f) => {
    let d = '';
    for (const polygon of polygonsOf(f.geometry)) {
      for (const ring of polygon) {
        const points: [number, number][] = [];
        for (const [lon, lat] of ring) {
          const x = round(padding + (lon! - minLon) * kx * scale);
          const y = round(padding + (maxLat - lat!) * scale);
          const last = points[points.length - 1];
          if (last && Math.abs(last[0] - x) < tolerance && Math.abs(last[1] - y) < tolerance) continue;
          points.push([x, y]);
        }
        if (points.length < 3) continue;
        d += `M${points.map(([x, y]) => `${x},${y}`).join('L')}Z`;
      }
    }
    return { id: idOf(f), name: nameOf(f), d };
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

/** The legend rows of the choropleth (colour and label), plus the no-data entry. */
export function choroplethLegend(): { color: string; label: string }[] {
  return [
    ...RD_LEGEND.map((c) => ({ color: c.color, label: c.label })),
    { color: NO_DATA_COLOR, label: 'dato non disponibile' },
  ];
}
