import { describe, expect, it } from 'vitest';
import { chooseYears, explorerHref, parseExplorerState } from './explorer-state';

describe('explorer URL state', () => {
  it('reads ISTAT codes and years', () => {
    expect(
      parseExplorerState({
        regione: '05',
        provincia: '025',
        comune: '025075',
        anno: '2024',
        confronto: '2022',
      }),
    ).toEqual({ region: '05', province: '025', city: '025075', year: 2024, compareYear: 2022 });
  });
  it('ignores malformed values', () => {
    expect(
      parseExplorerState({ regione: '5', provincia: ['abc'], comune: '12', anno: '24', confronto: '' }),
    ).toEqual({
      region: null,
      province: null,
      city: null,
      year: null,
      compareYear: null,
    });
  });
  it('writes only what is set', () => {
    expect(explorerHref({})).toBe('/');
    expect(explorerHref({ region: '05', province: null, year: 2023 })).toBe('/?regione=05&anno=2023');
    expect(explorerHref({ region: '05', province: '025', city: '025075', compareYear: 2022 })).toBe(
      '/?regione=05&provincia=025&comune=025075&confronto=2022',
    );
  });
});

describe('chooseYears: two quick choices in the year picker', () => {
  it('a comparison year chosen after a year keeps that year, and the reverse', () => {
    // The year 2020 chosen, its page not yet arrived: the comparison year chosen next keeps 2020.
    const afterYear = chooseYears({ year: 2024, compareYear: 2023 }, { year: 2020 });
    expect(afterYear).toEqual({ year: 2020, compareYear: 2023 });
    expect(chooseYears(afterYear, { compareYear: 2015 })).toEqual({ year: 2020, compareYear: 2015 });
    const afterCompare = chooseYears({ year: 2024, compareYear: 2023 }, { compareYear: 2015 });
    expect(chooseYears(afterCompare, { year: 2020 })).toEqual({ year: 2020, compareYear: 2015 });
  });

  it('a year equal to the comparison year drops it; no comparison year stays none', () => {
    expect(chooseYears({ year: 2024, compareYear: 2020 }, { year: 2020 })).toEqual({
      year: 2020,
      compareYear: null,
    });
    expect(chooseYears({ year: 2024, compareYear: null }, { year: 2022 })).toEqual({
      year: 2022,
      compareYear: null,
    });
    expect(chooseYears({ year: 2024, compareYear: 2023 }, { compareYear: null })).toEqual({
      year: 2024,
      compareYear: null,
    });
  });
});
