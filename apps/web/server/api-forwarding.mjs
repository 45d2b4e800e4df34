// The web server's forwarding of /api/* to the API (server/web-server.mjs; docs/operations.md): the
// browser sees one origin and one cookie jar, and the path goes on byte for byte (trailing slash kept).
// http-proxy-3 does the proxying over keep-alive connections. Beyond proxying:
// - at most MAX_API_IN_FLIGHT calls wait on the API at once; more are answered 503 with Retry-After;
// - a call the API has not begun to answer within API_DEADLINE_MS (or that stalls that long in its
//   answer) is answered 503 with Retry-After and dropped upstream: under overload the client gets an
//   answer instead of its own timeout;
// - the API unreachable: 503 with the SPEC's generic message;
// - the web app's security headers go on every answer, the API's own on top.
import http from 'node:http';
import { createProxyServer } from 'http-proxy-3';
import { RETRY_AFTER_SECONDS } from './page-cache.mjs';
import { IMPORT_DEADLINE_MS } from './import-deadline.mjs';
import { SECURITY_HEADERS } from './security-headers.mjs';

/** Calls waiting on the API at once, beyond which they are refused rather than queued. */
export const MAX_API_IN_FLIGHT = 128;
/** How long a forwarded call may wait for the API's first byte, or between two bytes of its answer. */
export const API_DEADLINE_MS = 5_000;
/**
 * The admin CLI's door into the API (POST /api/admin/cli/) is for a process of the API's machine only: the
 * web server calls the API from loopback, so it must never pass a visitor's call on to it.
 */
const isCliDoor = (/** @type {import('node:http').IncomingMessage} */ req) =>
  /^\/api\/admin\/cli(\/|\?|$)/.test(req.url ?? '');
const isImport = (/** @type {import('node:http').IncomingMessage} */ req) =>
  req.method === 'POST' && /^\/api\/admin\/imports\/(\?|$)/.test(req.url ?? '');

export const BUSY = `Il servizio è molto carico in questo momento: riprova tra ${RETRY_AFTER_SECONDS} secondi.`;
export const UNAVAILABLE = 'Servizio temporaneamente non disponibile, riprova più tardi.';
export const NOT_FOUND = 'Non trovato.';

/** @param {import('node:http').IncomingMessage} req */
export const isApiRequest = (req) => /^\/api(\/|\?|$)/.test(req.url ?? '');

/**
 * A JSON `{detail}` answer of the web server itself (SPEC §5's error shape), never stored on the way; a
 * 503 says when to retry (Retry-After).
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} detail
 */
export function answerDetail(res, status, detail) {
  for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
  res.writeHead(status, {
    ...(status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {}),
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify({ detail }));
}

/**
 * @param {object} options
 * @param {string} options.apiUrl  where the API listens, e.g. http://127.0.0.1:8000
 * @param {boolean} options.forward  false when scripts/client-address.mjs is not preloaded: the client's
 *   own X-Forwarded-For would reach the API, whose per-IP limits it could then dodge, so nothing is
 *   forwarded (503)
 * @param {number} [options.deadlineMs]  API_DEADLINE_MS unless given (the tests give less)
 * @param {number} [options.maxInFlight]  MAX_API_IN_FLIGHT unless given
 * @param {(message: string) => void} [options.log]
 */
export function createApiForwarder({
  apiUrl,
  forward,
  deadlineMs = API_DEADLINE_MS,
  maxInFlight = MAX_API_IN_FLIGHT,
  log = (message) => console.warn(`[web] ${message}`),
}) {
  const proxy = createProxyServer({
    target: apiUrl.replace(/\/+$/, ''),
    changeOrigin: true,
    proxyTimeout: deadlineMs,
    agent: new http.Agent({ keepAlive: true, maxSockets: maxInFlight }),
  });
  proxy.on('proxyReq', (proxyReq, req) => proxyReq.setHeader('x-forwarded-host', req.headers.host ?? ''));
  let inFlight = 0;

  return {
    get inFlight() {
      return inFlight;
    },
    /**
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     */
    forward(req, res) {
      if (!forward) return answerDetail(res, 503, UNAVAILABLE);
      if (isCliDoor(req)) return answerDetail(res, 404, NOT_FOUND);
      if (inFlight >= maxInFlight) return answerDetail(res, 503, BUSY);
      inFlight += 1;
      res.once('close', () => (inFlight -= 1));
      for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
      // The staff's data import waits IMPORT_DEADLINE_MS instead (import-deadline.mjs).
      const options = isImport(req) ? { proxyTimeout: Math.max(deadlineMs, IMPORT_DEADLINE_MS) } : {};
      proxy.web(req, res, options, (/** @type {NodeJS.ErrnoException} */ error) => {
        if (res.headersSent) return void res.destroy();
        // proxyTimeout destroys the call to the API: "socket hang up". Anything else: no API at all.
        const late = error.code === 'ECONNRESET';
        if (!late) log(`${req.method} ${req.url}: API unreachable (${error.code ?? error.message})`);
        answerDetail(res, 503, late ? BUSY : UNAVAILABLE);
      });
    },
  };
}
