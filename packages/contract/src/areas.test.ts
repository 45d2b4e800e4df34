import { describe, expect, it } from 'vitest';
import { canDownloadCsv } from './auth';
import { CityIdSchema, isIstatId, isPlausibleYear, RegionIdSchema, yearParam } from './areas';

describe('ISTAT ids and years', () => {
  it('accepts the codes of each level and nothing else', () => {
    expect(isIstatId('region', '05')).toBe(true);
    expect(isIstatId('province', '028')).toBe(true);
    expect(isIstatId('city', '028001')).toBe(true);
    expect(isIstatId('region', '5')).toBe(false);
    expect(isIstatId('province', '28')).toBe(false);
    expect(isIstatId('city', '028001 ')).toBe(false);
    expect(RegionIdSchema.safeParse('005').error?.issues[0]?.message).toBe(
      'Codice ISTAT di regione non valido (due cifre, es. 05).',
    );
    expect(CityIdSchema.safeParse('028001').success).toBe(true);
  });

  it('keeps years between 1990 and 2100', () => {
    expect([1989, 1990, 2100, 2101, 2000.5].map(isPlausibleYear)).toEqual([false, true, true, false, false]);
    expect(yearParam().parse('2023')).toBe(2023);
    expect(
      yearParam('compareYear', { min: 1990, max: 2100 }).safeParse('1989').error?.issues[0]?.message,
    ).toBe('Anno di confronto non valido: tra 1990 e 2100.');
  });
});

describe('canDownloadCsv', () => {
  it('needs a signed-in user with an active licence', () => {
    expect(canDownloadCsv({ licenseStatus: 'active' })).toBe(true);
    expect(canDownloadCsv({ licenseStatus: 'pending' })).toBe(false);
    expect(canDownloadCsv({ licenseStatus: 'inactive' })).toBe(false);
    expect(canDownloadCsv({ licenseStatus: null })).toBe(false);
    expect(canDownloadCsv(null)).toBe(false);
  });
});
