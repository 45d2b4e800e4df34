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
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
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
/** Renders waiting at once (each waits on the API): beyond this a page not in the cache gets 503. */
export const MAX_RENDERS_IN_FLIGHT = 24;
/** How long a visitor waits for a page rendered for them: then 503 with Retry-After, while the render goes
 * on (a shared page is kept for the next visitor). A client's own timeout (10 s and up) is never reached. */
export const RENDER_DEADLINE_MS = 6_000;
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

/** Private pages: rendered for the visitor, never stored (components/shell/private-paths.ts). */
const PRIVATE_PATHS = ['/profilo', '/scarica-dati', '/amministrazione'];

/**
 * Whether a request is for a page document the cache answers: GET or HEAD, not the API, not a file of
 * the build, not a React Server Components request of a client-side navigation (those carry an RSC
 * header and go to Next.js as they are).
 * @param {import('node:http').IncomingMessage} req
 */
export function isPageRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.headers.rsc || req.headers['next-router-prefetch'] || req.headers['next-action']) return false;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/_next/')) return false;
  // Files with an extension (favicon.ico, robots.txt, sitemap.xml, icon.svg…) are not pages.
  return !/\.[a-z0-9]+$/i.test(path);
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
 *
 * @typedef {Rendered & { etag: string, gzip: Buffer, br: Buffer, version: number, partial: boolean, held?: boolean }} Entry
 *   `partial`: rendered while some of its data could not be read (page-partial.mjs), kept PARTIAL_TTL_MS;
 *   `held`: an older good page kept PARTIAL_TTL_MS more because its new render was partial
 *
 * @typedef {object} PageCacheOptions
 * @property {string} origin  where the server renders itself, e.g. http://127.0.0.1:3000
 * @property {number} maxBytes  bound on the cached bytes (0: nothing is stored, every page is rendered)
 * @property {{ tagManager: boolean, recaptcha: boolean, dev: boolean }} csp
 * @property {() => boolean} [overloaded]  true while the process should not start a render (load shedding)
 * @property {number} [renderDeadlineMs]  RENDER_DEADLINE_MS unless given (the tests give less)
 * @property {number} [settleMs]  SETTLE_MS unless given: pages rendered this soon after a data version move are rendered again
 * @property {number} [partialTtlMs]  PARTIAL_TTL_MS unless given (the tests give less)
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
 * Parameters that campaigns and social networks add to a shared link (utm_*, fbclid, gclid…): no page of the
 * portal reads them, and each click carries other values, so that every visitor coming from a newspaper's
 * or a network's link would be a miss and a render of their own.
 */
const TRACKING_PARAMETER =
  /^(?:utm_[a-z_]+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|yclid|twclid|ttclid|igshid|mc_cid|mc_eid|_ga|_gl)$/i;

/**
 * The key of a page in the cache, and the URL it is rendered from: the request's URL without tracking
 * parameters (TRACKING_PARAMETER), the others as they came (an unknown parameter stays: the page may say
 * so). The browser keeps its own URL, parameters and all, for whatever reads them there (the tag manager).
 * @param {string} url  the request's path and query
 */
export function pageKey(url) {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = [...new URLSearchParams(url.slice(query + 1))];
  const kept = params.filter(([name]) => !TRACKING_PARAMETER.test(name));
  if (kept.length === params.length) return url;
  return url.slice(0, query) + (kept.length ? `?${new URLSearchParams(kept)}` : '');
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
  const busy = () => overloaded() || rendering >= MAX_RENDERS_IN_FLIGHT;

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
    return {
      status: response.status,
      headers: kept,
      body,
      // An embed (/embed/…) may be framed by any site, every other page by none; Next.js's own headers
      // (kept above, X-Frame-Options among them) are per path too (next.config.ts).
      csp: contentSecurityPolicy({ scriptHashes, ...csp, frameable: isFrameable(url) }),
    };
  }

  /** @type {LRUCache<string, Entry, { rendered?: Rendered }>} */
  const entries = new LRUCache({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (entry, key) =>
      entry.body.length + entry.gzip.length + entry.br.length + key.length + 1024,
    ttl: ENTRY_TTL_MS,
    // A stale or outdated entry is served while its fresh render runs, and kept should that render fail.
    allowStale: true,
    noDeleteOnFetchRejection: true,
    allowStaleOnFetchRejection: true,
    async fetchMethod(url, stale, { options, context }) {
      const version = generation;
      const rendered = await render(url, null);
      const shareable =
        CACHEABLE_STATUSES.has(rendered.status) &&
        !rendered.headers['set-cookie'] &&
        /^text\/html/i.test(String(rendered.headers['content-type'] ?? ''));
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
      return { ...rendered, etag, gzip: gz, br, version, partial };
    },
  });

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
    res.setHeader('cache-control', page.partial ? PARTIAL_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
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
   * Answers a page request (isPageRequest) from the cache, rendering it when needed.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {Promise<void>}
   */
  async function serve(req, res) {
    const url = req.url ?? '/';
    if (maxBytes <= 0 || isPrivatePage(url)) {
      if (busy()) return shed(res);
      const page = await withinDeadline(render(url, req.headers), renderDeadlineMs);
      if (page === LATE) return shed(res);
      send(req, res, page, 'BYPASS');
      return;
    }
    const key = pageKey(url);
    const known = entries.peek(key, { allowStale: true });
    if (busy() && !entries.has(key)) {
      // Busy: what is kept is sent as it is, even past its time; nothing is rendered.
      if (known) return send(req, res, known, 'STALE');
      return shed(res);
    }
    /** @type {import('lru-cache').LRUCache.Status<string, Entry, { rendered?: Rendered }>} */
    const status = {};
    /** @type {{ rendered?: Rendered }} */
    const context = {};
    // A held page waits out its time, whatever the data version (its render was partial moments ago).
    const outdated = known !== undefined && known.version !== generation && !known.held;
    // A partial page whose time is over is not sent again while its new render runs: the visitor waits
    // for that render (unless the process is busy).
    const renew = known?.partial === true && !entries.has(key) && !busy();
    const entry = await withinDeadline(
      entries.fetch(key, { forceRefresh: outdated && !busy(), allowStale: !renew, status, context }),
      renderDeadlineMs,
    );
    if (entry === LATE) return shed(res);
    if (entry) {
      const stale = status.returnedStale || entry.held || (outdated && !renew && status.fetch !== 'miss');
      send(req, res, entry, stale ? 'STALE' : known && !renew ? 'HIT' : 'MISS');
      return;
    }
    // Not shareable (a 5xx, a redirect, a page setting a cookie): sent as rendered, not kept. A request
    // that joined another's render of such a page renders its own, within the same limit.
    if (!context.rendered && busy()) return shed(res);
    const page = context.rendered ?? (await withinDeadline(render(key, null), renderDeadlineMs));
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
