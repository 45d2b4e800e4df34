import { describe, expect, it } from 'vitest';
import {
  figureCardOption,
  figureComparisonLines,
  noComparisonText,
  statisticComparison,
  type FigureStatistic,
} from './figure';

const produced: FigureStatistic = {
  value: 29034118.39,
  unit: 't',
  compareValue: 29224981.7,
  change: -190863.3,
  changePct: -0.65,
  trend: 'down',
  // Tonnes get no verdict (decision 072): the API gives them none.
  outcome: null,
};

type Element = { type: string; style?: { text?: string; fill?: string; fontSize?: number } };
const texts = (option: object) =>
  ((option as { graphic: Element[] }).graphic ?? []).flatMap((g) => (g.style?.text ? [g.style] : []));

describe('the figure card of a single value', () => {
  const box = { width: 1200, top: 120, bottom: 680 };

  it('draws the value in large type with its unit, the year and the comparison, and no bar', () => {
    const option = figureCardOption(produced, 2024, 2023, box) as { series?: unknown; graphic: Element[] };
    expect(option.series).toBeUndefined();
    const lines = texts(option);
    // The minus sign is '−' or '-' depending on the ICU data of the runtime.
    expect(lines.map((l) => l.text!.replace(/\u2212/g, '-'))).toEqual([
      'Anno 2024',
      '29.034.118,4\u00a0t',
      'Nel 2023: 29.224.981,7\u00a0t',
      '▼ -190.863,3\u00a0t (-0,7% rispetto al 2023)',
    ]);
    const value = lines[1]!;
    expect(value.fontSize).toBeGreaterThanOrEqual(48);
    // The number fits the card: about 0.72 em per bold character.
    expect(value.text!.length * value.fontSize! * 0.72).toBeLessThan(box.width - 64);
    expect(lines[3]!.fill).toBe('#1c2321'); // no verdict: the text colour
  });

  it('says why there is no comparison, as the page card does', () => {
    expect(figureComparisonLines(produced, null)).toEqual([
      { text: 'Nessun anno di confronto disponibile.', color: '#4a5551' },
    ]);
    expect(figureComparisonLines({ ...produced, compareValue: null, change: null }, 2023)[0]!.text).toBe(
      'Dato non disponibile per il 2023.',
    );
    const unchanged = figureComparisonLines(
      {
        ...produced,
        unit: '%',
        value: 65.04,
        compareValue: 65.01,
        change: 0,
        changePct: 0,
        trend: 'unchanged',
        outcome: 'unchanged',
      },
      2023,
    );
    expect(unchanged.map((l) => l.text)).toEqual(['Nel 2023: 65,0%', 'Non variato rispetto al 2023']);
  });

  it('writes a change of a percentage in points, without a relative change, in red when worse', () => {
    const [, change] = figureComparisonLines(
      {
        value: 82.06,
        unit: '%',
        compareValue: 81.94,
        change: 0.2,
        changePct: 0.24,
        trend: 'up',
        outcome: 'worse',
      },
      2023,
    );
    expect(change).toEqual({
      text: '▲ +0,2 punti percentuali, in peggioramento',
      color: '#b3261e',
      bold: true,
    });
  });

  it('never compares with another year than the comparison year: it says the year lacks it, and which has it', () => {
    // Italy 2024 against 2023: the tonnes of 2023 are not known, the nearest year with them is 2017.
    const lacking = { ...produced, compareValue: null, change: null, changePct: null, trend: null };
    expect(figureComparisonLines({ ...lacking, nearestYear: 2017 }, 2023)).toEqual([
      { text: 'Dato non disponibile per il 2023.', color: '#4a5551' },
      { text: 'Anno più vicino con il dato: 2017.', color: '#4a5551' },
    ]);
    // No other year has the statistic at all.
    expect(figureComparisonLines({ ...lacking, nearestYear: null }, 2023).map((l) => l.text)).toEqual([
      'Dato non disponibile per il 2023. Nessun altro anno con questo dato nel portale.',
    ]);
    expect(statisticComparison(lacking, 2023)).toBe('missing');
    expect(statisticComparison(lacking, null)).toBe('none');
    expect(statisticComparison(produced, 2023)).toEqual({ year: 2023 });
    const card = texts(figureCardOption({ ...lacking, nearestYear: 2017 }, 2024, 2023, box)).map(
      (l) => l.text,
    );
    expect(card).toContain('Dato non disponibile per il 2023.');
    expect(card.some((l) => l!.startsWith('Nel '))).toBe(false);
  });

  it('words each reason for no comparison', () => {
    expect(noComparisonText('missing', 2023, 2017)).toBe('Dato non disponibile per il 2023.');
    expect(noComparisonText('missing', 2023, null)).toBe(
      'Dato non disponibile per il 2023. Nessun altro anno con questo dato nel portale.',
    );
    expect(noComparisonText('none', null, null)).toBe('Nessun anno di confronto disponibile.');
    const messages = { compareMissing: (y: number) => `m${y}`, noOtherYear: 'o', noCompareYear: 'n' };
    expect(noComparisonText('missing', 2023, null, messages)).toBe('m2023 o');
    expect(noComparisonText('none', null, 2017, messages)).toBe('n');
  });

  it('says when the value is an estimate', () => {
    const option = figureCardOption(
      { ...produced, unit: '%', value: 66.1, compareValue: 65, change: 1.1, estimate: true },
      2022,
      2021,
      box,
    );
    expect(texts(option).map((l) => l.text)).toContain(
      'Stima: percentuali dei comuni pesate sulla loro produzione di rifiuti',
    );
    expect(texts(figureCardOption(produced, 2024, 2023, box)).map((l) => l.text)).not.toContain(
      'Stima: percentuali dei comuni pesate sulla loro produzione di rifiuti',
    );
  });

  it('shrinks the type of a long value to the card', () => {
    const long = figureCardOption({ ...produced, value: 123456789012.3 }, 2024, 2023, { ...box, width: 600 });
    const value = texts(long)[1]!;
    expect(value.text!.length * value.fontSize! * 0.72).toBeLessThan(600 - 64);
  });
});
