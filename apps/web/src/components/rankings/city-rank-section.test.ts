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
    const html = render({ ...torino, ...noRanks, peers: [] });
    expect(html).toContain('data-testid="city-rank-no-data"');
    expect(isPartialPage(html)).toBe(false);
  });
});
