/**
 * Cookies read by the browser's code, and the site rule for `Secure`. The session cookies themselves
 * (`token`, HttpOnly, and its `signed_in` hint) are set and removed by the server only: the API's answers
 * to login and logout, and /sessione/fine (docs/decisions/057-httponly-session.md).
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface CookieLocation {
  protocol: string;
  hostname: string;
}

/** Secure everywhere except http://localhost (and the loopback addresses) during development and tests. */
export function isSecureContextFor(location: CookieLocation): boolean {
  return !(location.protocol === 'http:' && LOCAL_HOSTS.has(location.hostname));
}

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

// C0 controls, DEL, C1 controls and the backslash. The URL parser drops tabs and line breaks and reads a
// backslash as a slash, so "/\t/evil.example" (?next=/%09/evil.example) or "/\t\\evil.example" would
// become //evil.example, another host. No path of the site needs one of them.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NEXT = /[\u0000-\u001f\u007f-\u009f\\]/;

/** `value` resolved against the site's origin, when it has no unsafe character and stays on that origin. */
function resolveOnSite(value: string, origin: string): URL | null {
  if (UNSAFE_IN_NEXT.test(value)) return null;
  try {
    const url = new URL(value, origin);
    return url.origin === new URL(origin).origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * Where a `next` parameter may send the visitor: only to a page of this site. `origin` is the site's own
 * (window.location.origin in the browser). The value must resolve to that origin with no control character
 * or backslash anywhere, and so must its percent-decoded form, should anything decode it once more
 * ("/%2F/evil.example" would then be //evil.example); a value that does not decode is refused.
 * Returns the path, query and fragment it resolves to, or null.
 */
export function safeNextPath(next: string | null | undefined, origin: string): string | null {
  if (!next) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(next);
  } catch {
    return null;
  }
  const url = resolveOnSite(next, origin);
  if (!url || !resolveOnSite(decoded, origin)) return null;
  // Dot segments collapse on resolution ("/.//evil.example" becomes "//evil.example"): what is returned
  // must itself be a path of this site, not a network-path reference to another host.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') || resolveOnSite(path, origin)?.origin !== new URL(origin).origin
    ? null
    : path;
}
