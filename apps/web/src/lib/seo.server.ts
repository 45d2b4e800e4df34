import 'server-only';
import { CityPageSchema, ProvinceListSchema, RegionListSchema, type City } from '@portal/contract';
import { headers } from 'next/headers';
import { loadExplorerFor } from '../components/explorer/explorer-data.server';
import { explorerHref, parseExplorerState, type SearchParams } from '../components/explorer/explorer-state';
import { apiGet } from './api.server';
import {
  canonicalPath,
  isIndexable,
  PATHNAME_HEADER,
  SEARCH_HEADER,
  type SitemapGeo,
  type Territory,
} from './seo';

/** The path and query of the page being rendered, as src/proxy.ts passed them on. */
async function requestLocation(): Promise<{ pathname: string; search: URLSearchParams } | null> {
  const h = await headers();
  const pathname = h.get(PATHNAME_HEADER);
  if (!pathname) return null;
  return { pathname, search: new URLSearchParams(h.get(SEARCH_HEADER) ?? '') };
}

function toSearchParams(search: URLSearchParams): SearchParams {
  const params: SearchParams = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    params[key] = values.length === 1 ? values[0] : values;
  }
  return params;
}

/**
 * The home page's territory as the page shows it: a comune's province and region come from the API.
 * loadExplorerFor is cached per request, so this is the page's own call, not another one.
 */
async function homeTerritory(search: URLSearchParams): Promise<Territory> {
  const requested = parseExplorerState(toSearchParams(search));
  try {
    const { state } = await loadExplorerFor(explorerHref(requested));
    return state;
  } catch {
    return requested;
  }
}

export interface PageSeo {
  /** Canonical path (with the home page's territory query); null when the path is not known. */
  canonical: string | null;
  indexable: boolean;
}

/** The canonical address and the indexing rule of the page being rendered. */
export async function pageSeo(): Promise<PageSeo> {
  const location = await requestLocation();
  if (!location) return { canonical: null, indexable: true };
  const { pathname, search } = location;
  const territory = pathname === '/' ? await homeTerritory(search) : null;
  return { canonical: canonicalPath(pathname, territory), indexable: isIndexable(pathname) };
}

const PAGE_SIZE = 500;
const PARALLEL_PAGES = 4;
const SITEMAP_CACHE_MS = 10 * 60_000;
let sitemapCache: { at: number; geo: Promise<SitemapGeo> } | null = null;

async function allCities(): Promise<City[]> {
  const first = await apiGet('/api/cities/city/', CityPageSchema, { page: 1, pageSize: PAGE_SIZE });
  const cities = [...first.results];
  const pages = Math.ceil(first.count / PAGE_SIZE);
  for (let start = 2; start <= pages; start += PARALLEL_PAGES) {
    const batch = Array.from({ length: Math.min(PARALLEL_PAGES, pages - start + 1) }, (_, i) =>
      apiGet('/api/cities/city/', CityPageSchema, { page: start + i, pageSize: PAGE_SIZE }),
    );
    for (const page of await Promise.all(batch)) cities.push(...page.results);
  }
  return cities;
}

async function fetchSitemapGeo(): Promise<SitemapGeo> {
  const [regions, provinces, cities] = await Promise.all([
    apiGet('/api/cities/regions/', RegionListSchema),
    apiGet('/api/cities/provinces/', ProvinceListSchema),
    allCities(),
  ]);
  return { regions, provinces, cities };
}

/** Regions, provinces and every comune, kept for ten minutes (they change only with an import). */
export function loadSitemapGeo(now = Date.now()): Promise<SitemapGeo> {
  if (!sitemapCache || now - sitemapCache.at > SITEMAP_CACHE_MS) {
    const geo = fetchSitemapGeo();
    sitemapCache = { at: now, geo };
    geo.catch(() => {
      if (sitemapCache?.geo === geo) sitemapCache = null;
    });
  }
  return sitemapCache.geo;
}
