// The web app's server (`npm start` runs it through scripts/services.mjs; docs/operations.md): Next.js's
// documented custom server with, in front of it,
// - the shared page cache (server/page-cache.mjs): public pages from memory, rendered once per page as
//   its path and the parameters it reads make it (page-params.mjs); renders bounded in the process and per
//   client, the RSC requests of client-side navigations and prefetches among them (isPageRequest);
// - the pages' Content-Security-Policy (hashes of their inline scripts, server/security-headers.mjs);
// - load shedding: while the event loop lags more than WEB_MAX_EVENT_LOOP_DELAY_MS, nothing new is
//   started (no render, no /api/* forwarding): 503 with Retry-After; cached pages are still served. The
//   same beyond MAX_RENDERS_IN_FLIGHT renders (page-cache.mjs) or MAX_API_IN_FLIGHT forwarded requests
//   waiting at once (api-forwarding.mjs): the API is not keeping up, and a queue would only end in client
//   timeouts. A render or a forwarded call that outlasts its deadline is answered 503 too, so under
//   overload every visitor gets an answer, never a client timeout;
// - /api/* forwarded to API_URL (api-forwarding.mjs), so the browser sees one origin and one cookie jar;
//   each body received whole before the call waits on the API, and a share of the forwarding per client.
// The API's data version is polled every WEB_PAGE_CACHE_CHECK_MS: an import makes every page stale.
//
// Usage: node [--import …] server/web-server.mjs [--dev]   (PORT, API_URL… as in .env.example)
import http from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import next from 'next';
import {
  answerClientError,
  answerDetail,
  BUSY,
  createApiForwarder,
  isApiRequest,
  refuse,
  WEB_SERVER_OPTIONS,
} from './api-forwarding.mjs';
import { createPageCache, isPageRequest } from './page-cache.mjs';

const dev = process.argv.includes('--dev');
const dir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = Number(process.env.PORT || 3000);

const app = next({ dev, dir, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

// Checked by src/instrumentation.ts while Next.js prepared (a wrong value has stopped the process).
/** @type {{ API_URL: string, WEB_PAGE_CACHE_MB: number, WEB_PAGE_CACHE_CHECK_MS: number, WEB_MAX_EVENT_LOOP_DELAY_MS: number }} */
const env = /** @type {any} */ (globalThis)[Symbol.for('portal.web-env')];
if (!env) throw new Error('src/instrumentation.ts did not run: the environment is unchecked');

const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
let overloaded = false;
let lastReport = 0;
const sampler = setInterval(() => {
  // Mean delay over the last half second, less the sampling resolution (as @fastify/under-pressure does).
  const delayMs = Math.max(0, lag.mean / 1e6 - 10);
  lag.reset();
  overloaded = env.WEB_MAX_EVENT_LOOP_DELAY_MS > 0 && delayMs > env.WEB_MAX_EVENT_LOOP_DELAY_MS;
  if (overloaded && Date.now() - lastReport > 10_000) {
    lastReport = Date.now();
    console.warn(`[web] event loop delay ${Math.round(delayMs)} ms: shedding renders and /api/* (503)`);
  }
}, 500);
sampler.unref();

const pages = createPageCache({
  origin: `http://127.0.0.1:${port}`,
  maxBytes: dev ? 0 : env.WEB_PAGE_CACHE_MB * 1024 * 1024,
  csp: {
    tagManager: Boolean(process.env.NEXT_PUBLIC_GTM_ID),
    recaptcha: Boolean(process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY),
    dev,
  },
  overloaded: () => overloaded,
  log: (message) => console.log(`[web] ${message}`),
});

const apiUrl = env.API_URL.replace(/\/+$/, '');
let versionWarned = false;
async function checkDataVersion() {
  try {
    const response = await fetch(`${apiUrl}/api/data-version/`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { version } = /** @type {{ version: string }} */ (await response.json());
    pages.setDataVersion(version);
    versionWarned = false;
  } catch (error) {
    // The API is down or restarting: keep serving what is cached, say so once.
    if (!versionWarned) console.warn(`[web] data version unknown (${String(error)}): cached pages kept`);
    versionWarned = true;
  }
}
await checkDataVersion();
const poller = setInterval(() => void checkDataVersion(), env.WEB_PAGE_CACHE_CHECK_MS);
poller.unref();

/** Set by scripts/client-address.mjs (node --import): X-Forwarded-For is written from the connection. */
const clientAddressPreloaded = Boolean(/** @type {any} */ (globalThis)[Symbol.for('portal.client-address')]);
if (!clientAddressPreloaded) {
  console.error(
    '[web] scripts/client-address.mjs is not preloaded (node --import): /api/* is not forwarded. ' +
      'Start the web app as npm start does (docs/operations.md).',
  );
}
const api = createApiForwarder({ apiUrl, forward: clientAddressPreloaded });

// Short headers and request deadlines (WEB_SERVER_OPTIONS, api-forwarding.mjs): this server is the edge in
// the default layout (browser → web app → API), where Node's defaults, made for a server behind a proxy,
// let a client keep a connection with a trickle of headers for a minute or of a body for five.
const server = http.createServer(WEB_SERVER_OPTIONS, (req, res) => {
  if (isApiRequest(req)) return overloaded ? refuse(res, 503, BUSY) : api.forward(req, res);
  if (pages.isRenderRequest(req) || (!isPageRequest(req) && !overloaded)) {
    void handle(req, res);
    return;
  }
  if (!isPageRequest(req)) {
    // Overloaded: files of the build are still served (cheap, and a page already sent needs them).
    if ((req.url ?? '').startsWith('/_next/static/')) return void handle(req, res);
    return answerDetail(res, 503, BUSY);
  }
  pages.serve(req, res).catch((/** @type {unknown} */ error) => {
    console.error(`[web] ${req.url}: ${String(error)}`);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
// Node's own answers to a bad or late request, except for the staff's upload being streamed to the API.
server.on('clientError', answerClientError);
if (dev) {
  const upgrade = app.getUpgradeHandler();
  server.on('upgrade', (req, socket, head) => void upgrade(req, socket, head));
}

// As `next start`: SIGTERM or SIGINT closes the server (scripts/drain-on-close.mjs makes that graceful:
// what was accepted is answered) and the process exits 0 once it is closed.
let stopping = false;
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    clearInterval(poller);
    server.close(() => {
      void app.close().finally(() => process.exit(0));
    });
  });
}

server.listen(port, () => {
  console.log(
    `[web] ready on http://localhost:${port} (page cache ${dev ? 'off: dev' : `${env.WEB_PAGE_CACHE_MB} MB`})`,
  );
});
