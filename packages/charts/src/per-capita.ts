import type { AreaStats } from '@portal/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { formatNumber, formatValue } from './format';
import type { SourceAnomaly } from '@portal/contract';
import { withSourceAnomalies } from './anomalies';
import { MUTED_COLOR, PRIMARY_COLOR, rdTrendOption, TEXT_COLOR } from './options';

export type PerCapitaPoint = AreaStats['perCapitaTrend'][number];

/** The years whose kg per inhabitant are known (produced and separately collected). */
export function perCapitaYears(points: readonly PerCapitaPoint[]) {
  return points.filter((p) => p.producedKgPerCapita !== null && p.sortedKgPerCapita !== null);
}

interface LineSeries {
  label?: object;
  data?: ({ value: number; label?: object } | null)[];
  markLine?: { data?: { yAxis?: number }[] };
  markArea?: object;
  [key: string]: unknown;
}
interface TrendOption {
  series: LineSeries[];
  yAxis: { axisLabel?: object };
  tooltip: object;
  grid: object;
  media?: { query: object; option: { series?: object[]; grid?: object } }[];
  [key: string]: unknown;
}

const kg = (value: number) => formatValue(value, 'kg/ab');

/**
 * The top of the plot on a phone, in px: the legend's two lines (about 44 px) and, below them, the axis
 * name 'kg/ab' (drawn 15 px above the plot), which at the wide chart's 48 px sat on the legend's second line.
 */
export const PER_CAPITA_NARROW_TOP = 76;

/**
 * Kg produced and kg separately collected per inhabitant over the years: two lines on the trend chart of
 * the % (rdTrendOption: the same axis of consecutive years, gaps, thinned labels and source changes),
 * with a kg axis instead of 0–100% and without the 65% target, which is about the %. With `span` (the
 * area's available years) the axis covers every year from the first to the last: the years without kg
 * (no source, or only the %) are gaps on the shaded band 'nessun dato'.
 */
export function perCapitaTrendOption(
  points: readonly PerCapitaPoint[],
  names: { produced: string; sorted: string },
  span: readonly number[] = [],
  anomalies?: readonly SourceAnomaly[],
): EChartsCoreOption {
  return withSourceAnomalies(perCapitaBase(points, names, span), anomalies);
}

function perCapitaBase(
  points: readonly PerCapitaPoint[],
  names: { produced: string; sorted: string },
  span: readonly number[],
): EChartsCoreOption {
  const years = perCapitaYears(points);
  const lineOf = (pick: (p: PerCapitaPoint) => number) =>
    rdTrendOption(
      years.map((p) => ({ year: p.year, value: pick(p), method: 'tonnes' as const })),
      { span },
    ) as TrendOption;
  const produced = lineOf((p) => p.producedKgPerCapita!);
  const sorted = lineOf((p) => p.sortedKgPerCapita!);
  const series = (line: TrendOption, name: string, color: string, markers: boolean): LineSeries => {
    const [first] = line.series;
    const markLine = first?.markLine;
    const data = first?.data ?? [];
    const last = data.findLastIndex((d) => d !== null);
    return {
      ...first,
      name,
      color,
      // The last value ends at its point, as on the tonnes' chart: centred on it, '612,4 kg/ab' would
      // reach past the chart's right edge on a phone.
      data: data.map((d, i) => (d && i === last ? { ...d, label: { ...d.label, align: 'right' } } : d)),
      label: { ...first?.label, formatter: (p: { value: number }) => kg(p.value) },
      // The source changes stay (once), the target of 65% goes.
      markLine:
        markers && markLine
          ? { ...markLine, data: (markLine.data ?? []).filter((d) => d.yAxis === undefined) }
          : undefined,
      // The band of the years without data, once.
      markArea: markers ? first?.markArea : undefined,
    };
  };
  return {
    ...produced,
    grid: { ...produced.grid, top: 48 },
    legend: { top: 0, left: 0, textStyle: { color: TEXT_COLOR } },
    tooltip: {
      ...produced.tooltip,
      valueFormatter: (v: number | null | undefined) =>
        typeof v === 'number' ? kg(v) : 'dato non disponibile',
    },
    yAxis: {
      ...produced.yAxis,
      max: undefined,
      axisLabel: { ...produced.yAxis.axisLabel, formatter: (v: number) => formatNumber(v) },
      name: 'kg/ab',
      nameTextStyle: { color: MUTED_COLOR },
    },
    series: [
      series(produced, names.produced, MUTED_COLOR, true),
      series(sorted, names.sorted, PRIMARY_COLOR, false),
    ],
    // What the % chart does to its line on a phone, done to both lines; the legend there takes two lines,
    // and the axis name 'kg/ab' goes below them (PER_CAPITA_NARROW_TOP).
    media: produced.media?.map((m) => ({
      ...m,
      option: {
        ...m.option,
        grid: { top: PER_CAPITA_NARROW_TOP },
        legend: { itemGap: 8 },
        series: m.option.series ? [m.option.series[0], m.option.series[0]] : undefined,
      },
    })),
  };
}
