'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { takeMailLinkFromAddress, takeStashedMailLink, type MailLink } from '../../lib/mail-link';
import { loadRecaptcha } from '../../lib/recaptcha';
import { safeNextPath } from '../../lib/session-cookie';
import dynamic from 'next/dynamic';
import { FLOW_PARAMS, MAIL_FLOWS, parseFlow, type AuthFlow } from './auth-flow';
import type { ModalState } from './auth-modal';
import { useSession } from './session-provider';

interface AuthModalsValue {
  openModal(flow: 'login' | 'signup' | 'passwordforgotten'): void;
}

const AuthModalsContext = createContext<AuthModalsValue | null>(null);

export function useAuthModals(): AuthModalsValue {
  const value = useContext(AuthModalsContext);
  if (!value) throw new Error('useAuthModals outside AuthModalsProvider');
  return value;
}

// The modal, its forms (react-hook-form, zod) and React Aria load only when a modal opens: none of it is
// in the first load of a page.
const AuthModal = dynamic(() => import('./auth-modal').then((m) => m.AuthModal), { ssr: false });

/**
 * The modal state of SPEC §4 (none, login, passwordforgotten, signup) and the mail-link flows, opened by
 * buttons (openModal) or by the address (?flow=…). Closing drops the flow parameters from the address;
 * each form lives only while its modal is open, so it always opens blank.
 */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState | null>(null);
  const pathname = usePathname();
  const router = useRouter();
  const { user, ready } = useSession();
  // A mail link's flow and key, which the root layout's script took out of the address before the page's
  // scripts ran (lib/mail-link.ts): moved off `window` into this component's memory in a layout effect,
  // before any effect runs (the tag manager is loaded by one), and opened once the session is known.
  const mailLink = useRef<MailLink | null>(null);
  useLayoutEffect(() => {
    mailLink.current ??= takeStashedMailLink();
  }, []);

  useEffect(() => {
    if (state) void loadRecaptcha()?.catch(() => undefined);
  }, [state]);

  const clearAddress = useCallback(() => {
    const params = new URLSearchParams(window.location.search);
    if (!FLOW_PARAMS.some((name) => params.has(name))) return;
    for (const name of FLOW_PARAMS) params.delete(name);
    const query = params.toString();
    router.replace(`${pathname}${query ? `?${query}` : ''}${window.location.hash}`, { scroll: false });
  }, [pathname, router]);

  // A signed-in visitor sent to ?flow=login (e.g. an old bookmark) goes straight on: to `next`, else the
  // flow parameters (a refused `next` among them) are dropped from the address.
  const openFromAddress = useCallback(
    (next: ModalState) => {
      if (user && (next.flow === 'login' || next.flow === 'signup' || next.flow === 'passwordforgotten')) {
        if (next.next) router.replace(next.next);
        else clearAddress();
        return;
      }
      setState(next);
    },
    [clearAddress, router, user],
  );

  const close = useCallback(() => {
    setState(null);
    clearAddress();
  }, [clearAddress]);

  const switchTo = useCallback(
    (flow: AuthFlow) => setState((current) => ({ flow, next: current?.next })),
    [],
  );

  const onSignedIn = useCallback(() => {
    const next = state?.next;
    setState(null);
    if (next) router.push(next);
    else clearAddress();
  }, [clearAddress, router, state?.next]);

  const value = useMemo<AuthModalsValue>(
    () => ({ openModal: (flow) => setState((current) => ({ flow, next: current?.next })) }),
    [],
  );

  return (
    <AuthModalsContext.Provider value={value}>
      <Suspense fallback={null}>
        {/* Once the browser knows the session: a signed-in visitor's ?flow=login goes straight on. */}
        {ready && <FlowFromAddress onFlow={openFromAddress} mailLinkRef={mailLink} />}
      </Suspense>
      {children}
      {state ? (
        <AuthModal
          key={state.flow}
          state={state}
          onClose={close}
          onSignedIn={onSignedIn}
          switchTo={switchTo}
        />
      ) : null}
    </AuthModalsContext.Provider>
  );
}

/**
 * Opens the flow of the mail link the page was loaded with (taken out of the address before the page's
 * scripts ran), or the flow named by the address (?flow=…), on load and on every client navigation.
 */
function FlowFromAddress({
  onFlow,
  mailLinkRef,
}: {
  onFlow(state: ModalState): void;
  mailLinkRef: RefObject<MailLink | null>;
}) {
  const searchParams = useSearchParams();
  // A refresh gives a new searchParams object with the same query: open each address once.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const link = mailLinkRef.current;
    if (link) {
      mailLinkRef.current = null;
      onFlow({
        flow: link.flow,
        key: link.key ?? undefined,
        uid: link.uid ?? undefined,
        token: link.token ?? undefined,
      });
      return;
    }
    const query = searchParams.toString();
    if (handled.current === query) return;
    handled.current = query;
    const flow = parseFlow(searchParams.get('flow'));
    if (!flow) return;
    // A mail link reached without a page load (the layout's script did not see it): its secrets leave the
    // address now; they are read just below.
    if ((MAIL_FLOWS as readonly string[]).includes(flow)) {
      takeMailLinkFromAddress(window);
      takeStashedMailLink();
    }
    onFlow({
      flow,
      key: searchParams.get('key') ?? undefined,
      uid: searchParams.get('uid') ?? undefined,
      token: searchParams.get('token') ?? undefined,
      // The one way `next` enters the modal state, which is all that router.replace/push above follow.
      next: safeNextPath(searchParams.get('next'), window.location.origin),
    });
  }, [searchParams, onFlow, mailLinkRef]);
  return null;
}
