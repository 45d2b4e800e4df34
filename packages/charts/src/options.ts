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
  method: 'tonnes' | 'weighted_mean';
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

/** Every year from the first to the last point, each with its point or null (a year without data). */
export function trendYears(points: readonly TrendPoint[]): { year: number; point: TrendPoint | null }[] {
  if (points.length === 0) return [];
  const byYear = new Map(points.map((p) => [p.year, p]));
  const years = points.map((p) => p.year);
  const first = Math.min(...years);
  const last = Math.max(...years);
  return Array.from({ length: last - first + 1 }, (_, i) => ({
    year: first + i,
    point: byYear.get(first + i) ?? null,
  }));
}

/** Above this many years the values are written only where they do not overlap, and always on the last. */
const TREND_ALL_LABELS = 8;

/**
 * The % separately collected over the years, on an axis of consecutive years:
 * - a year without data is a gap in the line (never a zero, never bridged);
 * - the year labels and the value labels are thinned when they would overlap;
 * - years whose % is a population-weighted mean of the comuni (method 'weighted_mean', the tonnes being
 *   unknown) get a hollow marker;
 * - where the points carry their source, a change of source is a vertical line labelled with the new one.
 */
export function rdTrendOption(points: readonly TrendPoint[]): EChartsCoreOption {
  const years = trendYears(points);
  const last = years[years.length - 1]?.point;
  const many = points.length > TREND_ALL_LABELS;
  const sourceChanges: { xAxis: string; label: object; lineStyle: object }[] = [];
  let previous: TrendPoint | null = null;
  for (const { point } of years) {
    if (!point) continue;
    if (previous?.source && point.source && point.source !== previous.source) {
      sourceChanges.push({
        xAxis: String(point.year),
        label: { formatter: `Fonte: ${point.source}`, position: 'end', color: MUTED_COLOR },
        lineStyle: { color: MUTED_COLOR, type: 'dotted', width: 1.5 },
      });
    }
    previous = point;
  }
  return {
    ...base,
    grid: { left: 8, right: 24, top: sourceChanges.length ? 32 : 24, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (v: number | null | undefined) =>
        typeof v === 'number' ? formatPercent(v) : 'dato non disponibile',
    },
    xAxis: {
      type: 'category',
      data: years.map((y) => String(y.year)),
      axisLabel: { color: MUTED_COLOR, hideOverlap: true },
      axisTick: { alignWithLabel: true },
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
                symbol: point.method === 'weighted_mean' ? 'emptyCircle' : 'circle',
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
      },
    ],
    media: [
      {
        // A phone: the values only where they fit, the last always.
        query: { maxWidth: NARROW_CHART_WIDTH },
        option: { series: [{ label: { show: points.length <= 4 }, symbolSize: 7, lineStyle: { width: 2 } }] },
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
      return `% su ${comuni} ${one ? 'che riporta' : 'che riportano'} le frazioni raccolte${year ? ` nel ${year}` : ''}`;
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
