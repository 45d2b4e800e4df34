import { describe, expect, it } from 'vitest';
import {
  clusterPoints,
  clusterSize,
  rvmClusterCell,
  rvmKgBarOption,
  rvmMapOption,
  rvmTrendOption,
} from './rvm';

const points = [
  { id: 'a', longitude: 12.49, latitude: 41.89, active: true },
  { id: 'b', longitude: 12.5, latitude: 41.9, active: false },
  { id: 'c', longitude: 9.19, latitude: 45.46, active: true },
];

describe('clusterPoints', () => {
  it('groups nearby machines by grid cell at their mean position, keeping counts', () => {
    const clusters = clusterPoints(points, 0.4);
    expect(clusters).toHaveLength(2);
    const rome = clusters.find((c) => c.count === 2)!;
    expect(rome).toMatchObject({ count: 2, active: 1, id: null });
    expect(rome.longitude).toBeCloseTo(12.495, 3);
    expect(clusters.find((c) => c.count === 1)).toMatchObject({ id: 'c', active: 1 });
    expect(clusters.reduce((s, c) => s + c.count, 0)).toBe(points.length);
  });

  it('keeps every machine apart with cell 0, and the cell shrinks with the zoom', () => {
    expect(clusterPoints(points, 0)).toHaveLength(3);
    expect(rvmClusterCell(1, 'italy')).toBeGreaterThan(rvmClusterCell(2, 'italy'));
    expect(rvmClusterCell(8, 'region')).toBe(0);
    expect(clusterSize(1)).toBeLessThan(clusterSize(10));
  });
});

describe('RVM chart options', () => {
  it('draws the clusters over the registered boundaries', () => {
    const option = rvmMapOption({ mapName: 'rvm-italia', clusters: clusterPoints(points, 0.4) }) as {
      geo: { map: string };
      series: { type: string; coordinateSystem: string; data: { value: number[] }[] }[];
    };
    expect(option.geo.map).toBe('rvm-italia');
    expect(option.series[0]).toMatchObject({ type: 'scatter', coordinateSystem: 'geo' });
    expect(option.series[0]!.data).toHaveLength(2);
  });

  it('shows kg per year and greys the Altri gestori bucket', () => {
    const trend = rvmTrendOption([{ year: 2023, machines: 2, pieces: 10, kg: 0.3 }]) as {
      xAxis: { data: string[] };
      series: { data: number[] }[];
    };
    expect(trend.xAxis.data).toEqual(['2023']);
    expect(trend.series[0]!.data).toEqual([0.3]);
    const bars = rvmKgBarOption([
      { id: 1, name: 'A', kg: 10 },
      { id: null, name: 'Altri gestori', kg: 5 },
    ]) as { series: { data: { itemStyle: { color: string } }[] }[] };
    const [a, others] = bars.series[0]!.data;
    expect(a!.itemStyle.color).not.toBe(others!.itemStyle.color);
  });
});
