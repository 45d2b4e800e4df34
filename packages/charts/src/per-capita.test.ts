import { describe, expect, it } from 'vitest';
import { perCapitaTrendOption, perCapitaYears } from './per-capita';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const points = [
  {
    year: 2010,
    populationBasis: null,
    producedKgPerCapita: 612.4,
    sortedKgPerCapita: 55.1,
    costPerCapita: null,
  },
  {
    year: 2011,
    populationBasis: null,
    producedKgPerCapita: 598.04,
    sortedKgPerCapita: 60.26,
    costPerCapita: null,
  },
  {
    year: 2024,
    populationBasis: null,
    producedKgPerCapita: 577.04,
    sortedKgPerCapita: 100.05,
    costPerCapita: 228.25,
  },
  // A year with only the cost has no line point.
  {
    year: 2025,
    populationBasis: null,
    producedKgPerCapita: null,
    sortedKgPerCapita: null,
    costPerCapita: 230,
  },
];
const names = { produced: 'Rifiuti urbani prodotti', sorted: 'Raccolta differenziata' };

describe('perCapitaTrendOption', () => {
  it('draws kg produced and kg separately collected per inhabitant as two lines', () => {
    expect(perCapitaYears(points).map((p) => p.year)).toEqual([2010, 2011, 2024]);
    const option = perCapitaTrendOption(points, names) as Any;
    expect(option.series.map((s: Any) => s.name)).toEqual([names.produced, names.sorted]);
    const values = (s: Any) => s.data.filter(Boolean).map((d: Any) => d.value);
    expect(values(option.series[0])).toEqual([612.4, 598.04, 577.04]);
    expect(values(option.series[1])).toEqual([55.1, 60.26, 100.05]);
    // The years between are gaps of the line, never zeros.
    expect(option.series[0].data.filter((d: Any) => d === null)).toHaveLength(12);
  });

  it('speaks kg per inhabitant, not percent, and has no 65% target', () => {
    const option = perCapitaTrendOption(points, names) as Any;
    expect(option.series[0].label.formatter({ value: 577.04 })).toBe('577,0\u00a0kg/ab');
    expect(option.tooltip.valueFormatter(100.05)).toBe('100,1\u00a0kg/ab');
    expect(option.yAxis.max).toBeUndefined();
    expect(option.yAxis.axisLabel.formatter(600)).toBe('600');
    const marks = option.series.flatMap((s: Any) => s.markLine?.data ?? []);
    expect(marks.some((d: Any) => d.yAxis !== undefined)).toBe(false);
  });
});

describe('perCapitaTrendOption over the available years', () => {
  it('covers every available year; years without kg are gaps on one band «nessun dato»', () => {
    const tonnes = (year: number) => ({
      year,
      populationBasis: null,
      producedKgPerCapita: 500 + year - 2010,
      sortedKgPerCapita: 200,
      costPerCapita: null,
    });
    const span = [2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2022, 2023, 2024];
    const option = perCapitaTrendOption(
      [...[2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017].map(tonnes), tonnes(2024)],
      names,
      span,
    ) as Any;
    expect(option.xAxis.data).toEqual(Array.from({ length: 15 }, (_, i) => String(2010 + i)));
    const values = option.series[0].data.map((d: Any) => d?.value ?? null);
    // 2018–2021 without a source and 2022–2023 with only the % are gaps, never zeros.
    expect(values.slice(8, 14)).toEqual([null, null, null, null, null, null]);
    expect(values[14]).toBe(514);
    expect(option.series[0].markArea.data).toEqual([[{ xAxis: '2017' }, { xAxis: '2024' }]]);
    expect(option.series[1].markArea).toBeUndefined();
  });
});

describe('perCapitaTrendOption on a phone', () => {
  it('writes the last value ending at its point, inside the chart', () => {
    const option = perCapitaTrendOption(points, names) as Any;
    for (const line of option.series) {
      const present = line.data.filter(Boolean);
      expect(present.at(-1).label.align).toBe('right');
      // The others stay centred on their points.
      expect(present.slice(0, -1).every((d: Any) => d.label?.align === undefined)).toBe(true);
    }
  });

  it('puts the plot below the legend’s two lines and the axis name under them', () => {
    const option = perCapitaTrendOption(points, names) as Any;
    expect(option.yAxis.name).toBe('kg/ab');
    const [narrow] = option.media;
    expect(narrow.query.maxWidth).toBeGreaterThanOrEqual(375);
    expect(narrow.option.grid.top).toBeGreaterThan(option.grid.top);
    expect(narrow.option.series).toHaveLength(2);
  });
});
