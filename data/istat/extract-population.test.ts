import { describe, expect, it } from 'vitest';
import { exactNuts, extractPopulation, readElenco, readEurostat, toCsv } from './extract-population';

/** An Eurostat SDMX-CSV with these rows (geo, year, value) for sex T, age TOTAL, plus noise to ignore. */
function eurostat(rows: [string, number, number][]): string {
  const head = 'DATAFLOW,LAST UPDATE,freq,unit,sex,age,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG';
  const line = (geo: string, year: number, v: number, sex = 'T', age = 'TOTAL') =>
    `ESTAT:DEMO_R_PJANAGGR3(1.0),28/09/23 23:00:00,A,NR,${sex},${age},${geo},${year},${v},`;
  return [
    head,
    ...rows.map(([g, y, v]) => line(g, y, v)),
    line('IT', 2010, 1, 'F'),
    line('IT', 2010, 1, 'T', 'Y_LT15'),
    line('AT', 2010, 5),
  ].join('\n');
}

/** An Elenco comuni of these comuni: [region, comune code, NUTS2, NUTS3]. */
function elenco(rows: [string, string, string, string][]): string {
  const head =
    '\uFEFFCodice Regione;"Codice dell\'Unità territoriale sovracomunale \n(valida a fini statistici)";' +
    'Codice Comune formato alfanumerico;NUTS1;NUTS2(3) ;NUTS3';
  return [head, ...rows.map(([r, c, n2, n3]) => `${r};${c.slice(0, 3)};${c};IT;${n2};${n3}`)].join('\r\n');
}

// Two regions: 01 with provinces 001 (one NUTS3) and 002 (two NUTS3), 04 = ITH1 + ITH2; and 090 / 091
// sharing a NUTS3 code, as Sardinia's provinces of today do with those of 2016.
const map = readElenco(
  elenco([
    ['01', '001001', 'ITC1', 'ITC11'],
    ['01', '002001', 'ITC1', 'ITC12'],
    ['01', '002002', 'ITC1', 'ITC13'],
    ['04', '021001', 'ITH1', 'ITH10'],
    ['04', '022001', 'ITH2', 'ITH20'],
    ['20', '090001', 'ITG2', 'ITG25'],
    ['20', '091001', 'ITG2', 'ITG26'],
    ['20', '091002', 'ITG2', 'ITG27'],
    ['20', '092001', 'ITG2', 'ITG27'],
  ]),
);
const provinces = ['001', '002', '021', '022', '090', '091', '092'].map((id) => ({
  id,
  regionId: { '0': '01', '2': '04', '9': '20' }[id[1]!]!,
}));

describe('extract-population', () => {
  it('reads only the T, TOTAL rows of Italy', () => {
    const pop = readEurostat(eurostat([['IT', 2010, 100]]));
    expect([...pop]).toEqual([['IT', new Map([[2010, 100]])]]);
  });

  it('maps a province to its NUTS3 codes only where they hold no comune of another province', () => {
    expect(exactNuts(map, '002')).toEqual(['ITC12', 'ITC13']);
    expect(exactNuts(map, '090')).toEqual(['ITG25']);
    expect(exactNuts(map, '091')).toBeNull();
    expect(exactNuts(map, '092')).toBeNull();
  });

  it('writes Italy, the regions (Trentino-Alto Adige = ITH1 + ITH2) and the exact provinces of each year', () => {
    const rows = (year: number): [string, number, number][] => [
      ['IT', year, 100],
      ['ITC1', year, 60],
      ['ITC11', year, 10],
      ['ITC12', year, 20],
      ['ITC13', year, 30],
      ['ITH1', year, 5],
      ['ITH2', year, 5],
      ['ITH10', year, 5],
      ['ITH20', year, 5],
      ['ITG2', year, 30],
      ['ITG25', year, 10],
      ['ITG26', year, 10],
      ['ITG27', year, 10],
    ];
    const all = Array.from({ length: 13 }, (_, i) => rows(2010 + i)).flat();
    const out = extractPopulation(readEurostat(eurostat(all)), map, provinces);
    const y2010 = out.filter((r) => r.year === 2010);
    expect(y2010.map((r) => `${r.level} ${r.areaId} ${r.nuts} ${r.population}`)).toEqual([
      'country IT IT 100',
      'region 01 ITC1 60',
      'region 04 ITH1+ITH2 10',
      'region 20 ITG2 30',
      'province 001 ITC11 10',
      'province 002 ITC12+ITC13 50',
      'province 021 ITH10 5',
      'province 022 ITH20 5',
      'province 090 ITG25 10',
    ]);
    expect(toCsv(y2010).split('\n')[0]).toBe('year,level,area_id,nuts,population');
  });

  it('refuses regions that do not add up to Italy', () => {
    const pop = readEurostat(
      eurostat(
        Array.from({ length: 13 }, (_, i): [string, number, number][] => [
          ['IT', 2010 + i, 99],
          ['ITC1', 2010 + i, 60],
          ['ITH1', 2010 + i, 5],
          ['ITH2', 2010 + i, 5],
          ['ITG2', 2010 + i, 30],
        ]).flat(),
      ),
    );
    expect(() => extractPopulation(pop, map, provinces)).toThrow(/2010: the regions add up to 100, not 99/);
  });
});
