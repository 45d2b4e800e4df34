import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTable } from './generate-demo';

const DATA_DIR = dirname(fileURLToPath(import.meta.url));
const table = (path: string) => readTable(join(DATA_DIR, path));
const capitals = table('reference/capoluoghi.csv');
const comuni = table('geo/comuni-centroids-2023.csv');

describe('reference/capoluoghi.csv (ISTAT capoluoghi di provincia)', () => {
  it('names each capoluogo by the code and the name of a comune of its province in the 2023 list', () => {
    const byId = new Map(comuni.map((c) => [c.com_istat_code, c]));
    for (const c of capitals) {
      const comune = byId.get(c.city_id!);
      expect(comune, c.city_id).toBeDefined();
      expect({ id: c.city_id, name: comune!.name, province: comune!.prov_istat_code }).toEqual({
        id: c.city_id,
        name: c.name,
        province: c.province_id,
      });
    }
    expect(new Set(capitals.map((c) => c.city_id)).size).toBe(capitals.length);
  });

  it('gives every one of the 107 provinces at least one capoluogo, and more only where ISTAT does', () => {
    const provinces = new Set(comuni.map((c) => c.prov_istat_code));
    expect(provinces.size).toBe(107);
    const perProvince = new Map<string, string[]>();
    for (const c of capitals)
      perProvince.set(c.province_id!, [...(perProvince.get(c.province_id!) ?? []), c.name!]);
    expect([...provinces].filter((p) => !perProvince.has(p!))).toEqual([]);
    const several = [...perProvince].filter(([, names]) => names.length > 1).map(([p, n]) => [p, n.sort()]);
    // Forlì-Cesena and Pesaro e Urbino have one each (Forlì, Pesaro): ISTAT flags the seat of the province.
    expect(Object.fromEntries(several)).toEqual({ '110': ['Andria', 'Barletta', 'Trani'] });
    expect(capitals).toHaveLength(109);
    // Where the capoluogo is not named as its province.
    const named = (p: string) => perProvince.get(p)!;
    expect([named('007'), named('045'), named('103'), named('108'), named('111')]).toEqual([
      ['Aosta'],
      ['Massa'],
      ['Verbania'],
      ['Monza'],
      ['Carbonia'],
    ]);
  });
});
