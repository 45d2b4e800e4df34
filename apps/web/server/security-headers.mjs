// The web app's security headers (docs/decisions/053-shared-page-cache.md, which replaces 025). The API
// sets its own with @fastify/helmet. Plain JavaScript: next.config.ts and the web server
// (server/web-server.mjs, run by node without a build step) both import it.
//
// - SECURITY_HEADERS go on every answer of the web app: pages, static files and the proxied /api/*
//   (next.config.ts headers(); server/web-server.mjs for /api/*, which does not go through Next.js).
// - The Content-Security-Policy goes on pages only (server/page-cache.mjs): a page is cached and served
//   to everyone, so no per-request nonce; instead the policy names the SHA-256 of each inline script
//   Next.js wrote into that page (its hydration data), and allows script files from the portal's own
//   origin only. No 'unsafe-inline' and no 'unsafe-eval' for scripts.
// - Framing: no site may frame a page (frame-ancestors 'none', X-Frame-Options: DENY), except the embeds
//   under /embed/, which any site may frame (frame-ancestors *, no X-Frame-Options):
//   docs/decisions/062-embeds.md.
import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import { normalisePath } from './page-params.mjs';

/** @type {ReadonlyArray<{ key: string; value: string }>} */
export const SECURITY_HEADERS = [
  { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // The portal uses none of these; features Chromium does not know would log a warning on every page.
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
];

/** The pages another site may frame: the embeds (src/lib/embeds.ts, EMBED_PREFIX). */
export const FRAMEABLE_PREFIX = '/embed/';

/**
 * Whether a page's address (path and query) is an embed, which any site may frame: decided on the path
 * as the browser resolves it (`/embed/../glossario` is the glossary, which no site may frame; issue 34).
 * @param {string} url
 */
export function isFrameable(url) {
  return normalisePath(url.split(/[?#]/)[0] ?? '/').startsWith(FRAMEABLE_PREFIX);
}

/**
 * next.config.ts headers(): SECURITY_HEADERS on every answer, but X-Frame-Options: DENY on every path
 * except the embeds'. (A later rule could only override the header's value, not remove it, hence the
 * negative lookahead rather than an exception for /embed/.)
 * @returns {Array<{ source: string; headers: Array<{ key: string; value: string }> }>}
 */
export function headerRules() {
  const frameOptions = SECURITY_HEADERS.filter((h) => h.key === 'X-Frame-Options');
  const others = SECURITY_HEADERS.filter((h) => h.key !== 'X-Frame-Options');
  return [
    { source: '/:path*', headers: others },
    // Every path but FRAMEABLE_PREFIX's (path-to-regexp, as Next.js matches `source`).
    { source: '/:path((?!embed/).*)', headers: frameOptions },
  ];
}

// Google's published CSP sources for the tag manager with GA4, and for reCAPTCHA.
const GTM_SCRIPTS = ['https://*.googletagmanager.com'];
const GTM_CONNECT = [
  'https://*.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];
const GTM_IMAGES = ['https://*.googletagmanager.com', 'https://*.google-analytics.com'];
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * @typedef {object} CspOptions
 * @property {string[]} scriptHashes 'sha256-…' sources of the page's inline scripts (inlineScriptHashes).
 * @property {boolean} tagManager NEXT_PUBLIC_GTM_ID is set: the cookie banner may load Google Tag Manager.
 * @property {boolean} recaptcha NEXT_PUBLIC_RECAPTCHA_SITE_KEY is set: the forms load reCAPTCHA v3.
 * @property {boolean} dev `next dev`: React needs eval for its debugging aids (never in production).
 * @property {boolean} [frameable] an embed (isFrameable): any site may frame it; else none may.
 */

/**
 * A page's policy. Scripts: the page's own inline scripts by hash, files from the origin ('self': Next.js's
 * chunks; the API answers JSON with nosniff, so nothing there runs as a script), and the Google hosts only
 * when configured. style-src keeps 'unsafe-inline': React `style` props, ECharts and the server-rendered
 * SVG map write style attributes, which neither hashes nor nonces cover.
 * @param {CspOptions} options
 * @returns {string}
 */
export function contentSecurityPolicy({ scriptHashes, tagManager, recaptcha, dev, frameable = false }) {
  const scriptSrc = ["'self'", ...scriptHashes.map((h) => `'${h}'`)];
  if (dev) scriptSrc.push("'unsafe-eval'");
  if (tagManager) scriptSrc.push(...GTM_SCRIPTS);
  if (recaptcha) scriptSrc.push(...RECAPTCHA_SCRIPTS);
  /** @type {Record<string, string[]>} */
  const directives = {
    'default-src': ["'self'"],
    'script-src': scriptSrc,
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tagManager ? GTM_IMAGES : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(tagManager ? GTM_CONNECT : [])],
    'frame-src': recaptcha ? RECAPTCHA_FRAMES : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // '*' is any http(s) page (CSP3: network schemes), whoever frames it: an embed is public and read-only.
    'frame-ancestors': frameable ? ['*'] : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The 'sha256-…' source of every inline script of an HTML document (a <script> without src), in order,
 * without repeats: the browser hashes the script's text exactly as it stands between the tags.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  /** @type {Set<string>} */
  const hashes = new Set();
  /** @type {string[] | null} */
  let text = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && !('src' in attributes)) text = [];
      },
      ontext(chunk) {
        text?.push(chunk);
      },
      onclosetag(name) {
        if (name !== 'script' || text === null) return;
        hashes.add(`sha256-${createHash('sha256').update(text.join(''), 'utf8').digest('base64')}`);
        text = null;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return [...hashes];
}
