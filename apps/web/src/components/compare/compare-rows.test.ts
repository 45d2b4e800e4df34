import { describe, expect, it } from 'vitest';
import { compareCell, compareTableRows } from './compare-rows';
import type { CompareTable } from './compare-table';

describe('compareTableRows', () => {
  it('has a row per year and a column per territory, in Italian format, estimates starred, anomalies marked, gaps dashed', () => {
    const table: CompareTable = {
      unit: '%',
      years: [2021, 2022, 2023],
      columns: [
        {
          name: 'Italia',
          values: [64.0, 65.42, null],
          estimates: [false, true, false],
          anomalies: [null, null, null],
        },
        {
          name: 'Milano (MI)',
          values: [null, 62.5, 63.31],
          estimates: [false, false, false],
          anomalies: [null, '99,9 % di raccolta differenziata', null],
        },
      ],
      sources: ['ISPRA'],
    };
    expect(compareTableRows(table)).toEqual({
      columns: [
        { label: 'Anno' },
        { label: 'Italia', numeric: true },
        { label: 'Milano (MI)', numeric: true },
      ],
      rows: [
        ['2021', '64,0%', '—'],
        ['2022', '65,4%*', '62,5% ⚠'],
        ['2023', '—', '63,3%'],
      ],
    });
  });

  it('writes kg and tonnes bare, with the thousands separator (the caption gives the unit)', () => {
    expect(compareCell(29930425.71, false, 't')).toBe('29.930.425,7');
    expect(compareCell(507.92, false, 'kg/ab')).toBe('507,9');
    expect(compareCell(null, false, 'kg/ab')).toBe('—');
    expect(compareCell(0.01, false, 'kg/ab', true)).toBe('0,0 ⚠');
  });
});
