import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  isIndexable,
  PUBLIC_PAGES,
  publicOrigin,
  sitemapEntries,
  withoutTrailingSlash,
} from './seo';

describe('publicOrigin', () => {
  it('is the origin of PUBLIC_URL, the default of the API when unset', () => {
    expect(publicOrigin('https://raccolta.example.it/').toString()).toBe('https://raccolta.example.it/');
    expect(publicOrigin('https://raccolta.example.it/portale?x=1').toString()).toBe(
      'https://raccolta.example.it/',
    );
    expect(publicOrigin(undefined).toString()).toBe('http://localhost:3000/');
    expect(publicOrigin('  ').toString()).toBe('http://localhost:3000/');
  });

  it('refuses what is not an absolute http(s) address', () => {
    expect(() => publicOrigin('raccolta.example.it')).toThrow(/PUBLIC_URL/);
    expect(() => publicOrigin('ftp://raccolta.example.it')).toThrow(/PUBLIC_URL/);
  });
});

describe('withoutTrailingSlash', () => {
  it('gives the address without its trailing slashes', () => {
    expect(withoutTrailingSlash('/contatti/')).toBe('/contatti');
    expect(withoutTrailingSlash('/contatti//')).toBe('/contatti');
    expect(withoutTrailingSlash('/a/b/')).toBe('/a/b');
  });

  it('leaves alone the home page, addresses without a trailing slash and every API path', () => {
    expect(withoutTrailingSlash('/')).toBeNull();
    expect(withoutTrailingSlash('/contatti')).toBeNull();
    expect(withoutTrailingSlash('/api/')).toBeNull();
    expect(withoutTrailingSlash('/api/cities/regions/')).toBeNull();
  });

  it('never turns a path into an address on another host', () => {
    expect(withoutTrailingSlash('//evil.example/')).toBe('/evil.example');
    expect(withoutTrailingSlash('///')).toBe('/');
  });
});

describe('canonicalPath', () => {
  it('is the path alone, without query or trailing slash', () => {
    expect(canonicalPath('/glossario')).toBe('/glossario');
    expect(canonicalPath('/contatti/')).toBe('/contatti');
    expect(canonicalPath('/ecocompattatori')).toBe('/ecocompattatori');
  });

  it('keeps the territory of the home page, as the portal links it, and nothing else', () => {
    const none = { region: null, province: null, city: null };
    expect(canonicalPath('/', none)).toBe('/');
    expect(canonicalPath('/', { ...none, region: '05' })).toBe('/?regione=05');
    expect(canonicalPath('/', { region: '05', province: '025', city: '025075' })).toBe(
      '/?regione=05&provincia=025&comune=025075',
    );
  });
});

describe('isIndexable', () => {
  it('keeps the private area out of search engines', () => {
    expect(isIndexable('/profilo')).toBe(false);
    expect(isIndexable('/scarica-dati')).toBe(false);
    expect(isIndexable('/amministrazione')).toBe(false);
    expect(isIndexable('/')).toBe(true);
    expect(isIndexable('/progetto')).toBe(true);
  });
});

describe('sitemapEntries', () => {
  const origin = new URL('https://raccolta.example.it/');
  const geo = {
    regions: [{ id: '05' }, { id: '08' }],
    provinces: [
      { id: '025', regionId: '05' },
      { id: '037', regionId: '08' },
    ],
    cities: [
      { id: '025075', provinceId: '025', regionId: '05' },
      { id: '037006', provinceId: '037', regionId: '08' },
    ],
  };

  it('lists Italy, the public pages and every region, province and comune once, with absolute addresses', () => {
    const urls = sitemapEntries(origin, geo).map((e) => e.url);
    expect(urls).toHaveLength(1 + PUBLIC_PAGES.length + 2 + 2 + 2);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls[0]).toBe('https://raccolta.example.it/');
    expect(urls).toContain('https://raccolta.example.it/cookie-policy');
    expect(urls).toContain('https://raccolta.example.it/?regione=08');
    expect(urls).toContain('https://raccolta.example.it/?regione=05&amp;provincia=025');
    expect(urls).toContain('https://raccolta.example.it/?regione=08&amp;provincia=037&amp;comune=037006');
    expect(urls.filter((u) => u.includes('/profilo') || u.includes('/scarica-dati'))).toEqual([]);
  });
});
