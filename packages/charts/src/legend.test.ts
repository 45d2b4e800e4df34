import { describe, expect, it } from 'vitest';
import { RD_LEGEND, rdLegendClass } from './legend';

describe('rdLegendClass', () => {
  it('puts each % in the class whose bounds contain it', () => {
    expect(rdLegendClass(0)?.id).toBe(1);
    expect(rdLegendClass(34.99)?.id).toBe(1);
    expect(rdLegendClass(35)?.id).toBe(2);
    expect(rdLegendClass(65)?.id).toBe(4);
    expect(rdLegendClass(100)?.id).toBe(5);
  });
  it('gives null for missing data instead of a class', () => {
    expect(rdLegendClass(null)).toBeNull();
    expect(rdLegendClass(undefined)).toBeNull();
    expect(rdLegendClass(Number.NaN)).toBeNull();
  });
  it('has contiguous classes', () => {
    for (let i = 1; i < RD_LEGEND.length; i++) expect(RD_LEGEND[i]!.min).toBe(RD_LEGEND[i - 1]!.max);
  });
});
