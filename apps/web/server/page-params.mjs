// The addresses the shared page cache answers (page-cache.mjs) and the parameters each page reads on the
// server: the one list of them (docs/decisions/065-pages-keyed-by-what-they-read.md). A page is kept and
// rendered under its normalised path and the parameters it reads, nothing else, so that `?x=<n>` or a
// reordered query is the page already kept, not a render and an entry of its own (issue 34, finding 3).
// Parameters a page does not read on the server (utm_*, fbclid…, the sign-in modals' ?flow=&key=&token=,
// which the browser reads from its own address) stay in the visitor's address and out of the key.
//
// page-params.test.ts holds this list to the code it mirrors: it records which parameters each page's
// state module reads (explorer-state.ts, rvm-state.ts, rankings-state.ts, compare-state.ts, lib/embeds.ts,
// map-document.ts), checks that the addresses those modules write use no other, and that every route under
// src/app is here. A new parameter or page that is not added here fails that test.

/** The explorer's parameters (components/explorer/explorer-state.ts), also those of its chart embeds. */
const EXPLORER = ['regione', 'provincia', 'comune', 'anno', 'confronto'];
/** /ecocompattatori's (components/rvm/rvm-state.ts). */
const RVM = ['regione', 'provincia', 'gestore', 'anno', 'cerca', 'pagina'];
/** /classifiche's (components/rankings/rankings-state.ts). */
const RANKINGS = [
  'livello',
  'indicatore',
  'anno',
  'confronto',
  'regione',
  'provincia',
  'fascia',
  'capoluoghi',
  'anomali',
  'ordine',
  'elenco',
  'pagina',
];

/**
 * Parameters read with every value they have, in order (a comparison's territories); of any other only the
 * first value counts, so only the first is kept.
 */
const ALL_VALUES = new Set(['aree', 'aggiungi']);

/**
 * Every address under the cache and the parameters its page reads on the server, in the order the key
 * writes them. The three files at the end are answered from the cache too: /sitemap.xml (1 MB, every
 * comune) and /mappa.svg are built from the API like a page.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const PAGE_PARAMS = {
  '/': EXPLORER,
  '/classifiche': RANKINGS,
  '/confronta': ['aree', 'misura', 'aggiungi'],
  '/contatti': [],
  '/cookie-policy': [],
  '/ecocompattatori': RVM,
  '/embed/confronta': ['aree', 'misura'],
  '/glossario': [],
  '/privacy-policy': [],
  '/progetto': [],
  '/termini-e-condizioni': [],
  // Its parameters, and `v` (the document's version: page-cache.mjs, VERSION_PARAMETER).
  '/mappa.svg': ['regione', 'provincia', 'anno'],
  '/sitemap.xml': [],
};

/** The embeds with a chart in their path: /embed/grafico/<chart>, /embed/ecocompattatori/<chart> (lib/embeds.ts). */
export const EMBED_CHARTS = {
  '/embed/grafico/': {
    charts: ['frazioni', 'andamento', 'tonnellate', 'pro-capite', 'modalita', 'azioni', 'combinazioni'],
    params: EXPLORER,
  },
  '/embed/ecocompattatori/': {
    charts: ['andamento', 'gestori', 'regioni', 'comuni'],
    params: ['regione', 'provincia', 'gestore', 'anno'],
  },
};

/**
 * /mappa.svg answers 404 to a parameter it does not know (map-document.ts, mapSpecOf): every such address is
 * one address of that 404, not one each. Its version, `v`, is known but not kept (page-cache.mjs).
 */
const MAP_PATH = '/mappa.svg';
const MAP_KNOWN = new Set([...(PAGE_PARAMS[MAP_PATH] ?? []), 'v']);
export const UNKNOWN_MAP_ADDRESS = `${MAP_PATH}?ignoto=`;

/** The files among the addresses: answered from the cache though their path has an extension. */
export const CACHED_FILES = new Set(['/sitemap.xml', '/mappa.svg']);

/**
 * Where any other address is rendered: one page "not found" for all of them (app/not-found.tsx, which reads
 * the parameters in the browser), and the embeds' own (app/embed/not-found.tsx) under /embed/. Neither
 * path is a route, so each renders the 404 every unknown address would.
 */
export const NOT_FOUND_PATH = '/pagina-non-trovata';
export const EMBED_NOT_FOUND_PATH = '/embed/non-trovato';

/**
 * A request's path as the browser would have resolved it: dot segments resolved (`%2e` too, as the URL
 * standard does), `\` read as `/`, runs of `/` made one, no trailing `/` but the root's. An address in
 * absolute form (`GET http://host/path`) is taken by its path.
 * @param {string} path  the path of the request's URL, without its query
 */
export function normalisePath(path) {
  const absolute = path.startsWith('/') ? `http://n${path}` : path;
  const resolved = URL.canParse(absolute) ? new URL(absolute).pathname : '/';
  const single = resolved.replace(/\/{2,}/g, '/');
  return single.length > 1 ? single.replace(/\/+$/, '') : single;
}

/**
 * The parameters the page at a normalised path reads, or null for an address that is no page.
 * @param {string} path
 * @returns {readonly string[] | null}
 */
export function paramsOf(path) {
  if (Object.hasOwn(PAGE_PARAMS, path)) return /** @type {readonly string[]} */ (PAGE_PARAMS[path]);
  for (const [prefix, embed] of Object.entries(EMBED_CHARTS)) {
    if (path.startsWith(prefix) && embed.charts.includes(path.slice(prefix.length))) return embed.params;
  }
  return null;
}

/**
 * The address a request is kept under and rendered from: its normalised path (the not-found path for an
 * address that is no page), then the parameters that page reads, in PAGE_PARAMS' order, the first value of
 * each (every value of `aree` and `aggiungi`), as they came.
 * @param {string} url  the request's path and query
 */
export function canonicalAddress(url) {
  const mark = url.indexOf('?');
  const path = normalisePath(mark < 0 ? url : url.slice(0, mark));
  const names = paramsOf(path);
  if (names === null) return path.startsWith('/embed/') ? EMBED_NOT_FOUND_PATH : NOT_FOUND_PATH;
  if (mark < 0 || names.length === 0) return path;
  const given = new URLSearchParams(url.slice(mark + 1));
  if (path === MAP_PATH && [...given.keys()].some((name) => !MAP_KNOWN.has(name))) return UNKNOWN_MAP_ADDRESS;
  const kept = new URLSearchParams();
  for (const name of names) {
    const values = given.getAll(name);
    for (const value of ALL_VALUES.has(name) ? values : values.slice(0, 1)) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
