import { describe, expect, it } from 'vitest';
import { areaEntriesOf, areasParam, MAX_AREAS, parseAreaList } from './compare-areas';
import { CompareDownloadQuerySchema } from './compare-download';

/**
 * The territories of a comparison, read by /confronta (apps/web compare-state.ts) and by the download of
 * its chart (CompareDownloadQuerySchema) with the same code: what the page draws, the download accepts;
 * what the page reports as malformed or excess, the download refuses.
 */
const EXAMPLES: [string, { keys: string[]; malformed: string[]; excess: string[] }][] = [
  [
    'comune:015146,regione:05,italia',
    { keys: ['comune:015146', 'regione:05', 'italia'], malformed: [], excess: [] },
  ],
  [' Provincia:028 , ITALIA,provincia:028', { keys: ['provincia:028', 'italia'], malformed: [], excess: [] }],
  [
    'regione:5,paese:IT,comune:01514,italia',
    { keys: ['italia'], malformed: ['regione:5', 'paese:IT', 'comune:01514'], excess: [] },
  ],
  [
    'italia,regione:01,regione:02,regione:03,regione:04,regione:05',
    {
      keys: ['italia', 'regione:01', 'regione:02', 'regione:03', 'regione:04'],
      malformed: [],
      excess: ['regione:05'],
    },
  ],
  ['', { keys: [], malformed: [], excess: [] }],
];

describe('the territories of a comparison', () => {
  it.each(EXAMPLES)('reads %j', (aree, expected) => {
    const { areas, malformed, excess } = parseAreaList(areaEntriesOf(aree));
    expect({ keys: areas.map((a) => a.key), malformed, excess }).toEqual(expected);
    const download = CompareDownloadQuerySchema.safeParse({ format: 'png', aree });
    const drawable = expected.keys.length > 0 && !expected.malformed.length && !expected.excess.length;
    expect(download.success).toBe(drawable);
    if (download.success) expect(areasParam(download.data.aree)).toBe(expected.keys.join(','));
    else expect(download.error.issues.map((i) => i.path)).toEqual([['aree']]);
  });

  it('takes at most MAX_AREAS territories', () => {
    expect(MAX_AREAS).toBe(5);
  });
});
