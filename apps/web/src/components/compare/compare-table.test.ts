import type { AreaStats } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { compareAnomalyNotes } from '@portal/charts';
import { compareTable } from './compare-table';

type Trend = AreaStats['rdTrend'];

/** The parts of a territory's statistics a comparison reads. */
function stats(
  rdTrend: Trend,
  perCapita: [number, number | null][] = [],
  tonnes: [number, number][] = [],
): AreaStats {
  return {
    rdTrend,
    perCapitaTrend: perCapita.map(([year, kg]) => ({
      year,
      producedKgPerCapita: kg,
      sortedKgPerCapita: null,
      costPerCapita: null,
    })),
    tonnesTrend: tonnes.map(([year, producedT]) => ({ year, producedT, sortedT: producedT / 2 })),
  } as unknown as AreaStats;
}

const italy = stats(
  [
    { year: 2016, value: 52.55, method: 'tonnes', source: 'ISPRA' },
    { year: 2017, value: 55.52, method: 'tonnes', source: 'ISPRA' },
    { year: 2022, value: 65.42, method: 'estimate', source: 'ISPRA' },
  ],
  [
    [2017, 489.1],
    [2022, null],
  ],
  [[2017, 29583624.4]],
);
const comune = stats(
  [
    { year: 2018, value: 70.1, method: 'reported', source: 'ARPAE Emilia-Romagna' },
    { year: 2019, value: 71.2, method: 'tonnes', source: null },
  ],
  [[2019, 600]],
  [[2019, 1000.5]],
);

describe('the table of a comparison', () => {
  it('has a row for every year from the first to the last with a figure, missing years null (never 0)', () => {
    const table = compareTable('rd', [
      { name: 'Italia', stats: italy },
      { name: 'Bologna (BO)', stats: comune },
    ]);
    expect(table.unit).toBe('%');
    expect(table.years).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022]);
    expect(table.columns[0]).toEqual({
      name: 'Italia',
      values: [52.55, 55.52, null, null, null, null, 65.42],
      estimates: [false, false, false, false, false, false, true],
      anomalies: [null, null, null, null, null, null, null],
    });
    expect(table.columns[1]!.values).toEqual([null, null, 70.1, 71.2, null, null, null]);
    // The sources of the figures shown; a year without a majority source is 'più fonti'.
    expect(table.sources).toEqual(['ISPRA', 'ARPAE Emilia-Romagna', 'più fonti']);
  });

  it('takes the kg produced per inhabitant where the source has them, and the tonnes produced', () => {
    const kg = compareTable('kg', [
      { name: 'Italia', stats: italy },
      { name: 'Bologna (BO)', stats: comune },
    ]);
    expect(kg).toMatchObject({ unit: 'kg/ab', years: [2017, 2018, 2019] });
    expect(kg.columns.map((c) => c.values)).toEqual([
      [489.1, null, null],
      [null, null, 600],
    ]);
    const tonnes = compareTable('tonnellate', [{ name: 'Italia', stats: italy }]);
    expect(tonnes).toMatchObject({ unit: 't', years: [2017], sources: ['ISPRA'] });
    expect(tonnes.columns[0]!.values).toEqual([29583624.4]);
  });

  it("flags a comune's figures of the years anomalous in the source, with the figures, in every measure", () => {
    // Castelmola (ME) 2014 as the API gives it: 0,45 t for its inhabitants, 0,41 kg each.
    const castelmola = {
      ...stats(
        [
          { year: 2013, value: 30.2, method: 'tonnes', source: 'ISPRA' },
          { year: 2014, value: 35.1, method: 'tonnes', source: 'ISPRA' },
        ],
        [
          [2013, 480],
          [2014, 0.41],
        ],
      ),
      sourceAnomalies: [
        {
          year: 2014,
          reasons: ['littleWaste'],
          producedT: 0.45,
          population: 1083,
          populationYear: 2024,
          kgPerCapita: 0.41,
          peerKgPerCapita: 420,
          rdPct: 35.1,
          yearBefore: null,
          rdBefore: null,
          yearAfter: null,
          rdAfter: null,
        },
      ],
    } as unknown as AreaStats;
    const loaded = [
      { name: 'Italia', stats: italy },
      { name: 'Castelmola (ME)', stats: castelmola },
    ];
    const figures =
      '0,45 t per 1.083 abitanti (popolazione del 2024): 0,41 kg per abitante, contro almeno 420 di 9 comuni simili su 10';
    const rd = compareTable('rd', loaded);
    expect(rd.columns[0]!.anomalies.every((a) => a === null)).toBe(true);
    expect(rd.columns[1]!.anomalies[rd.years.indexOf(2014)]).toBe(figures);
    expect(rd.columns[1]!.anomalies[rd.years.indexOf(2013)]).toBeNull();
    expect(compareAnomalyNotes(rd)).toEqual([
      `⚠ Dato anomalo nella fonte per Castelmola (ME) nel 2014: ${figures}`,
    ]);
    const kg = compareTable('kg', loaded);
    expect(kg.columns[1]!.anomalies[kg.years.indexOf(2014)]).toBe(figures);
    // No figure of the measure that year (no tonnes): nothing to flag.
    expect(compareAnomalyNotes(compareTable('tonnellate', loaded))).toEqual([]);
  });

  it('has no rows when no territory has the figure', () => {
    const table = compareTable('kg', [{ name: 'X', stats: stats([]) }]);
    expect(table.years).toEqual([]);
    expect(table.columns).toEqual([{ name: 'X', values: [], estimates: [], anomalies: [] }]);
  });
});
