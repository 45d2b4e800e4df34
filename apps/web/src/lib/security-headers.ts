/**
 * The web app's security headers (docs/decisions/025-web-csp-nonce.md). The API sets its own with
 * @fastify/helmet.
 *
 * - SECURITY_HEADERS go on every answer of the web app: pages, static files and the proxied /api/*
 *   (next.config.ts headers()).
 * - The Content-Security-Policy goes on pages only, with a fresh nonce per request (src/proxy.ts): Next.js
 *   reads the nonce from the request's CSP header and puts it on its own scripts, and 'strict-dynamic'
 *   lets those scripts load the rest (chunks, Google Tag Manager, reCAPTCHA) — no 'unsafe-inline' scripts.
 */

export const SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // The portal uses none of these; features Chromium does not know would log a warning on every page.
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
];

export interface CspOptions {
  nonce: string;
  /** NEXT_PUBLIC_GTM_ID is set: the cookie banner may load Google Tag Manager (and Analytics). */
  tagManager: boolean;
  /** NEXT_PUBLIC_RECAPTCHA_SITE_KEY is set: the forms load reCAPTCHA v3. */
  recaptcha: boolean;
  /** `next dev`: React needs eval for its debugging aids (never in production). */
  dev: boolean;
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
 * The pages' policy. Host sources in script-src are only a fallback for browsers without CSP 3
 * ('strict-dynamic' makes the others ignore them). style-src keeps 'unsafe-inline': React `style`
 * props, ECharts and the server-rendered SVG map write style attributes, which a nonce cannot cover.
 */
export function contentSecurityPolicy({ nonce, tagManager, recaptcha, dev }: CspOptions): string {
  const scriptSrc = ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"];
  if (dev) scriptSrc.push("'unsafe-eval'");
  if (tagManager) scriptSrc.push(...GTM_SCRIPTS);
  if (recaptcha) scriptSrc.push(...RECAPTCHA_SCRIPTS);
  const directives: Record<string, string[]> = {
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
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** A fresh nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * In the browser: the page's nonce, read from Next.js's own scripts (the browser hides the attribute's
 * value but keeps the `nonce` property). Scripts the app adds carry it, so Google Tag Manager can pass it on.
 */
export function documentNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}
