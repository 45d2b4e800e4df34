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
import { apiRequest, hasReadableToken, hasSessionHint } from '../../lib/api.client';
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
  /**
   * Loads the user of the session a successful login (or a password or address change) has just started:
   * the API's answer set the HttpOnly token cookie.
   */
  signIn(): Promise<User>;
  /** SPEC §4: logout call, then, whatever its outcome, no cookie, no user, and no private page. */
  signOut(): Promise<void>;
  /** The session has already ended on the server (account deleted, current session ended): forget it here. */
  signedOut(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Removes the session cookies without the API: the web app's own /sessione/fine (they are HttpOnly). */
async function forgetSessionCookies(): Promise<void> {
  await fetch('/sessione/fine', {
    method: 'POST',
    headers: { 'X-Requested-With': 'fetch' },
    credentials: 'same-origin',
  }).catch(() => undefined);
}

/**
 * Ends the session: the logout call ends the token and its answer removes the cookies; when the API does
 * not answer, /sessione/fine removes them.
 */
async function endSession(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout/');
  } catch {
    await forgetSessionCookies();
  }
}

const noChange = () => () => {};

/** Whether the browser holds a session cookie; null on the server and while hydrating (pages are shared). */
function useHasToken(): boolean | null {
  return useSyncExternalStore(noChange, hasSessionHint, () => null);
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

  // SPEC §4: a token cookie and no user → fetch the user; a failure removes the cookie (only the cookie:
  // an API that is down for a moment does not end the session on the server). A token cookie written by
  // script before it became HttpOnly is fetched with even where a private page brought its user: the
  // API's answer sets it again, out of the script's reach.
  useEffect(() => {
    if (!hasToken || (settled && !hasReadableToken())) return;
    let cancelled = false;
    fetchUser()
      .then((loaded) => {
        if (!cancelled) setSession({ user: loaded, settled: true });
      })
      .catch(() => {
        if (cancelled) return;
        void forgetSessionCookies();
        setSession({ user: null, settled: true });
      });
    return () => {
      cancelled = true;
    };
  }, [hasToken, settled]);

  const signIn = useCallback(async () => {
    try {
      const loaded = await fetchUser();
      setUser(loaded);
      router.refresh();
      return loaded;
    } catch (error) {
      await endSession();
      throw error;
    }
  }, [router, setUser]);

  const signedOut = useCallback(() => {
    setUser(null);
    if (isPrivatePath(pathname)) router.replace('/');
    else router.refresh();
  }, [pathname, router, setUser]);

  const signOut = useCallback(async () => {
    // Whatever the outcome, the cookies go (the API's answer, or /sessione/fine without it).
    await endSession();
    signedOut();
  }, [signedOut]);

  const value = useMemo(
    () => ({ user, ready, setUser, signIn, signOut, signedOut }),
    [user, ready, setUser, signIn, signOut, signedOut],
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
