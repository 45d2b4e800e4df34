// The web server's forwarding of /api/* to the API (server/web-server.mjs; docs/operations.md): the
// browser sees one origin and one cookie jar, and the path goes on byte for byte (trailing slash kept).
// http-proxy-3 does the proxying over keep-alive connections. Beyond proxying:
// - a request's body is received here first, whole, before anything waits on the API: at most
//   MAX_BODY_BYTES (the API's own limit; more is refused 413 without being read) within BODY_DEADLINE_MS
//   (else 408). A client that announces a body and never sends it holds nothing but its own connection
//   (issue 34: ~130 such POSTs used to hold every forwarding slot, and every visitor got 503);
// - a forwarding slot is taken once the body is here: at most MAX_API_PER_CLIENT per client (one
//   address as client-slots.mjs counts it; more: 429) and MAX_API_IN_FLIGHT in all (more: 503), the
//   second only against the API's own overload; at most MAX_BODIES_PER_CLIENT bodies of one client
//   arrive at once (more: 429);
// - the staff's data upload (POST /api/admin/imports/, up to many MB) is the one body streamed to the
//   API, and only once the API has said the caller is staff (GET of the same path with the caller's
//   credentials): anyone else gets the API's 401/403 without a byte of the upload being read;
// - a call the API has not begun to answer within API_DEADLINE_MS (or that stalls that long in its
//   answer) is answered 503 with Retry-After and dropped upstream: under overload the client gets an
//   answer instead of its own timeout;
// - the API unreachable: 503 with the SPEC's generic message;
// - the web app's security headers go on every answer, the API's own on top.
// WEB_SERVER_OPTIONS and answerClientError are the http.Server's own limits (web-server.mjs).
import http from 'node:http';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { clientKey, createClientSlots } from './client-slots.mjs';
import { RETRY_AFTER_SECONDS } from './page-cache.mjs';
import { IMPORT_DEADLINE_MS } from './import-deadline.mjs';
import { SECURITY_HEADERS } from './security-headers.mjs';

/** Calls waiting on the API at once, beyond which they are refused rather than queued. */
export const MAX_API_IN_FLIGHT = 128;
/**
 * Calls of one client waiting on the API at once. Well above what one browser sends (six connections
 * per origin), so that an office or a school behind one address is not refused; an eighth of the total,
 * so that one client alone cannot take the API from the others.
 */
export const MAX_API_PER_CLIENT = 16;
/** Bodies of one client being received at once (each costs memory until it is whole or late). */
export const MAX_BODIES_PER_CLIENT = 16;
/** The largest body forwarded: the API's own bodyLimit (apps/api/src/app.ts), 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * How long a body may take to arrive, from its headers to its last byte. The portal's bodies are forms
 * of a few KB; even 1 MiB arrives in 10 s over a 1 Mbit/s uplink.
 */
export const BODY_DEADLINE_MS = 10_000;
/** How long a forwarded call may wait for the API's first byte, or between two bytes of its answer. */
export const API_DEADLINE_MS = 5_000;

/**
 * The web server's http.Server limits (web-server.mjs), Node's defaults being made for a server behind a
 * proxy (60 s for headers, 5 minutes for a request):
 * - headersTimeout 10 s: a browser sends its headers in one packet; a client trickling them (slowloris)
 *   loses the connection after 10 s instead of a minute;
 * - requestTimeout 30 s for the whole request: GETs are whole with their headers, /api/* bodies have
 *   their own 10 s (BODY_DEADLINE_MS); this is the backstop for any other body. The staff's upload, once
 *   the API said the caller is staff, is exempt (answerClientError) and has IMPORT_DEADLINE_MS;
 * - connectionsCheckingInterval 1 s: how often Node looks for those two (its default, 30 s, would let a
 *   trickling client keep a connection up to 40 s);
 * - keepAliveTimeout 5 s (Node's default, written down): an idle connection is closed after 5 s, later
 *   than nginx's 4 s towards the processes (deploy/nginx.conf.template), so nginx never sends a request
 *   on a connection the web server is closing.
 * @type {Readonly<{ headersTimeout: number, requestTimeout: number, connectionsCheckingInterval: number,
 *   keepAliveTimeout: number }>}
 */
export const WEB_SERVER_OPTIONS = Object.freeze({
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
  keepAliveTimeout: 5_000,
});

/**
 * The admin CLI's old door (POST /api/admin/cli/). The CLI now talks to the API over a 0600 Unix socket
 * and the API has no such route (decision 068); this refusal is a second fence that costs nothing.
 */
const isCliDoor = (/** @type {import('node:http').IncomingMessage} */ req) =>
  /^\/api\/admin\/cli(\/|\?|$)/.test(req.url ?? '');
/** The path of the staff's upload; a GET of it answers 401/403 exactly as its POST would. */
const IMPORTS_PATH = '/api/admin/imports/';
const isImport = (/** @type {import('node:http').IncomingMessage} */ req) =>
  req.method === 'POST' && /^\/api\/admin\/imports\/(\?|$)/.test(req.url ?? '');
const hasBody = (/** @type {import('node:http').IncomingMessage} */ req) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

export const BUSY = `Il servizio è molto carico in questo momento: riprova tra ${RETRY_AFTER_SECONDS} secondi.`;
export const UNAVAILABLE = 'Servizio temporaneamente non disponibile, riprova più tardi.';
export const NOT_FOUND = 'Non trovato.';
/** The API's own text for a body over its limit (and nginx's, deploy/nginx.conf.template). */
export const TOO_LARGE = 'La richiesta è troppo grande.';
export const TOO_SLOW = 'La richiesta non è arrivata per intero in tempo: riprova.';
export const TOO_MANY = 'Troppe richieste contemporanee da questo indirizzo: riprova tra qualche secondo.';
/** Retry-After of a 429: a client's own calls end in milliseconds. */
const TOO_MANY_RETRY_AFTER_SECONDS = 2;

/** @param {import('node:http').IncomingMessage} req */
export const isApiRequest = (req) => /^\/api(\/|\?|$)/.test(req.url ?? '');

/**
 * A JSON `{detail}` answer of the web server itself (SPEC §5's error shape), never stored on the way; a
 * 503 or a 429 says when to retry (Retry-After).
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} detail
 */
export function answerDetail(res, status, detail) {
  for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
  const retryAfter = { 503: RETRY_AFTER_SECONDS, 429: TOO_MANY_RETRY_AFTER_SECONDS }[status];
  res.writeHead(status, {
    ...(retryAfter ? { 'retry-after': String(retryAfter) } : {}),
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify({ detail }));
}

/**
 * answerDetail for a call that goes no further; when its body has not arrived whole, the connection is
 * closed once the answer is sent, so that Node does not go on reading what the client may still send.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} detail
 */
export function refuse(res, status, detail) {
  if (res.headersSent || res.destroyed) return void res.destroy();
  if (hasBody(res.req) && !res.req.complete) res.setHeader('connection', 'close');
  answerDetail(res, status, detail);
}

/** Marks a connection whose request is the staff's upload, streamed: Node's requestTimeout spares it. */
const STREAMING_UPLOAD = Symbol('streaming-upload');

const RAW_ANSWERS = /** @type {Record<string, string>} */ ({
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
});
const TIMEOUT_BODY = JSON.stringify({ detail: TOO_SLOW });
const TIMEOUT_ANSWER =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\n' +
  `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\n\r\n${TIMEOUT_BODY}`;

/**
 * The web server's 'clientError' listener: Node's own answers (400, 408, 413, 431, then the connection
 * closed), the 408 in the portal's shape, except that the staff's upload being streamed to the API is not
 * cut by requestTimeout (its own deadline is IMPORT_DEADLINE_MS, and only staff get there).
 * @param {Error & { code?: string }} error
 * @param {import('node:stream').Duplex} socket
 */
export function answerClientError(error, socket) {
  const upload = /** @type {any} */ (socket)[STREAMING_UPLOAD];
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && upload && !upload.complete) return;
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  // The answer Node is writing on this connection, if any (as Node itself checks before answering).
  const current = /** @type {any} */ (socket)._httpMessage;
  if (!current || !current.headersSent) {
    socket.write(
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? TIMEOUT_ANSWER
        : (RAW_ANSWERS[error.code ?? ''] ?? 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n'),
    );
  }
  socket.destroy();
}

/**
 * @param {object} options
 * @param {string} options.apiUrl  where the API listens, e.g. http://127.0.0.1:8000
 * @param {boolean} options.forward  false when scripts/client-address.mjs is not preloaded: the client's
 *   own X-Forwarded-For would reach the API, whose per-IP limits it could then dodge, so nothing is
 *   forwarded (503)
 * @param {number} [options.deadlineMs]  API_DEADLINE_MS unless given (the tests give less)
 * @param {number} [options.maxInFlight]  MAX_API_IN_FLIGHT unless given
 * @param {number} [options.perClient]  MAX_API_PER_CLIENT unless given
 * @param {number} [options.bodiesPerClient]  MAX_BODIES_PER_CLIENT unless given
 * @param {number} [options.maxBodyBytes]  MAX_BODY_BYTES unless given
 * @param {number} [options.bodyDeadlineMs]  BODY_DEADLINE_MS unless given
 * @param {(message: string) => void} [options.log]
 */
export function createApiForwarder({
  apiUrl,
  forward,
  deadlineMs = API_DEADLINE_MS,
  maxInFlight = MAX_API_IN_FLIGHT,
  perClient = MAX_API_PER_CLIENT,
  bodiesPerClient = MAX_BODIES_PER_CLIENT,
  maxBodyBytes = MAX_BODY_BYTES,
  bodyDeadlineMs = BODY_DEADLINE_MS,
  log = (message) => console.warn(`[web] ${message}`),
}) {
  const target = apiUrl.replace(/\/+$/, '');
  const proxy = createProxyServer({
    target,
    changeOrigin: true,
    proxyTimeout: deadlineMs,
    agent: new http.Agent({ keepAlive: true, maxSockets: maxInFlight }),
  });
  proxy.on('proxyReq', (proxyReq, req) => proxyReq.setHeader('x-forwarded-host', req.headers.host ?? ''));
  const calls = createClientSlots({ perClient });
  const bodies = createClientSlots({ perClient: bodiesPerClient });
  let inFlight = 0;

  /**
   * A forwarding slot for this client (its own and one of the total), given back when the answer
   * closes; false when there is none, and the client has been answered.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  function takeSlot(req, res) {
    const release = calls.take(clientKey(req));
    if (!release) {
      refuse(res, 429, TOO_MANY);
      return false;
    }
    if (inFlight >= maxInFlight) {
      release();
      refuse(res, 503, BUSY);
      return false;
    }
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      release();
    });
    return true;
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {{ body?: Buffer, proxyTimeout?: number }} [options]
   */
  function send(req, res, { body, proxyTimeout } = {}) {
    if (body) {
      // What arrives is what goes on, chunked or not: one length the API can check at once.
      req.headers['content-length'] = String(body.length);
      delete req.headers['transfer-encoding'];
    }
    for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
    const options = {
      ...(body ? { buffer: Readable.from([body]) } : {}),
      ...(proxyTimeout ? { proxyTimeout } : {}),
    };
    proxy.web(req, res, options, (/** @type {NodeJS.ErrnoException} */ error) => {
      if (res.headersSent) return void res.destroy();
      // proxyTimeout destroys the call to the API: "socket hang up". Anything else: no API at all.
      const late = error.code === 'ECONNRESET';
      if (!late) log(`${req.method} ${req.url}: API unreachable (${error.code ?? error.message})`);
      refuse(res, 503, late ? BUSY : UNAVAILABLE);
    });
  }

  /**
   * Receives the body whole, then calls `then` with it; or answers 413, 408 or 429 and reads no more.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {(body: Buffer) => void} then
   */
  function receiveBody(req, res, then) {
    if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) return refuse(res, 413, TOO_LARGE);
    const release = bodies.take(clientKey(req));
    if (!release) return refuse(res, 429, TOO_MANY);
    /** @type {Buffer[]} */
    let chunks = [];
    let size = 0;
    let done = false;
    /** @param {() => void} next */
    const finish = (next) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      release();
      next();
    };
    const timer = setTimeout(() => finish(() => refuse(res, 408, TOO_SLOW)), bodyDeadlineMs);
    req.on('data', (/** @type {Buffer} */ chunk) => {
      if (done) return;
      size += chunk.length;
      if (size <= maxBodyBytes) return void chunks.push(chunk);
      chunks = [];
      finish(() => refuse(res, 413, TOO_LARGE));
    });
    req.on('end', () => finish(() => then(Buffer.concat(chunks, size))));
    res.once('close', () => finish(() => (chunks = []))); // the client went away
  }

  /**
   * The staff's upload: streamed to the API once a GET of its path with the caller's credentials (the
   * API's own staff check) answered 200. Any other answer goes back to the caller as the API gave it.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function forwardUpload(req, res) {
    /** @type {Record<string, string>} */
    const headers = {};
    for (const name of ['authorization', 'cookie', 'accept-language', 'x-forwarded-for']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    headers['x-forwarded-host'] = req.headers.host ?? '';
    let answer;
    try {
      answer = await fetch(`${target}${IMPORTS_PATH}`, { headers, signal: AbortSignal.timeout(deadlineMs) });
    } catch (error) {
      const late = /** @type {Error} */ (error).name === 'TimeoutError';
      if (!late) log(`${req.method} ${req.url}: API unreachable (${String(error)})`);
      return refuse(res, 503, late ? BUSY : UNAVAILABLE);
    }
    if (answer.status !== 200) {
      const body = await answer.text().catch(() => '');
      if (res.destroyed) return;
      for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
      const authenticate = answer.headers.get('www-authenticate');
      const retryAfter = answer.headers.get('retry-after');
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
        'cache-control': 'no-store',
        connection: 'close', // the upload is not read
        ...(authenticate ? { 'www-authenticate': authenticate } : {}),
        ...(retryAfter ? { 'retry-after': retryAfter } : {}),
      });
      return void res.end(body);
    }
    await answer.body?.cancel();
    if (res.destroyed) return;
    /** @type {any} */ (req.socket)[STREAMING_UPLOAD] = req;
    res.once('close', () => delete (/** @type {any} */ (req.socket)[STREAMING_UPLOAD]));
    // The import waits IMPORT_DEADLINE_MS instead (import-deadline.mjs).
    send(req, res, { proxyTimeout: Math.max(deadlineMs, IMPORT_DEADLINE_MS) });
  }

  return {
    get inFlight() {
      return inFlight;
    },
    /**
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     */
    forward(req, res) {
      if (!forward) return refuse(res, 503, UNAVAILABLE);
      if (isCliDoor(req)) return refuse(res, 404, NOT_FOUND);
      if (isImport(req)) {
        if (takeSlot(req, res)) void forwardUpload(req, res);
        return;
      }
      if (!hasBody(req)) {
        if (takeSlot(req, res)) send(req, res);
        return;
      }
      receiveBody(req, res, (body) => {
        if (takeSlot(req, res)) send(req, res, { body });
      });
    },
  };
}
