import { describe, expect, it } from 'vitest';
import { BASE_TERMS, formatEerCode, normalizeForSearch, termMatches } from './glossary-terms';
import { glossaryMessages } from './messages';

describe('glossary', () => {
  it('has unique anchors', () => {
    const ids = BASE_TERMS.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('matches names, aliases and EER codes, ignoring accents and case', () => {
    const rd = BASE_TERMS.find((t) => t.id === 'raccolta-differenziata')!;
    expect(termMatches(rd, 'RD')).toBe(true);
    expect(termMatches(rd, 'vetro plastica')).toBe(true);
    expect(termMatches(rd, 'ecocompattatore')).toBe(false);
    const fraction = { id: 'vetro', term: 'Vetro', definition: [], eerCodes: ['20 01 02'] };
    expect(termMatches(fraction, '200102')).toBe(true);
    expect(normalizeForSearch('Prossimità')).toBe('prossimita');
  });
  it('writes EER codes in pairs', () => {
    expect(formatEerCode('200108')).toBe('20 01 08');
    expect(formatEerCode('x')).toBe('x');
  });
  it('counts the terms shown in Italian: 1 voce, 2 voci', () => {
    expect(glossaryMessages.results(1, 40)).toBe('1 voce su 40');
    expect(glossaryMessages.results(2, 40)).toBe('2 voci su 40');
    expect(glossaryMessages.results(40, 40)).toBe('40 voci');
    expect(glossaryMessages.results(1, 1)).toBe('1 voce');
  });
});
