import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePopulation } from './istat-popolazione';

const FILE = fileURLToPath(new URL('../../../../data/istat/popolazione-2010-2022.csv', import.meta.url));

describe('istat-popolazione: the bundled file', () => {
  const { data, errors } = parsePopulation(readFileSync(FILE, 'utf8'));
  const of = (year: number, level: string, id: string) =>
    data.find((r) => r.year === year && r.level === level && r.areaId === id)?.population;

  it("reads every row, with Italy's figures of data/istat's README", () => {
    expect(errors).toEqual([]);
    const italy = [2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018].map((y) => of(y, 'country', 'IT'));
    expect(italy).toEqual([
      59190143, 59364690, 59394207, 59685227, 60782668, 60795612, 60665551, 60589445, 60483973,
    ]);
  });

  it('adds the 20 regions up to Italy every year, and the provinces to their region where all are there', () => {
    for (let year = 2010; year <= 2022; year++) {
      const regions = data.filter((r) => r.year === year && r.level === 'region');
      expect(regions).toHaveLength(20);
      expect(regions.reduce((a, r) => a + r.population, 0)).toBe(of(year, 'country', 'IT'));
      const provinces = data.filter((r) => r.year === year && r.level === 'province');
      // The four Sardinian provinces of today that no NUTS3 code of 2016 matches exist from 2021 only.
      expect(provinces, `${year}`).toHaveLength(year >= 2021 ? 107 : 103);
      const lombardia = provinces.filter((r) =>
        ['012', '013', '014', '015', '016', '017', '018', '019', '020', '097', '098', '108'].includes(
          r.areaId,
        ),
      );
      expect(lombardia.reduce((a, r) => a + r.population, 0)).toBe(of(year, 'region', '03'));
    }
    expect(of(2020, 'province', '091')).toBeUndefined();
    expect(of(2021, 'province', '091')).toBeGreaterThan(0);
  });
});

describe('istat-popolazione: parse errors', () => {
  it('names the line of a bad level, a bad code, a repeated area and a missing column', () => {
    const text = [
      'year,level,area_id,nuts,population',
      '2012,country,IT,IT,59394207',
      '2012,comune,001001,X,10',
      '2012,province,1,ITC11,10',
      '2012,country,IT,IT,59394207',
      '2012,region,03,ITC4,0',
    ].join('\n');
    const { data, errors } = parsePopulation(text);
    expect(data).toHaveLength(1);
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6]);
    expect(errors[0]!.reason).toBe('colonna «level»: «comune» non è country, region o province');
    expect(errors[1]!.reason).toBe('colonna «area_id»: «1» non è un codice ISTAT di provincia');
    expect(errors[2]!.reason).toBe('il paese IT compare due volte nel 2012');
    expect(errors[3]!.reason).toBe('colonna «population»: 0 è minore di 1');
    expect(parsePopulation('year,level,area_id\n2012,country,IT').errors[0]!.reason).toBe(
      'manca la colonna population',
    );
  });
});
