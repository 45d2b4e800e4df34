import { describe, expect, it } from 'vitest';
import { explorerHref, parseExplorerState } from './explorer-state';

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
