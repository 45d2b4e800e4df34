import { describe, expect, it } from 'vitest';
import { POPULATION_BAND_RANGES, POPULATION_BANDS, populationBand } from './ranking-bands';
import { RankingQuerySchema } from './rankings';

describe('population bands', () => {
  it('puts each bound in the lower band, and agrees with the ranges', () => {
    const cases: [number, string][] = [
      [0, 'fino-5000'],
      [5000, 'fino-5000'],
      [5001, '5000-15000'],
      [15000, '5000-15000'],
      [15001, '15000-50000'],
      [50000, '15000-50000'],
      [50001, '50000-100000'],
      [100000, '50000-100000'],
      [100001, 'oltre-100000'],
      [2_700_000, 'oltre-100000'],
    ];
    for (const [population, band] of cases) expect(populationBand(population), String(population)).toBe(band);
    for (const band of POPULATION_BANDS) {
      const { min, max } = POPULATION_BAND_RANGES[band];
      expect(populationBand(min)).toBe(band);
      if (max !== null) expect(populationBand(max)).toBe(band);
    }
  });
});

describe('RankingQuerySchema', () => {
  const issues = (query: Record<string, string>) =>
    Object.fromEntries(
      (RankingQuerySchema.safeParse(query).error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );

  it('fills the defaults', () => {
    expect(RankingQuerySchema.parse({})).toEqual({
      level: 'city',
      indicator: 'sortedPercentage',
      order: 'best',
      list: 'ranked',
      page: 1,
      pageSize: 50,
    });
  });

  it('refuses, in Italian, the filters that do not apply to the level and a comparison year out of place', () => {
    expect(issues({ level: 'province', band: 'fino-5000', capitals: 'true' })).toEqual({
      band: 'Filtro disponibile solo per la classifica dei comuni.',
      capitals: 'Filtro disponibile solo per la classifica dei comuni.',
    });
    expect(issues({ level: 'region', province: '028' })).toEqual({
      province: 'La classifica delle regioni non si filtra per provincia.',
    });
    expect(issues({ compareYear: '2023' })).toEqual({
      compareYear:
        "L'anno di confronto vale solo per la variazione della raccolta differenziata (indicator=sortedPercentageChange).",
    });
    expect(issues({ indicator: 'sortedPercentageChange', year: '2023', compareYear: '2023' })).toEqual({
      compareYear: "L'anno di confronto deve precedere l'anno della classifica.",
    });
    expect(issues({ band: '5000', pageSize: '101', order: 'top' })).toEqual({
      band: "Fascia di popolazione non valida: 'fino-5000', '5000-15000', '15000-50000', '50000-100000' o 'oltre-100000'.",
      pageSize: 'Elementi per pagina non validi: un intero tra 10 e 100.',
      order: "Ordine non valido: 'best' o 'worst'.",
    });
    expect(RankingQuerySchema.safeParse({ level: 'province', province: '028', region: '05' }).success).toBe(
      true,
    );
  });
});
