import { describe, expect, it } from 'vitest';
import {
  figureCardOption,
  figureComparisonLines,
  noComparisonText,
  statisticCompareYear,
  type FigureStatistic,
} from './figure';

const produced: FigureStatistic = {
  value: 29034118.39,
  unit: 't',
  compareValue: 29224981.7,
  change: -190863.3,
  changePct: -0.65,
  trend: 'down',
  outcome: 'better',
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
      '▼ -190.863,3\u00a0t (-0,7% rispetto al 2023), in miglioramento',
    ]);
    const value = lines[1]!;
    expect(value.fontSize).toBeGreaterThanOrEqual(48);
    // The number fits the card: about 0.72 em per bold character.
    expect(value.text!.length * value.fontSize! * 0.72).toBeLessThan(box.width - 64);
    expect(lines[3]!.fill).toBe('#0b6b3a');
  });

  it('says why there is no comparison, as the page card does', () => {
    expect(figureComparisonLines(produced, null)).toEqual([
      { text: 'Nessun anno di confronto disponibile.', color: '#4a5551' },
    ]);
    expect(figureComparisonLines({ ...produced, compareValue: null, change: null }, 2023)[0]!.text).toBe(
      'Dato del 2023 non disponibile per il confronto.',
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

  it("names the year of the statistic's comparison value when it is earlier than the comparison year", () => {
    // Italy 2024 against 2023: the tonnes of 2023 are not known, the latest earlier ones are of 2017.
    const lines = figureComparisonLines({ ...produced, compareYear: 2017 }, 2023);
    expect(lines.map((l) => l.text.replace(/\u2212/g, '-'))).toEqual([
      'Nel 2017: 29.224.981,7\u00a0t',
      '▼ -190.863,3\u00a0t (-0,7% rispetto al 2017), in miglioramento',
      "Confronto con l'ultimo anno con il dato: il 2023 non lo riporta.",
    ]);
    expect(lines.some((l) => l.text.includes('non disponibile'))).toBe(false);
    // The comparison year itself: no note.
    expect(figureComparisonLines({ ...produced, compareYear: 2023 }, 2023).map((l) => l.text)).toHaveLength(
      2,
    );
    expect(figureComparisonLines({ ...produced, compareYear: 2023 }, 2023)[0]!.text).toBe(
      'Nel 2023: 29.224.981,7\u00a0t',
    );
    // No earlier year has the statistic at all: not the comparison year's fault, nothing «non disponibile».
    expect(
      figureComparisonLines({ ...produced, compareValue: null, change: null, compareYear: null }, 2023),
    ).toEqual([{ text: 'Nessun anno precedente con questo dato nel portale.', color: '#4a5551' }]);
    const none = { ...produced, compareValue: null, change: null, compareYear: null };
    expect(statisticCompareYear(none, 2023)).toBe('noEarlier');
    expect(statisticCompareYear(none, null)).toBe('none');
    // A statistic that does not name its own compareYear: the comparison year lacks it.
    expect(statisticCompareYear({ compareValue: null }, 2023)).toBe('missing');
    expect(
      texts(figureCardOption(none, 2024, 2023, box)).some((l) => l.text!.includes('non disponibile')),
    ).toBe(false);
    // No comparison year on the page, but an earlier value all the same: it is compared.
    expect(figureComparisonLines({ ...produced, compareYear: 2017 }, null)[0]!.text).toBe(
      'Nel 2017: 29.224.981,7\u00a0t',
    );
  });

  it('words each reason for no comparison, «non disponibile» only for a lacking comparison year', () => {
    expect(noComparisonText('noEarlier', 2023)).toBe('Nessun anno precedente con questo dato nel portale.');
    expect(noComparisonText('missing', 2023)).toBe('Dato del 2023 non disponibile per il confronto.');
    expect(noComparisonText('none', null)).toBe('Nessun anno di confronto disponibile.');
    const messages = { compareMissing: (y: number) => `m${y}`, noEarlierYear: 'e', noCompareYear: 'n' };
    expect(noComparisonText('noEarlier', 2023, messages)).toBe('e');
    expect(noComparisonText('missing', 2023, messages)).toBe('m2023');
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
