// The shared page cache of the web app (docs/decisions/053-shared-page-cache.md). Every public page is
// rendered by Next.js once per URL, without the visitor's cookies, and its bytes are kept in memory
// (lru-cache, bounded in bytes) with their gzip and brotli forms, an ETag and the page's own
// Content-Security-Policy (the hashes of its inline scripts). Everyone then gets the same bytes, with
// Cache-Control for a CDN or nginx in front and 304 to a matching If-None-Match.
//
// - When the data change (an import: the API's /api/data-version/ moves), every entry becomes stale:
//   the next request gets the page it had while one render of the new page runs behind it. After
//   ENTRY_TTL_MS an entry is refreshed the same way (the legal texts may come from another service).
// - A page rendered while some of its data could not be read (page-partial.mjs marks it) is kept only
//   PARTIAL_TTL_MS, sent with Cache-Control: no-store, and does not replace an older good page: that one is
//   served meanwhile, and the page rendered again after that time.
// - Private pages (/profilo, /scarica-dati, /amministrazione) are rendered per request with the visitor's cookies and never
//   stored; they get the same kind of policy.
// - Renders go through the server itself (a request to its own port carrying a per-process secret), so
//   Next.js renders as for any other request and the answer is complete before its policy is computed.
// - A page is kept under, and rendered from, its normalised path and the parameters it reads
//   (page-params.mjs): `?x=<n>` is the page already kept, and an address that is no page is the one 404.
//   A path that is not normalised (`/embed/../glossario`, `/glossario/`) gets a 308 to the normalised one,
//   so the cache key, the framing rule and the render are decided on the path the browser resolves
//   (docs/decisions/065-pages-keyed-by-what-they-read.md).
// - Renders are bounded: MAX_RENDERS_IN_FLIGHT at once in the process, MAX_RENDERS_PER_CLIENT for one
//   client (client-slots.mjs); beyond them 503 with Retry-After at once, cached pages still served. The
//   React Server Components requests of client-side navigations and prefetches (`RSC: 1`) are renders too:
//   rendered through the server itself with the visitor's headers (Accept-Encoding included), within the
//   same bounds and deadline, streamed to the visitor as Next.js writes and compresses them (relay), never
//   kept (their answer depends on the router state the browser sends).
// - /sitemap.xml and /mappa.svg are kept like pages, per data version (the map's `v` is not part of its key).
// - A new page that would push others out of a full cache is kept only if it was asked for before (a
//   doorkeeper: the hashes of the last DOORKEEPER_KEYS keys rendered and not kept), so addresses asked once,
//   such as `/?anno=x<n>` or `/ecocompattatori?cerca=<n>`, cannot flush the pages people read.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { clientKey, createClientSlots } from './client-slots.mjs';
import { CACHED_FILES, canonicalAddress, normalisePath } from './page-params.mjs';
import { isPartialPage } from './page-partial.mjs';
import { contentSecurityPolicy, inlineScriptHashes, isFrameable } from './security-headers.mjs';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The header of the server's own render requests; its value is a secret of the process. */
export const RENDER_HEADER = 'x-portal-render';
/** Tells what the cache did: HIT, STALE (served while a fresh render runs), MISS, BYPASS (private). */
export const CACHE_STATUS_HEADER = 'x-page-cache';

/**
 * After the data version moves, pages rendered within this long are rendered once more: the API processes
 * refresh their statistics within 5 s of an import (apps/api response cache), plus a margin.
 */
export const SETTLE_MS = 5500;
/** Refreshed at least this often (the data version drops them sooner). */
const ENTRY_TTL_MS = 10 * 60_000;
/** What browsers and a CDN may do with a public page: use it a minute, then revalidate (ETag) or, while
 * the origin is slow or down, keep showing it for up to ten minutes. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/**
 * How long a partial page (an API call of its render failed) is kept: long enough that an API that is down
 * or shedding load (its Retry-After is 10 s) gets one render per page and 15 s, not one per visitor; short
 * enough that a page is whole again soon after the API is back.
 */
export const PARTIAL_TTL_MS = 15_000;
/** A partial page is not kept by browsers nor a CDN: the next visit asks again. */
export const PARTIAL_CACHE_CONTROL = 'no-store';
/**
 * Renders at once in the process: beyond this a page not in the cache gets 503 at once. Next.js renders on
 * this process's one thread, the one that sends the cached pages: each render is 20 to 300 ms of work on it
 * between its waits on the API, so a few dozen at once put seconds of work ahead of every cached page (24
 * gave cached pages a p95 of 9.5 s under one client's flood, issue 34). Eight keep the thread's queue
 * short while renders waiting on the API still overlap.
 */
export const MAX_RENDERS_IN_FLIGHT = 8;
/**
 * Renders one client (client-slots.mjs: its address, IPv6 by /64) may wait for at once: a visitor opens one
 * page and its few prefetches; a client beyond it gets 503 at once while others' renders go on.
 */
export const MAX_RENDERS_PER_CLIENT = 4;
/**
 * Prefetches (RSC requests marked `Next-Router-Prefetch`) one client may have rendered at once, apart from
 * MAX_RENDERS_PER_CLIENT: a page in view prefetches every link of its header and footer at once (a dozen
 * requests on a desktop), and those must not take the slots of the pages the visitor opens. Up to
 * MAX_PREFETCHES_WAITING_PER_CLIENT more wait their turn (a request waiting holds a socket, no work),
 * within the render deadline; beyond, 503 at once. They start only while at most half of
 * MAX_RENDERS_IN_FLIGHT are busy; a refused prefetch costs the browser nothing (it fetches at the click).
 */
export const MAX_PREFETCHES_PER_CLIENT = 2;
export const MAX_PREFETCHES_WAITING_PER_CLIENT = 16;
/** How long a visitor waits for a page rendered for them: then 503 with Retry-After, while the render goes
 * on (a shared page is kept for the next visitor). A client's own timeout (10 s and up) is never reached. */
export const RENDER_DEADLINE_MS = 6_000;
/**
 * How many keys the doorkeeper remembers (their hashes, 16 characters each: about 1 MB in all, whatever the
 * length of the addresses): a page asked once while the cache is full is not kept, but remembered, and kept
 * when it is asked again before 10,000 other such pages (decision 065).
 */
export const DOORKEEPER_KEYS = 10_000;

/** Statuses whose page is the same for everyone and worth keeping. */
const CACHEABLE_STATUSES = new Set([200, 404]);
/** Headers of the render that are not passed on (hop-by-hop, recomputed, or set here). */
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
  'content-encoding',
  'cache-control',
  'etag',
  'content-security-policy',
  'set-cookie',
]);

/** Headers of the visitor not passed on to an RSC render (hop-by-hop, or of a body a GET has not). */
const RELAY_DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'te',
  'upgrade',
  'expect',
  'proxy-connection',
]);
/** Headers of an RSC answer not passed on: hop-by-hop, or set here (its encoding and length are Next.js's). */
const RELAY_DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'cache-control',
  'content-security-policy',
]);
/** An RSC render that sends nothing for this long is taken as hung and cut, and its slot freed. */
const RELAY_IDLE_MS = 60_000;

/** Private pages: rendered for the visitor, never stored (components/shell/private-paths.ts). */
const PRIVATE_PATHS = ['/profilo', '/scarica-dati', '/amministrazione'];

/** The map document's version parameter: not part of its key; when it names the content, kept for good. */
export const VERSION_PARAMETER = 'v';
const VERSIONED_FILE = '/mappa.svg';
const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const REVALIDATE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** What a kept answer may be: a page, or one of the files of CACHED_FILES. */
const SHAREABLE_TYPE = /^(?:text\/html|application\/xml|text\/xml|image\/svg\+xml)/i;
/** Next.js's own query parameter of RSC requests (a hash of their router headers), kept on their render. */
const RSC_QUERY = '_rsc';

/**
 * A React Server Components request (client-side navigation or prefetch): as Next.js tells them, the
 * header `RSC: 1` and nothing else (a prefetch header alone gets the HTML page, from the cache).
 * @param {import('node:http').IncomingMessage} req
 */
export function isRscRequest(req) {
  return req.headers.rsc === '1';
}

/**
 * Whether the page cache answers a request: GET or HEAD of a page document or its RSC request, or of a
 * file of CACHED_FILES, decided on the normalised path; not the API, not a file of the build.
 * @param {import('node:http').IncomingMessage} req
 */
export function isPageRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = normalisePath((req.url ?? '/').split('?')[0] ?? '/');
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/_next/')) return false;
  // Other files with an extension (favicon.ico, robots.txt, icon.svg…) are not pages.
  return CACHED_FILES.has(path) || !/\.[a-z0-9]+$/i.test(path);
}

/** @param {string} url */
export function isPrivatePage(url) {
  const path = url.split('?')[0] ?? '/';
  return PRIVATE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * The encoding to send: brotli, else gzip, else none, as the client accepts (q=0 refuses).
 * @param {string | undefined} header
 * @returns {'br' | 'gzip' | null}
 */
export function negotiateEncoding(header) {
  if (!header) return null;
  /** @type {Map<string, number>} */
  const accepted = new Map();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (/** @type {string} */ name) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}

/**
 * @typedef {object} Rendered
 * @property {number} status
 * @property {Record<string, string | string[]>} headers  what Next.js sent, less DROPPED_HEADERS
 * @property {Buffer} body
 * @property {string} csp
 * @property {string} [contentTag]  the ETag /mappa.svg gave its document (its version, quoted)
 *
 * @typedef {Rendered & { etag: string, gzip: Buffer, br: Buffer, version: number, partial: boolean, held?: boolean }} Entry
 *   `partial`: rendered while some of its data could not be read (page-partial.mjs), kept PARTIAL_TTL_MS;
 *   `held`: an older good page kept PARTIAL_TTL_MS more because its new render was partial
 *
 * @typedef {{ rendered?: Rendered, entry?: Entry }} FetchContext
 *   `rendered`: a render not shareable, to send as it is; `entry`: a page not admitted (doorkeeper), to send
 *
 * @typedef {object} PageCacheOptions
 * @property {string} origin  where the server renders itself, e.g. http://127.0.0.1:3000
 * @property {number} maxBytes  bound on the cached bytes (0: nothing is stored, every page is rendered)
 * @property {{ tagManager: boolean, recaptcha: boolean, dev: boolean }} csp
 * @property {() => boolean} [overloaded]  true while the process should not start a render (load shedding)
 * @property {number} [renderDeadlineMs]  RENDER_DEADLINE_MS unless given (the tests give less)
 * @property {number} [settleMs]  SETTLE_MS unless given: pages rendered this soon after a data version move are rendered again
 * @property {number} [partialTtlMs]  PARTIAL_TTL_MS unless given (the tests give less)
 * @property {number} [maxRenders]  MAX_RENDERS_IN_FLIGHT unless given
 * @property {number} [maxRendersPerClient]  MAX_RENDERS_PER_CLIENT unless given
 * @property {number} [maxPrefetchesPerClient]  MAX_PREFETCHES_PER_CLIENT unless given
 * @property {(req: import('node:http').IncomingMessage) => string} [clientOf]  who asks (client-slots.mjs clientKey unless given)
 * @property {(message: string) => void} [log]
 */

/** What `withinDeadline` resolves to when the work outlasted it. */
const LATE = Symbol('late');

/**
 * The work's result, or LATE once `ms` have passed first (the work goes on; its failure is then ignored).
 * @template T
 * @param {Promise<T>} work
 * @param {number} ms
 * @returns {Promise<T | typeof LATE>}
 */
function withinDeadline(work, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(LATE), ms)));
  work.catch(() => {});
  return /** @type {Promise<T | typeof LATE>} */ (Promise.race([work, late])).finally(() =>
    clearTimeout(timer),
  );
}

/**
 * The key of a page in the cache, and the URL it is rendered from: the normalised path and the parameters
 * its page reads (page-params.mjs, canonicalAddress). Those it does not read (utm_*, fbclid…, the sign-in
 * modals' flow and key, anything else) are left out, so each click on a shared link, or each junk
 * parameter, is the page already kept. The browser keeps its own URL, parameters and all, for whatever
 * reads them there (the modals, the tag manager).
 * @param {string} url  the request's path and query
 */
export function pageKey(url) {
  return canonicalAddress(url);
}

/**
 * The doorkeeper of a full cache (TinyLFU's): remembers the hashes of the last `size` keys it was shown,
 * first in, first out, no timer. `admit` is true for a key it was shown before (and forgets it: the page is
 * then kept), false for a new one (remembered).
 * @param {number} size
 */
export function createDoorkeeper(size) {
  /** @type {Set<string>} */
  const seen = new Set();
  return {
    /** @param {string} key */
    admit(key) {
      const hash = createHash('sha1').update(key).digest('base64url').slice(0, 16);
      if (seen.delete(hash)) return true;
      if (seen.size >= size) seen.delete(/** @type {string} */ (seen.values().next().value));
      seen.add(hash);
      return false;
    },
    get size() {
      return seen.size;
    },
  };
}

/**
 * The bytes an entry counts for in the cache: its three forms, its key, and a margin for the rest.
 * @param {Entry} entry
 * @param {string} key
 */
function entrySize(entry, key) {
  return entry.body.length + entry.gzip.length + entry.br.length + key.length + 1024;
}

/**
 * The ETag of a page in an encoding: `"<hash>"` plain, `"<hash>-gzip"`, `"<hash>-br"`.
 * @param {string} etag  the page's own, quoted
 * @param {'br' | 'gzip' | null} encoding
 */
export function encodedTag(etag, encoding) {
  return encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/**
 * Whether a tag of If-None-Match names the page's content in any encoding (weak or strong).
 * @param {string} tag
 * @param {string} etag  the page's own, quoted
 */
function sameContent(tag, etag) {
  const plain = tag
    .trim()
    .replace(/^W\//, '')
    .replace(/-(?:gzip|br)"$/, '"');
  return plain === etag;
}

/** @param {PageCacheOptions} options */
export function createPageCache({
  origin,
  maxBytes,
  csp,
  overloaded = () => false,
  renderDeadlineMs = RENDER_DEADLINE_MS,
  settleMs = SETTLE_MS,
  partialTtlMs = PARTIAL_TTL_MS,
  maxRenders = MAX_RENDERS_IN_FLIGHT,
  maxRendersPerClient = MAX_RENDERS_PER_CLIENT,
  maxPrefetchesPerClient = MAX_PREFETCHES_PER_CLIENT,
  clientOf = clientKey,
  log = () => {},
}) {
  const secret = randomBytes(24).toString('base64url');
  /** The API's data version as last seen. */
  /** @type {string | undefined} */
  let dataVersion;
  /**
   * Entries rendered under another generation are stale. It moves when the data version moves, and once
   * more `settleMs` later: with several API processes, a page rendered just after the move may have asked
   * a process whose statistics cache has not yet seen the import (each checks every 5 s), so whatever was
   * rendered in between is rendered again.
   */
  let generation = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let settleTimer;

  /** Renders waiting now; `busy` while the process should start no other. */
  let rendering = 0;
  const busy = () => overloaded() || rendering >= maxRenders;
  /** The renders each client started and waits for (a slot each, until its render ends). */
  const slots = createClientSlots({ perClient: maxRendersPerClient });
  /** The prefetches each client waits for, apart (MAX_PREFETCHES_PER_CLIENT). */
  const prefetchSlots = createClientSlots({ perClient: maxPrefetchesPerClient });
  /** @type {Map<string, Array<(release: () => void) => void>>} prefetches waiting for a slot, by client */
  const prefetchQueue = new Map();

  /**
   * A prefetch slot of the client: at once, or when one of its prefetches ends (first come, first served);
   * null when MAX_PREFETCHES_WAITING_PER_CLIENT already wait. The caller gives it back, and gives back at
   * once one it no longer wants.
   * @param {string} client
   * @returns {Promise<(() => void) | null>}
   */
  function takePrefetchSlot(client) {
    /** @param {() => void} release */
    const handingOn = (release) => () => {
      release();
      const queue = prefetchQueue.get(client);
      const next = queue?.shift();
      if (queue?.length === 0) prefetchQueue.delete(client);
      const again = next && prefetchSlots.take(client);
      if (next && again) next(handingOn(again));
    };
    const release = prefetchSlots.take(client);
    if (release) return Promise.resolve(handingOn(release));
    const queue = prefetchQueue.get(client) ?? [];
    if (queue.length >= MAX_PREFETCHES_WAITING_PER_CLIENT) return Promise.resolve(null);
    prefetchQueue.set(client, queue);
    return new Promise((resolve) => queue.push(resolve));
  }
  /** Keys being rendered for the cache now: a request for one of them joins that render, free. */
  const inFlight = new Set();
  /** Keys rendered once while the cache was full and not kept (createDoorkeeper). */
  const doorkeeper = createDoorkeeper(DOORKEEPER_KEYS);
  /**
   * Pages just rendered and not admitted, for the requests that joined their render: kept until the
   * promises waiting on that render have run (they run before setImmediate's turn).
   * @type {Map<string, Entry>}
   */
  const passing = new Map();

  /**
   * Renders a URL through the server itself: with the visitor's headers for a private page, with none
   * of them (no cookie, no language, a fixed agent) for a page everyone shares.
   * @param {string} url
   * @param {import('node:http').IncomingHttpHeaders | null} visitor
   * @returns {Promise<Rendered>}
   */
  async function render(url, visitor) {
    rendering += 1;
    try {
      return await renderNow(url, visitor);
    } finally {
      rendering -= 1;
    }
  }

  /**
   * @param {string} url
   * @param {import('node:http').IncomingHttpHeaders | null} visitor
   * @returns {Promise<Rendered>}
   */
  async function renderNow(url, visitor) {
    /** @type {Record<string, string>} */
    const headers = {};
    if (visitor) {
      for (const [name, value] of Object.entries(visitor)) {
        if (value !== undefined && name !== 'host' && name !== 'connection')
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
    }
    headers[RENDER_HEADER] = secret;
    headers['accept-encoding'] = 'identity';
    headers['user-agent'] ??= 'portal-page-cache';
    headers.accept = 'text/html';
    const response = await fetch(origin + url, { headers, redirect: 'manual' });
    const body = Buffer.from(await response.arrayBuffer());
    /** @type {Record<string, string | string[]>} */
    const kept = {};
    for (const [name, value] of response.headers) {
      if (!DROPPED_HEADERS.has(name)) kept[name] = value;
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) kept['set-cookie'] = cookies;
    const isHtml = /^text\/html/i.test(response.headers.get('content-type') ?? '');
    const scriptHashes = isHtml ? inlineScriptHashes(body.toString('utf8')) : [];
    const contentTag = url.startsWith(VERSIONED_FILE) ? response.headers.get('etag') : null;
    return {
      status: response.status,
      headers: kept,
      body,
      ...(contentTag ? { contentTag } : {}),
      // An embed (/embed/…) may be framed by any site, every other page by none; Next.js's own headers
      // (kept above, X-Frame-Options among them) are per path too (next.config.ts).
      csp: contentSecurityPolicy({ scriptHashes, ...csp, frameable: isFrameable(url) }),
    };
  }

  const maxSize = Math.max(1, maxBytes);
  /** @type {LRUCache<string, Entry, FetchContext>} */
  const entries = new LRUCache({
    maxSize,
    sizeCalculation: entrySize,
    ttl: ENTRY_TTL_MS,
    // A stale or outdated entry is served while its fresh render runs, and kept should that render fail.
    allowStale: true,
    noDeleteOnFetchRejection: true,
    allowStaleOnFetchRejection: true,
    async fetchMethod(url, stale, { options, context }) {
      inFlight.add(url);
      try {
        return await fetchPage(url, stale, options, context);
      } finally {
        inFlight.delete(url);
      }
    },
  });

  /**
   * Renders a page for the cache (lru-cache's fetchMethod).
   * @param {string} url
   * @param {Entry | undefined} stale
   * @param {import('lru-cache').LRUCache.FetcherFetchOptions<string, Entry, FetchContext>} options
   * @param {FetchContext | undefined} context
   * @returns {Promise<Entry | undefined>}
   */
  async function fetchPage(url, stale, options, context) {
    const version = generation;
    const rendered = await render(url, null);
    const shareable =
      CACHEABLE_STATUSES.has(rendered.status) &&
      !rendered.headers['set-cookie'] &&
      SHAREABLE_TYPE.test(String(rendered.headers['content-type'] ?? ''));
    // Rendered while some of its data could not be read: kept partialTtlMs, not the usual time. An older
    // good page is kept for that time instead of it; either way the page is rendered again after that
    // (not for every visitor while the API is down).
    const partial = shareable && isPartialPage(rendered.body);
    if (partial) options.ttl = partialTtlMs;
    if (partial && stale && !stale.partial) {
      log(`render of ${url}: partial, the previous page kept ${partialTtlMs} ms more`);
      return { ...stale, held: true };
    }
    if (!shareable) {
      // Not kept (an older page, if any, stays); the request that asked sends this one as it is.
      if (context) context.rendered = rendered;
      throw new Error(`render of ${url}: ${rendered.status}`);
    }
    const [gz, br] = await Promise.all([
      gzipAsync(rendered.body, { level: 9 }),
      brotliAsync(rendered.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
    ]);
    const etag = `"${createHash('sha1').update(rendered.body).digest('base64url')}"`;
    /** @type {Entry} */
    const entry = { ...rendered, etag, gzip: gz, br, version, partial };
    // A new page that would push others out is kept only if it was asked for before (a page already kept
    // is renewed in place). Not kept: sent to whoever asked, as a page kept would be.
    const fits = entries.calculatedSize + entrySize(entry, url) <= maxSize;
    if (stale || fits || doorkeeper.admit(url)) return entry;
    if (context) context.entry = entry;
    passing.set(url, entry);
    setImmediate(() => passing.delete(url));
    return undefined;
  }

  /**
   * Sends an entry (or a page rendered for one visitor) with its policy, ETag and encoding.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {Rendered & Partial<Entry>} page
   * @param {string} status  CACHE_STATUS_HEADER
   */
  function send(req, res, page, status) {
    for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
    res.setHeader('content-security-policy', page.csp);
    res.setHeader(CACHE_STATUS_HEADER, status);
    if (!page.etag) {
      // A private page, or a render that is not shared: as Next.js answered, never stored on the way.
      res.setHeader('cache-control', 'private, no-store');
      res.statusCode = page.status;
      res.setHeader('content-length', page.body.length);
      res.end(req.method === 'HEAD' ? undefined : page.body);
      return;
    }
    res.setHeader('cache-control', page.partial ? PARTIAL_CACHE_CONTROL : fileCacheControl(req, page));
    const { etag } = page;
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    // A strong validator names the bytes sent: each encoding of the page has its own ("…-gzip", "…-br").
    // Any of them shows the client has the page: 304 with the tag of what it would get now.
    res.setHeader('etag', encodedTag(etag, encoding));
    const vary = String(page.headers.vary ?? '');
    if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary))
      res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const inm = req.headers['if-none-match'];
    if (page.status === 200 && inm && inm.split(',').some((t) => sameContent(t, etag))) {
      res.statusCode = 304;
      res.removeHeader('content-type');
      res.end();
      return;
    }
    const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body;
    if (encoding) res.setHeader('content-encoding', encoding);
    res.statusCode = page.status;
    res.setHeader('content-length', body?.length ?? 0);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * Renders for one request and sends the answer as it is, never kept: a private page, an RSC request, a
   * page while the cache is off. Within the process's bound, the client's and the deadline; a prefetch
   * within half the process's bound and the client's prefetches. An RSC request is streamed (relay).
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} url
   * @param {{ prefetch?: boolean, stream?: boolean }} [how]
   */
  async function renderFor(req, res, url, { prefetch = false, stream = false } = {}) {
    if (prefetch) return prefetchFor(req, res, url, stream);
    if (busy()) return shed(res);
    const release = slots.take(clientOf(req));
    if (!release) return shed(res);
    return renderHolding(req, res, url, release, renderDeadlineMs, stream);
  }

  /**
   * Renders for one request while `release` (the client's slot) is held, given back when the render ends;
   * streamed (relay) or sent whole within `deadline`, never kept.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} url
   * @param {() => void} release
   * @param {number} deadline
   * @param {boolean} stream
   */
  async function renderHolding(req, res, url, release, deadline, stream) {
    if (stream) return relay(req, res, url, release, deadline);
    const work = render(url, req.headers);
    work.then(release, release);
    const page = await withinDeadline(work, deadline);
    if (page === LATE) return shed(res);
    send(req, res, page, 'BYPASS');
  }

  /**
   * A prefetch: waits its turn among the client's (takePrefetchSlot), then renders while at most half the
   * process's renders are busy; the wait and the render within the deadline.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} url
   * @param {boolean} stream
   */
  async function prefetchFor(req, res, url, stream) {
    const started = Date.now();
    if (overloaded() || rendering >= maxRenders / 2) return shed(res);
    const slot = takePrefetchSlot(clientOf(req));
    const release = await withinDeadline(slot, renderDeadlineMs);
    if (release === LATE) {
      // Answered 503; the slot, when its turn comes, goes to the next in line.
      void slot.then((late) => late?.());
      return shed(res);
    }
    if (!release) return shed(res);
    if (overloaded() || rendering >= maxRenders / 2) {
      release();
      return shed(res);
    }
    const left = Math.max(0, renderDeadlineMs - (Date.now() - started));
    return renderHolding(req, res, url, release, left, stream);
  }

  /**
   * An RSC request rendered through the server itself and streamed to the visitor as Next.js writes it,
   * with the visitor's headers, Accept-Encoding included: Next.js compresses it (its `compress` option,
   * gzip) and streams its Suspense boundaries as they resolve, as it did before it went through here. Never
   * kept (`private, no-store`). Counted among the renders and in the client's slot (`release`) until
   * Next.js's answer ends: its chunks are passed on as they come, without waiting for the visitor to read
   * them (as a buffered answer would be), so a client that reads slowly or not at all holds no slot, and
   * one that goes away does not give it back before Next.js is done (the rest is read and dropped), so that
   * asking and hanging up starts no more renders than the bounds allow. No answer within `deadline`: 503,
   * the render read to its end all the same. A render silent for RELAY_IDLE_MS is cut.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} url
   * @param {() => void} release  the client's slot
   * @param {number} deadline
   * @returns {Promise<void>}
   */
  function relay(req, res, url, release, deadline) {
    rendering += 1;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      rendering -= 1;
      release();
    };
    /** @type {Record<string, string>} */
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !RELAY_DROPPED_REQUEST_HEADERS.has(name))
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    headers[RENDER_HEADER] = secret;
    headers['user-agent'] ??= 'portal-page-cache';
    const open = () => !res.writableEnded && !res.destroyed;
    return new Promise((resolve, reject) => {
      const upstream = http.request(origin + url, {
        method: req.method,
        headers,
        timeout: RELAY_IDLE_MS,
      });
      const timer = setTimeout(() => {
        if (!res.headersSent && open()) shed(res);
        resolve();
      }, deadline);
      upstream.on('timeout', () => upstream.destroy(new Error(`render of ${url}: silent`)));
      upstream.on('error', (error) => {
        clearTimeout(timer);
        end();
        if (!res.headersSent && open()) reject(error);
        else {
          if (open()) res.destroy(error);
          resolve();
        }
      });
      upstream.on('response', (answer) => {
        clearTimeout(timer);
        answer.on('end', end);
        answer.on('close', end);
        answer.on('error', () => {
          end();
          if (open()) res.destroy();
        });
        if (res.headersSent || !open()) {
          // Answered 503 already, or the visitor is gone: the render is read to its end, then its slot freed.
          answer.resume();
          resolve();
          return;
        }
        res.statusCode = answer.statusCode ?? 502;
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !RELAY_DROPPED_HEADERS.has(name)) res.setHeader(name, value);
        }
        res.setHeader('cache-control', 'private, no-store');
        res.setHeader(
          'content-security-policy',
          contentSecurityPolicy({ scriptHashes: [], ...csp, frameable: isFrameable(url) }),
        );
        res.setHeader(CACHE_STATUS_HEADER, 'BYPASS');
        res.flushHeaders();
        answer.on('data', (/** @type {Buffer} */ chunk) => {
          if (open()) res.write(chunk);
        });
        answer.on('end', () => {
          if (open()) res.end();
        });
        resolve();
      });
      upstream.end();
    });
  }

  /**
   * Answers a page request (isPageRequest) from the cache, rendering it when needed.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {Promise<void>}
   */
  async function serve(req, res) {
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const rawPath = mark < 0 ? url : url.slice(0, mark);
    const path = normalisePath(rawPath);
    // `/embed/../glossario`, `/glossario/`: the address the browser would have asked for, so that one path
    // decides the key, the framing and the render (a browser resolves dot segments itself: only a crafted
    // request gets here).
    if (path !== rawPath) return redirect(res, path + (mark < 0 ? '' : url.slice(mark)));
    if (isPrivatePage(path)) return renderFor(req, res, url);
    const key = pageKey(url);
    if (isRscRequest(req)) {
      const hash = new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1)).get(RSC_QUERY);
      const rsc =
        hash === null
          ? key
          : `${key}${key.includes('?') ? '&' : '?'}${RSC_QUERY}=${encodeURIComponent(hash)}`;
      const prefetch =
        req.headers['next-router-prefetch'] !== undefined ||
        req.headers['next-router-segment-prefetch'] !== undefined;
      return renderFor(req, res, rsc, { prefetch, stream: true });
    }
    // The cache off (`next dev`, the benchmark's baseline): each request rendered as asked, within the bounds
    // (dev's own addresses, /__nextjs_…, are no page of PAGE_PARAMS).
    if (maxBytes <= 0) return renderFor(req, res, url);
    const known = entries.peek(key, { allowStale: true });
    if (busy() && !entries.has(key)) {
      // Busy: what is kept is sent as it is, even past its time; nothing is rendered.
      if (known) return send(req, res, known, 'STALE');
      return shed(res);
    }
    /** @type {import('lru-cache').LRUCache.Status<string, Entry, FetchContext>} */
    const status = {};
    /** @type {FetchContext} */
    const context = {};
    // A held page waits out its time, whatever the data version (its render was partial moments ago).
    const outdated = known !== undefined && known.version !== generation && !known.held;
    // A partial page whose time is over is not sent again while its new render runs: the visitor waits
    // for that render (unless the process is busy).
    const renew = known?.partial === true && !entries.has(key) && !busy();
    // A visitor whose request starts a render it waits for (nothing kept, or a partial page past its time,
    // and no render of it running to join) takes one of the client's slots until that render ends; one
    // already at its limit gets 503 at once.
    const starts = (known === undefined || renew) && !inFlight.has(key);
    const release = starts ? slots.take(clientOf(req)) : () => {};
    if (!release) return shed(res);
    const fetching = entries.fetch(key, {
      forceRefresh: outdated && !busy(),
      allowStale: !renew,
      status,
      context,
    });
    fetching.then(release, release);
    const entry = await withinDeadline(fetching, renderDeadlineMs);
    if (entry === LATE) return shed(res);
    if (entry) {
      const stale = status.returnedStale || entry.held || (outdated && !renew && status.fetch !== 'miss');
      send(req, res, entry, stale ? 'STALE' : known && !renew ? 'HIT' : 'MISS');
      return;
    }
    // Rendered but not admitted (the cache is full and it was not asked for before): sent all the same.
    const passed = context.entry ?? passing.get(key);
    if (passed) return send(req, res, passed, 'MISS');
    // Not shareable (a 5xx, a redirect, a page setting a cookie): sent as rendered, not kept. A request
    // that joined another's render of such a page renders its own, within the same limits.
    if (context.rendered) return send(req, res, context.rendered, 'MISS');
    if (busy()) return shed(res);
    const again = slots.take(clientOf(req));
    if (!again) return shed(res);
    const work = render(key, null);
    work.then(again, again);
    const page = await withinDeadline(work, renderDeadlineMs);
    if (page === LATE) return shed(res);
    send(req, res, page, 'MISS');
  }

  return {
    secret,
    /** True for the server's own render requests: they go to Next.js. */
    isRenderRequest: (/** @type {import('node:http').IncomingMessage} */ req) =>
      req.headers[RENDER_HEADER] === secret,
    serve,
    /** The API's data version changed (or is first known): what is cached becomes stale. */
    setDataVersion(/** @type {string} */ version) {
      if (dataVersion !== undefined && version !== dataVersion) {
        log(`data version ${dataVersion} → ${version}: pages stale`);
        generation += 1;
        clearTimeout(settleTimer);
        settleTimer = setTimeout(() => (generation += 1), settleMs);
        settleTimer.unref?.();
      }
      dataVersion = version;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
    },
  };
}

/**
 * The Cache-Control of a kept answer: PUBLIC_CACHE_CONTROL, but for /mappa.svg asked with the version of
 * the document it gets (the address its page wrote), kept for good; asked with another (a page drawn before
 * the data changed) or none, revalidated each time.
 * @param {import('node:http').IncomingMessage} req
 * @param {Rendered} page
 */
function fileCacheControl(req, page) {
  if (!page.contentTag) return PUBLIC_CACHE_CONTROL;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const version = new URLSearchParams(query < 0 ? '' : url.slice(query + 1)).get(VERSION_PARAMETER);
  return version !== null && `"${version}"` === page.contentTag
    ? IMMUTABLE_CACHE_CONTROL
    : REVALIDATE_CACHE_CONTROL;
}

/**
 * 308 to the normalised address (normalisePath): always a path of this origin (it starts with one `/`).
 * @param {import('node:http').ServerResponse} res
 * @param {string} location
 */
function redirect(res, location) {
  res.statusCode = 308;
  res.setHeader('location', location);
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', 0);
  res.end();
}

/**
 * 503 with Retry-After: the process is overloaded and starts no render; cached pages are still served.
 * @param {import('node:http').ServerResponse} res
 */
export function shed(res) {
  res.statusCode = 503;
  res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(OVERLOAD_PAGE);
}

export const RETRY_AFTER_SECONDS = 10;
const OVERLOAD_PAGE =
  '<!doctype html><html lang="it"><meta charset="utf-8"><title>Servizio momentaneamente sovraccarico</title>' +
  '<h1>Servizio momentaneamente sovraccarico</h1>' +
  `<p>Troppe richieste in questo momento: riprova tra ${RETRY_AFTER_SECONDS} secondi.</p></html>`;
