import * as echarts from 'echarts';
import { describe, expect, it } from 'vitest';
import {
  actionCountsBarOption,
  countShareBarOption,
  estimateTextWidth,
  fractionSetLabel,
  fractionSetsBarOption,
  fractionsBarOption,
  fractionsPieOption,
  fractionsWithRemainder,
  hasFractionSetDistribution,
  NARROW_BAR_WIDTH,
  collectionSystemsBarOption,
  collectionSystemsChartHeight,
  collectionSystemsLegendLines,
  COLLECTION_SYSTEM_COLORS,
  rdTrendOption,
  REMAINDER_COLOR,
  shareBaseText,
  shortFractionSetLabel,
  formatCompactTonnes,
  TONNES_SERIES_NAMES,
  tonnesTrendOption,
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

  it('marks estimated years of the trend with a hollow symbol and a legend «stima»; reported is a point', () => {
    const option = rdTrendOption([
      { year: 2021, value: 60.2, method: 'reported' },
      { year: 2022, value: 65.89, method: 'estimate' },
      { year: 2024, value: 67.69, method: 'tonnes' },
    ]) as Any;
    expect(option.xAxis.data).toEqual(['2021', '2022', '2023', '2024']);
    expect(option.series[0].data.map((d: Any) => d?.symbol ?? null)).toEqual([
      'circle',
      'emptyCircle',
      null,
      'circle',
    ]);
    expect(option.yAxis.max).toBe(100);
    expect(option.tooltip.valueFormatter(65.89)).toBe('65,9%');
    // The legend names the hollow marker; its series holds only the estimated years.
    expect(option.legend.data).toEqual([
      { name: '% raccolta differenziata', icon: 'circle' },
      { name: 'stima', icon: 'emptyCircle' },
    ]);
    expect(option.series[1]).toMatchObject({ name: 'stima', symbol: 'emptyCircle' });
    expect(option.series[1].data).toEqual([null, 65.89, null, null]);
    const tip = (year: string, value: number | null) =>
      option.tooltip.formatter([{ axisValue: year, seriesIndex: 0, value }]);
    expect(tip('2022', 65.89)).toBe('2022<br/>% raccolta differenziata: 65,9% (stima)');
    expect(tip('2021', 60.2)).toBe('2021<br/>% raccolta differenziata: 60,2%');
    expect(tip('2023', null)).toBe('2023<br/>% raccolta differenziata: dato non disponibile');
    // Without estimates: no legend, one series.
    const plain = rdTrendOption([{ year: 2024, value: 67.69, method: 'tonnes' }]) as Any;
    expect(plain.legend).toBeUndefined();
    expect(plain.series).toHaveLength(1);
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
});

/** The option drawn by ECharts on the server at a given size, as the browser would at that width. */
function draw(option: object, width: number, height: number) {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({ ...option });
  const svg = chart.renderToSVGString();
  chart.dispose();
  const texts = [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map(([, attrs, text]) => {
    const [, x, y] = /translate\(([\d.-]+) ([\d.-]+)\)/.exec(attrs!) ?? [];
    const dy = Number(/ y="([\d.-]+)"/.exec(attrs!)?.[1] ?? 0);
    return { text: text!, x: Number(x), y: Number(y) + dy, anchor: /text-anchor="(\w+)"/.exec(attrs!)?.[1] };
  });
  // A bar is a closed path: its corner, then its width and height ('M45.3 62.7l224.5 0l0 1.6l-224.5 0Z').
  const bars = [
    ...svg.matchAll(/<path d="M([\d.]+) ([\d.]+)l([\d.]+) 0l0 ([\d.]+)l[^"]*Z"[^>]*fill="(#[0-9a-f]{6})"/g),
  ].map(([, x, y, width, height, fill]) => ({
    left: Number(x),
    right: Number(x) + Number(width),
    top: Number(y),
    bottom: Number(y) + Number(height),
    fill: fill!,
  }));
  return { texts, bars };
}

describe('bar charts on a narrow screen', () => {
  const items = [
    ...fractions,
    {
      id: 'raee',
      name: 'RAEE (apparecchiature elettriche ed elettroniche)',
      color: '#8e24aa',
      tonnes: 400000,
      share: 2,
    },
  ];
  const colored = <T extends { fill: string }>(bars: T[]) =>
    bars.filter((b) => items.some((i) => i.color === b.fill));

  /** The name drawn for each bar (its lines joined), checking each line lies between its bar and the one above. */
  function namesAboveBars(width: number) {
    const phone = draw(fractionsBarOption(items), width, items.length * 34 + 40);
    const bars = colored(phone.bars);
    expect(bars).toHaveLength(3);
    // The longest bar spans most of the chart: not the ~30 px left by names beside the bars.
    expect(Math.max(...bars.map((b) => b.right - b.left))).toBeGreaterThan(width / 2);
    expect(Math.max(...bars.map((b) => b.bottom - b.top))).toBeLessThanOrEqual(NARROW_BAR_WIDTH);
    const names = phone.texts.filter((t) => t.anchor === 'start' && !t.text.includes('\u00a0t'));
    return bars.map((bar, index) => {
      const lines = names.filter((t) => t.y < bar.top && (index === 0 || t.y > bars[index - 1]!.bottom));
      for (const line of lines) {
        // Starts where the bar starts; its 14 px line clears the bar above and its own bar.
        expect(line.x).toBeLessThanOrEqual(bar.left + 1);
        expect(line.y + 7).toBeLessThanOrEqual(bar.top);
        if (index > 0) expect(line.y - 7).toBeGreaterThanOrEqual(bars[index - 1]!.bottom);
      }
      return lines.map((l) => l.text.trim()).join(' ');
    });
  }

  it('puts the names above the bars, which then take the width of a phone', () => {
    expect(namesAboveBars(440)).toEqual(items.map((i) => i.name));
  });

  it('shortens a name too long for one line above its bar on the narrowest phones', () => {
    const [umido, vetro, raee] = namesAboveBars(300);
    expect([umido, vetro]).toEqual(['Frazione organica (umido)', 'Vetro']);
    expect(raee).toMatch(/^RAEE \(apparecchiature .*…$/);
  });

  it('keeps the names beside the bars, whole, on a wide chart', () => {
    const wide = draw(fractionsBarOption(items), 900, items.length * 34 + 40);
    const bars = colored(wide.bars);
    expect(bars).toHaveLength(3);
    const names = wide.texts.filter((t) => t.anchor === 'end');
    expect(names.map((n) => n.text.trim()).join(' ')).toBe(items.map((i) => i.name).join(' '));
    for (const name of names) expect(name.x).toBeLessThanOrEqual(Math.min(...bars.map((b) => b.left)));
  });

  it('leaves room on the right for the longest value label', () => {
    const option = fractionsBarOption(items) as Any;
    expect(option.grid.right).toBeGreaterThanOrEqual(estimateTextWidth('5.599.643,6\u00a0t'));
    const { texts } = draw(option, 600, 200);
    const longest = texts.find((t) => t.text === '5.599.643,6\u00a0t')!;
    expect(longest.x + estimateTextWidth(longest.text)).toBeLessThanOrEqual(600);
  });
});

describe('what the bars add up to', () => {
  it('adds the tonnes no fraction accounts for as a last bar', () => {
    const total = 10_000_000;
    const all = fractionsWithRemainder(fractions, total);
    expect(all).toHaveLength(3);
    expect(all[2]).toMatchObject({ name: 'Altre frazioni / non ripartite', color: REMAINDER_COLOR });
    expect(all[2]!.tonnes).toBeCloseTo(total - 5599643.577 - 2298735.88, 3);
    expect(all[2]!.share).toBe(21.02);
    const option = fractionsBarOption(fractions, total) as Any;
    expect(option.yAxis.data).toEqual([
      'Frazione organica (umido)',
      'Vetro',
      'Altre frazioni / non ripartite',
    ]);
    // Fractions that make the total (up to rounding), or no total: nothing added.
    expect(fractionsWithRemainder(fractions, 5599643.577 + 2298735.88 + 1)).toHaveLength(2);
    expect(fractionsBarOption(fractions, null) as Any).toMatchObject({
      yAxis: { data: ['Frazione organica (umido)', 'Vetro'] },
    });
  });

  it('states the base of each share chart above its bars', () => {
    expect(shareBaseText('modes', 1523)).toBe('% su 1.523 comuni con dati sulle modalità di raccolta');
    expect(shareBaseText('actions', 6612)).toBe(
      "% su 6.612 comuni con almeno un'azione di prevenzione mappata",
    );
    expect(shareBaseText('sets', 7881, 2024)).toBe(
      '% su 7.881 comuni di cui la fonte riporta tutte le frazioni raccolte nel 2024',
    );
    expect(shareBaseText('sets', 1)).toBe('% su 1 comune di cui la fonte riporta tutte le frazioni raccolte');
    const option = countShareBarOption(
      [{ id: 'pap', name: 'Porta a porta', comuniCount: 10, share: 94.47 }],
      { subtitle: shareBaseText('modes', 1523) },
    ) as Any;
    expect(option.title.text).toBe('% su 1.523 comuni con dati sulle modalità di raccolta');
    expect(option.grid.top).toBeGreaterThan(14);
    const drawn = draw(option, 600, 120);
    const subtitle = drawn.texts.find((t) => t.text.startsWith('% su 1.523'))!;
    const bar = draw(option, 600, 120).texts.find((t) => t.text === 'Porta a porta')!;
    expect(subtitle.y).toBeLessThan(bar.y);
    const sets = fractionSetsBarOption([], { subtitle: 'x' }) as Any;
    expect(sets.title.text).toBe('x');
  });

  it('has no distribution of fraction sets over a single comune', () => {
    const one = { fractions: [{ id: 'a', name: 'Carta' }], comuniCount: 1, share: 100 };
    expect(hasFractionSetDistribution([one])).toBe(false);
    expect(hasFractionSetDistribution([one], 1)).toBe(false);
    expect(hasFractionSetDistribution([{ ...one, comuniCount: 30, share: 60 }], 50)).toBe(true);
    expect(hasFractionSetDistribution([])).toBe(false);
  });

  it("names the one fraction left over rather than writing '+ 1 altra'", () => {
    const five = {
      fractions: ['Umido', 'Carta', 'Vetro', 'Plastica', 'Metalli'].map((name) => ({ id: name, name })),
      comuniCount: 3,
      share: 12,
    };
    expect(shortFractionSetLabel(five)).toBe('Umido + Carta + Vetro + Plastica + Metalli');
    expect((fractionSetsBarOption([five]) as Any).yAxis.data[0]).not.toContain('altra');
  });
});

describe('the trend of the % separately collected', () => {
  const years = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => ({
      year: from + i,
      value: 40 + i,
      method: 'tonnes' as const,
    }));

  it('leaves years without data as gaps, neither zero nor bridged, on a band «nessun dato»', () => {
    const option = rdTrendOption([...years(2010, 2012), ...years(2016, 2016)]) as Any;
    expect(option.xAxis.data).toEqual(['2010', '2011', '2012', '2013', '2014', '2015', '2016']);
    const values = option.series[0].data.map((d: Any) => d?.value ?? null);
    expect(values).toEqual([40, 41, 42, null, null, null, 40]);
    expect(option.series[0].connectNulls).toBe(false);
    expect(option.tooltip.valueFormatter(null)).toBe('dato non disponibile');
    // The band spans the years around the gap.
    expect(option.series[0].markArea.data).toEqual([[{ xAxis: '2012' }, { xAxis: '2016' }]]);
    expect(option.series[0].markArea.label.formatter).toBe('nessun dato');
    expect((rdTrendOption(years(2010, 2012)) as Any).series[0].markArea).toBeUndefined();
    // Drawn, the band is labelled and the line has two pieces.
    const { texts } = draw(option, 600, 300);
    expect(texts.map((t) => t.text)).toContain('nessun dato');
  });

  it('covers every available year, fifteen of them, with the years without data empty', () => {
    const points = [...years(2010, 2017), ...years(2022, 2024)];
    const span = [...points.map((p) => p.year)];
    const option = rdTrendOption(points, { span }) as Any;
    expect(option.xAxis.data).toHaveLength(15);
    expect(option.xAxis.data[0]).toBe('2010');
    expect(option.xAxis.data[14]).toBe('2024');
    const values = option.series[0].data.map((d: Any) => d?.value ?? null);
    expect(values.slice(8, 12)).toEqual([null, null, null, null]);
    expect(values.filter((v: Any) => v === 0)).toEqual([]);
    expect(option.series[0].markArea.data).toEqual([[{ xAxis: '2017' }, { xAxis: '2022' }]]);
    // A span wider than the points widens the axis: the years outside are empty too.
    const wide = rdTrendOption(years(2022, 2024), { span: [2020, 2024] }) as Any;
    expect(wide.xAxis.data).toEqual(['2020', '2021', '2022', '2023', '2024']);
    expect(wide.series[0].data.slice(0, 2)).toEqual([null, null]);
  });

  it('thins the labels of many years: axis labels and values only where they fit, the last value always', () => {
    const option = rdTrendOption(years(2006, 2024)) as Any;
    expect(option.xAxis.axisLabel.hideOverlap).toBe(true);
    expect(option.series[0].labelLayout).toEqual({ hideOverlap: true });
    expect(option.series[0].label.show).toBe(false);
    const data = option.series[0].data;
    expect(data[data.length - 1].label).toEqual({ show: true });
    expect(data.slice(0, -1).every((d: Any) => d.label === undefined)).toBe(true);
    // Few years: every value is written.
    expect((rdTrendOption(years(2022, 2024)) as Any).series[0].label.show).toBe(true);
    // Drawn 300 px wide, no two year labels overlap.
    const { texts } = draw(option, 300, 260);
    const axis = texts.filter((t) => /^20\d\d$/.test(t.text)).sort((a, b) => a.x - b.x);
    expect(axis.length).toBeLessThan(19);
    for (let i = 1; i < axis.length; i++) expect(axis[i]!.x - axis[i - 1]!.x).toBeGreaterThanOrEqual(28);
  });

  it('marks where the source changes, when the points carry their source', () => {
    const points = [
      ...years(2014, 2016).map((p) => ({ ...p, source: 'ARPAE Emilia-Romagna' })),
      ...years(2022, 2024).map((p) => ({ ...p, source: 'ISPRA' })),
    ];
    const marks = (rdTrendOption(points) as Any).series[0].markLine.data;
    expect(marks[0]).toEqual({ yAxis: 65 });
    expect(marks.slice(1)).toMatchObject([{ xAxis: '2022', label: { formatter: 'Fonte: ISPRA' } }]);
    expect((rdTrendOption(years(2014, 2024)) as Any).series[0].markLine.data).toEqual([{ yAxis: 65 }]);
  });

  it('writes the labels of source changes a few years apart on two lines, so they do not overlap', () => {
    // Napoli: ISPRA to 2017, Regione Campania 2022, ISPRA again 2023.
    const points = [
      ...years(2010, 2017).map((p) => ({ ...p, source: 'ISPRA' })),
      { year: 2022, value: 50, method: 'tonnes' as const, source: 'Regione Campania' },
      ...years(2023, 2024).map((p) => ({ ...p, source: 'ISPRA' })),
    ];
    const option = rdTrendOption(points) as Any;
    const marks = option.series[0].markLine.data.slice(1);
    expect(marks.map((m: Any) => [m.xAxis, m.label.formatter, m.label.distance])).toEqual([
      ['2022', 'Fonte: Regione Campania', 5],
      ['2023', 'Fonte: ISPRA', 21],
    ]);
    expect(option.grid.top).toBe(48);
    // Drawn, the two labels do not share a line.
    const { texts } = draw(option, 600, 300);
    const [campania, ispra] = ['Fonte: Regione Campania', 'Fonte: ISPRA'].map((l) =>
      texts.find((t) => t.text === l)!,
    );
    expect(Math.abs(campania!.y - ispra!.y)).toBeGreaterThanOrEqual(14);
    expect(Math.min(campania!.y, ispra!.y)).toBeGreaterThanOrEqual(0);
    // One change only: one line.
    const one = rdTrendOption(points.slice(0, 9)) as Any;
    expect(one.grid.top).toBe(32);
    expect(one.series[0].markLine.data[1].label.distance).toBe(5);
  });
});

describe('the shares of the collection systems', () => {
  const systems = [
    {
      year: 2015,
      tonnes: 1000,
      items: [
        { id: 'porta-a-porta', name: 'Porta a porta', tonnes: 420, share: 42 },
        { id: 'altro', name: 'Altri sistemi', tonnes: 80, share: 8 },
        { id: 'stradale', name: 'Contenitori stradali', tonnes: 300, share: 30 },
        { id: 'centro-di-raccolta', name: 'Centri di raccolta', tonnes: 200, share: 20 },
      ],
    },
    {
      year: 2022,
      tonnes: 1200,
      items: [
        { id: 'porta-a-porta', name: 'Porta a porta', tonnes: 720, share: 60 },
        { id: 'stradale', name: 'Contenitori stradali', tonnes: 240, share: 20 },
        { id: 'centro-di-raccolta', name: 'Centri di raccolta', tonnes: 180, share: 15 },
        { id: 'su-chiamata', name: 'Su chiamata', tonnes: 36, share: 3 },
        { id: 'altro', name: 'Altri sistemi', tonnes: 24, share: 2 },
      ],
    },
  ];

  it('stacks one bar per year to 100%, one series per system in its colour, «Altri sistemi» last', () => {
    const option = collectionSystemsBarOption(systems) as Any;
    expect(option.yAxis.data).toEqual(['2015', '2022']);
    expect(option.xAxis.max).toBe(100);
    expect(option.series.map((s: Any) => s.name)).toEqual([
      'Porta a porta',
      'Contenitori stradali',
      'Centri di raccolta',
      'Su chiamata',
      'Altri sistemi',
    ]);
    expect(option.series.every((s: Any) => s.type === 'bar' && s.stack === 'share')).toBe(true);
    expect(option.series[0].color).toBe(COLLECTION_SYSTEM_COLORS['porta-a-porta']);
    expect(option.series[0].data).toEqual([42, 60]);
    // A system the source does not have in a year has no segment: null, not 0.
    expect(option.series[3].data).toEqual([null, 3]);
    expect(option.legend.data).toEqual(option.series.map((s: Any) => s.name));
    // Each year's shares add up to 100.
    for (const index of [0, 1]) {
      const sum = option.series.reduce((total: number, s: Any) => total + (s.data[index] ?? 0), 0);
      expect(sum).toBe(100);
    }
  });

  it('labels wide segments in Italian, and the tooltip gives each share with its tonnes', () => {
    const option = collectionSystemsBarOption(systems) as Any;
    const label = option.series[0].label.formatter;
    expect(label({ value: 42 })).toBe('42%');
    expect(label({ value: 3 })).toBe('');
    expect(label({ value: null })).toBe('');
    expect(option.tooltip.formatter([{ dataIndex: 1 }])).toBe(
      [
        '2022: 1.200,0\u00a0t di raccolta differenziata',
        'Porta a porta: 60,0% (720,0\u00a0t)',
        'Contenitori stradali: 20,0% (240,0\u00a0t)',
        'Centri di raccolta: 15,0% (180,0\u00a0t)',
        'Su chiamata: 3,0% (36,0\u00a0t)',
        'Altri sistemi: 2,0% (24,0\u00a0t)',
      ].join('<br/>'),
    );
  });

  it('leaves room under the bars for every line of the legend, more on a phone', () => {
    const names = [
      'Porta a porta',
      'Contenitori stradali',
      'Centri di raccolta',
      'Assimilati avviati a recupero dal produttore',
      'Su chiamata',
      'Ecomobile',
      'Altri sistemi',
    ];
    expect(collectionSystemsLegendLines(names, 2000)).toBe(1);
    expect(collectionSystemsLegendLines(names, 500)).toBe(3);
    expect(collectionSystemsLegendLines(names, 290)).toBeGreaterThanOrEqual(4);
    expect(collectionSystemsLegendLines([], 500)).toBe(0);
    const years = [2015, 2016, 2022].map((year) => ({
      year,
      tonnes: 100,
      items: names.map((name, i) => ({ id: `s${i}`, name, tonnes: 100 / 7, share: 100 / 7 })),
    }));
    const option = collectionSystemsBarOption(years) as Any;
    expect(option.grid.bottom).toBe(3 * 22 + 8);
    expect(option.media[0].option.grid.bottom).toBe(collectionSystemsLegendLines(names, 290) * 22 + 8);
    // The chart is tall enough for the bars and the phone's legend.
    expect(collectionSystemsChartHeight(years)).toBeGreaterThanOrEqual(
      3 * 40 + option.media[0].option.grid.bottom,
    );
    // Drawn at the page's width, no legend name overlaps a bar or the axis labels.
    const height = collectionSystemsChartHeight(years);
    const { texts, bars } = draw(option, 500, height);
    const lowestBar = Math.max(...bars.map((b) => b.bottom));
    const legend = texts.filter((t) => names.some((n) => n.startsWith(t.text.replace('…', ''))));
    expect(legend.length).toBeGreaterThanOrEqual(names.length);
    for (const t of legend) expect(t.y, t.text).toBeGreaterThan(lowestBar + 12);
  });

  it('gives a system without a colour of its own one of the palette', () => {
    const option = collectionSystemsBarOption([
      { year: 2022, tonnes: 10, items: [{ id: 'nuovo', name: 'Nuovo sistema', tonnes: 10, share: 100 }] },
    ]) as Any;
    expect(option.series[0].color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('draws the bars and the legend', () => {
    const { texts, bars } = draw(collectionSystemsBarOption(systems), 600, 220);
    const names = texts.map((t) => t.text);
    for (const name of ['2015', '2022', 'Porta a porta', 'Altri sistemi', '60%'])
      expect(names).toContain(name);
    expect(bars.filter((b) => b.fill === COLLECTION_SYSTEM_COLORS['porta-a-porta'])).toHaveLength(2);
  });
});

describe('the tonnes produced and separately collected over the years', () => {
  // Italy: the tonnes of 2010–2017 and 2024; 2018–2021 without a source, 2022–2023 with only the %.
  const point = (year: number, producedT: number, sortedT: number) => ({ year, producedT, sortedT });
  const italy = [
    point(2010, 32439546.4, 11450627.2),
    point(2011, 31386220.1, 11847939.6),
    point(2012, 29993598, 11992354.9),
    point(2013, 29564522.3, 12498968.3),
    point(2014, 29651720.6, 13401416.3),
    point(2015, 29524340.9, 14020864.8),
    point(2016, 30112048, 15822726.7),
    point(2017, 29583624.4, 16426043.3),
    point(2024, 29930425.7, 20260572.8),
  ];
  const span = [2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2022, 2023, 2024];
  const values = (series: Any) => series.data.map((d: Any) => d?.value ?? null);

  it('draws two lines over every year, the years without tonnes as gaps on one band «nessun dato»', () => {
    const option = tonnesTrendOption(italy, { span }) as Any;
    expect(option.xAxis.data).toEqual(Array.from({ length: 15 }, (_, i) => String(2010 + i)));
    expect(option.series.map((s: Any) => s.name)).toEqual([
      'Rifiuti urbani prodotti',
      'Raccolta differenziata',
    ]);
    expect(option.series.map((s: Any) => s.name)).toEqual([
      TONNES_SERIES_NAMES.produced,
      TONNES_SERIES_NAMES.sorted,
    ]);
    const produced = values(option.series[0]);
    const sorted = values(option.series[1]);
    expect(produced[0]).toBe(32439546.4);
    expect(sorted[0]).toBe(11450627.2);
    expect(produced[14]).toBe(29930425.7);
    expect(sorted[14]).toBe(20260572.8);
    // 2018–2023: gaps of both lines, never zeros, never bridged.
    expect(produced.slice(8, 14)).toEqual([null, null, null, null, null, null]);
    expect(sorted.slice(8, 14)).toEqual([null, null, null, null, null, null]);
    expect([...produced, ...sorted].filter((v: Any) => v === 0)).toEqual([]);
    expect(option.series.every((s: Any) => s.connectNulls === false)).toBe(true);
    // The band once, between the years around the gap.
    expect(option.series[0].markArea.data).toEqual([[{ xAxis: '2017' }, { xAxis: '2024' }]]);
    expect(option.series[0].markArea.label.formatter).toBe('nessun dato');
    expect(option.series[1].markArea).toBeUndefined();
    // Without a gap, no band; a span wider than the points widens the axis with empty years.
    expect((tonnesTrendOption(italy.slice(0, 3)) as Any).series[0].markArea).toBeUndefined();
    const wide = tonnesTrendOption(italy.slice(7), { span: [2017, 2022, 2023, 2024, 2025] }) as Any;
    expect(wide.xAxis.data).toHaveLength(9);
    expect(wide.series[0].data[8]).toBeNull();
    // Other names for the lines.
    const named = tonnesTrendOption(italy, { names: { produced: 'A', sorted: 'B' } }) as Any;
    expect(named.series.map((s: Any) => s.name)).toEqual(['A', 'B']);
  });

  it('gives the tonnes in full in the tooltip, in short on the axis and the labels, the Italian way', () => {
    const option = tonnesTrendOption(italy, { span }) as Any;
    expect(option.tooltip.trigger).toBe('axis');
    expect(option.tooltip.valueFormatter(29930425.7)).toBe('29.930.425,7\u00a0t');
    expect(option.tooltip.valueFormatter(null)).toBe('dato non disponibile');
    expect(option.tooltip.valueFormatter(undefined)).toBe('dato non disponibile');
    expect(option.yAxis.min).toBe(0);
    expect(option.yAxis.max).toBeUndefined();
    expect(option.yAxis.name).toBe('t');
    // Full points: a hollow one means an estimate on the % trend.
    expect(option.series.map((s: Any) => s.symbol)).toEqual(['circle', 'circle']);
    // An axis reaching millions: every step in millions.
    const axis = option.yAxis.axisLabel.formatter;
    expect([0, 500000, 2500000, 30000000].map(axis)).toEqual([
      '0',
      '0,5\u00a0Mln',
      '2,5\u00a0Mln',
      '30\u00a0Mln',
    ]);
    // A comune's tonnes: whole tonnes with their thousands.
    const milano = tonnesTrendOption([point(2010, 710000, 240000), point(2024, 657667, 416501)]) as Any;
    expect([0, 200000, 800000, 1000000].map(milano.yAxis.axisLabel.formatter)).toEqual([
      '0',
      '200.000',
      '800.000',
      '1.000.000',
    ]);
    expect(milano.series[0].label.formatter({ value: 657667 })).toBe('657.667\u00a0t');
    expect(option.series[0].label.formatter({ value: 29930425.7 })).toBe('29,9\u00a0Mln\u00a0t');
    expect(formatCompactTonnes(12345.6)).toBe('12.346\u00a0t');
    // Many years: only the last values are written, ending at their point (inside the chart).
    for (const series of option.series) {
      expect(series.label.show).toBe(false);
      expect(series.labelLayout).toEqual({ hideOverlap: true });
      expect(series.data[14].label).toEqual({ show: true, align: 'right' });
      expect(series.data.slice(0, 14).every((d: Any) => !d?.label)).toBe(true);
    }
    // Few years: every value.
    expect((tonnesTrendOption(italy.slice(0, 3)) as Any).series[1].label.show).toBe(true);
  });

  it('draws both lines, the legend and the band, its texts inside the chart, also on a phone', () => {
    for (const width of [600, 320]) {
      const { texts } = draw(tonnesTrendOption(italy, { span }), width, 300);
      const names = texts.map((t) => t.text);
      for (const text of ['Rifiuti urbani prodotti', 'Raccolta differenziata', 'nessun dato', 't'])
        expect(names, `${width} px`).toContain(text);
      expect(names).toContain('29,9\u00a0Mln\u00a0t');
      expect(names).toContain('20,3\u00a0Mln\u00a0t');
      // Room above the highest line (32,4 Mln), for the label of the last year under «nessun dato».
      expect(names).toContain('40\u00a0Mln');
      const [band] = texts.filter((t) => t.text === 'nessun dato');
      const last = texts.find((t) => t.text === '29,9\u00a0Mln\u00a0t')!;
      expect(last.y - band!.y, `${width} px`).toBeGreaterThanOrEqual(16);
      for (const t of texts) {
        expect(t.x, `${t.text} at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(t.x, `${t.text} at ${width} px`).toBeLessThanOrEqual(width);
      }
      // No two year labels overlap.
      const years = texts.filter((t) => /^20\d\d$/.test(t.text)).sort((a, b) => a.x - b.x);
      expect(years.length).toBeGreaterThan(1);
      for (let i = 1; i < years.length; i++)
        expect(years[i]!.x - years[i - 1]!.x, `${width} px`).toBeGreaterThanOrEqual(28);
    }
  });

  it('on a phone writes only the last values, with thinner lines and more room for the legend', () => {
    const option = tonnesTrendOption(italy, { span }) as Any;
    const [phone] = option.media;
    expect(phone.query).toEqual({ maxWidth: 480 });
    expect(phone.option.series).toHaveLength(2);
    expect(phone.option.series[0]).toEqual({
      label: { show: false },
      symbolSize: 7,
      lineStyle: { width: 2 },
    });
    expect(phone.option.grid.top).toBeGreaterThan(option.grid.top);
  });
});
