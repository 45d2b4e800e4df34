import { NextResponse, type NextRequest } from 'next/server';
import { webEnv } from './lib/env.server';
import { PATHNAME_HEADER, SEARCH_HEADER, withoutTrailingSlash } from './lib/seo';

/**
 * Two jobs, on every request but static files (the pages' Content-Security-Policy is set by the server in
 * front, server/page-cache.mjs, from the hashes of each page's inline scripts):
 *
 * - Forwards /api/* to the API, so the browser sees one origin and one cookie jar.
 *   This is done here rather than with `rewrites` in next.config.ts because `next build` writes the
 *   rewrite destinations into .next/routes-manifest.json: API_URL would be frozen at build time.
 *   Proxy runs on the Node.js runtime and reads API_URL on every `next start`.
 *   The path is forwarded byte for byte, trailing slash included (skipTrailingSlashRedirect is on).
 * - Redirects a page address with a trailing slash (/contatti/) to the canonical one (/contatti), 308,
 *   query kept. Next.js's own redirect is off (skipTrailingSlashRedirect) because it would hit /api/*.
 *
 * The other security headers come from next.config.ts headers().
 */
/** Set by scripts/client-address.mjs, preloaded into the web app's process (docs/operations.md). */
const CLIENT_ADDRESS_MARK = Symbol.for('portal.client-address');
let missingReported = false;

function clientAddressMissing() {
  if (!missingReported) {
    missingReported = true;
    console.error(
      '[web] scripts/client-address.mjs is not preloaded (node --import): /api/* is not forwarded. ' +
        'Start the web app as npm start does (docs/operations.md).',
    );
  }
  return NextResponse.json(
    { detail: 'Servizio temporaneamente non disponibile, riprova più tardi.' },
    { status: 503 },
  );
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    // Without scripts/client-address.mjs the client's own X-Forwarded-For would reach the API, whose
    // per-IP limits it could then dodge at will: refuse to forward rather than forward that.
    if (!(globalThis as Record<symbol, unknown>)[CLIENT_ADDRESS_MARK]) return clientAddressMissing();
    const apiUrl = webEnv().API_URL.replace(/\/+$/, '');
    return NextResponse.rewrite(new URL(`${apiUrl}${pathname}${search}`));
  }

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
  matcher: ['/api/:path*', '/((?!_next/static/|_next/image|favicon\\.ico).*)'],
};
