import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RVM_IMPORT_COLUMNS } from '@portal/contract';
import { generateDemo, GENERATED_MACHINES, parseCsv, RVM_OPERATORS } from './generate-demo';

const DATA_DIR = dirname(fileURLToPath(import.meta.url));
const files = generateDemo(DATA_DIR);
const table = (path: string) => {
  const [header, ...rows] = parseCsv(files[path]!);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
};
const kpiCodes = new Set(
  parseCsv(readFileSync(join(DATA_DIR, 'ispra/comuni-2024-kpi.csv'), 'utf8'))
    .slice(1)
    .map((r) => r[0]!.slice(-6)),
);

describe('demo generator', () => {
  it('regenerates exactly the committed files', () => {
    for (const [path, content] of Object.entries(files)) {
      expect(content, path).toBe(readFileSync(join(DATA_DIR, path), 'utf8'));
    }
  });

  it('gives every comune of the KPI list collection modes for the main fractions', () => {
    const rows = table('demo/city-sorting-types.csv');
    const covered = new Map<string, Set<string>>();
    for (const r of rows) {
      const set = covered.get(r.istat!) ?? new Set();
      r.fractions!.split(' ').forEach((f) => set.add(f));
      covered.set(r.istat!, set);
    }
    // One expectation per check, not one per row: tens of thousands of expect() calls took this test past
    // its 5 s on a busy machine. The same checks, and the failure lists the comuni at fault.
    expect([...covered.keys()].filter((istat) => !kpiCodes.has(istat))).toEqual([]);
    expect(covered.size).toBe(kpiCodes.size);
    const main = ['umido', 'carta-cartone', 'plastica', 'vetro'];
    const lacking = [...covered].filter(([, set]) => main.some((f) => !set.has(f))).map(([istat]) => istat);
    expect(lacking).toEqual([]);
  });

  it('gives 0–6 actions per comune, some comuni none, years 2012–2024', () => {
    const rows = table('demo/city-actions.csv');
    const perComune = new Map<string, number>();
    for (const r of rows) perComune.set(r.istat!, (perComune.get(r.istat!) ?? 0) + 1);
    const years = rows.map((r) => Number(r.started_year));
    expect(Math.min(...years)).toBeGreaterThanOrEqual(2012);
    expect(Math.max(...years)).toBeLessThanOrEqual(2024);
    expect(Math.max(...perComune.values())).toBeLessThanOrEqual(6);
    expect(perComune.size).toBeLessThan(kpiCodes.size);
    expect(perComune.size).toBeGreaterThan(kpiCodes.size * 0.6);
  });

  it('lists the 77 real sites and the generated machines with plausible quantities', () => {
    expect(files['demo/rvm-machines.csv']!.split('\n')[0]).toBe(RVM_IMPORT_COLUMNS.join(','));
    const rows = table('demo/rvm-machines.csv');
    const machines = new Map(rows.map((r) => [r.machine_id!, r]));
    expect(machines.size).toBe(77 + GENERATED_MACHINES);
    expect([...machines.values()].filter((m) => m.demo === 'false')).toHaveLength(77);
    expect(new Set(rows.map((r) => r.operator)).size).toBe(RVM_OPERATORS.length);
    for (const r of rows) {
      expect(r.istat).toMatch(/^\d{6}$/);
      expect(r.installed_on! >= '2018-01-01' && r.installed_on! <= '2024-12-31').toBe(true);
      expect(Number(r.year)).toBeGreaterThanOrEqual(Number(r.installed_on!.slice(0, 4)));
      const gramsPerPiece = (Number(r.kg) * 1000) / Number(r.pieces);
      expect(gramsPerPiece).toBeGreaterThan(24.5);
      expect(gramsPerPiece).toBeLessThan(30.5);
    }
  });
});
