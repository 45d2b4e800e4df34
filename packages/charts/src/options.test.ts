import { describe, expect, it } from 'vitest';
import {
  actionCountsBarOption,
  countShareBarOption,
  fractionSetLabel,
  fractionSetsBarOption,
  fractionsBarOption,
  fractionsPieOption,
  rdTrendOption,
  shortFractionSetLabel,
  truncateLabel,
} from './options';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const fractions = [
  { id: 'umido', name: 'Frazione organica (umido)', color: '#8d6e63', tonnes: 5599643.577, share: 27.64 },
  { id: 'vetro', name: 'Vetro', color: '#00897b', tonnes: 2298735.88, share: 11.35 },
];

describe('chart options', () => {
  it('draws fractions in their own colours, labelled in Italian', () => {
    const option = fractionsBarOption(fractions) as Any;
    const data = option.series[0].data;
    expect(data.map((d: Any) => d.itemStyle.color)).toEqual(['#8d6e63', '#00897b']);
    expect(option.yAxis.data).toEqual(['Frazione organica (umido)', 'Vetro']);
    expect(option.series[0].label.formatter({ value: 1234.54 })).toBe('1.234,5\u00a0t');
    const pie = fractionsPieOption(fractions) as Any;
    expect(pie.series[0].data[1]).toMatchObject({
      name: 'Vetro',
      value: 11.35,
      itemStyle: { color: '#00897b' },
    });
    expect(pie.tooltip.formatter({ name: 'Vetro', value: 11.35, data: { tonnes: 2298735.88 } })).toBe(
      'Vetro: 11,4% (2.298.735,9\u00a0t)',
    );
  });

  it('marks weighted-mean years of the trend with a hollow symbol', () => {
    const option = rdTrendOption([
      { year: 2022, value: 65.89, method: 'weighted_mean' },
      { year: 2024, value: 67.69, method: 'tonnes' },
    ]) as Any;
    expect(option.xAxis.data).toEqual(['2022', '2024']);
    expect(option.series[0].data.map((d: Any) => d.symbol)).toEqual(['emptyCircle', 'circle']);
    expect(option.yAxis.max).toBe(100);
    expect(option.tooltip.valueFormatter(65.89)).toBe('65,9%');
  });

  it('draws shares of comuni on a 0–100% axis', () => {
    const option = countShareBarOption([
      { id: 'pap', name: 'Porta a porta', comuniCount: 10, share: 94.47 },
    ]) as Any;
    expect(option.xAxis.max).toBe(100);
    expect(option.series[0].data[0].value).toBe(94.47);
    expect(option.series[0].label.formatter({ value: 94.47 })).toBe('94,5%');
  });

  it('names fraction sets and counts actions', () => {
    const set = {
      fractions: [
        { id: 'a', name: 'Carta' },
        { id: 'b', name: 'Vetro' },
      ],
      comuniCount: 3,
      share: 12,
    };
    expect(fractionSetLabel(set)).toBe('Carta + Vetro');
    const long = { ...set, fractions: ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => ({ id: name, name })) };
    expect(shortFractionSetLabel(long)).toBe('A + B + C + D + altre 2');
    expect(shortFractionSetLabel(set)).toBe('Carta + Vetro');
    expect((fractionSetsBarOption([set]) as Any).series[0].data[0].name).toBe('Carta + Vetro');
    const actions = actionCountsBarOption([{ name: 'Acquisti verdi', actions: [{}, {}] }]) as Any;
    expect(actions.series[0].data[0].value).toBe(2);
  });

  it('shortens long axis labels', () => {
    expect(truncateLabel('breve')).toBe('breve');
    expect(truncateLabel('a'.repeat(40), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
