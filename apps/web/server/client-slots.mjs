// Per-client limits of the web server (issue 34): how many requests of one client may hold a scarce
// resource at once (a forwarding slot towards the API, a page render). One client is one address as the
// web server trusts it (scripts/client-address.mjs, which reads WEB_TRUST_PROXY), IPv6 by its /64
// network, as the API counts its per-IP limits (apps/api/src/plugins/rate-limit.ts, ipKey).
//
// A count lives only while the client holds a slot: the map never holds more entries than requests in
// flight, so it needs no eviction and no timer.
import ipaddr from 'ipaddr.js';

const CLIENT_ADDRESS = Symbol.for('portal.client-address.of');

/**
 * The key a client is counted under: its address for IPv4 (IPv4-mapped IPv6 too), its /64 for IPv6.
 * @param {string | undefined} address
 */
export function clientKeyOf(address) {
  if (!address) return 'unknown';
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

/**
 * The client key of a request: the address scripts/client-address.mjs found (the nearest one that is
 * not a trusted proxy), or the peer when the preload did not run (tests of a bare server).
 * @param {import('node:http').IncomingMessage} req
 */
export function clientKey(req) {
  const found = /** @type {any} */ (req)[CLIENT_ADDRESS];
  return clientKeyOf(typeof found === 'string' ? found : req.socket.remoteAddress);
}

/**
 * At most `perClient` slots per client at once.
 * @param {{ perClient: number }} options
 */
export function createClientSlots({ perClient }) {
  /** @type {Map<string, number>} */
  const held = new Map();
  return {
    /**
     * A slot for this client, or null when it already holds `perClient`. The returned function gives
     * it back; calling it more than once gives back one slot only.
     * @param {string} key
     * @returns {(() => void) | null}
     */
    take(key) {
      const count = held.get(key) ?? 0;
      if (count >= perClient) return null;
      held.set(key, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      };
    },
    /** Slots this client holds now. @param {string} key */
    heldBy(key) {
      return held.get(key) ?? 0;
    },
    /** Clients holding at least one slot. */
    get clients() {
      return held.size;
    },
  };
}
