import { describe, expect, it } from 'vitest';
import { inRegion, ofPercent, rankingsMessages } from './messages';

describe('the Italian of the rank section', () => {
  it('puts the article a percentage is read with', () => {
    expect([0, 1, 8, 11, 18, 73, 80, 89, 90, 100].map(ofPercent)).toEqual([
      'dello 0%',
      'dell’1%',
      'dell’8%',
      'dell’11%',
      'del 18%',
      'del 73%',
      'dell’80%',
      'dell’89%',
      'del 90%',
      'del 100%',
    ]);
    expect(rankingsMessages.cityRank.percentile(8)).toBe('meglio dell’8% dei comuni italiani');
  });

  it('names where a region’s comuni are', () => {
    expect(['Veneto', 'Marche', 'Lazio', 'Molise', 'Friuli-Venezia Giulia', 'Sicilia'].map(inRegion)).toEqual(
      ['in Veneto', 'nelle Marche', 'nel Lazio', 'nel Molise', 'nel Friuli-Venezia Giulia', 'in Sicilia'],
    );
  });
});

describe('the Italian of /classifiche', () => {
  it('"tutti" agrees with the level: tutti i comuni, tutte le province e le regioni', () => {
    const { count, table } = rankingsMessages;
    expect(`${count.ranked('province', 107, '107')} · ${count.allRanked('province')}`).toBe(
      '107 province in classifica · tutte con dati',
    );
    expect(count.allRanked('region')).toBe('tutte con dati');
    expect(count.allRanked('city')).toBe('tutti con dati');
    expect(table.emptyUnranked('province')).toBe('Con questi filtri tutte hanno dati per l’anno scelto.');
    // On a phone, under the name: the figure and its unit never part.
    expect(table.inhabitants('1.141')).toBe('1.141\u00a0ab.');
  });

  it('says a province dropped for not being in the region chosen', () => {
    expect(rankingsMessages.filters.provinceDropped('Palermo', 'Lombardia')).toMatch(
      /^La provincia di Palermo non è in Lombardia: /,
    );
  });
});
