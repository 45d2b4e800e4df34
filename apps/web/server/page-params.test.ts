import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareHref, parseCompareState } from '../src/components/compare/compare-state';
import { explorerHref, parseExplorerState } from '../src/components/explorer/explorer-state';
import { mapSpecOf, mapSrc } from '../src/components/explorer/map-document';
import {
  DEFAULT_STATE,
  parseRankingsState,
  rankingsHref,
  withoutEmptyParams,
} from '../src/components/rankings/rankings-state';
import { parseRvmState, rvmHref } from '../src/components/rvm/rvm-state';
import { EMBED_PARAMS, embedPath, RVM_CHARTS, STAT_CHARTS } from '../src/lib/embeds';
import { PRIVATE_PATHS } from '../src/components/shell/private-paths';
import {
  canonicalAddress,
  EMBED_CHARTS,
  EMBED_NOT_FOUND_PATH,
  normalisePath,
  NOT_FOUND_PATH,
  PAGE_PARAMS,
  paramsOf,
  UNKNOWN_MAP_ADDRESS,
} from './page-params.mjs';

/** The names a parse function looks up in its parameters (read, `in`, or listed). */
function namesRead(parse: (params: Record<string, string | string[] | undefined>) => unknown): string[] {
  const read = new Set<string>();
  const record = (name: string | symbol) => {
    if (typeof name === 'string') read.add(name);
  };
  const params = new Proxy({} as Record<string, string>, {
    get: (_target, name) => (record(name), undefined),
    has: (_target, name) => (record(name), false),
    getOwnPropertyDescriptor: (_target, name) => (record(name), undefined),
  });
  parse(params);
  return [...read].sort();
}

const sorted = (names: readonly string[]) => [...names].sort();
const queryNames = (href: string) => sorted([...new URLSearchParams(href.split('?')[1] ?? '').keys()]);

describe('the parameters each page reads (PAGE_PARAMS), held to the pages’ own code', () => {
  it('names exactly what the explorer, /ecocompattatori, /classifiche and /confronta read', () => {
    expect(sorted(PAGE_PARAMS['/']!)).toEqual(namesRead(parseExplorerState));
    expect(sorted(PAGE_PARAMS['/ecocompattatori']!)).toEqual(namesRead(parseRvmState));
    expect(sorted(PAGE_PARAMS['/confronta']!)).toEqual(namesRead(parseCompareState));
    // /classifiche reads its state, and redirects a URL with an empty filter (withoutEmptyParams).
    const rankings = new Set([...namesRead((p) => parseRankingsState(p)), ...namesRead(withoutEmptyParams)]);
    expect(sorted(PAGE_PARAMS['/classifiche']!)).toEqual(sorted([...rankings]));
  });

  it('names what the embeds read, and every chart they have', () => {
    expect(EMBED_CHARTS['/embed/grafico/'].params).toEqual(EMBED_PARAMS.grafico);
    expect(EMBED_CHARTS['/embed/ecocompattatori/'].params).toEqual(EMBED_PARAMS.ecocompattatori);
    expect(PAGE_PARAMS['/embed/confronta']).toEqual(EMBED_PARAMS.confronta);
    expect(EMBED_CHARTS['/embed/grafico/'].charts).toEqual([...STAT_CHARTS]);
    expect(EMBED_CHARTS['/embed/ecocompattatori/'].charts).toEqual([...RVM_CHARTS]);
  });

  it('names what /mappa.svg accepts (less its version, v)', () => {
    const all = new URLSearchParams('regione=05&provincia=028&anno=2022&v=abc');
    expect(mapSpecOf(all)).not.toBeNull();
    expect(sorted([...all.keys()].filter((k) => k !== 'v'))).toEqual(sorted(PAGE_PARAMS['/mappa.svg']!));
    expect(mapSpecOf(new URLSearchParams('altro=1'))).toBeNull();
    // Any other parameter is its 404: one address for all of them.
    expect(canonicalAddress('/mappa.svg?comune=015146&v=1')).toBe(UNKNOWN_MAP_ADDRESS);
    expect(canonicalAddress('/mappa.svg?regione=05&x=2')).toBe(UNKNOWN_MAP_ADDRESS);
    expect(mapSpecOf(new URLSearchParams(UNKNOWN_MAP_ADDRESS.split('?')[1]))).toBeNull();
  });

  it('keeps every parameter of the addresses the portal writes', () => {
    const explorer = { region: '05', province: '028', city: '028001', year: 2022, compareYear: 2021 };
    const cases: [string, string][] = [
      ['/', explorerHref(explorer)],
      ['/ecocompattatori', rvmHref({ ...explorer, operator: 3, search: 'x', page: 2 })],
      [
        '/classifiche',
        rankingsHref({
          ...DEFAULT_STATE,
          indicator: 'sortedPercentageChange',
          year: 2022,
          compareYear: 2020,
          region: '05',
          province: '028',
          band: 'fino-5000',
          capitals: true,
          order: 'worst',
          list: 'unranked',
          page: 3,
        }),
      ],
      [
        '/confronta',
        compareHref({ areas: parseCompareState({ aree: 'regione:05,italia' }).areas, measure: 'kg' }),
      ],
      ['/mappa.svg', mapSrc({ kind: 'comuni', region: '05', province: '028' }, 2022, 'v1')],
      ['/embed/grafico/andamento', embedPath('grafico', 'andamento', explorerHref(explorer).slice(1))],
      [
        '/embed/ecocompattatori/gestori',
        embedPath('ecocompattatori', 'gestori', rvmHref({ ...explorer, operator: 3 }).split('?')[1]!),
      ],
      ['/embed/confronta', embedPath('confronta', null, 'aree=regione:05,italia&misura=kg')],
    ];
    for (const [page, href] of cases) {
      const names = queryNames(href).filter((n) => !(page === '/mappa.svg' && n === 'v'));
      expect(names.length, href).toBeGreaterThan(0);
      expect(
        names.filter((n) => !paramsOf(page)!.includes(n)),
        href,
      ).toEqual([]);
      // And the key of that address is the address itself, less the map's version.
      if (page !== '/mappa.svg') expect(queryNames(canonicalAddress(href)), href).toEqual(names);
    }
  });

  it('lists every route of src/app, and no route that is not there', () => {
    const app = fileURLToPath(new URL('../src/app', import.meta.url));
    const routes: string[] = [];
    const walk = (dir: string, route: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name), `${route}/${entry.name}`);
        else if (/^(page|route)\.tsx?$/.test(entry.name)) routes.push(route || '/');
        else if (/^(sitemap|robots)\.ts$/.test(entry.name))
          routes.push(`/${entry.name.replace(/\.ts$/, entry.name.startsWith('sitemap') ? '.xml' : '.txt')}`);
      }
    };
    walk(app, '');
    const ours = [
      ...Object.keys(PAGE_PARAMS),
      ...Object.keys(EMBED_CHARTS).map((prefix) => prefix.replace(/\/$/, '')),
      ...PRIVATE_PATHS,
      // Not pages: robots.txt is a small file, /sessione/fine answers POST, the embeds' catch-all is the
      // 404 every other /embed/ address renders (EMBED_NOT_FOUND_PATH).
      '/robots.txt',
      '/sessione/fine',
      '/embed/[...rest]',
    ];
    // A page under a private path (the back-office's sections) is private by that prefix (page-cache.mjs).
    const found = [
      ...new Set(
        routes
          .map((r) => r.replace(/\/\[chart\]$/, ''))
          .map((r) => PRIVATE_PATHS.find((p) => r.startsWith(`${p}/`)) ?? r),
      ),
    ];
    expect(sorted(found)).toEqual(sorted(ours));
  });
});

describe('canonicalAddress', () => {
  it('keeps the parameters the page reads, in one order, the first value of each', () => {
    expect(canonicalAddress('/?comune=015146')).toBe('/?comune=015146');
    expect(canonicalAddress('/?x=1&comune=015146&anno=2020&anno=2021&utm_source=a')).toBe(
      '/?comune=015146&anno=2020',
    );
    expect(canonicalAddress('/?anno=2020&regione=05')).toBe('/?regione=05&anno=2020');
    expect(canonicalAddress('/glossario?x=1&y=2')).toBe('/glossario');
    expect(canonicalAddress('/ecocompattatori?x=1')).toBe('/ecocompattatori');
    expect(canonicalAddress('/confronta?aree=regione:05&aree=italia&x=1&misura=kg')).toBe(
      '/confronta?aree=regione%3A05&aree=italia&misura=kg',
    );
    // An empty filter stays: /classifiche redirects it away.
    expect(canonicalAddress('/classifiche?regione=&ordine=peggiori')).toBe(
      '/classifiche?regione=&ordine=peggiori',
    );
    expect(canonicalAddress('/mappa.svg?v=abc&regione=05')).toBe('/mappa.svg?regione=05');
    expect(canonicalAddress('/sitemap.xml?v=1')).toBe('/sitemap.xml');
  });

  it('renders one 404 for every address that is no page, the embeds’ own under /embed/', () => {
    for (const url of ['/manca', '/x/y?z=1', '/glossario/altro', '/embedded'])
      expect(canonicalAddress(url), url).toBe(NOT_FOUND_PATH);
    for (const url of ['/embed/manca', '/embed/grafico/altro?comune=1', '/embed/grafico'])
      expect(canonicalAddress(url), url).toBe(EMBED_NOT_FOUND_PATH);
    expect(canonicalAddress('/embed/grafico/andamento?comune=015146&x=1')).toBe(
      '/embed/grafico/andamento?comune=015146',
    );
    expect(paramsOf(NOT_FOUND_PATH)).toBeNull();
    expect(paramsOf(EMBED_NOT_FOUND_PATH)).toBeNull();
  });

  it('resolves the path as a browser would before anything is decided on it', () => {
    expect(normalisePath('/embed/../glossario')).toBe('/glossario');
    expect(normalisePath('/embed/%2e%2e/glossario')).toBe('/glossario');
    expect(normalisePath('/embed/grafico/./andamento')).toBe('/embed/grafico/andamento');
    expect(normalisePath('/glossario/')).toBe('/glossario');
    expect(normalisePath('//glossario')).toBe('/glossario');
    expect(normalisePath('/\\evil.example')).toBe('/evil.example');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('http://altro.example/embed/../progetto')).toBe('/progetto');
    expect(normalisePath('*')).toBe('/');
    // Once is enough: a resolved path resolves to itself.
    for (const path of ['/a/.//..', '/././/.', '/x/%2e/%2E%2e//y/', '/embed\\..\\glossario'])
      expect(normalisePath(normalisePath(path)), path).toBe(normalisePath(path));
    expect(canonicalAddress('/embed/../glossario?x=1')).toBe('/glossario');
  });
});
