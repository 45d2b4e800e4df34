'use client';

import { UserSchema, type User } from '@portal/contract';
import { usePathname, useRouter } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { apiRequest, getSessionToken } from '../../lib/api.client';
import { serializeTokenCookie, serializeTokenRemoval } from '../../lib/session-cookie';
import { isPrivatePath } from './private-paths';

interface SessionValue {
  user: User | null;
  setUser(user: User | null): void;
  /** Stores the key of a successful login and loads its user. */
  signIn(key: string): Promise<User>;
  /** SPEC §4: logout call, then, whatever its outcome, no cookie, no user, and no private page. */
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

function storeToken(key: string) {
  document.cookie = serializeTokenCookie(key, window.location);
}

export function removeToken() {
  document.cookie = serializeTokenRemoval(window.location);
}

export function SessionProvider({
  initialUser,
  children,
}: {
  initialUser: User | null;
  children: ReactNode;
}) {
  const [user, setUser] = useState<User | null>(initialUser);
  const router = useRouter();
  const pathname = usePathname();

  // SPEC §4: a token cookie and no user → fetch the user; a failure removes the cookie.
  useEffect(() => {
    if (initialUser || !getSessionToken()) return;
    let cancelled = false;
    apiRequest('GET', '/api/auth/user/', { schema: UserSchema })
      .then((loaded) => {
        if (!cancelled) setUser(loaded);
      })
      .catch(() => {
        if (!cancelled) removeToken();
      });
    return () => {
      cancelled = true;
    };
  }, [initialUser]);

  const signIn = useCallback(
    async (key: string) => {
      storeToken(key);
      try {
        const loaded = await apiRequest('GET', '/api/auth/user/', { schema: UserSchema });
        setUser(loaded);
        router.refresh();
        return loaded;
      } catch (error) {
        removeToken();
        throw error;
      }
    },
    [router],
  );

  const signOut = useCallback(async () => {
    try {
      await apiRequest('POST', '/api/auth/logout/');
    } catch {
      // whatever the outcome, the session ends here
    }
    removeToken();
    setUser(null);
    if (isPrivatePath(pathname)) router.replace('/');
    else router.refresh();
  }, [pathname, router]);

  const value = useMemo(() => ({ user, setUser, signIn, signOut }), [user, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
