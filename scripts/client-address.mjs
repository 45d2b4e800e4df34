// Preloaded into the web app (node --import, by services.mjs; see docs/operations.md): before Next.js
// sees a request, its X-Forwarded-For is written from the connection, as a reverse proxy at the edge does.
// The web app forwards /api/* to the API, which counts its per-IP limits on the address it finds there;
// a plain proxy would pass on whatever value the client sent (one client could then pose as
// any number of addresses) and adds none when there is none (every visitor would count as the web
// app's own 127.0.0.1).
//
// WEB_TRUST_PROXY names the peers whose X-Forwarded-For is kept, in the API's TRUST_PROXY syntax
// (addresses, CIDRs or names such as loopback, comma-separated; true; false). From such a peer (a
// reverse proxy in front of the web app) the peer's address is appended to what it sent; from anyone
// else the header is replaced by the peer's own address. Default: loopback, so that a proxy on the same
// machine keeps the client's address, while no remote client can choose its own.
import http from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** The trust function of a WEB_TRUST_PROXY value (fastify's rules for TRUST_PROXY). */
export function compileTrust(value) {
  // Empty (WEB_TRUST_PROXY= in .env) means unset, as for every variable of the API and the web app.
  const v = value?.trim() || 'loopback';
  if (v === 'true') return () => true;
  if (v === 'false') return () => false;
  return proxyAddr.compile(v.split(',').map((s) => s.trim()));
}

/**
 * The client a request comes from, as the web server counts its per-client limits
 * (apps/web/server/client-slots.mjs): the nearest address of X-Forwarded-For that is not a trusted proxy,
 * the peer itself when it is not one. Read before the header is rewritten.
 */
export const CLIENT_ADDRESS = Symbol.for('portal.client-address.of');

/** The X-Forwarded-For a request leaves with: the peer appended when trusted, the peer alone otherwise. */
export function forwardedFor(peer, received, trust) {
  const prior = Array.isArray(received) ? received.join(', ') : received;
  return prior && trust(peer, 0) ? `${prior}, ${peer}` : peer;
}

const trust = compileTrust(process.env.WEB_TRUST_PROXY);
const marked = Symbol('client-address');
// apps/web/server/web-server.mjs refuses to forward /api/* without this mark: it cannot go missing quietly.
globalThis[Symbol.for('portal.client-address')] = true;

const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  if (!this[marked]) {
    this[marked] = true;
    this.prependListener('request', (req) => {
      const peer = req.socket.remoteAddress;
      req[CLIENT_ADDRESS] = peer ? proxyAddr(req, trust) : undefined;
      if (peer) req.headers['x-forwarded-for'] = forwardedFor(peer, req.headers['x-forwarded-for'], trust);
    });
  }
  return listen.apply(this, args);
};
