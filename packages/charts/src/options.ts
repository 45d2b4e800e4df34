/**
 * ECharts options of the collection statistics, built from contract data. Pure functions: the web app
 * draws them in the browser, the export draws them on the server (SVG → PNG/JPEG/PDF).
 * The input types are structural subsets of @portal/contract's schemas.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { SourceAnomaly } from '@portal/contract';
import { withSourceAnomalies } from './anomalies';
import { formatCompactNumber, formatMillions, formatNumber, formatPercent, formatTonnes } from './format';

export const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const TEXT_COLOR = '#1c2321';
export const MUTED_COLOR = '#4a5551';
export const PRIMARY_COLOR = '#0b6b3a';
/** The bar of what the listed items do not cover ('Altre frazioni / non ripartite', 'Altri gestori'). */
export const REMAINDER_COLOR = '#9aa3a0';

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
  /**
   * tonnes: sorted / produced; estimate: an area's % estimated from comuni of which some give only their
   * % (hollow marker); reported: a comune's % as its source gives it, without tonnes (a normal point).
   */
  method: 'tonnes' | 'estimate' | 'reported';
  /** The source of the year's figure (e.g. 'ARPAE', 'ISPRA'): a change of source is marked on the chart. */
  source?: string | null;
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

/** Size of the labels of bars and axes, in px. */
export const LABEL_FONT_SIZE = 12;
const LINE_HEIGHT = 14;

/**
 * Width of a text in px, estimated for layout decisions made before drawing (room for value labels):
 * 0.65 em per character, the width of a digit in DejaVu Sans (the export's font), wider than the
 * system fonts of the page.
 */
export function estimateTextWidth(text: string, fontSize = LABEL_FONT_SIZE): number {
  return Math.ceil(text.length * fontSize * 0.65);
}

/**
 * Charts narrower than this (in px) put each category label above its bar, so the bars keep the whole
 * width: a phone, or a panel of a two-column layout on a small tablet. ECharts applies it by itself when
 * the chart is resized (option `media`).
 */
export const NARROW_CHART_WIDTH = 480;
/** Thickness of the bars of a narrow chart, in px. */
export const NARROW_BAR_WIDTH = 10;
/** The width steps of a narrow chart, and how wide a label above a bar may be in each (then it wraps). */
const NARROW_STEPS = [
  { maxWidth: NARROW_CHART_WIDTH, labelWidth: 440 },
  { maxWidth: 420, labelWidth: 380 },
  { maxWidth: 360, labelWidth: 320 },
  { maxWidth: 300, labelWidth: 260 },
  { maxWidth: 260, labelWidth: 220 },
];

/** The line above a chart that says what its values are (e.g. the base of a percentage), in the chart. */
function subtitleTitle(text: string) {
  return {
    text,
    left: 8,
    top: 0,
    textStyle: {
      fontFamily: FONT_FAMILY,
      fontSize: LABEL_FONT_SIZE,
      fontWeight: 'normal',
      color: MUTED_COLOR,
      lineHeight: LINE_HEIGHT,
      overflow: 'break',
    },
  };
}

export interface HorizontalBarInput {
  categories: readonly string[];
  values: readonly number[];
  /** One colour per bar; one colour for all; default the primary colour. */
  colors?: readonly string[] | string;
  format: (value: number) => string;
  /** Axis maximum (e.g. 100 for shares). */
  max?: number;
  /** A line above the bars saying what the values are, e.g. '% su 1.523 comuni con dati sulle modalità'. */
  subtitle?: string | null;
  /**
   * Lines a name may take above its bar on a narrow chart (default 1: a longer name ends in '…', its
   * tooltip and the table keep it whole). The page gives a bar 34 px, room for one line above it; the
   * sets of fractions get 62 px, room for three.
   */
  narrowLines?: number;
}

/**
 * Horizontal bars, the first category on top, each bar labelled with its formatted value.
 * - On a wide chart (and in the export) names are never cut: a long one wraps on several lines.
 * - The right margin is as wide as the longest value label, so no value is clipped ('19.798,6 t').
 * - On a narrow chart (< NARROW_CHART_WIDTH px) the names go above the bars, which keep the whole width;
 *   a name longer than its room there (narrowLines) is shortened, never drawn over the bar above.
 */
export function horizontalBarOption({
  categories,
  values,
  colors,
  format,
  max,
  subtitle,
  narrowLines = 1,
}: HorizontalBarInput): EChartsCoreOption {
  const colorOf = (index: number) =>
    typeof colors === 'string' ? colors : (colors?.[index] ?? PRIMARY_COLOR);
  // The value label sits 5 px right of its bar; 8 px more keep it off the edge.
  const valueRoom = Math.max(24, ...values.map((v) => estimateTextWidth(format(v)))) + 13;
  const top = subtitle ? LINE_HEIGHT + 14 : 8;
  const narrowBase = {
    // Room above the first bar for its name; the subtitle may take two lines on a phone.
    grid: { top: (subtitle ? 2 * LINE_HEIGHT + 8 : 4) + LINE_HEIGHT + 6, containLabel: false },
    yAxis: {
      axisLine: { show: false },
      axisLabel: {
        inside: true,
        align: 'left',
        verticalAlign: 'bottom',
        margin: 0,
        // From the middle of the category, past half the bar and 3 px of air.
        padding: [0, 0, NARROW_BAR_WIDTH / 2 + 3, 0],
        ...(narrowLines > 1 ? { overflow: 'break' } : { overflow: 'truncate', ellipsis: '…' }),
      },
    },
    series: [{ barMaxWidth: NARROW_BAR_WIDTH }],
  };
  return {
    ...base,
    ...(subtitle ? { title: subtitleTitle(subtitle) } : {}),
    grid: { left: 8, right: valueRoom, top, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'item',
      confine: true,
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
      data: [...categories],
      axisLabel: {
        color: TEXT_COLOR,
        fontSize: LABEL_FONT_SIZE,
        width: 190,
        overflow: 'break',
        lineHeight: LINE_HEIGHT,
      },
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
          fontSize: LABEL_FONT_SIZE,
          formatter: (p: { value: number }) => format(p.value),
        },
      },
    ],
    media: NARROW_STEPS.map((step, index) => ({
      query: { maxWidth: step.maxWidth },
      option:
        index === 0
          ? {
              ...narrowBase,
              ...(subtitle ? { title: { textStyle: { width: step.labelWidth } } } : {}),
              yAxis: {
                ...narrowBase.yAxis,
                axisLabel: { ...narrowBase.yAxis.axisLabel, width: step.labelWidth },
              },
            }
          : {
              ...(subtitle ? { title: { textStyle: { width: step.labelWidth } } } : {}),
              yAxis: { axisLabel: { width: step.labelWidth } },
            },
    })),
  };
}

/** The name of the bar of the separately collected tonnes that no listed fraction accounts for. */
export const FRACTIONS_REMAINDER_NAME = 'Altre frazioni / non ripartite';
export const FRACTIONS_REMAINDER_ID = 'non-ripartite';

/**
 * The fractions of an area plus, when they add up to less than the separately collected total (the
 * source details only some fractions, or only some comuni detail them), a last item with the rest, so
 * the bars and the table account for the whole total. Differences under 0.5% of the total are rounding.
 */
export function fractionsWithRemainder(
  items: readonly FractionShare[],
  totalSorted: number | null | undefined,
): FractionShare[] {
  const listed = items.reduce((sum, i) => sum + i.tonnes, 0);
  if (!totalSorted || totalSorted <= 0 || totalSorted - listed <= totalSorted * 0.005) return [...items];
  const rest = totalSorted - listed;
  return [
    ...items,
    {
      id: FRACTIONS_REMAINDER_ID,
      name: FRACTIONS_REMAINDER_NAME,
      color: REMAINDER_COLOR,
      tonnes: rest,
      share: Math.round((rest / totalSorted) * 10000) / 100,
    },
  ];
}

/**
 * The separately collected tonnes of each fraction, as bars in the fraction colours; with the total
 * (totalWasteSorted), the part no fraction accounts for is a last grey bar (fractionsWithRemainder).
 */
export function fractionsBarOption(
  items: readonly FractionShare[],
  totalSorted?: number | null,
): EChartsCoreOption {
  const all = fractionsWithRemainder(items, totalSorted);
  return horizontalBarOption({
    categories: all.map((i) => i.name),
    values: all.map((i) => i.tonnes),
    colors: all.map((i) => i.color),
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
 * Every year from the first to the last point, each with its point or null (a year without data). With
 * `span` (e.g. the area's available years) the axis reaches from the earliest to the latest year of both.
 */
export function trendYears(
  points: readonly TrendPoint[],
  span: readonly number[] = [],
): { year: number; point: TrendPoint | null }[] {
  const years = [...points.map((p) => p.year), ...span];
  if (years.length === 0) return [];
  const byYear = new Map(points.map((p) => [p.year, p]));
  const first = Math.min(...years);
  const last = Math.max(...years);
  return Array.from({ length: last - first + 1 }, (_, i) => ({
    year: first + i,
    point: byYear.get(first + i) ?? null,
  }));
}

/** The category axis of a trend: one label per year of the span, thinned where they would overlap. */
function yearAxis(years: readonly { year: number }[]) {
  return {
    type: 'category' as const,
    data: years.map((y) => String(y.year)),
    axisLabel: { color: MUTED_COLOR, hideOverlap: true },
    axisTick: { alignWithLabel: true },
  };
}

/** The runs of years without a point between two years with one, as [last year before, first year after]. */
export function trendGaps(years: readonly { year: number; point: TrendPoint | null }[]): [number, number][] {
  const gaps: [number, number][] = [];
  let before: number | null = null;
  let inGap = false;
  for (const { year, point } of years) {
    if (point) {
      if (inGap && before !== null) gaps.push([before, year]);
      before = year;
      inGap = false;
    } else {
      inGap = true;
    }
  }
  return gaps;
}

/** Above this many years the values are written only where they do not overlap, and always on the last. */
const TREND_ALL_LABELS = 8;

/** Source changes this many years apart or closer have their labels on two lines. */
const SOURCE_LABEL_YEARS = 4;
/** The height of a line of the source labels, in px. */
const SOURCE_LABEL_STEP = 16;

/** The legend's name of the estimated years (hollow markers) of the trend. */
export const TREND_ESTIMATE_NAME = 'stima';
/** The name of the line of the % separately collected. */
export const TREND_SERIES_NAME = '% raccolta differenziata';
/** The label of the shaded stretch of years without data. */
export const TREND_GAP_LABEL = 'nessun dato';
const GAP_COLOR = 'rgba(74, 85, 81, 0.08)';

export interface TrendOptions {
  /** Years the axis must cover (the area's available years): the axis goes from the first to the last. */
  span?: readonly number[];
  /**
   * A comune's years anomalous in the source (CityStats.sourceAnomalies, decision 070): their points are
   * ringed in a warning colour, with a legend entry and the figures in the tooltip (withSourceAnomalies).
   */
  anomalies?: readonly SourceAnomaly[];
}

/**
 * The % separately collected over the years, on an axis of consecutive years:
 * - a year without data is a gap in the line (never a zero, never bridged), on a shaded band labelled
 *   'nessun dato' between the years around it;
 * - the year labels and the value labels are thinned when they would overlap;
 * - estimated years (method 'estimate': an area's % where some comuni give only theirs, weighted by each
 *   comune's production) get a hollow marker, with a legend 'stima'; 'reported' is a normal point;
 * - where the points carry their source, a change of source is a vertical line labelled with the new one.
 */
export function rdTrendOption(
  points: readonly TrendPoint[],
  { span, anomalies }: TrendOptions = {},
): EChartsCoreOption {
  return withSourceAnomalies(rdTrendBase(points, span), anomalies, { skip: [TREND_ESTIMATE_NAME] });
}

function rdTrendBase(points: readonly TrendPoint[], span?: readonly number[]): EChartsCoreOption {
  const years = trendYears(points, span);
  const present = years.filter((y) => y.point);
  const last = present[present.length - 1]?.point;
  // Many years on the axis (with or without data): the labels would crowd it.
  const many = years.length > TREND_ALL_LABELS;
  const estimates = years.some((y) => y.point?.method === 'estimate');
  const sourceChanges: { xAxis: string; label: object; lineStyle: object }[] = [];
  let previous: TrendPoint | null = null;
  // Changes a few years apart would write their labels over each other: the later one goes a line up.
  let lastChange: { year: number; level: number } | null = null;
  let levels = 0;
  for (const { point } of years) {
    if (!point) continue;
    if (previous?.source && point.source && point.source !== previous.source) {
      const level: number =
        lastChange && point.year - lastChange.year <= SOURCE_LABEL_YEARS ? 1 - lastChange.level : 0;
      levels = Math.max(levels, level + 1);
      lastChange = { year: point.year, level };
      sourceChanges.push({
        xAxis: String(point.year),
        label: {
          formatter: `Fonte: ${point.source}`,
          position: 'end',
          color: MUTED_COLOR,
          distance: 5 + level * SOURCE_LABEL_STEP,
        },
        lineStyle: { color: MUTED_COLOR, type: 'dotted', width: 1.5 },
      });
    }
    previous = point;
  }
  const gaps = trendGaps(years);
  const estimateOf = new Map(years.map((y) => [String(y.year), y.point?.method === 'estimate']));
  return {
    ...base,
    grid: {
      left: 8,
      right: 24,
      top: levels ? 32 + (levels - 1) * SOURCE_LABEL_STEP : 24,
      bottom: estimates ? 36 : 8,
      containLabel: true,
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (v: number | null | undefined) =>
        typeof v === 'number' ? formatPercent(v) : 'dato non disponibile',
      // With estimates the tooltip says which years are one (and leaves out the legend's own series).
      ...(estimates
        ? {
            formatter: (params: { axisValue?: string; seriesIndex?: number; value?: unknown }[]) => {
              const list = Array.isArray(params) ? params : [params];
              const main = list.find((p) => p.seriesIndex === 0) ?? list[0];
              const year = String(main?.axisValue ?? '');
              const value = typeof main?.value === 'number' ? main.value : null;
              const text = value === null ? 'dato non disponibile' : formatPercent(value);
              return `${year}<br/>${TREND_SERIES_NAME}: ${text}${estimateOf.get(year) && value !== null ? ` (${TREND_ESTIMATE_NAME})` : ''}`;
            },
          }
        : {}),
    },
    ...(estimates
      ? {
          legend: {
            bottom: 0,
            left: 0,
            selectedMode: false,
            textStyle: { color: TEXT_COLOR },
            data: [
              { name: TREND_SERIES_NAME, icon: 'circle' },
              { name: TREND_ESTIMATE_NAME, icon: 'emptyCircle' },
            ],
          },
        }
      : {}),
    xAxis: yearAxis(years),
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
        name: TREND_SERIES_NAME,
        color: PRIMARY_COLOR,
        symbolSize: 9,
        lineStyle: { width: 3 },
        connectNulls: false,
        labelLayout: { hideOverlap: true },
        label: {
          show: !many,
          position: 'top',
          color: TEXT_COLOR,
          formatter: (p: { value: number }) => formatPercent(p.value),
        },
        data: years.map(({ point }) =>
          point
            ? {
                value: point.value,
                symbol: point.method === 'estimate' ? 'emptyCircle' : 'circle',
                // Many years: the last value is always written, the others where there is room.
                ...(many && point === last ? { label: { show: true } } : {}),
              }
            : null,
        ),
        markLine: {
          silent: true,
          symbol: 'none',
          label: { formatter: 'obiettivo 65%', color: MUTED_COLOR, position: 'insideEndBottom' },
          lineStyle: { color: MUTED_COLOR, type: 'dashed' },
          data: [{ yAxis: 65 }, ...sourceChanges],
        },
        ...(gaps.length
          ? {
              markArea: {
                silent: true,
                itemStyle: { color: GAP_COLOR },
                label: { show: true, position: 'insideTop', color: MUTED_COLOR, formatter: TREND_GAP_LABEL },
                data: gaps.map(([from, to]) => [{ xAxis: String(from) }, { xAxis: String(to) }]),
              },
            }
          : {}),
      },
      // The legend's hollow marker: the estimated years again, without a line.
      ...(estimates
        ? [
            {
              type: 'line',
              name: TREND_ESTIMATE_NAME,
              color: PRIMARY_COLOR,
              symbol: 'emptyCircle',
              symbolSize: 9,
              silent: true,
              lineStyle: { width: 0, opacity: 0 },
              label: { show: false },
              data: years.map(({ point }) => (point?.method === 'estimate' ? point.value : null)),
            },
          ]
        : []),
    ],
    media: [
      {
        // A phone: the values only where they fit, the last always.
        query: { maxWidth: NARROW_CHART_WIDTH },
        option: {
          series: [{ label: { show: present.length <= 4 }, symbolSize: 7, lineStyle: { width: 2 } }],
        },
      },
    ],
  };
}

/** One year of an area's tonnes (TonnesPointSchema of the contract). */
export interface TonnesPoint {
  year: number;
  producedT: number;
  sortedT: number;
}

/** The names of the two lines of the tonnes, as the legend, the tooltip and the table say them. */
export const TONNES_SERIES_NAMES = {
  produced: 'Rifiuti urbani prodotti',
  sorted: 'Raccolta differenziata',
} as const;

export interface TonnesTrendOptions extends TrendOptions {
  names?: { produced: string; sorted: string };
}

/** The room above the highest line of the tonnes, as a share of it: for the label of the last year. */
const TONNES_AXIS_ROOM = 0.2;

/** Tonnes in short, for the labels of the points: '29,9 Mln t' (with one digit), '12.345 t'. */
export function formatCompactTonnes(value: number, digits?: number): string {
  return `${formatCompactNumber(value, digits)}\u00a0t`;
}

/**
 * The tonnes of urban waste produced and separately collected over the years: two lines on the axis of
 * consecutive years of the % trend (rdTrendOption), with `span` (the area's available years) covering
 * every year from the first to the last. A year without tonnes (no source, or only the %) is a gap of
 * both lines, never a zero, on the shaded band 'nessun dato'. The tooltip gives the tonnes in full
 * ('29.930.425,7 t', as the cards), the axis and the labels in short ('30 Mln', '29,9 Mln t').
 */
export function tonnesTrendOption(
  points: readonly TonnesPoint[],
  { anomalies, ...options }: TonnesTrendOptions = {},
): EChartsCoreOption {
  return withSourceAnomalies(tonnesTrendBase(points, options), anomalies);
}

function tonnesTrendBase(
  points: readonly TonnesPoint[],
  { span, names = TONNES_SERIES_NAMES }: TonnesTrendOptions,
): EChartsCoreOption {
  const byYear = new Map(points.map((p) => [p.year, p]));
  const years = trendYears(
    points.map((p) => ({ year: p.year, value: p.producedT, method: 'tonnes' as const })),
    span,
  );
  const present = years.filter((y) => y.point);
  const lastYear = present[present.length - 1]?.year;
  const many = years.length > TREND_ALL_LABELS;
  const gaps = trendGaps(years);
  const line = (name: string, color: string, pick: (p: TonnesPoint) => number, band: boolean) => ({
    type: 'line',
    name,
    color,
    // A full point: on the % trend a hollow one is an estimate, and the tonnes are never estimated.
    symbol: 'circle',
    symbolSize: 9,
    lineStyle: { width: 3 },
    connectNulls: false,
    labelLayout: { hideOverlap: true },
    label: {
      show: !many,
      position: 'top',
      color: TEXT_COLOR,
      formatter: (p: { value: number }) => formatCompactTonnes(p.value, 1),
    },
    data: years.map(({ year }) => {
      const point = byYear.get(year);
      if (!point) return null;
      // The last value is always written, ending at its point so that it stays inside the chart.
      return { value: pick(point), ...(year === lastYear ? { label: { show: true, align: 'right' } } : {}) };
    }),
    ...(band && gaps.length
      ? {
          markArea: {
            silent: true,
            itemStyle: { color: GAP_COLOR },
            label: { show: true, position: 'insideTop', color: MUTED_COLOR, formatter: TREND_GAP_LABEL },
            data: gaps.map(([from, to]) => [{ xAxis: String(from) }, { xAxis: String(to) }]),
          },
        }
      : {}),
  });
  const narrowSeries = { label: { show: present.length <= 4 }, symbolSize: 7, lineStyle: { width: 2 } };
  // An axis that reaches a million writes every step in millions ('0,5 Mln', '1 Mln', not '500.000');
  // below, whole tonnes ('800.000').
  const highest = Math.max(0, ...points.flatMap((p) => [p.producedT, p.sortedT]));
  const millions = highest * (1 + TONNES_AXIS_ROOM) >= 1e6;
  const axisLabel = (v: number) => (millions && v !== 0 ? formatMillions(v) : formatNumber(v));
  return {
    ...base,
    grid: { left: 8, right: 24, top: 48, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0, textStyle: { color: TEXT_COLOR } },
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (v: number | null | undefined) =>
        typeof v === 'number' ? formatTonnes(v) : 'dato non disponibile',
    },
    xAxis: yearAxis(years),
    yAxis: {
      type: 'value',
      min: 0,
      // Room above the highest line: the value of the last year is written above its point, clear of the
      // band's label 'nessun dato' at the top.
      boundaryGap: [0, `${TONNES_AXIS_ROOM * 100}%`],
      name: 't',
      nameTextStyle: { color: MUTED_COLOR },
      axisLabel: { color: MUTED_COLOR, formatter: axisLabel },
      splitLine: { lineStyle: { color: '#e3e8e5' } },
    },
    series: [
      line(names.produced, MUTED_COLOR, (p) => p.producedT, true),
      line(names.sorted, PRIMARY_COLOR, (p) => p.sortedT, false),
    ],
    media: [
      {
        // A phone: the values only where they fit, the last always; the legend may take two lines.
        query: { maxWidth: NARROW_CHART_WIDTH },
        option: {
          grid: { top: 64 },
          legend: { itemGap: 8 },
          series: [narrowSeries, narrowSeries],
        },
      },
    ],
  };
}

/** What the percentages of a share chart are of: the comuni that chart counts. */
export type ShareBase = 'modes' | 'actions' | 'sets';

/**
 * The line that says what a chart's percentages are a share of. Each chart has its own base: the comuni
 * with data on collection modes, those with at least one mapped prevention action (fewer: one comune in
 * six maps none), those whose fractions the source details that year.
 */
export function shareBaseText(base: ShareBase, comuniTotal: number, year?: number): string {
  const one = comuniTotal === 1;
  const comuni = `${formatNumber(comuniTotal)} ${one ? 'comune' : 'comuni'}`;
  switch (base) {
    case 'modes':
      return `% su ${comuni} con dati sulle modalità di raccolta`;
    case 'actions':
      return `% su ${comuni} con almeno un'azione di prevenzione mappata`;
    case 'sets':
      return `% su ${comuni} di cui la fonte riporta tutte le frazioni raccolte${year ? ` nel ${year}` : ''}`;
  }
}

export interface ShareChartOptions {
  /** What the percentages are of (shareBaseText), written above the bars. */
  subtitle?: string | null;
}

/** Shares of comuni (collection modes, prevention action categories) as bars on a 0–100% axis. */
export function countShareBarOption(
  items: readonly CountShare[],
  { subtitle }: ShareChartOptions = {},
  color = PRIMARY_COLOR,
): EChartsCoreOption {
  return horizontalBarOption({
    categories: items.map((i) => i.name),
    values: items.map((i) => i.share),
    colors: color,
    format: (v) => formatPercent(v),
    max: 100,
    subtitle,
  });
}

/** The name of a set of fractions: 'Carta e cartone + Vetro'. */
export function fractionSetLabel(set: FractionSet): string {
  return set.fractions.map((f) => f.name).join(' + ');
}

/**
 * A set's name for a chart axis: at most `max` fractions, then '+ altre N'. One fraction more is named
 * rather than counted: '+ 1 altra' would take the room of its name.
 */
export function shortFractionSetLabel(set: FractionSet, max = 4): string {
  if (set.fractions.length <= max + 1) return fractionSetLabel(set);
  return `${set.fractions
    .slice(0, max)
    .map((f) => f.name)
    .join(' + ')} + altre ${set.fractions.length - max}`;
}

/**
 * Whether a distribution of fraction sets says something: over one comune it is a single bar at 100%
 * (the comune's own fractions, already in the fraction chart), so the page shows no chart.
 */
export function hasFractionSetDistribution(
  sets: readonly FractionSet[],
  comuniTotal?: number | null,
): boolean {
  const total = comuniTotal ?? sets.reduce((sum, s) => sum + s.comuniCount, 0);
  return sets.length > 0 && total > 1;
}

/** The most common sets of separately collected fractions, as shares of comuni. */
export function fractionSetsBarOption(
  sets: readonly FractionSet[],
  { subtitle }: ShareChartOptions = {},
): EChartsCoreOption {
  return horizontalBarOption({
    categories: sets.map((set) => shortFractionSetLabel(set)),
    values: sets.map((s) => s.share),
    colors: PRIMARY_COLOR,
    format: (v) => formatPercent(v),
    max: 100,
    subtitle,
    narrowLines: 3,
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

/** One year of the shares of the separately collected tonnes by collection system (ARPAE Emilia-Romagna). */
export interface CollectionSystemYear {
  year: number;
  tonnes: number;
  items: readonly { id: string; name: string; tonnes: number; share: number }[];
}

/**
 * The colour of each collection system (data/reference/collection-systems.csv); others get the palette.
 * All dark enough for the white labels of the segments (contrast 4.5:1 or more).
 */
export const COLLECTION_SYSTEM_COLORS: Readonly<Record<string, string>> = {
  'porta-a-porta': '#0b6b3a',
  stradale: '#1f5f99',
  'centro-di-raccolta': '#a34f0b',
  'su-chiamata': '#6a1b9a',
  ecomobile: '#00695c',
  assimilati: '#6d4c41',
  altro: '#5b6561',
};
const SYSTEM_PALETTE = ['#9b1c31', '#3f6e16', '#a0155f', '#4a2f80', '#155e2b'];

/** Labels inside a segment narrower than this share (%) would not fit: the tooltip and table have them. */
const SEGMENT_LABEL_MIN = 7;
/** A legend name longer than this (px) ends in '…' (the tooltip and the table keep it whole). */
const SYSTEM_LEGEND_TEXT = 150;
const SYSTEM_LEGEND_GAP = 12;
const SYSTEM_LEGEND_LINE = 22;
/** The widths the collection-systems chart lays out its legend for: a panel of the page, a phone. */
const SYSTEM_CHART_WIDE = 500;
const SYSTEM_CHART_NARROW = 290;

/** The systems of the years, in order of first appearance, 'Altri sistemi' last. */
function collectionSystemsOf(years: readonly CollectionSystemYear[]): { id: string; name: string }[] {
  const systems: { id: string; name: string }[] = [];
  for (const y of years)
    for (const item of y.items)
      if (!systems.some((s) => s.id === item.id)) systems.push({ id: item.id, name: item.name });
  return systems.sort((a, b) => Number(a.id === 'altro') - Number(b.id === 'altro'));
}

/**
 * The lines the legend of the systems takes in a chart `width` px wide (ECharts wraps a plain legend):
 * each item is its icon (25 px), 5 px, its name (at most SYSTEM_LEGEND_TEXT) and the gap.
 */
export function collectionSystemsLegendLines(names: readonly string[], width: number): number {
  let lines = names.length ? 1 : 0;
  let used = 0;
  for (const name of names) {
    const item = 30 + Math.min(SYSTEM_LEGEND_TEXT, estimateTextWidth(name)) + SYSTEM_LEGEND_GAP;
    if (used > 0 && used + item > width) {
      lines += 1;
      used = 0;
    }
    used += item;
  }
  return lines;
}

/** The height (px) the collection-systems chart needs: its bars and its legend on a phone. */
export function collectionSystemsChartHeight(years: readonly CollectionSystemYear[]): number {
  const names = collectionSystemsOf(years).map((s) => s.name);
  const legend = collectionSystemsLegendLines(names, SYSTEM_CHART_NARROW) * SYSTEM_LEGEND_LINE;
  return Math.max(180, years.length * 48 + 40 + legend);
}

/**
 * The shares of the separately collected tonnes by collection system: one horizontal bar per year, the
 * oldest on top, stacked to 100%, each system in its colour (legend below). A system the source does not
 * have in a year (e.g. 'Su chiamata' in 2015, lumped into 'Altri sistemi') has no segment that year.
 */
export function collectionSystemsBarOption(years: readonly CollectionSystemYear[]): EChartsCoreOption {
  const systems = collectionSystemsOf(years);
  // Room under the bars for the x axis and the legend, as many lines as it takes.
  const bottomFor = (width: number) =>
    collectionSystemsLegendLines(
      systems.map((s) => s.name),
      width,
    ) *
      SYSTEM_LEGEND_LINE +
    8;
  let spare = 0;
  const colorOf = (id: string) =>
    COLLECTION_SYSTEM_COLORS[id] ?? SYSTEM_PALETTE[spare++ % SYSTEM_PALETTE.length] ?? PRIMARY_COLOR;
  const colors = new Map(systems.map((s) => [s.id, colorOf(s.id)]));
  const categories = years.map((y) => String(y.year));
  return {
    ...base,
    grid: { left: 8, right: 16, top: 8, bottom: bottomFor(SYSTEM_CHART_WIDE), containLabel: true },
    legend: {
      bottom: 0,
      left: 0,
      selectedMode: false,
      itemGap: SYSTEM_LEGEND_GAP,
      textStyle: {
        color: TEXT_COLOR,
        fontSize: LABEL_FONT_SIZE,
        width: SYSTEM_LEGEND_TEXT,
        overflow: 'truncate',
        ellipsis: '…',
      },
      tooltip: { show: true },
      data: systems.map((s) => s.name),
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'shadow' },
      formatter: (params: { dataIndex: number }[]) => {
        const list = Array.isArray(params) ? params : [params];
        const year = years[list[0]?.dataIndex ?? 0];
        if (!year) return '';
        return [
          `${year.year}: ${formatTonnes(year.tonnes)} di raccolta differenziata`,
          ...year.items.map((i) => `${i.name}: ${formatPercent(i.share)} (${formatTonnes(i.tonnes)})`),
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: 100,
      axisLabel: { color: MUTED_COLOR, formatter: (v: number) => `${formatNumber(v)}%` },
      splitLine: { lineStyle: { color: '#e3e8e5' } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: categories,
      axisLabel: { color: TEXT_COLOR, fontSize: LABEL_FONT_SIZE },
      axisTick: { show: false },
    },
    series: systems.map((system) => ({
      type: 'bar',
      name: system.name,
      stack: 'share',
      barMaxWidth: 36,
      color: colors.get(system.id),
      itemStyle: { borderColor: '#ffffff', borderWidth: 0.5 },
      label: {
        show: true,
        position: 'inside',
        color: '#ffffff',
        fontSize: LABEL_FONT_SIZE,
        formatter: (p: { value: number | null }) =>
          typeof p.value === 'number' && p.value >= SEGMENT_LABEL_MIN ? formatPercent(p.value, 0) : '',
      },
      data: years.map((y) => y.items.find((i) => i.id === system.id)?.share ?? null),
    })),
    media: [
      {
        // A phone: no labels on the segments (the table has them), thinner bars.
        query: { maxWidth: NARROW_CHART_WIDTH },
        option: {
          grid: { bottom: bottomFor(SYSTEM_CHART_NARROW) },
          series: systems.map(() => ({ label: { show: false }, barMaxWidth: 24 })),
        },
      },
    ],
  };
}
