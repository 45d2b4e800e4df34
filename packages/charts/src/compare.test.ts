import * as echarts from 'echarts';
import { describe, expect, it } from 'vitest';
import {
  compareGaps,
  compareStyle,
  compareTrendOption,
  COMPARE_COLORS,
  formatCompareValue,
  type CompareSeries,
} from './compare';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const years = [2016, 2017, 2018, 2019, 2020, 2021, 2022];
const series: CompareSeries[] = [
  {
    name: 'Italia',
    values: [52.55, 55.52, null, null, null, null, 65.42],
    estimates: [false, false, false, false, false, false, true],
  },
  { name: 'Bologna (BO)', values: [null, null, null, 71.2, null, null, 80] },
];

function render(option: echarts.EChartsCoreOption): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 340 });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

describe('the chart of a comparison', () => {
  it('draws one line per territory, with its own colour and marker, gaps for missing years', () => {
    const option = compareTrendOption({ years, series, unit: '%' }) as Any;
    expect(option.xAxis.data).toEqual(years.map(String));
    expect(option.series.map((s: Any) => [s.name, s.color, s.symbol, s.connectNulls])).toEqual([
      ['Italia', COMPARE_COLORS[0], 'circle', false],
      ['Bologna (BO)', COMPARE_COLORS[1], 'rect', false],
    ]);
    // A missing year is null (a gap), never 0; an estimate is the hollow form of the territory's marker.
    expect(option.series[0].data).toEqual([
      52.55,
      55.52,
      null,
      null,
      null,
      null,
      { value: 65.42, symbol: 'emptyCircle' },
    ]);
    expect(option.series[1].data).toEqual([null, null, null, 71.2, null, null, 80]);
    expect(new Set(COMPARE_COLORS).size).toBe(5);
    expect(new Set([0, 1, 2, 3, 4].map((i) => compareStyle(i).symbol)).size).toBe(5);
  });

  it('puts the % on 0–100 with the 65% target, the band where no territory has a figure', () => {
    const option = compareTrendOption({ years, series, unit: '%' }) as Any;
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
    expect(option.series[0].markLine.data).toEqual([{ yAxis: 65 }]);
    expect(compareGaps(years, series)).toEqual([
      [2017, 2019],
      [2019, 2022],
    ]);
    expect(option.series[0].markArea.data).toEqual([
      [{ xAxis: '2017' }, { xAxis: '2019' }],
      [{ xAxis: '2019' }, { xAxis: '2022' }],
    ]);
    expect(option.series[1].markLine).toBeUndefined();
  });

  it('writes every territory of a year in the tooltip, Italian numbers, estimates and gaps said', () => {
    const option = compareTrendOption({ years, series, unit: '%' }) as Any;
    const text = option.tooltip.formatter([{ axisValue: '2022' }]);
    expect(text).toContain('2022');
    expect(text).toContain('Italia: 65,4% (stima)');
    expect(text).toContain('Bologna (BO): 80,0%');
    expect(option.tooltip.formatter([{ axisValue: '2018' }])).toContain('Italia: dato non disponibile');
    const escaped = (
      compareTrendOption({ years, series: [{ name: '<b>', values: years.map(() => 1) }], unit: '%' }) as Any
    ).tooltip.formatter([{ axisValue: '2016' }]);
    expect(escaped).toContain('&#60;b&#62;');
  });

  it('starts kg and tonnes at 0 without the target, the tonnes in millions from a million', () => {
    const kg = compareTrendOption({
      years: [2011, 2024],
      series: [{ name: 'Italia', values: [528.09, 507.92] }],
      unit: 'kg/ab',
    }) as Any;
    expect(kg.yAxis).toMatchObject({ min: 0, name: 'kg/ab' });
    expect(kg.yAxis.max).toBeUndefined();
    expect(kg.series[0].markLine).toBeUndefined();
    const tonnes = compareTrendOption({
      years: [2023, 2024],
      series: [{ name: 'Italia', values: [29e6, 29.9e6] }],
      unit: 't',
    }) as Any;
    expect(tonnes.yAxis.axisLabel.formatter(20e6)).toBe('20\u00a0Mln');
    expect(formatCompareValue(29930425.7, 't')).toBe('29.930.425,7\u00a0t');
    expect(formatCompareValue(507.92, 'kg/ab')).toBe('507,9\u00a0kg/ab');
    expect(formatCompareValue(67.69, '%')).toBe('67,7%');
    expect(formatCompareValue(29930425.7, 't', { bare: true })).toBe('29.930.425,7');
    expect(formatCompareValue(507.92, 'kg/ab', { bare: true })).toBe('507,9');
    expect(formatCompareValue(67.69, '%', { bare: true })).toBe('67,7%');
  });

  it('is drawn by ECharts: a gap is no line, the years around it their markers', () => {
    const svg = render(
      compareTrendOption({
        years: [2011, 2012, 2013],
        series: [{ name: 'Italia', values: [528, null, 507] }],
        unit: 'kg/ab',
      }),
    );
    const paths = svg.split('<path').filter((p) => p.includes(`"${COMPARE_COLORS[0]}"`));
    const line = paths.find((p) => p.includes('stroke-width="2.5"'));
    expect(line).toMatch(/d="M[\d.]+ [\d.]+M[\d.]+ [\d.]+"/);
    expect(paths.filter((p) => p.includes(`fill="${COMPARE_COLORS[0]}"`))).toHaveLength(2);
  });
});
