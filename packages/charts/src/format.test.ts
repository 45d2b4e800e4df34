import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCompactNumber,
  formatMillions,
  formatNumber,
  formatPercent,
  formatSigned,
  formatTonnes,
  formatValue,
  formatYearRanges,
  yearRanges,
} from './format';

describe('Italian number formatting', () => {
  it('groups thousands with dots and uses a decimal comma', () => {
    expect(formatNumber(1234.5, 1)).toBe('1.234,5');
    expect(formatNumber(29930425.678, 0)).toBe('29.930.426');
    expect(formatNumber(1180)).toBe('1.180');
  });
  it('adds the unit', () => {
    expect(formatTonnes(1234.54)).toBe('1.234,5\u00a0t');
    expect(formatValue(343.824, 'kg/ab')).toBe('343,8\u00a0kg/ab');
    expect(formatValue(67.692, '%')).toBe('67,7%');
    expect(formatValue(213.2244, '€/ab')).toBe('213,22\u00a0€/ab');
    expect(formatPercent(27.64)).toBe('27,6%');
  });
  it('signs changes, in percentage points for percentages', () => {
    expect(formatSigned(0.597, 1)).toBe('+0,6');
    expect(formatSigned(-12.34, 1)).toMatch(/^[-−]12,3$/);
    expect(formatSigned(0, 1)).toBe('0,0');
    expect(formatChange(0.597, '%')).toBe('+0,6 punti percentuali');
    expect(formatChange(-1500, 't')).toMatch(/^[-−]1\.500,0\u00a0t$/);
  });
});

describe('numbers in short, for the axes', () => {
  it('writes millions as «Mln», with the decimals they need or those asked, smaller numbers whole', () => {
    expect(formatMillions(30000000)).toBe('30\u00a0Mln');
    expect(formatMillions(2500000)).toBe('2,5\u00a0Mln');
    expect(formatMillions(250000)).toBe('0,25\u00a0Mln');
    expect(formatMillions(29930425.7, 1)).toBe('29,9\u00a0Mln');
    expect(formatMillions(30000000, 1)).toBe('30,0\u00a0Mln');
    expect(formatCompactNumber(29930425.7)).toBe('29,93\u00a0Mln');
    expect(formatCompactNumber(29930425.7, 1)).toBe('29,9\u00a0Mln');
    expect(formatCompactNumber(500000)).toBe('500.000');
    expect(formatCompactNumber(1234.5)).toBe('1.235');
    expect(formatCompactNumber(0)).toBe('0');
  });
});

describe('years as ranges', () => {
  it('groups consecutive years, in order, without repeats', () => {
    expect(yearRanges([2021, 2018, 2019, 2020, 2012, 2019])).toEqual([
      [2012, 2012],
      [2018, 2021],
    ]);
    expect(yearRanges([])).toEqual([]);
  });
  it('writes them the Italian way, with an en dash and «e» before the last', () => {
    expect(formatYearRanges([2018, 2019, 2020, 2021])).toBe('2018–2021');
    expect(formatYearRanges([2019])).toBe('2019');
    expect(formatYearRanges([2012, 2018, 2019, 2020, 2021])).toBe('2012 e 2018–2021');
    expect(formatYearRanges([2010, 2012, 2015, 2016])).toBe('2010, 2012 e 2015–2016');
    expect(formatYearRanges([])).toBe('');
  });
});
