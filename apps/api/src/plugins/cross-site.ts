import type { FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '@portal/contract';
import { ApiError } from './errors';
import { msg } from './i18n';

/**
 * Hook of every download route (use it as onRequest, before the sign-in is looked at): 403 for a request
 * that another site set off and that only the browser's own `token` cookie authenticates.
 *
 * `SameSite=Lax` (SPEC §9) still sends the cookie on a top-level GET from another site (a link,
 * `window.open`, a GET form), so without this a page elsewhere could start a licensed user's CSV
 * downloads: logged in their name and counted against their hourly quota. Browsers mark such a request
 * `Sec-Fetch-Site: cross-site`, a header no page can set or remove. The portal's own buttons fetch the
 * file from the page (`same-origin`), and a link opened in a new tab, typed or bookmarked is
 * `same-origin` or `none`; a client without the header (curl, an older browser) is let through, as is
 * a request authenticated by `Authorization: Token` (the header wins over the cookie, and no browser adds
 * it on its own). Refused before the token is read: not logged, not counted, and the session's last use
 * does not move (docs/decisions/069-cross-site-downloads-invisible-text-mail-links.md).
 */
export function refuseCrossSiteCookie(req: FastifyRequest): void {
  const site = req.headers['sec-fetch-site'];
  if (typeof site !== 'string' || site.trim().toLowerCase() !== 'cross-site') return;
  if (req.headers.authorization) return;
  if (!req.cookies?.[TOKEN_COOKIE]) return;
  throw new ApiError(403, { detail: msg('crossSiteDownload') });
}
