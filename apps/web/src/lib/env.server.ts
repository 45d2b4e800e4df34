import { ConfigError, envPort, parseEnv } from '@portal/contract';
import { z } from 'zod';
import { DEFAULT_PUBLIC_URL } from './seo';

/**
 * The web app's variables, checked once at start (src/instrumentation.ts) like the API's
 * (apps/api/src/config.ts): a wrong value stops the server with one line naming it. .env.example lists
 * each of them (scripts/env-example.test.mjs). Server code reads them through webEnv().
 */

const httpUrl = (what: string) =>
  z.url({ protocol: /^https?$/, message: `must be an absolute http(s) URL${what}` });

export const WebEnvSchema = z.object({
  // Port of the web server (server/web-server.mjs).
  PORT: envPort(3000),
  // Where the server finds the API: SSR calls and the /api/* forwarding of server/web-server.mjs.
  API_URL: httpUrl('').default('http://127.0.0.1:8000'),
  // Sent as X-API-Token on SSR calls; the same value as the API's.
  API_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PUBLIC_URL: httpUrl('').default(DEFAULT_PUBLIC_URL),
  // The legal-text service (lib/legal.server.ts); may hold {document}. Unset: the bundled texts.
  LEGAL_TEXT_URL: httpUrl(' (it may hold {document})').optional(),
  // Read by scripts/client-address.mjs, preloaded into the server.
  WEB_TRUST_PROXY: z.string().min(1).default('loopback'),
  // Inlined into the browser bundle at build time: set them before `npm run build` / `npm start`.
  NEXT_PUBLIC_GTM_ID: z.string().min(1).optional(),
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  // The shared page cache (server/page-cache.mjs): megabytes of rendered pages kept in memory; 0 turns it
  // off (every page is rendered for each request).
  WEB_PAGE_CACHE_MB: z.coerce.number().int().min(0).default(64),
  // How often the API's data version is read: an import makes the cached pages stale within this time.
  WEB_PAGE_CACHE_CHECK_MS: z.coerce.number().int().min(100).default(2000),
  // Load shedding: while the event loop lags more than this, nothing new is rendered or forwarded to the
  // API (503 with Retry-After); cached pages are still served. 0 turns it off.
  WEB_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(500),
  // The build folder (next.config.ts), so several checkouts can build side by side.
  NEXT_DIST_DIR: z.string().min(1).default('.next'),
});
export type WebEnv = z.infer<typeof WebEnvSchema>;

let checked: WebEnv | undefined;

/** The checked environment; throws a ConfigError (one line) on a wrong value. */
export function webEnv(): WebEnv {
  checked ??= parseEnv(WebEnvSchema, process.env);
  return checked;
}

/** At start: a wrong value prints its one-line message and stops the process. */
export function checkWebEnv(): void {
  try {
    webEnv();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
