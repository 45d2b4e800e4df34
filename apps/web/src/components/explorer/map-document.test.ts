import { describe, expect, it } from 'vitest';
import {
  MAP_AREAS_ID,
  mapAreaElementId,
  mapDocument,
  mapDocumentLinks,
  mapSpecOf,
  mapSrc,
} from './map-document';

describe('mapDocument', () => {
  const doc = mapDocument({
    width: 600,
    height: 400,
    shapes: [
      { id: '05', d: 'M0,0L10,0L10,10Z', fill: '#238b45', label: 'Veneto: 78,2%' },
      { id: '06', d: '', fill: '#d9d9d9', label: 'Friuli-Venezia Giulia: n.d.' },
      { id: '07', d: 'M1,1L2,2Z', fill: '#a"<&', label: 'Valle d\'Aosta <"x">: 1,0%' },
    ],
  });

  it('holds one path per drawn area, with its id and colour, in the group the page draws at once', () => {
    expect(doc).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 600 400">/);
    expect(doc).toContain(`<g id="${MAP_AREAS_ID}">`);
    expect(doc).toContain(
      `<path id="${mapAreaElementId('05')}" data-label="Veneto: 78,2%" fill="#238b45" d="M0,0L10,0L10,10Z"/>`,
    );
    // An area too small to draw has no path (its link in the page draws nothing).
    expect(doc).not.toContain('id="a06"');
    expect(doc.match(/<path /g)).toHaveLength(2);
  });

  it('gives back its areas and their link names, in order (what a comuni map links)', () => {
    expect(mapDocumentLinks(doc)).toEqual([
      ['05', 'Veneto: 78,2%'],
      ['07', 'Valle d\'Aosta <"x">: 1,0%'],
    ]);
  });

  it('escapes attribute values and sets no stroke (the page gives it)', () => {
    expect(doc).toContain('fill="#a&quot;&lt;&amp;"');
    expect(doc).not.toContain('stroke');
  });
});

describe('mapSrc and mapSpecOf', () => {
  it('name the same map both ways', () => {
    const specs = [
      { kind: 'regions' },
      { kind: 'provinces', region: '05' },
      { kind: 'comuni', region: '03', province: '015' },
    ] as const;
    for (const spec of specs) {
      for (const year of [2024, undefined]) {
        const src = mapSrc(spec, year, 'abc');
        expect(src.startsWith('/mappa.svg?')).toBe(true);
        expect(mapSpecOf(new URL(src, 'http://x').searchParams)).toEqual({ spec, year });
      }
    }
    expect(mapSrc({ kind: 'comuni', region: '03', province: '015' }, 2024, 'v1')).toBe(
      '/mappa.svg?regione=03&provincia=015&anno=2024&v=v1',
    );
  });

  it('refuses what names no map', () => {
    for (const query of [
      'provincia=015',
      'regione=3',
      'regione=03&provincia=15',
      'anno=24',
      'comune=015146',
      'regione=03&foo=1',
    ]) {
      expect(mapSpecOf(new URLSearchParams(query)), query).toBeNull();
    }
  });
});
