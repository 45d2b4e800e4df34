/**
 * The comune-years anomalous in the source (docs/decisions/070) on a trend chart: each line's point of a
 * flagged year gets a ring in a warning colour (a series of its own, without a line, drawn over the point),
 * the legend an entry "Dato anomalo nella fonte", and the tooltip of the year the figures that make it so.
 * Applied to the options of rdTrendOption, tonnesTrendOption and perCapitaTrendOption, on the page and in
 * the export (which draws the same options on the server), so both show the same marks.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { SOURCE_ANOMALY_LABEL, sourceAnomalyText } from '@portal/contract/lite';
import type { SourceAnomaly } from '@portal/contract';
import { escapeHtml } from './format';
// A cycle (options.ts applies this module), read only when a chart is built.
import { NARROW_CHART_WIDTH } from './options';

/** The ring of a flagged point: dark orange, 5.2:1 on white (WCAG's 3:1 for graphics). */
export const ANOMALY_COLOR = '#c2410c';
/** The legend's and tooltip's name of the flagged points. */
export const ANOMALY_NAME = SOURCE_ANOMALY_LABEL;
const RING_SIZE = 17;
/** The room under the plot for a legend at the bottom, in px; on a phone, for two lines of it. */
const LEGEND_ROOM = 36;
const LEGEND_ROOM_NARROW = 58;
/** The widest the figures in the tooltip run before they wrap, in px (a phone's chart is about 340). */
const TOOLTIP_TEXT_WIDTH = 280;

/** The mark of a flagged figure in a table (/confronta's, its PDF's), explained by a note under it. */
export const ANOMALY_MARK = '⚠';

/**
 * The flagged years of a comune with the figures that make them so, in Italian ("0,01 t per 843 abitanti…"):
 * what the tooltip, the tables and their notes write after "Dato anomalo nella fonte".
 */
export function anomalyTextByYear(anomalies: readonly SourceAnomaly[] = []): Map<number, string> {
  return new Map(anomalies.map((a) => [a.year, sourceAnomalyText(a)]));
}

interface Series {
  type?: string;
  name?: string;
  data?: unknown[];
  [key: string]: unknown;
}
interface LegendItem {
  name: string;
  [key: string]: unknown;
}
interface Legend {
  bottom?: number | string;
  data?: (string | LegendItem)[];
  [key: string]: unknown;
}
interface TooltipParam {
  axisValue?: string | number;
  seriesName?: string;
  marker?: string;
  value?: unknown;
}
type Formatter = (params: TooltipParam | TooltipParam[]) => string;

const valueOf = (d: unknown): number | null =>
  typeof d === 'number'
    ? d
    : typeof (d as { value?: unknown } | null)?.value === 'number'
      ? (d as { value: number }).value
      : null;

/** The legend's entry of the flagged points: a ring of the warning colour. */
const legendEntry: LegendItem = {
  name: ANOMALY_NAME,
  icon: 'circle',
  itemStyle: { color: 'rgba(255, 255, 255, 0)', borderColor: ANOMALY_COLOR, borderWidth: 2.5 },
};

/**
 * The trend option with the points of the flagged years marked (nothing changes without one on its axis).
 * `skip` names series that repeat a line's points (the legend's hollow marker of the estimates).
 */
export function withSourceAnomalies(
  option: EChartsCoreOption,
  anomalies: readonly SourceAnomaly[] | undefined,
  { skip = [] }: { skip?: readonly string[] } = {},
): EChartsCoreOption {
  const o = option as Record<string, unknown>;
  const categories = ((o.xAxis as { data?: string[] } | undefined)?.data ?? []).map(String);
  const texts = anomalyTextByYear(anomalies);
  const flagged = categories.map((year) => texts.has(Number(year)));
  if (!flagged.some(Boolean)) return option;
  const series = (o.series as Series[]).filter(
    (s) => s.type === 'line' && !skip.includes(s.name ?? '') && Array.isArray(s.data),
  );
  const rings = series
    .map((s) => (s.data ?? []).map((d, i) => (flagged[i] ? valueOf(d) : null)))
    .filter((data) => data.some((v) => v !== null))
    .map((data) => ({
      type: 'line',
      name: ANOMALY_NAME,
      symbol: 'circle',
      symbolSize: RING_SIZE,
      z: 5,
      itemStyle: { color: 'rgba(255, 255, 255, 0)', borderColor: ANOMALY_COLOR, borderWidth: 3 },
      lineStyle: { width: 0, opacity: 0 },
      label: { show: false },
      connectNulls: false,
      data,
    }));
  if (rings.length === 0) return option;

  // The entry goes in a legend at the bottom: the % trend's own (with its 'stima', two lines on a phone), or
  // one of its own under the plot, so that a legend above it (the two lines of the tonnes and kg) keeps its
  // lines on a phone. A lone line needs no legend entry: the chart's title names it.
  const names = [...new Set(series.map((s) => s.name ?? ''))];
  const legend = o.legend as Legend | undefined;
  const grid = (o.grid ?? {}) as Record<string, unknown>;
  const bottom = typeof grid.bottom === 'number' ? grid.bottom : 8;
  const own: Legend = {
    bottom: 0,
    left: 0,
    selectedMode: false,
    textStyle: (o.textStyle as object | undefined) ?? {},
    data: [legendEntry],
  };
  const shared = legend?.bottom !== undefined;
  const legends = shared
    ? { ...legend, data: [...(legend.data ?? names), legendEntry] }
    : legend
      ? [{ ...legend, data: legend.data ?? names }, own]
      : own;
  const media: NonNullable<EChartsCoreOption['media']> = [
    ...((o.media as EChartsCoreOption['media']) ?? []),
    ...(shared
      ? [{ query: { maxWidth: NARROW_CHART_WIDTH }, option: { grid: { bottom: LEGEND_ROOM_NARROW } } }]
      : []),
  ];

  const tooltip = (o.tooltip ?? {}) as {
    formatter?: Formatter;
    valueFormatter?: (v: unknown) => string;
  };
  const hidden = new Set([ANOMALY_NAME, ...skip]);
  const plain: Formatter = (params) => {
    const list = Array.isArray(params) ? params : [params];
    const year = String(list[0]?.axisValue ?? '');
    const lines = list
      .filter((p) => !hidden.has(p.seriesName ?? ''))
      .map(
        (p) =>
          `${p.marker ?? ''}${escapeHtml(p.seriesName ?? '')}: ${tooltip.valueFormatter ? tooltip.valueFormatter(p.value) : String(p.value)}`,
      );
    return [escapeHtml(year), ...lines].join('<br/>');
  };
  const inner = tooltip.formatter ?? plain;
  const formatter: Formatter = (params) => {
    const list = Array.isArray(params) ? params : [params];
    const text = texts.get(Number(list[0]?.axisValue));
    const head = inner(params);
    return text
      ? `${head}<div style="color:${ANOMALY_COLOR};font-weight:600;white-space:normal;max-width:${TOOLTIP_TEXT_WIDTH}px">${escapeHtml(`${ANOMALY_NAME}: ${text}`)}</div>`
      : head;
  };

  return {
    ...o,
    grid: { ...grid, bottom: Math.max(bottom, LEGEND_ROOM) },
    legend: legends,
    tooltip: { ...tooltip, formatter },
    series: [...(o.series as Series[]), ...rings],
    ...(media.length ? { media } : {}),
  };
}
