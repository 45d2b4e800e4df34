import type { CityRank } from '@portal/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isPartialPage } from '../../../server/page-partial.mjs';
import { CityRankSection } from './city-rank-section';

const render = (rank: CityRank | null) =>
  renderToStaticMarkup(createElement(CityRankSection, { rank, provinces: [] }));

describe('CityRankSection', () => {
  it('marks its notice for the page cache when the API could not give the rank', () => {
    const html = render(null);
    expect(html).toContain('La posizione in classifica non è disponibile in questo momento.');
    expect(html).toContain('data-page-partial="rank"');
    expect(isPartialPage(html)).toBe(true);
  });

  it('does not mark a comune without data that year: that page is whole', () => {
    const torino = { id: '001272', name: 'Torino', year: 2023, band: null, population: null, value: null };
    const noRanks = { italy: null, region: null, province: null, bandRank: null, percentile: null };
    const html = render({ ...torino, ...noRanks, peers: [], anomaly: null });
    expect(html).toContain('data-testid="city-rank-no-data"');
    expect(isPartialPage(html)).toBe(false);
  });

  it('says a comune-year anomalous in the source has no rank, and the figures that make it so', () => {
    const cassinelle = {
      id: '006044',
      name: 'Cassinelle',
      year: 2013,
      band: null,
      population: 843,
      value: null,
    };
    const noRanks = { italy: null, region: null, province: null, bandRank: null, percentile: null };
    const anomaly = {
      year: 2013,
      reasons: ['littleWaste', 'fullRd'] as ('littleWaste' | 'fullRd')[],
      producedT: 0.01,
      population: 843,
      populationYear: 2024,
      kgPerCapita: 0.0119,
      peerKgPerCapita: 361.2,
      rdPct: 100,
      yearBefore: null,
      rdBefore: null,
      yearAfter: null,
      rdAfter: null,
    };
    const html = render({ ...cassinelle, ...noRanks, peers: [], anomaly });
    expect(html).toContain('data-testid="city-rank-anomaly"');
    expect(html).toContain('Dato anomalo nella fonte');
    expect(html).toContain('0,01 t per 843 abitanti (popolazione del 2024)');
    expect(html).toContain('100 % di raccolta differenziata');
    expect(html).toContain('href="/classifiche?anno=2013&amp;anomali=1"');
    expect(html).not.toContain('city-rank-no-data');
  });
});
