import type { MetadataRoute } from 'next';
import { explorerHref } from '../components/explorer/explorer-state';
import { isPrivatePath } from '../components/shell/private-paths';

/**
 * What search engines and link previews read: the portal's public address, the canonical address of each
 * page, the trailing-slash redirect and the sitemap's entries. Pure functions; the request-bound parts are
 * in seo.server.ts, the redirect is applied by src/proxy.ts.
 */

/** The same variable and default as the API's mail links (apps/api/src/config.ts). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/** Request headers set by src/proxy.ts on every page request: the path and query the visitor asked for. */
export const PATHNAME_HEADER = 'x-portal-pathname';
export const SEARCH_HEADER = 'x-portal-search';

/**
 * The portal's public origin, from PUBLIC_URL (read at request time, so one build serves any address).
 * Only the origin counts, as in the API's mail links.
 */
export function publicOrigin(value: string | undefined = process.env.PUBLIC_URL): URL {
  const text = value?.trim() || DEFAULT_PUBLIC_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${text}"`);
  }
  return new URL(`${url.origin}/`);
}

/**
 * The path a page address with trailing slashes redirects to (308), or null when it needs no redirect.
 * API paths end with '/' by convention and are never redirected. Repeated slashes collapse to one, so
 * '//example.org/' never becomes '//example.org' (an address on another host).
 */
export function withoutTrailingSlash(pathname: string): string | null {
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  if (pathname.startsWith('/api/')) return null;
  return `/${pathname.split('/').filter(Boolean).join('/')}`;
}

/** Pages that are not for search engines: the private area (they ask for a sign-in anyway). */
export function isIndexable(pathname: string): boolean {
  return !isPrivatePath(pathname);
}

export interface Territory {
  region: string | null;
  province: string | null;
  city: string | null;
}

/**
 * The canonical path of a page: its path without query, except on the home page, where the territory is
 * the page (/?regione=05&provincia=025&comune=025075, as the portal's own links write it). The years, the
 * modal flows and the filters of /ecocompattatori are views of the same page and are left out.
 */
export function canonicalPath(pathname: string, territory: Territory | null = null): string {
  const path = withoutTrailingSlash(pathname) ?? pathname;
  if (path !== '/' || !territory) return path;
  return explorerHref({ region: territory.region, province: territory.province, city: territory.city });
}

/** The pages of SPEC §2 a visitor reaches without signing in, apart from the home page. */
export const PUBLIC_PAGES = [
  '/progetto',
  '/glossario',
  '/ecocompattatori',
  '/classifiche',
  '/confronta',
  '/contatti',
  '/termini-e-condizioni',
  '/privacy-policy',
  '/cookie-policy',
] as const;

const LEGAL_PAGES = new Set<string>(['/termini-e-condizioni', '/privacy-policy', '/cookie-policy']);

export interface SitemapGeo {
  regions: readonly { id: string }[];
  provinces: readonly { id: string; regionId: string }[];
  cities: readonly { id: string; provinceId: string; regionId: string }[];
}

/** `&` in a sitemap's <loc> must be written as an entity; Next.js writes the URL as it is given. */
const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;');

/**
 * Every page worth indexing: Italy (the home page), each region, province and comune with the canonical
 * address of canonicalPath, and the public pages.
 */
export function sitemapEntries(origin: URL, geo: SitemapGeo): MetadataRoute.Sitemap {
  const entry = (path: string, priority: number): MetadataRoute.Sitemap[number] => ({
    url: xmlEscape(new URL(path, origin).toString()),
    priority,
  });
  return [
    entry('/', 1),
    ...PUBLIC_PAGES.map((path) => entry(path, LEGAL_PAGES.has(path) ? 0.2 : 0.6)),
    ...geo.regions.map((r) => entry(canonicalPath('/', { region: r.id, province: null, city: null }), 0.8)),
    ...geo.provinces.map((p) =>
      entry(canonicalPath('/', { region: p.regionId, province: p.id, city: null }), 0.7),
    ),
    ...geo.cities.map((c) =>
      entry(canonicalPath('/', { region: c.regionId, province: c.provinceId, city: c.id }), 0.5),
    ),
  ];
}
