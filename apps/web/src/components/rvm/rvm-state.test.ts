import { describe, expect, it } from 'vitest';
import { apiFilters, parseRvmState, rvmHref } from './rvm-state';

describe('rvm URL state', () => {
  it('reads the filters and drops invalid values', () => {
    expect(
      parseRvmState({
        regione: '05',
        provincia: '028',
        gestore: '3',
        anno: '2023',
        cerca: ' via ',
        pagina: '2',
      }),
    ).toEqual({
      region: '05',
      province: '028',
      operator: 3,
      year: 2023,
      search: 'via',
      page: 2,
    });
    expect(parseRvmState({ regione: '5', provincia: 'x', gestore: '0', anno: '23', pagina: '-1' })).toEqual({
      region: null,
      province: null,
      operator: null,
      year: null,
      search: null,
      page: 1,
    });
    // The years the API accepts (1990–2100): 1950 would answer 400 and break the page.
    expect(parseRvmState({ anno: '1950' }).year).toBeNull();
    expect(parseRvmState({ anno: '2100' }).year).toBe(2100);
  });

  it('writes the URL back and maps to API parameters', () => {
    const state = parseRvmState({ regione: '05', gestore: '3', anno: '2023' });
    expect(rvmHref(state)).toBe('/ecocompattatori?regione=05&gestore=3&anno=2023');
    expect(rvmHref({})).toBe('/ecocompattatori');
    expect(apiFilters(state)).toEqual({ region: '05', province: undefined, operator: 3, year: 2023 });
  });
});
