/**
 * A single figure (a total of an area and year) drawn as a card: the big number with its unit, the year,
 * and its comparison with the comparison year, as the page's statistic cards show it. Used by the
 * server-side export (png, jpg, pdf), where a single value has no chart to be drawn as.
 */
import type { Unit } from '@portal/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { formatChange, formatSigned, formatValue } from './format';
import { FONT_FAMILY, MUTED_COLOR, PRIMARY_COLOR, TEXT_COLOR } from './options';

/**
 * The subset of the contract's Statistic a figure needs. The API computes change, changePct, trend and
 * outcome from the values as shown (apps/api statistic.ts), so the card's numbers add up.
 */
export interface FigureStatistic {
  value: number | null;
  unit: Unit;
  compareValue: number | null;
  change: number | null;
  changePct: number | null;
  trend: 'up' | 'down' | 'unchanged' | null;
  outcome: 'better' | 'worse' | 'unchanged' | null;
  /**
   * When the view's comparison year lacks this statistic: the nearest year that has it (offered as another
   * comparison year), null when no other year has it. Absent: not said.
   */
  nearestYear?: number | null;
  /** The value is an estimate (an area's % where some comuni give only their %). */
  estimate?: boolean;
  /** The compared value is an estimate. */
  compareEstimate?: boolean;
}

export const FIGURE_MESSAGES = {
  compared: (year: number, value: string) => `Nel ${year}: ${value}`,
  /** After a compared value that is itself an estimate. */
  estimated: '(stima)',
  /** The view's comparison year lacks the statistic: said, never replaced by another year (decision 072). */
  compareMissing: (year: number) => `Dato non disponibile per il ${year}.`,
  /** The year nearest to the comparison year that has the statistic (a link on the page). */
  nearestYear: (year: number) => `Anno più vicino con il dato: ${year}.`,
  /** No year of the portal but the view's own has the statistic. */
  noOtherYear: 'Nessun altro anno con questo dato nel portale.',
  noCompareYear: 'Nessun anno di confronto disponibile.',
  unchanged: (year: number) => `Non variato rispetto al ${year}`,
  changePct: (text: string, year: number) => `(${text}% rispetto al ${year})`,
  better: 'in miglioramento',
  worse: 'in peggioramento',
  year: (year: number) => `Anno ${year}`,
  estimate: 'Stima: percentuali dei comuni pesate sulla loro produzione di rifiuti',
} as const;

/**
 * How a statistic compares in a view: one comparison year per view (decision 072). 'none': the view has
 * no comparison year; 'missing': the comparison year lacks the statistic (statistic.nearestYear says which
 * year has it instead); otherwise the comparison year, which compareValue is from.
 */
export function statisticComparison(
  statistic: Pick<FigureStatistic, 'compareValue'>,
  compareYear: number | null,
): { year: number } | 'missing' | 'none' {
  if (compareYear === null) return 'none';
  return statistic.compareValue === null ? 'missing' : { year: compareYear };
}

/** The wording of the reasons for no comparison (the page's cards pass their own, the same). */
export interface NoComparisonMessages {
  compareMissing: (year: number) => string;
  noOtherYear: string;
  noCompareYear: string;
}

/**
 * Why a statistic with a value has no comparison (statisticComparison), as the card says it; the nearest
 * year with the statistic, when there is one, is for the caller to offer (a link on the page).
 */
export function noComparisonText(
  reason: 'missing' | 'none',
  compareYear: number | null,
  nearestYear: number | null | undefined,
  messages: NoComparisonMessages = FIGURE_MESSAGES,
): string {
  if (reason === 'none' || compareYear === null) return messages.noCompareYear;
  const missing = messages.compareMissing(compareYear);
  return nearestYear === null ? `${missing} ${messages.noOtherYear}` : missing;
}

const BETTER_COLOR = PRIMARY_COLOR;
const WORSE_COLOR = '#b3261e';

/** The lines of a figure's comparison, in Italian, each with its colour (the page card's wording). */
export function figureComparisonLines(
  statistic: FigureStatistic,
  compareYear: number | null,
): { text: string; color: string; bold?: boolean }[] {
  if (statistic.value === null) return [];
  const against = statisticComparison(statistic, compareYear);
  if (typeof against === 'string' || statistic.compareValue === null) {
    const lines = [
      {
        text: noComparisonText(against === 'none' ? 'none' : 'missing', compareYear, statistic.nearestYear),
        color: MUTED_COLOR,
      },
    ];
    if (against === 'missing' && typeof statistic.nearestYear === 'number')
      lines.push({ text: FIGURE_MESSAGES.nearestYear(statistic.nearestYear), color: MUTED_COLOR });
    return lines;
  }
  const compared = {
    text:
      FIGURE_MESSAGES.compared(against.year, formatValue(statistic.compareValue, statistic.unit)) +
      (statistic.compareEstimate ? ` ${FIGURE_MESSAGES.estimated}` : ''),
    color: TEXT_COLOR,
  };
  const { change, changePct, trend, outcome } = statistic;
  if (change === null) return [compared];
  if (trend === 'unchanged' || outcome === 'unchanged')
    return [compared, { text: FIGURE_MESSAGES.unchanged(against.year), color: MUTED_COLOR }];
  const arrow = trend === 'up' ? '▲ ' : trend === 'down' ? '▼ ' : '';
  const pct =
    changePct !== null && statistic.unit !== '%'
      ? ` ${FIGURE_MESSAGES.changePct(formatSigned(changePct, 1), against.year)}`
      : '';
  const judged = outcome === 'better' || outcome === 'worse' ? `, ${FIGURE_MESSAGES[outcome]}` : '';
  return [
    compared,
    {
      text: `${arrow}${formatChange(change, statistic.unit)}${pct}${judged}`,
      color: outcome === 'better' ? BETTER_COLOR : outcome === 'worse' ? WORSE_COLOR : TEXT_COLOR,
      bold: true,
    },
  ];
}

export interface FigureBox {
  /** The drawing's width, in px. */
  width: number;
  /** Where the card starts and ends, in px from the top of the drawing. */
  top: number;
  bottom: number;
  fontFamily?: string;
}

/**
 * The figure card as ECharts graphic elements (no series, no axis): the year, the value in large type
 * with its unit, then the comparison lines, centred in a tinted box.
 */
export function figureCardOption(
  statistic: FigureStatistic,
  year: number,
  compareYear: number | null,
  { width, top, bottom, fontFamily = FONT_FAMILY }: FigureBox,
): EChartsCoreOption {
  if (statistic.value === null) throw new Error('figureCardOption: no value to draw');
  const value = formatValue(statistic.value, statistic.unit);
  const margin = 32;
  const inner = width - 2 * margin;
  // Bold digits are about 0.72 em wide: the largest type that keeps the number inside the card.
  const valueSize = Math.min(104, Math.floor((inner - 64) / (value.length * 0.72)));
  const lines = [
    ...(statistic.estimate ? [{ text: FIGURE_MESSAGES.estimate, color: MUTED_COLOR, bold: false }] : []),
    ...figureComparisonLines(statistic, compareYear),
  ];
  const center = width / 2;
  const text = (y: number, content: string, size: number, color: string, bold = false) => ({
    type: 'text',
    x: center,
    y,
    style: {
      text: content,
      x: 0,
      y: 0,
      fontFamily,
      fontSize: size,
      fontWeight: bold ? 'bold' : 'normal',
      fill: color,
      align: 'center',
      verticalAlign: 'top',
    },
  });
  const height = bottom - top;
  const blockHeight = 28 + 24 + valueSize + 32 + lines.length * 40;
  let y = top + Math.max(24, (height - blockHeight) / 2);
  const elements: object[] = [
    {
      type: 'rect',
      shape: { x: margin, y: top, width: inner, height, r: 12 },
      style: { fill: '#f1f5f2', stroke: '#d5dfd9', lineWidth: 1 },
    },
    text(y, FIGURE_MESSAGES.year(year), 24, MUTED_COLOR),
  ];
  y += 28 + 24;
  elements.push(text(y, value, valueSize, PRIMARY_COLOR, true));
  y += valueSize + 32;
  for (const line of lines) {
    elements.push(text(y, line.text, 24, line.color, line.bold));
    y += 40;
  }
  return { animation: false, textStyle: { fontFamily, color: TEXT_COLOR }, graphic: elements };
}
