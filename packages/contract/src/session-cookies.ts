/**
 * The cookies of a browser session (SPEC §4, §9; docs/security.md, "Sessions"). The API sets and removes
 * both, in the answers of the calls that start or end a session; no script writes either.
 * - `token`: the session key. HttpOnly, so no script can read it; 30 days, path /, SameSite Lax, Secure.
 * - `signed_in`: "1" while `token` is set, with the same lifetime. It holds no secret: it only tells the
 *   page's script that there is a session to look up, so an anonymous visitor's page makes no call.
 */
export const TOKEN_COOKIE = 'token';
export const SIGNED_IN_COOKIE = 'signed_in';
export const TOKEN_MAX_AGE_SECONDS = 2_592_000;
