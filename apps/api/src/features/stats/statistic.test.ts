import { describe, expect, it } from 'vitest';
import { buildStatistic } from './statistic';
import { perCapita, perCapitaTrend, tonnesKnown } from './stats.service';
import type { YearRow } from './stats.repo';
import { fractionSets, nearestYearWith } from './stats.service';

describe('buildStatistic', () => {
  it('says "better" when a statistic whose good direction is down goes down', () => {
    const s = buildStatistic(450, 500, 'kg/ab', 'down', null);
    expect(s).toMatchObject({
      value: 450,
      compareValue: 500,
      change: -50,
      changePct: -10,
      trend: 'down',
      outcome: 'better',
    });
  });
  it('gives no verdict on tonnes, driven by the amount of waste: only on % and kg per inhabitant', () => {
    // Italy's sorted tonnes falling while all its waste fell by a third: a change, never "in peggioramento".
    expect(buildStatistic(17_000_000, 18_000_000, 't', 'up', null)).toMatchObject({
      change: -1_000_000,
      trend: 'down',
      goodDirection: null,
      outcome: null,
    });
    expect(buildStatistic(900, 1000, 't', 'down', null)).toMatchObject({ trend: 'down', outcome: null });
    expect(buildStatistic(66, 65, '%', 'up', null).outcome).toBe('better');
    expect(buildStatistic(520, 500, 'kg/ab', 'down', null).outcome).toBe('worse');
  });
  it('compares with the comparison year only: a lacking one gives no comparison and names the nearest year', () => {
    // The comparison year (2023) lacks the statistic: no value of another year in its place.
    expect(buildStatistic(10, null, 't', null, null, { compareYear: 2023, nearestYear: 2017 })).toMatchObject(
      { compareValue: null, compareYear: null, nearestYear: 2017, change: null },
    );
    // It has it: compared, and no other year is offered.
    expect(buildStatistic(10, 9, 't', null, null, { compareYear: 2023, nearestYear: 2022 })).toMatchObject({
      compareValue: 9,
      compareYear: 2023,
      nearestYear: null,
    });
    // No value this year: nothing to compare, nothing to offer.
    expect(
      buildStatistic(null, null, 't', null, 'x', { compareYear: 2023, nearestYear: 2017 }),
    ).toMatchObject({ nearestYear: null });
  });
  it('says "worse" when a statistic whose good direction is up goes down', () => {
    expect(buildStatistic(40, 45, '%', 'up', null)).toMatchObject({ trend: 'down', outcome: 'worse' });
  });
  it('is "unchanged" when equal at the shown precision', () => {
    expect(buildStatistic(41.02, 41.04, '%', 'up', null)).toMatchObject({
      trend: 'unchanged',
      outcome: 'unchanged',
    });
    expect(buildStatistic(41.0, 41.2, '%', 'up', null).trend).toBe('down');
  });
  it('has no trend without a comparison value', () => {
    expect(buildStatistic(10, null, 'kg/ab', 'down', null)).toMatchObject({
      value: 10,
      change: null,
      trend: null,
      outcome: null,
    });
  });
  it('makes a missing value explicit: null and a reason, never zero', () => {
    expect(buildStatistic(null, 5, 't', 'down', 'Solo la percentuale.')).toMatchObject({
      value: null,
      compareValue: 5,
      trend: null,
      missingReason: 'Solo la percentuale.',
    });
  });
  it('has no outcome for a statistic without a good direction', () => {
    expect(buildStatistic(120, 100, '€/ab', null, null)).toMatchObject({ trend: 'up', outcome: null });
  });
  it('computes the change from the values as shown, so the card adds up', () => {
    // 82,1% and 81,9% on the card: +0,2 points, not the +0,12 (shown +0,1) of the unrounded values.
    expect(buildStatistic(82.06, 81.94, '%', 'up', null)).toMatchObject({
      value: 82.06,
      compareValue: 81.94,
      change: 0.2,
      trend: 'up',
    });
    // 1.234,6 t against 1.234,4 t: −0,2 t shown, although the raw difference is 0.1.
    expect(buildStatistic(1234.44, 1234.56, 't', 'down', null).change).toBe(-0.2);
    // 213,22 €/ab against 200,00 €/ab: the percentage comes from the shown values too.
    expect(buildStatistic(213.224, 199.996, '€/ab', null, null)).toMatchObject({
      change: 13.22,
      changePct: 6.61,
    });
  });
  it('gives no percentage change from zero', () => {
    expect(buildStatistic(5, 0, 'kg/ab', 'down', null).changePct).toBeNull();
    expect(buildStatistic(5, 0, 't', 'down', null).changePct).toBeNull();
  });
});

describe('one rounding for a figure on the card and in the trend', () => {
  it("gives the per-capita trend the card's value, so both show 199,3 (Italy 2011, issue 35)", () => {
    const year: YearRow = {
      year: 2011,
      comuniCount: 1,
      comuniWithTonnes: 1,
      population: 1000,
      populationSource: 'istat',
      producedT: 528.1,
      sortedT: 199.347,
      rdPct: 37.75,
      rdPctMethod: 'tonnes',
      costPerCapita: null,
      aggregationName: null,
      source: null,
    };
    const card = buildStatistic(perCapita(year.sortedT, year.population), null, 'kg/ab', 'up', null);
    const [point] = perCapitaTrend([year], tonnesKnown);
    expect(point!.sortedKgPerCapita).toBe(card.value);
    expect(card.value).toBe(199.347);
    expect(point!.populationBasis).toEqual({ source: 'istat', date: '2012-01-01' });
  });
});

describe('nearestYearWith', () => {
  const rows = [2010, 2016, 2017, 2022, 2023, 2024].map((year) => ({
    year,
    t: year <= 2017 || year === 2024 ? year * 10 : null,
  }));
  const pick = (r: { t: number | null }) => r.t;
  it('gives the year nearest to the comparison year that has the statistic, never the view year', () => {
    expect(nearestYearWith(rows, pick, 2023, 2024)).toBe(2017);
    expect(nearestYearWith(rows, pick, 2022, 2017)).toBe(2024);
    expect(nearestYearWith(rows, pick, 2017, 2024)).toBe(2016);
  });
  it('prefers the earlier of two equally near years, and says when no other year has it', () => {
    const even = [2020, 2022, 2024].map((year) => ({ year, t: year === 2021 ? null : 1 }));
    expect(nearestYearWith([...even, { year: 2021, t: null }], pick, 2021, 2024)).toBe(2020);
    expect(
      nearestYearWith(
        [
          { year: 2024, t: 1 },
          { year: 2023, t: null },
        ],
        pick,
        2023,
        2024,
      ),
    ).toBeNull();
  });
});

describe('fractionSets', () => {
  const sets = [{ fractionIds: ['carta-cartone', 'vetro'], comuniCount: 3, comuniTotal: 4 }];
  const names = new Map([
    ['carta-cartone', 'Carta e cartone'],
    ['vetro', 'Vetro'],
  ]);
  /** The sets of an area whose comuni with data come from these sources, so many each. */
  const from = (counts: Record<string, number>) =>
    fractionSets(
      sets,
      Object.entries(counts).map(([source, comuniCount]) => ({ source, comuniCount })),
      names,
    );
  it('gives the sets when the source of (almost) every comune gives every fraction', () => {
    const shown = from({ 'ispra-storico': 95, 'arpae-er': 5 });
    expect(shown).toMatchObject({ comuniTotal: 4, missingReason: null });
    expect(shown.items).toEqual([
      {
        fractions: [
          { id: 'carta-cartone', name: 'Carta e cartone' },
          { id: 'vetro', name: 'Vetro' },
        ],
        comuniCount: 3,
        share: 75,
      },
    ]);
  });
  it("gives none, and says why, where most comuni's source has only some fractions (the KPI list)", () => {
    const hidden = from({ 'ispra-comuni': 391, 'ispra-kpi': 7490 });
    expect(hidden).toMatchObject({ items: [], comuniTotal: 0 });
    expect(hidden.missingReason).toMatch(/non riporta tutte le frazioni raccolte/);
  });
});
