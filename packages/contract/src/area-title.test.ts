import { describe, expect, it } from 'vitest';
import { areaTitle } from './area-title';

describe('areaTitle', () => {
  it('names a province "Provincia di …", so it is never read as its capoluogo', () => {
    expect(areaTitle({ level: 'province', name: 'Brescia' })).toBe('Provincia di Brescia');
    expect(areaTitle({ level: 'city', name: 'Brescia' })).toBe('Brescia');
    expect(areaTitle({ level: 'region', name: 'Lombardia' })).toBe('Lombardia');
    expect(areaTitle({ level: 'country', name: 'Italia' })).toBe('Italia');
  });
});
