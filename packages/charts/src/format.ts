/**
 * Italian number formatting shared by the web app and the server-side export: 1.234,5 t, 67,7%.
 */

import { UNIT_DECIMALS, type Unit } from '@portal/contract/lite';

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(digits: number, signed = false): Intl.NumberFormat {
  const key = `${digits}:${signed}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat('it-IT', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: 'always',
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    cache.set(key, format);
  }
  return format;
}

/** A number the Italian way with a fixed number of decimals: formatNumber(1234.56, 1) → '1.234,6'. */
export function formatNumber(value: number, digits = 0): string {
  return numberFormat(digits).format(value);
}

/** With an explicit sign (+/−) unless zero: formatSigned(0.597, 1) → '+0,6'. */
export function formatSigned(value: number, digits = 0): string {
  return numberFormat(digits, true).format(value);
}

/** A value with its unit: '1.234,5 t', '343,8 kg/ab', '67,7%', '213,22 €/ab'. */
export function formatValue(value: number, unit: Unit): string {
  const text = formatNumber(value, UNIT_DECIMALS[unit]);
  return unit === '%' ? `${text}%` : `${text}\u00a0${unit}`;
}

/** Tonnes: '1.234,5 t'. */
export function formatTonnes(value: number): string {
  return formatValue(value, 't');
}

const millionsFormat = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});

/**
 * A number in millions, 'Mln': with `digits` decimals, or as many as it needs up to two ('30 Mln',
 * '2,5 Mln', '0,25 Mln').
 */
export function formatMillions(value: number, digits?: number): string {
  const millions = value / 1e6;
  const text = digits === undefined ? millionsFormat.format(millions) : formatNumber(millions, digits);
  return `${text}\u00a0Mln`;
}

/**
 * A number in short, for a chart's axis and labels: from a million in millions (formatMillions: '30 Mln',
 * '29,9 Mln' with one digit), smaller numbers whole with their thousands ('500.000', '1.234').
 */
export function formatCompactNumber(value: number, digits?: number): string {
  return Math.abs(value) >= 1e6 ? formatMillions(value, digits) : formatNumber(value);
}

/** A percentage: '67,7%'. */
export function formatPercent(value: number, digits = 1): string {
  return `${formatNumber(value, digits)}%`;
}

/**
 * A change between two years: a difference of percentages is in percentage points
 * ('+0,6 punti percentuali'), any other unit keeps its unit ('−12,3 t').
 */
export function formatChange(change: number, unit: Unit): string {
  const text = formatSigned(change, UNIT_DECIMALS[unit]);
  return unit === '%' ? `${text} punti percentuali` : `${text}\u00a0${unit}`;
}

/**
 * Years grouped into runs of consecutive years, ascending, without repeats:
 * yearRanges([2021, 2018, 2019, 2020, 2012]) → [[2012, 2012], [2018, 2021]].
 */
export function yearRanges(years: readonly number[]): [number, number][] {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const year of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && year === last[1] + 1) last[1] = year;
    else ranges.push([year, year]);
  }
  return ranges;
}

const yearList = new Intl.ListFormat('it-IT', { style: 'long', type: 'conjunction' });

/**
 * Years the Italian way, consecutive ones as a range with an en dash: '2018–2021', '2012 e 2018–2021',
 * '2010, 2012 e 2015–2016'. Two consecutive years are a range too ('2015–2016').
 */
export function formatYearRanges(years: readonly number[]): string {
  return yearList.format(yearRanges(years).map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`)));
}

/** Text of the API (territory names, a source's figures) in a tooltip, which ECharts reads as HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
