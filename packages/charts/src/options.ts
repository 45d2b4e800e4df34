/**
 * ECharts options of the collection statistics, built from contract data. Pure functions: the web app
 * draws them in the browser, the export draws them on the server (SVG → PNG/JPEG/PDF).
 * The input types are structural subsets of @portal/contract's schemas.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { formatNumber, formatPercent, formatTonnes } from './format';

export const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const TEXT_COLOR = '#1c2321';
export const MUTED_COLOR = '#4a5551';
export const PRIMARY_COLOR = '#0b6b3a';

export interface FractionShare {
  id: string;
  name: string;
  color: string;
  tonnes: number;
  share: number;
}
export interface CountShare {
  id: string;
  name: string;
  comuniCount: number;
  share: number;
}
export interface TrendPoint {
  year: number;
  value: number;
  method: 'tonnes' | 'weighted_mean';
}
export interface FractionSet {
  fractions: readonly { id: string; name: string }[];
  comuniCount: number;
  share: number;
}

const base = {
  animation: false,
  textStyle: { fontFamily: FONT_FAMILY, color: TEXT_COLOR },
};

/** Shorten long category labels for axes (the tooltip and the table keep the full text). */
export function truncateLabel(text: string, max = 28): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export interface HorizontalBarInput {
  categories: readonly string[];
  values: readonly number[];
  /** One colour per bar; one colour for all; default the primary colour. */
  colors?: readonly string[] | string;
  format: (value: number) => string;
  /** Axis maximum (e.g. 100 for shares). */
  max?: number;
  /** Wrap long category labels on several lines instead of shortening them. */
  wrapLabels?: boolean;
}

/** Horizontal bars, the first category on top, each bar labelled with its formatted value. */
export function horizontalBarOption({
  categories,
  values,
  colors,
  format,
  max,
  wrapLabels,
}: HorizontalBarInput): EChartsCoreOption {
  const colorOf = (index: number) =>
    typeof colors === 'string' ? colors : (colors?.[index] ?? PRIMARY_COLOR);
  return {
    ...base,
    grid: { left: 8, right: 72, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number }) => `${p.name}: ${format(p.value)}`,
    },
    xAxis: {
      type: 'value',
      max,
      // Each bar carries its value: the axis labels would only crowd the chart.
      axisLabel: { show: false },
      splitLine: { lineStyle: { color: '#e3e8e5' } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: wrapLabels ? [...categories] : categories.map((c) => truncateLabel(c)),
      axisLabel: wrapLabels
        ? { color: TEXT_COLOR, width: 190, overflow: 'break', lineHeight: 14 }
        : { color: TEXT_COLOR },
      axisTick: { show: false },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 22,
        data: values.map((value, index) => ({
          value,
          name: categories[index],
          itemStyle: { color: colorOf(index), borderColor: '#4a5551', borderWidth: 0.5 },
        })),
        label: {
          show: true,
          position: 'right',
          color: TEXT_COLOR,
          formatter: (p: { value: number }) => format(p.value),
        },
      },
    ],
  };
}

/** The separately collected tonnes of each fraction, as bars in the fraction colours. */
export function fractionsBarOption(items: readonly FractionShare[]): EChartsCoreOption {
  return horizontalBarOption({
    categories: items.map((i) => i.name),
    values: items.map((i) => i.tonnes),
    colors: items.map((i) => i.color),
    format: formatTonnes,
  });
}

/** The share of each fraction in the separately collected tonnes, as a ring in the fraction colours. */
export function fractionsPieOption(items: readonly FractionShare[]): EChartsCoreOption {
  return {
    ...base,
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; data: { tonnes: number } }) =>
        `${p.name}: ${formatPercent(p.value)} (${formatTonnes(p.data.tonnes)})`,
    },
    legend: { type: 'scroll', bottom: 0, textStyle: { color: TEXT_COLOR } },
    series: [
      {
        type: 'pie',
        radius: ['38%', '68%'],
        center: ['50%', '44%'],
        itemStyle: { borderColor: '#ffffff', borderWidth: 1 },
        label: { formatter: (p: { percent: number }) => formatPercent(p.percent), color: TEXT_COLOR },
        data: items.map((i) => ({
          name: i.name,
          value: i.share,
          tonnes: i.tonnes,
          itemStyle: { color: i.color },
        })),
      },
    ],
  };
}

/**
 * The % separately collected over the years. Years whose % is a population-weighted mean of the comuni
 * (method 'weighted_mean', the tonnes being unknown) get a hollow marker.
 */
export function rdTrendOption(points: readonly TrendPoint[]): EChartsCoreOption {
  return {
    ...base,
    grid: { left: 8, right: 24, top: 24, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: number) => formatPercent(v),
    },
    xAxis: {
      type: 'category',
      data: points.map((p) => String(p.year)),
      axisLabel: { color: MUTED_COLOR },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: 100,
      axisLabel: { color: MUTED_COLOR, formatter: (v: number) => `${formatNumber(v)}%` },
      splitLine: { lineStyle: { color: '#e3e8e5' } },
    },
    series: [
      {
        type: 'line',
        name: '% raccolta differenziata',
        color: PRIMARY_COLOR,
        symbolSize: 9,
        lineStyle: { width: 3 },
        label: {
          show: true,
          position: 'top',
          color: TEXT_COLOR,
          formatter: (p: { value: number }) => formatPercent(p.value),
        },
        data: points.map((p) => ({
          value: p.value,
          symbol: p.method === 'weighted_mean' ? 'emptyCircle' : 'circle',
        })),
        markLine: {
          silent: true,
          symbol: 'none',
          label: { formatter: 'obiettivo 65%', color: MUTED_COLOR, position: 'insideEndBottom' },
          lineStyle: { color: MUTED_COLOR, type: 'dashed' },
          data: [{ yAxis: 65 }],
        },
      },
    ],
  };
}

/** Shares of comuni (collection modes, prevention action categories) as bars on a 0–100% axis. */
export function countShareBarOption(items: readonly CountShare[], color = PRIMARY_COLOR): EChartsCoreOption {
  return horizontalBarOption({
    categories: items.map((i) => i.name),
    values: items.map((i) => i.share),
    colors: color,
    format: (v) => formatPercent(v),
    max: 100,
  });
}

/** The name of a set of fractions: 'Carta e cartone + Vetro'. */
export function fractionSetLabel(set: FractionSet): string {
  return set.fractions.map((f) => f.name).join(' + ');
}

/** A set's name for a chart axis: at most `max` fractions, then '+ altre N'. */
export function shortFractionSetLabel(set: FractionSet, max = 4): string {
  if (set.fractions.length <= max) return fractionSetLabel(set);
  const rest = set.fractions.length - max;
  return `${set.fractions
    .slice(0, max)
    .map((f) => f.name)
    .join(' + ')} + ${rest === 1 ? '1 altra' : `altre ${rest}`}`;
}

/** The most common sets of separately collected fractions, as shares of comuni. */
export function fractionSetsBarOption(sets: readonly FractionSet[]): EChartsCoreOption {
  return horizontalBarOption({
    categories: sets.map((set) => shortFractionSetLabel(set)),
    values: sets.map((s) => s.share),
    colors: PRIMARY_COLOR,
    format: (v) => formatPercent(v),
    max: 100,
    wrapLabels: true,
  });
}

/** Number of mapped prevention actions of a comune in each category. */
export function actionCountsBarOption(
  categories: readonly { name: string; actions: readonly unknown[] }[],
): EChartsCoreOption {
  return horizontalBarOption({
    categories: categories.map((c) => c.name),
    values: categories.map((c) => c.actions.length),
    colors: PRIMARY_COLOR,
    format: (v) => formatNumber(v),
  });
}
