'use client';

import type { User } from '@portal/contract';
import { usePathname, useRouter } from 'next/navigation';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { apiRequest, getSessionToken } from '../../lib/api.client';
import { serializeTokenCookie, serializeTokenRemoval } from '../../lib/session-cookie';
import { isPrivatePath } from './private-paths';

interface SessionValue {
  user: User | null;
  /**
   * False until the browser knows whether someone is signed in: the server renders every page without a
   * session (pages are cached and shared by everyone, docs/decisions/053-shared-page-cache.md), and the
   * session is found in the browser after hydration (SPEC §4: on load, a token cookie → fetch the user).
   */
  ready: boolean;
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

const noChange = () => () => {};

/** Whether the browser holds a token cookie; null on the server and while hydrating (pages are shared). */
function useHasToken(): boolean | null {
  return useSyncExternalStore(
    noChange,
    () => Boolean(getSessionToken()),
    () => null,
  );
}

/**
 * The signed-in user, checked against the contract. The contract's schemas (zod) load with the first call,
 * not with the page: an anonymous visitor never needs them.
 */
async function fetchUser(): Promise<User> {
  const { UserSchema } = await import('@portal/contract');
  return apiRequest('GET', '/api/auth/user/', { schema: UserSchema });
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [{ user, settled }, setSession] = useState<{ user: User | null; settled: boolean }>({
    user: null,
    settled: false,
  });
  const hasToken = useHasToken();
  const ready = settled || hasToken === false;
  const setUser = useCallback((next: User | null) => setSession({ user: next, settled: true }), []);
  const router = useRouter();
  const pathname = usePathname();

  // SPEC §4: a token cookie and no user → fetch the user; a failure removes the cookie.
  useEffect(() => {
    if (!hasToken || settled) return;
    let cancelled = false;
    fetchUser()
      .then((loaded) => {
        if (!cancelled) setSession({ user: loaded, settled: true });
      })
      .catch(() => {
        if (cancelled) return;
        removeToken();
        setSession({ user: null, settled: true });
      });
    return () => {
      cancelled = true;
    };
  }, [hasToken, settled]);

  const signIn = useCallback(
    async (key: string) => {
      storeToken(key);
      try {
        const loaded = await fetchUser();
        setUser(loaded);
        router.refresh();
        return loaded;
      } catch (error) {
        removeToken();
        throw error;
      }
    },
    [router, setUser],
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
  }, [pathname, router, setUser]);

  const value = useMemo(
    () => ({ user, ready, setUser, signIn, signOut }),
    [user, ready, setUser, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The private pages (rendered per request, never cached) know their user on the server: inside them,
 * that user is the session's until the browser has found its own, so their forms are filled on first
 * paint. The header takes it over at once.
 */
export function KnownUser({ user, children }: { user: User; children: ReactNode }) {
  const session = useSession();
  const { ready, setUser } = session;
  useEffect(() => {
    if (!ready) setUser(user);
  }, [ready, setUser, user]);
  const value = useMemo(() => (session.ready ? session : { ...session, user }), [session, user]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
