import { describe, expect, it } from 'vitest';
import { explorerMessages as t } from './messages';

describe('explorer messages', () => {
  it("names a map area's value, and says when the source's figure is flagged (decision 070)", () => {
    expect(t.map.areaLink('Cassinelle', '100,0%')).toBe('Cassinelle: 100,0%');
    expect(t.map.areaLink('Cassinelle', '100,0%', true)).toBe(
      'Cassinelle: 100,0% — dato anomalo nella fonte',
    );
  });

  it('says "forse insieme ad altri" only when the linked comuni do not account for the successor', () => {
    expect(t.stats.mergedFrom.before(1, true)).toBe('Nel comune è confluito ');
    expect(t.stats.mergedFrom.before(2, true)).toBe('Nel comune sono confluiti ');
    expect(t.stats.mergedFrom.before(1, false)).toBe('Nel comune è confluito, forse insieme ad altri, ');
    expect(t.stats.mergedFrom.before(2, false)).toBe('Nel comune sono confluiti, forse insieme ad altri, ');
  });
});
