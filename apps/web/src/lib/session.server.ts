import 'server-only';
import { UserSchema, type User } from '@portal/contract';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { apiGet, ApiError } from './api.server';
import { TOKEN_COOKIE } from '@portal/contract/lite';

export interface ServerSession {
  /** The signed-in user, or null. */
  user: User | null;
  /** True when a token cookie was sent but the API refused it (401/403): the browser removes it. */
  staleToken: boolean;
}

/**
 * The user of the request's token cookie, fetched during server-side rendering so the header is right on
 * first paint. An API outage leaves the cookie alone (staleToken false); the browser retries.
 */
export const getServerSession = cache(async function getServerSession(): Promise<ServerSession> {
  const jar = await cookies();
  if (!jar.get(TOKEN_COOKIE)?.value) return { user: null, staleToken: false };
  try {
    return { user: await apiGet('/api/auth/user/', UserSchema), staleToken: false };
  } catch (error) {
    const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
    return { user: null, staleToken: refused };
  }
});

/** `/?flow=login&next=<path>`: where a private page sends a visitor without a session. */
export function loginRedirectPath(path: string): string {
  return `/?${new URLSearchParams({ flow: 'login', next: path }).toString()}`;
}
