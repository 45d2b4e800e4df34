/**
 * The session token cookie of SPEC §4 and §9: named `token`, 30 days, path /, SameSite Lax, Secure
 * except on plain-HTTP localhost (where a browser would drop a Secure cookie set from script).
 * Pure functions: unit-tested, used by the browser session code.
 */

export const TOKEN_COOKIE = 'token';
export const TOKEN_MAX_AGE_SECONDS = 2_592_000;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface CookieLocation {
  protocol: string;
  hostname: string;
}

/** Secure everywhere except http://localhost (and the loopback addresses) during development and tests. */
export function isSecureContextFor(location: CookieLocation): boolean {
  return !(location.protocol === 'http:' && LOCAL_HOSTS.has(location.hostname));
}

/** The `document.cookie` assignment that stores the session token. */
export function serializeTokenCookie(key: string, location: CookieLocation): string {
  const parts = [
    `${TOKEN_COOKIE}=${encodeURIComponent(key)}`,
    `Max-Age=${TOKEN_MAX_AGE_SECONDS}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (isSecureContextFor(location)) parts.push('Secure');
  return parts.join('; ');
}

/** The `document.cookie` assignment that removes the session token. */
export function serializeTokenRemoval(location: CookieLocation): string {
  const parts = [`${TOKEN_COOKIE}=`, 'Max-Age=0', 'Path=/', 'SameSite=Lax'];
  if (isSecureContextFor(location)) parts.push('Secure');
  return parts.join('; ');
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

/** A `next` parameter is followed only when it is a path of this site (no scheme, no //host). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
