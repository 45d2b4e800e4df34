import { SIGNED_IN_COOKIE, TOKEN_COOKIE } from '@portal/contract/lite';
import { NextResponse, type NextRequest } from 'next/server';
import { isSecureContextFor } from '../../../lib/session-cookie';

/**
 * POST /sessione/fine: removes this browser's session cookies when the API could not (SPEC §4: whatever
 * the outcome of the logout call, the token cookie goes). The cookie is HttpOnly, so only a server can
 * remove it; the API's logout answer does it when the API answers, this route when it does not. It asks
 * for the `X-Requested-With: fetch` header a cross-site form cannot send, so another site cannot sign a
 * visitor out. The token itself stays valid until it expires or is ended from /profilo.
 */
export function POST(request: NextRequest) {
  if (request.headers.get('x-requested-with') !== 'fetch') {
    return NextResponse.json({ detail: 'Richiesta non valida.' }, { status: 403 });
  }
  const response = new NextResponse(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  const secure = isSecureContextFor({
    protocol: request.nextUrl.protocol,
    hostname: request.nextUrl.hostname,
  });
  for (const [name, httpOnly] of [
    [TOKEN_COOKIE, true],
    [SIGNED_IN_COOKIE, false],
  ] as const) {
    response.cookies.set(name, '', { maxAge: 0, path: '/', sameSite: 'lax', secure, httpOnly });
  }
  return response;
}
