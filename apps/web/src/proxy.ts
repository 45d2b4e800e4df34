import { NextResponse, type NextRequest } from 'next/server';

/**
 * Forwards /api/* to the API, so the browser sees one origin and one cookie jar.
 *
 * This is done here rather than with `rewrites` in next.config.ts because `next build` writes the
 * rewrite destinations into .next/routes-manifest.json: API_URL would be frozen at build time.
 * Proxy runs on the Node.js runtime and reads API_URL on every `next start`.
 * The path is forwarded byte for byte, trailing slash included (skipTrailingSlashRedirect is on).
 */
export function proxy(request: NextRequest) {
  const apiUrl = (process.env.API_URL || 'http://127.0.0.1:8000').replace(/\/+$/, '');
  const { pathname, search } = request.nextUrl;
  return NextResponse.rewrite(new URL(`${apiUrl}${pathname}${search}`));
}

export const config = {
  matcher: ['/api/:path*'],
};
