import { describe, expect, it } from 'vitest';
import {
  choroplethLegend,
  choroplethOption,
  NO_DATA_COLOR,
  projectFeatures,
  rdColor,
  topologyFeatures,
} from './map';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** Two unit squares side by side, sharing an arc, around 10°E 45°N (quantized topology). */
const topology = {
  type: 'Topology',
  transform: { scale: [0.001, 0.001], translate: [10, 45] },
  objects: {
    regions: {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', arcs: [[0, 1]], properties: { reg_istat_code: '01', reg_name: 'Uno' } },
        { type: 'Polygon', arcs: [[2, ~0]], properties: { reg_istat_code: '02', reg_name: 'Due' } },
      ],
    },
  },
  arcs: [
    [
      [1000, 0],
      [0, 1000],
    ],
    [
      [1000, 1000],
      [-1000, 0],
      [0, -1000],
      [1000, 0],
    ],
    [
      [1000, 0],
      [1000, 0],
      [0, 1000],
      [-1000, 0],
    ],
  ],
};

describe('choropleth map', () => {
  const features = topologyFeatures(topology, 'regions');

  it('reads the features of a topology object', () => {
    expect(features).toHaveLength(2);
    expect(features[0]!.properties.reg_name).toBe('Uno');
    expect(() => topologyFeatures(topology, 'provinces')).toThrow(/provinces/);
  });

  it('projects them into SVG paths that fit the width', () => {
    const map = projectFeatures(features, {
      width: 200,
      padding: 0,
      idOf: (f) => String(f.properties.reg_istat_code),
      nameOf: (f) => String(f.properties.reg_name),
    });
    expect(map.shapes.map((s) => s.id)).toEqual(['01', '02']);
    expect(map.shapes[0]!.d).toMatch(/^M[\d.,L]+Z$/);
    // 2° of longitude at 45° N are √2 times as wide as 1° of latitude is tall.
    expect(map.height).toBe(Math.ceil(200 / (2 * Math.cos((45.5 * Math.PI) / 180))));
    const xs = map.shapes.flatMap((s) => [...s.d.matchAll(/(-?[\d.]+),/g)].map((m) => Number(m[1])));
    expect(Math.min(...xs)).toBe(0);
    expect(Math.max(...xs)).toBe(200);
  });

  it('colours by the RD legend, grey without data', () => {
    expect(rdColor(80)).toBe('#238b45');
    expect(rdColor(null)).toBe(NO_DATA_COLOR);
    expect(choroplethLegend()).toHaveLength(6);
    const option = choroplethOption({
      mapName: 'it',
      idProperty: 'reg_istat_code',
      areas: [
        { id: '01', name: 'Uno', rdPct: 30 },
        { id: '02', name: 'Due', rdPct: null },
      ],
      selectedId: '01',
    }) as Any;
    expect(option.series[0].nameProperty).toBe('reg_istat_code');
    expect(option.series[0].data[0].itemStyle).toMatchObject({ areaColor: '#d7301f', borderWidth: 2 });
    expect(option.series[0].data[1].itemStyle.areaColor).toBe(NO_DATA_COLOR);
    expect(option.tooltip.formatter({ data: { label: 'Due', value: null } })).toBe('Due: n.d.');
  });
});
