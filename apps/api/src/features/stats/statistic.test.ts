import { describe, expect, it } from 'vitest';
import { buildStatistic } from './statistic';
import { perCapita, perCapitaTrend, tonnesKnown } from './stats.service';
import type { YearRow } from './stats.repo';

describe('buildStatistic', () => {
  it('says "better" when a statistic whose good direction is down goes down', () => {
    const s = buildStatistic(900, 1000, 't', 'down', null);
    expect(s).toMatchObject({
      value: 900,
      compareValue: 1000,
      change: -100,
      changePct: -10,
      trend: 'down',
      outcome: 'better',
    });
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
    expect(buildStatistic(10, null, 't', 'down', null)).toMatchObject({
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
