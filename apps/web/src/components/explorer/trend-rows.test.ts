import { describe, expect, it } from 'vitest';
import {
  collectionSystemsBaseText,
  collectionSystemsRows,
  estimateYearsText,
  missingYearsText,
  onlyPercentYearsText,
  perCapitaBasisText,
  populationBasisText,
  perCapitaTableRows,
  tonnesSourceText,
  tonnesTableRows,
  trendTableRows,
  withAnomalyNotes,
  yearsWithoutTonnesText,
} from './trend-rows';

describe('the caption of the years without data', () => {
  it('groups consecutive years into ranges and says why they are empty', () => {
    expect(missingYearsText([2018, 2019, 2020, 2021])).toBe(
      'Anni 2018–2021: nessuna fonte pubblica disponibile nel portale per questi anni.',
    );
    expect(missingYearsText([2021, 2012, 2018, 2019, 2020])).toBe(
      'Anni 2012 e 2018–2021: nessuna fonte pubblica disponibile nel portale per questi anni.',
    );
    expect(missingYearsText([2019])).toBe(
      'Anno 2019: nessuna fonte pubblica disponibile nel portale per questo anno.',
    );
    expect(missingYearsText([])).toBeNull();
  });
});

describe('the table of the % over the years', () => {
  const points = [
    { year: 2016, value: 70.04, method: 'tonnes' as const, source: 'ISPRA' },
    { year: 2017, value: 71.3, method: 'tonnes' as const, source: 'ISPRA' },
    { year: 2022, value: 73.2, method: 'reported' as const, source: 'ISPRA' },
    { year: 2023, value: 74.1, method: 'estimate' as const, source: null },
  ];

  it('lists every year from the first to the last, the missing ones as not available', () => {
    const rows = trendTableRows(points, [2016, 2017, 2022, 2023]);
    expect(rows.map((r) => r[0])).toEqual(['2016', '2017', '2018', '2019', '2020', '2021', '2022', '2023']);
    expect(rows[0]).toEqual(['2016', '70,0%', 'dalle tonnellate', 'ISPRA']);
    expect(rows[2]).toEqual(['2018', 'Dato non disponibile', '—', '—']);
    expect(rows[5]![1]).toBe('Dato non disponibile');
    expect(rows[6]).toEqual(['2022', '73,2%', 'percentuale riportata dalla fonte', 'ISPRA']);
    expect(rows[7]).toEqual([
      '2023',
      '74,1%',
      'stima: percentuali dei comuni pesate sulla produzione',
      'più fonti',
    ]);
  });

  it('names the estimated years', () => {
    expect(estimateYearsText(points)).toEqual({ text: '2023', count: 1 });
    expect(estimateYearsText(points.slice(0, 2))).toBeNull();
  });
});

describe('the table of kg per inhabitant', () => {
  const points = [
    {
      year: 2016,
      populationBasis: null,
      producedKgPerCapita: 500.04,
      sortedKgPerCapita: 300,
      costPerCapita: null,
    },
    {
      year: 2017,
      populationBasis: null,
      producedKgPerCapita: 490,
      sortedKgPerCapita: 310,
      costPerCapita: 180.5,
    },
    {
      year: 2022,
      populationBasis: null,
      producedKgPerCapita: 480,
      sortedKgPerCapita: 320,
      costPerCapita: 200,
    },
  ];

  it('lists the years without figures as not available, a lacking figure as a dash', () => {
    const rows = perCapitaTableRows(points, [2016, 2017, 2022]);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual(['2016', '500,0', '300,0', '—']);
    expect(rows[3]).toEqual(['2019', 'Dato non disponibile', 'Dato non disponibile', 'Dato non disponibile']);
    expect(rows[6]).toEqual(['2022', '480,0', '320,0', '200,00']);
  });

  it('names the years with only the %', () => {
    const trend = [2016, 2017, 2022, 2023, 2024].map((year) => ({
      year,
      value: 50,
      method: 'tonnes' as const,
    }));
    expect(onlyPercentYearsText(trend, points)).toEqual({ text: '2023–2024', count: 2 });
    expect(onlyPercentYearsText(trend.slice(0, 3), points)).toBeNull();
  });
});

describe('the table of the tonnes', () => {
  // Italy: the tonnes of 2010–2011 and 2024; 2018–2021 without a source, 2022–2023 with only the %.
  const tonnes = [
    { year: 2010, producedT: 32439546.4, sortedT: 11450627.2 },
    { year: 2011, producedT: 31386220.1, sortedT: 11847939.6 },
    { year: 2024, producedT: 29930425.7, sortedT: 20260572.8 },
  ];
  const span = [2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2022, 2023, 2024];
  const rd = (year: number, source: string | null = 'ISPRA') => ({
    year,
    value: 50,
    method: 'tonnes' as const,
    source,
  });

  it('lists every year from the first to the last, the tonnes as the cards give them', () => {
    const rows = tonnesTableRows(tonnes, span);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 15 }, (_, i) => String(2010 + i)));
    expect(rows[0]).toEqual(['2010', '32.439.546,4', '11.450.627,2']);
    expect(rows[1]).toEqual(['2011', '31.386.220,1', '11.847.939,6']);
    expect(rows[14]).toEqual(['2024', '29.930.425,7', '20.260.572,8']);
    for (const index of [2, 8, 9, 10, 11, 12, 13])
      expect(rows[index]!.slice(1)).toEqual(['Dato non disponibile', 'Dato non disponibile']);
    expect(tonnesTableRows([], [])).toEqual([]);
    // Whole tonnes keep their decimal, as on the cards.
    expect(tonnesTableRows([{ year: 2012, producedT: 29993598, sortedT: 0 }])).toEqual([
      ['2012', '29.993.598,0', '0,0'],
    ]);
  });

  it('names the years with a % but without the tonnes', () => {
    const trend = [2010, 2011, 2022, 2023, 2024].map((year) => rd(year));
    expect(yearsWithoutTonnesText(trend, tonnes)).toEqual({ text: '2022–2023', count: 2 });
    expect(yearsWithoutTonnesText([rd(2010), rd(2024)], tonnes)).toBeNull();
  });

  it('says the source of the tonnes, each with its years when there are several', () => {
    const trend = [2010, 2011, 2022, 2023, 2024].map((year) => rd(year));
    expect(tonnesSourceText(trend, tonnes)).toBe('Fonte: ISPRA.');
    expect(tonnesSourceText(trend, [])).toBeNull();
    const mixed = [rd(2010, 'ARPAE Emilia-Romagna'), rd(2011, 'ARPAE Emilia-Romagna'), rd(2024, null)];
    expect(tonnesSourceText(mixed, tonnes)).toBe(
      'Fonti: ARPAE Emilia-Romagna (2010–2011), più fonti (2024).',
    );
    expect(tonnesSourceText([rd(2010, null)], tonnes.slice(0, 1))).toBe(
      'Fonti: più fonti ogni anno, nessuna per più della metà dei comuni.',
    );
  });
});

describe('the table of the collection systems', () => {
  const systems = {
    source: 'ARPAE Emilia-Romagna',
    note: null,
    years: [
      {
        year: 2015,
        tonnes: 123456.78,
        comuniCount: 1,
        items: [{ id: 'porta-a-porta', name: 'Porta a porta', tonnes: 61728.39, share: 50 }],
      },
      {
        year: 2022,
        tonnes: 2000,
        comuniCount: 331,
        items: [
          { id: 'porta-a-porta', name: 'Porta a porta', tonnes: 1500, share: 75 },
          { id: 'stradale', name: 'Contenitori stradali', tonnes: 500, share: 25 },
        ],
      },
    ],
  };

  it('has one row per year and system, in Italian number format', () => {
    expect(collectionSystemsRows(systems)).toEqual([
      ['2015', 'Porta a porta', '61.728,4\u00a0t', '50,0%'],
      ['2022', 'Porta a porta', '1.500,0\u00a0t', '75,0%'],
      ['2022', 'Contenitori stradali', '500,0\u00a0t', '25,0%'],
    ]);
  });

  it('says what the shares are of', () => {
    expect(collectionSystemsBaseText(systems, false)).toBe(
      'Quote delle tonnellate raccolte in modo differenziato: 2015: 123.456,8\u00a0t di 1 comune; 2022: 2.000,0\u00a0t di 331 comuni.',
    );
    expect(collectionSystemsBaseText(systems, true)).toBe(
      'Quote delle tonnellate raccolte in modo differenziato: 2015: 123.456,8\u00a0t; 2022: 2.000,0\u00a0t.',
    );
  });
});

describe('the population the kg per inhabitant divide by (decision 071)', () => {
  const point = (year: number, source: 'istat' | 'census' | 'source' | null) => ({
    year,
    populationBasis:
      source === null
        ? null
        : {
            source,
            date: source === 'istat' ? `${year + 1}-01-01` : source === 'census' ? '2011-10-09' : null,
          },
    producedKgPerCapita: source === null ? null : 500,
    sortedKgPerCapita: source === null ? null : 200,
    costPerCapita: null,
  });

  it("names ISTAT's date beside the population, and nothing for the sources' own", () => {
    expect(populationBasisText({ source: 'istat', date: '2012-01-01' })).toBe(
      'ISTAT, al 1° gennaio 2012, cioè al 31 dicembre 2011: la base dei kg per abitante',
    );
    expect(populationBasisText({ source: 'census', date: '2011-10-09' })).toMatch(
      /censimento.*9 ottobre 2011/,
    );
    expect(populationBasisText({ source: 'source', date: null })).toBeNull();
    expect(populationBasisText(null)).toBeNull();
  });

  it('says under the chart which years use which population', () => {
    const years = [2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017].map((y) => point(y, 'istat'));
    expect(perCapitaBasisText([...years, point(2022, null), point(2024, 'source')])).toBe(
      'Abitanti: per gli anni 2010–2017 la popolazione ISTAT al 31 dicembre di ogni anno (1° gennaio del ' +
        'successivo); per il 2024 quella dei comuni secondo la fonte.',
    );
    expect(perCapitaBasisText([point(2024, 'source')])).toBeNull();
  });
});

describe("the flags of a comune's years anomalous in the source in its trend tables", () => {
  // Siror (TN) 2011 as the API gives it: a spike of the % between two plausible years.
  const siror = {
    year: 2011,
    reasons: ['rdSpike' as const],
    producedT: 480.2,
    population: null,
    populationYear: null,
    kgPerCapita: null,
    peerKgPerCapita: null,
    rdPct: 0.8,
    yearBefore: 2010,
    rdBefore: 70.2,
    yearAfter: 2012,
    rdAfter: 70,
  };
  const points = [
    { year: 2010, value: 70.2, method: 'tonnes' as const, source: 'ISPRA' },
    { year: 2011, value: 0.8, method: 'tonnes' as const, source: 'ISPRA' },
    { year: 2012, value: 70, method: 'tonnes' as const, source: 'ISPRA' },
    { year: 2014, value: 71.3, method: 'tonnes' as const, source: 'ISPRA' },
  ];
  const columns = [{ label: 'Anno' }, { label: '%', numeric: true }];

  it("adds a column 'Nota' with the flag and its figures on the flagged year's row", () => {
    const table = withAnomalyNotes(columns, trendTableRows(points), [siror]);
    expect(table.columns.map((c) => c.label)).toEqual(['Anno', '%', 'Nota']);
    expect(table.rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ['2010', ''],
      ['2011', 'Dato anomalo nella fonte: 70,2 % nel 2010 → 0,8 % nel 2011 → 70 % nel 2012'],
      ['2012', ''],
      ['2013', ''],
      ['2014', ''],
    ]);
  });

  it('leaves a table without flagged years (or whose flagged year has no figures) as it was', () => {
    const rows = trendTableRows(points);
    expect(withAnomalyNotes(columns, rows, [])).toEqual({ columns, rows });
    expect(withAnomalyNotes(columns, rows, [{ ...siror, year: 2013 }])).toEqual({ columns, rows });
  });
});
