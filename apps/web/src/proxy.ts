import { NextResponse, type NextRequest } from 'next/server';
import { PATHNAME_HEADER, SEARCH_HEADER, withoutTrailingSlash } from './lib/seo';

/**
 * Redirects a page address with a trailing slash (/contatti/) to the canonical one (/contatti), 308, query
 * kept (Next.js's own redirect is off, skipTrailingSlashRedirect, because it would hit /api/*), and gives
 * the page its own address for the canonical link. /api/* never reaches Next.js: the server in front,
 * server/web-server.mjs, forwards it to the API. The pages' Content-Security-Policy is set there too
 * (server/page-cache.mjs), and the other security headers come from next.config.ts headers().
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const canonicalPath = withoutTrailingSlash(pathname);
  if (canonicalPath !== null) {
    // From the raw URL: a NextURL clone would keep the trailing slash, and re-encode the query.
    const url = new URL(request.url);
    return NextResponse.redirect(new URL(`${canonicalPath}${url.search}`, url), 308);
  }

  const requestHeaders = new Headers(request.headers);
  // The address of the page, for its canonical link (lib/seo.server.ts); whatever the client sent is replaced.
  requestHeaders.set(PATHNAME_HEADER, pathname);
  requestHeaders.set(SEARCH_HEADER, search);
  return NextResponse.next({ request: { headers: requestHeaders } });
}

export const config = {
  matcher: ['/((?!api/|_next/static/|_next/image|favicon\\.ico).*)'],
};
