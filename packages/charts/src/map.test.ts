import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  choroplethLegend,
  choroplethOption,
  NO_DATA_COLOR,
  projectTopology,
  rdColor,
  topologyFeatures,
  type AreaFeature,
} from './map';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** Two unit squares side by side, sharing an arc, around 10°E 45°N (quantized topology, rings clockwise). */
const topology = {
  type: 'Topology',
  transform: { scale: [0.001, 0.001], translate: [10, 45] },
  objects: {
    regions: {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', arcs: [[~1, ~0]], properties: { reg_istat_code: '01', reg_name: 'Uno' } },
        { type: 'Polygon', arcs: [[0, ~2]], properties: { reg_istat_code: '02', reg_name: 'Due' } },
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
    const map = projectTopology(topology, 'regions', {
      width: 200,
      padding: 0,
      idOf: (f) => String(f.properties.reg_istat_code),
      nameOf: (f) => String(f.properties.reg_name),
    });
    expect(map.shapes.map((s) => s.id)).toEqual(['01', '02']);
    expect(map.shapes[0]!.d).toMatch(/^M[\d.,L]+Z$/);
    // 2° of longitude at 45° N are about √2 times as wide as 1° of latitude is tall.
    expect(map.height).toBeCloseTo(200 / (2 * Math.cos((45.5 * Math.PI) / 180)), -1);
    const xs = map.shapes.flatMap((s) => [...s.d.matchAll(/(-?[\d.]+),/g)].map((m) => Number(m[1])));
    expect(Math.min(...xs)).toBeCloseTo(0, 0);
    expect(Math.max(...xs)).toBeCloseTo(200, 0);
  });

  it('draws only the areas that pass the filter', () => {
    const map = projectTopology(topology, 'regions', {
      width: 100,
      filter: (p) => p.reg_istat_code === '02',
      idOf: (f) => String(f.properties.reg_istat_code),
      nameOf: (f) => String(f.properties.reg_name),
    });
    expect(map.shapes.map((s) => s.name)).toEqual(['Due']);
    expect(() => projectTopology(topology, 'comuni', { width: 100, idOf: String, nameOf: String })).toThrow(
      /comuni/,
    );
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

describe('simplified Italian regions', () => {
  const regions = JSON.parse(
    readFileSync(new URL('../../../data/geo/regions.topo.json', import.meta.url), 'utf8'),
  ) as unknown;
  const code = (f: AreaFeature) => String(f.properties.reg_istat_code);
  const map = projectTopology(regions, 'regions', { width: 600, precision: 0, idOf: code, nameOf: code });
  /** The rings of a path, each a list of "x,y" points. */
  const rings = (id: string) =>
    map.shapes
      .find((s) => s.id === id)!
      .d.split('M')
      .filter(Boolean)
      .map((ring) => ring.replace(/Z$/, '').split('L'));

  /** The longest run of consecutive points of `ring` (read round) that `other` also has. */
  function sharedRun(ring: string[], other: Set<string>): string[] {
    const start = ring.findIndex((p) => !other.has(p));
    const rotated = [...ring.slice(start), ...ring.slice(0, start)];
    let best: string[] = [];
    let run: string[] = [];
    for (const point of rotated) {
      run = other.has(point) ? [...run, point] : [];
      if (run.length > best.length) best = run;
    }
    return best;
  }

  it('keep identical shared borders between neighbours (no slivers)', () => {
    for (const [a, b] of [
      ['03', '05'], // Lombardia and Veneto
      ['08', '09'], // Emilia-Romagna and Toscana
      ['12', '13'], // Lazio and Abruzzo
    ] as const) {
      const ringA = rings(a).sort((x, y) => y.length - x.length)[0]!;
      const ringB = rings(b).sort((x, y) => y.length - x.length)[0]!;
      const runA = sharedRun(ringA, new Set(ringB));
      const runB = sharedRun(ringB, new Set(ringA));
      expect(runA.length, `${a}–${b}`).toBeGreaterThan(10);
      // The border is walked in opposite directions by the two rings, through the very same points.
      expect(runB, `${a}–${b}`).toEqual([...runA].reverse());
    }
  });

  it('draws every region, with far fewer points than the source', () => {
    expect(map.shapes).toHaveLength(20);
    expect(map.shapes.every((s) => /^M\d/.test(s.d))).toBe(true);
    const points = map.shapes.reduce((n, s) => n + s.d.split(/[ML]/).length - 1, 0);
    const sourcePoints = (regions as { arcs: unknown[][] }).arcs.reduce((n, arc) => n + arc.length, 0);
    expect(points).toBeLessThan(sourcePoints);
    expect(map.height).toBeGreaterThan(600);
  });
});
