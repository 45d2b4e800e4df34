/**
 * ECharts options of the reverse vending machines (ecocompattatori): the machines on a map of the
 * bundled boundaries, grouped by grid cell where dense, and the collected kg by year, operator, region
 * and comune. Pure functions of contract-shaped data.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { formatNumber } from './format';
import { FONT_FAMILY, MUTED_COLOR, PRIMARY_COLOR, TEXT_COLOR, horizontalBarOption } from './options';

export interface RvmPoint {
  id: string;
  latitude: number;
  longitude: number;
  active: boolean;
}

export interface RvmCluster {
  /** Mean position of the machines of the cell. */
  longitude: number;
  latitude: number;
  count: number;
  active: number;
  /** The machine id when the cluster is a single machine. */
  id: string | null;
}

/**
 * Groups points by cells of `cellDeg` degrees (latitude; longitude cells are as wide in km at Italy's
 * latitudes), each cluster at the mean position of its machines. cellDeg 0: one cluster per machine.
 */
export function clusterPoints(points: readonly RvmPoint[], cellDeg: number): RvmCluster[] {
  if (cellDeg <= 0) {
    return points.map((p) => ({
      longitude: p.longitude,
      latitude: p.latitude,
      count: 1,
      active: p.active ? 1 : 0,
      id: p.id,
    }));
  }
  const lonCell = cellDeg / Math.cos((42 * Math.PI) / 180);
  const cells = new Map<string, { lon: number; lat: number; count: number; active: number; id: string }>();
  for (const p of points) {
    const key = `${Math.floor(p.longitude / lonCell)}:${Math.floor(p.latitude / cellDeg)}`;
    const c = cells.get(key) ?? { lon: 0, lat: 0, count: 0, active: 0, id: p.id };
    c.lon += p.longitude;
    c.lat += p.latitude;
    c.count += 1;
    c.active += p.active ? 1 : 0;
    cells.set(key, c);
  }
  return [...cells.values()].map((c) => ({
    longitude: c.lon / c.count,
    latitude: c.lat / c.count,
    count: c.count,
    active: c.active,
    id: c.count === 1 ? c.id : null,
  }));
}

/** Zoom levels of the map: 1 the whole area shown; the grid cell shrinks as the map zooms in. */
export const RVM_MAP_ZOOMS = [1, 2, 4, 8] as const;

/** The clustering cell for a zoom level; `scope` 'italy' (all regions) or 'region' (one region's provinces). */
export function rvmClusterCell(zoom: number, scope: 'italy' | 'region'): number {
  const base = scope === 'italy' ? 0.7 : 0.1;
  const cell = base / zoom;
  // Close enough to see single machines: no grouping.
  return cell < 0.02 ? 0 : cell;
}

export interface RvmMapInput {
  /** The name the GeoJSON of the boundaries is registered under (echarts.registerMap). */
  mapName: string;
  clusters: readonly RvmCluster[];
  zoom?: number;
  /** [lon, lat] the zoomed map centres on. */
  center?: [number, number] | null;
}

const CLUSTER_COLOR = PRIMARY_COLOR;
const INACTIVE_COLOR = '#8a6d00';

/** The size in px of a cluster's circle: single machines small, groups growing with the square root. */
export const clusterSize = (count: number) => (count === 1 ? 9 : Math.min(44, 14 + Math.sqrt(count) * 5));

/** Boundaries as a geo component, the machines (or groups of machines) as a scatter series over it. */
export function rvmMapOption({ mapName, clusters, zoom = 1, center }: RvmMapInput): EChartsCoreOption {
  return {
    animation: false,
    textStyle: { fontFamily: FONT_FAMILY, color: TEXT_COLOR },
    tooltip: {
      trigger: 'item',
      formatter: (p: { data?: { count: number; active: number } }) => {
        const d = p.data;
        if (!d) return '';
        if (d.count === 1) return d.active ? 'Ecocompattatore attivo' : 'Ecocompattatore non attivo';
        return `${formatNumber(d.count)} ecocompattatori (${formatNumber(d.active)} attivi)`;
      },
    },
    geo: {
      map: mapName,
      roam: false,
      // Fill the box (the aspect ratio is kept), rather than ECharts' default margins.
      top: 8,
      bottom: 8,
      left: 8,
      right: 8,
      zoom,
      ...(center ? { center } : {}),
      silent: true,
      label: { show: false },
      itemStyle: { areaColor: '#eef2ef', borderColor: '#8c9a93', borderWidth: 0.6 },
      emphasis: { disabled: true },
    },
    series: [
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        data: clusters.map((c) => ({
          value: [c.longitude, c.latitude, c.count],
          count: c.count,
          active: c.active,
          symbolSize: clusterSize(c.count),
          itemStyle: {
            color: c.count === 1 && c.active === 0 ? INACTIVE_COLOR : CLUSTER_COLOR,
            opacity: 0.85,
            borderColor: '#ffffff',
            borderWidth: 1,
          },
          label: {
            show: c.count > 1,
            formatter: String(c.count),
            color: '#ffffff',
            fontWeight: 'bold',
            fontSize: 11,
          },
        })),
      },
    ],
  };
}

export interface RvmYearPoint {
  year: number;
  machines: number;
  pieces: number;
  kg: number;
}

/** The kg collected per year as bars, with the machines reporting that year in the tooltip. */
export function rvmTrendOption(points: readonly RvmYearPoint[]): EChartsCoreOption {
  return {
    animation: false,
    textStyle: { fontFamily: FONT_FAMILY, color: TEXT_COLOR },
    grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (params: { dataIndex: number }[]) => {
        const p = points[params[0]?.dataIndex ?? 0];
        return p
          ? `${p.year}: ${formatNumber(p.kg)} kg, ${formatNumber(p.pieces)} pezzi, ${formatNumber(p.machines)} ecocompattatori`
          : '';
      },
    },
    xAxis: { type: 'category', data: points.map((p) => String(p.year)), axisLabel: { color: MUTED_COLOR } },
    yAxis: {
      type: 'value',
      name: 'kg',
      nameTextStyle: { color: MUTED_COLOR },
      axisLabel: { color: MUTED_COLOR, formatter: (v: number) => formatNumber(v) },
      splitLine: { lineStyle: { color: '#e3e8e5' } },
    },
    series: [
      {
        type: 'bar',
        name: 'kg raccolti',
        barMaxWidth: 36,
        itemStyle: { color: PRIMARY_COLOR },
        label: {
          show: points.length <= 8,
          position: 'top',
          color: TEXT_COLOR,
          formatter: (p: { value: number }) => formatNumber(p.value),
        },
        data: points.map((p) => p.kg),
      },
    ],
  };
}

export interface RvmNamedAmount {
  name: string;
  kg: number;
  /** null marks the 'Altri gestori' bucket, drawn grey. */
  id?: string | number | null;
}

const OTHERS_COLOR = '#7b8581';

/**
 * The kg collected by each item (operator, region, comune) as horizontal bars, the largest on top; the
 * right margin fits the longest value label, and on a phone the names go above the bars (horizontalBarOption).
 */
export function rvmKgBarOption(items: readonly RvmNamedAmount[]): EChartsCoreOption {
  return horizontalBarOption({
    categories: items.map((i) => i.name),
    values: items.map((i) => i.kg),
    colors: items.map((i) => (i.id === null ? OTHERS_COLOR : PRIMARY_COLOR)),
    format: (v) => `${formatNumber(v)} kg`,
  });
}
