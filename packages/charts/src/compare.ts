/**
 * The chart of /confronta: one figure of up to five territories over the years, one line each, on the
 * axis of consecutive years of the trend charts (options.ts). Pure functions, like the other options.
 */
import { UNIT_DECIMALS } from '@portal/contract/lite';
import type { EChartsCoreOption } from 'echarts/core';
import { escapeHtml, formatMillions, formatNumber, formatPercent, formatValue } from './format';
import { FONT_FAMILY, MUTED_COLOR, NARROW_CHART_WIDTH, TEXT_COLOR, TREND_GAP_LABEL } from './options';

/**
 * The colours of the territories, in the order they were chosen: the Okabe–Ito palette, told apart with
 * the common forms of colour blindness, darkened where needed for a contrast of at least 3:1 on white.
 */
export const COMPARE_COLORS = ['#0072B2', '#D55E00', '#009E73', '#B0558F', '#1C2321'] as const;

/** Each territory also has its own marker, so the lines are told apart without their colours. */
export const COMPARE_SYMBOLS = ['circle', 'rect', 'triangle', 'diamond', 'arrow'] as const;
export type CompareSymbol = (typeof COMPARE_SYMBOLS)[number];

/** The figures a comparison can draw: % separately collected, kg produced per inhabitant, tonnes produced. */
export type CompareUnit = '%' | 'kg/ab' | 't';

export interface CompareSeries {
  name: string;
  /** One value per year of `years`; null where the territory has no figure that year (a gap, never 0). */
  values: readonly (number | null)[];
  /** True where the value is an estimate (an area's % where some comuni give only theirs): a hollow marker. */
  estimates?: readonly boolean[];
}

export interface CompareInput {
  /** Consecutive years, oldest first. */
  years: readonly number[];
  series: readonly CompareSeries[];
  unit: CompareUnit;
}

/** The colour and marker of the territory at `index` (0–4) of a comparison. */
export function compareStyle(index: number): { color: string; symbol: CompareSymbol } {
  return {
    color: COMPARE_COLORS[index % COMPARE_COLORS.length]!,
    symbol: COMPARE_SYMBOLS[index % COMPARE_SYMBOLS.length]!,
  };
}

/**
 * A value as the tooltip writes it ('67,7%', '507,9 kg/ab', '29.930.425,7 t'), or with `bare` as a table
 * whose caption gives the unit writes it ('507,9', '29.930.425,7'; the % keeps its sign).
 */
export function formatCompareValue(value: number, unit: CompareUnit, { bare = false } = {}): string {
  if (unit === '%') return formatPercent(value);
  return bare ? formatNumber(value, UNIT_DECIMALS[unit]) : formatValue(value, unit);
}

/**
 * The runs of years between two years with a figure in which no territory has one, as [last year
 * before, first year after]: the shaded band 'nessun dato' of the trend charts.
 */
export function compareGaps(years: readonly number[], series: readonly CompareSeries[]): [number, number][] {
  const gaps: [number, number][] = [];
  let before: number | null = null;
  let inGap = false;
  years.forEach((year, i) => {
    if (series.some((s) => s.values[i] !== null && s.values[i] !== undefined)) {
      if (inGap && before !== null) gaps.push([before, year]);
      before = year;
      inGap = false;
    } else {
      inGap = true;
    }
  });
  return gaps;
}

const GAP_COLOR = 'rgba(74, 85, 81, 0.08)';
const NOT_AVAILABLE = 'dato non disponibile';
/** The target of the % separately collected (D.Lgs. 152/2006), drawn on the % chart as on the trend's. */
const TARGET = 65;

/**
 * The territories' lines on one chart:
 * - a year without a figure is a gap in that territory's line, never a zero, never bridged; years in
 *   which no territory has a figure lie on the shaded band 'nessun dato';
 * - each territory has its colour and its marker (compareStyle); an estimated % is the hollow marker;
 * - the values are in the tooltip (every territory of the year, 'dato non disponibile' where it has none)
 *   and in the page's table, not on the points, which five lines would crowd;
 * - % from 0 to 100 with the 65% target; kg per inhabitant and tonnes from 0, the tonnes in millions
 *   once the axis reaches a million.
 * No legend: the page draws it above the chart (the names wrap there on a phone).
 */
export function compareTrendOption({ years, series, unit }: CompareInput): EChartsCoreOption {
  const gaps = compareGaps(years, series);
  const highest = Math.max(0, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
  const millions = unit === 't' && highest >= 1e6;
  const axisLabel =
    unit === '%'
      ? (v: number) => `${formatNumber(v)}%`
      : (v: number) => (millions && v !== 0 ? formatMillions(v) : formatNumber(v));
  const estimateOf = series.map((s) => s.estimates ?? []);
  const valueText = (value: unknown, seriesIndex: number, dataIndex: number) =>
    typeof value === 'number'
      ? `${formatCompareValue(value, unit)}${estimateOf[seriesIndex]?.[dataIndex] ? ' (stima)' : ''}`
      : NOT_AVAILABLE;
  return {
    animation: false,
    textStyle: { fontFamily: FONT_FAMILY, color: TEXT_COLOR },
    grid: { left: 8, right: 24, top: unit === '%' ? 24 : 32, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: { axisValue?: string | number }[]) => {
        const list = Array.isArray(params) ? params : [params];
        const year = String(list[0]?.axisValue ?? '');
        const dataIndex = years.findIndex((y) => String(y) === year);
        if (dataIndex < 0) return '';
        const lines = series.map((s, i) => {
          const { color } = compareStyle(i);
          const marker = `<span style="display:inline-block;width:10px;height:10px;border-radius:50%;background:${color};margin-right:6px"></span>`;
          return `${marker}${escapeHtml(s.name)}: ${valueText(s.values[dataIndex], i, dataIndex)}`;
        });
        return [year, ...lines].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: years.map(String),
      axisLabel: { color: MUTED_COLOR, hideOverlap: true },
      axisTick: { alignWithLabel: true },
    },
    yAxis: {
      type: 'value',
      min: 0,
      // kg and tonnes: room above the highest point, for its marker and the band's label.
      ...(unit === '%'
        ? { max: 100 }
        : { boundaryGap: [0, '10%'], name: unit, nameTextStyle: { color: MUTED_COLOR } }),
      axisLabel: { color: MUTED_COLOR, formatter: axisLabel },
      splitLine: { lineStyle: { color: '#e3e8e5' } },
    },
    series: series.map((s, i) => {
      const { color, symbol } = compareStyle(i);
      return {
        type: 'line',
        name: s.name,
        color,
        symbol,
        symbolSize: 9,
        lineStyle: { width: 2.5 },
        connectNulls: false,
        // An isolated year (its neighbours without a figure) is still drawn, as its marker.
        showAllSymbol: true,
        data: s.values.map((value, index) =>
          value === null || value === undefined
            ? null
            : s.estimates?.[index]
              ? { value, symbol: `empty${symbol[0]!.toUpperCase()}${symbol.slice(1)}` }
              : value,
        ),
        ...(i === 0 && unit === '%'
          ? {
              markLine: {
                silent: true,
                symbol: 'none',
                label: { formatter: 'obiettivo 65%', color: MUTED_COLOR, position: 'insideStartTop' },
                lineStyle: { color: MUTED_COLOR, type: 'dashed' },
                data: [{ yAxis: TARGET }],
              },
            }
          : {}),
        ...(i === 0 && gaps.length
          ? {
              markArea: {
                silent: true,
                itemStyle: { color: GAP_COLOR },
                label: { show: true, position: 'insideTop', color: MUTED_COLOR, formatter: TREND_GAP_LABEL },
                data: gaps.map(([from, to]) => [{ xAxis: String(from) }, { xAxis: String(to) }]),
              },
            }
          : {}),
      };
    }),
    media: [
      {
        // A phone: thinner lines and smaller markers; the target's label would lie on the lines (the page
        // says what the dashed line is).
        query: { maxWidth: NARROW_CHART_WIDTH },
        option: {
          series: series.map((_, i) => ({
            symbolSize: 7,
            lineStyle: { width: 2 },
            ...(i === 0 && unit === '%' ? { markLine: { label: { show: false } } } : {}),
          })),
        },
      },
    ],
  };
}
