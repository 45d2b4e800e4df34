'use client';

import Link from 'next/link';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { messages } from '../../lib/messages';
import { readCookie } from '../../lib/session-cookie';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  statisticsCookieDomains,
  isStatisticsCookie,
  type ConsentChoice,
} from './consent';

const gtmId = process.env.NEXT_PUBLIC_GTM_ID;
const GTM_SCRIPT_ID = 'gtm-script';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Google Tag Manager, injected once and only after consent (ARCHITECTURE: NEXT_PUBLIC_GTM_ID). Only ever
 * from an effect or a click, so after hydration: by then the root layout's inline script has taken a mail
 * link's key out of the address that its page view reads (lib/mail-link.ts, decision 069).
 */
function loadTagManager() {
  if (!gtmId || document.getElementById(GTM_SCRIPT_ID)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = GTM_SCRIPT_ID;
  script.async = true;
  // The pages' CSP allows the tag manager's host when NEXT_PUBLIC_GTM_ID is set (server/security-headers.mjs).
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.appendChild(script);
}

/** Deletes the statistics cookies (Google Analytics) on this host and the domains above it. */
function removeStatisticsCookies() {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter(isStatisticsCookie);
  for (const name of names) {
    for (const domain of statisticsCookieDomains(window.location.hostname)) {
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`;
    }
  }
}

function writeChoice(value: ConsentChoice) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

const isChoice = (value: string | null | undefined): value is ConsentChoice =>
  value === 'accepted' || value === 'rejected';

interface CookiePreferences {
  /** Shows the banner again, so the choice can be changed or withdrawn as easily as it was given. */
  reopen: () => void;
}

const CookiePreferencesContext = createContext<CookiePreferences | null>(null);

export function useCookiePreferences(): CookiePreferences {
  const value = useContext(CookiePreferencesContext);
  if (!value) throw new Error('useCookiePreferences outside CookieConsent');
  return value;
}

/**
 * The cookie consent: statistics cookies (the tag manager) load only after 'Accetta'. The banner shows
 * until a choice is made, and again from the footer's 'Preferenze cookie'. Withdrawing consent deletes the
 * statistics cookies and, when the tag manager already runs in the page, reloads the page without it.
 */
const noChange = () => () => {};

/**
 * The choice stored in the cookie, read in the browser: undefined on the server and while hydrating (the
 * page is the same for everyone and cached), then the cookie's value or null.
 */
function useStoredChoice(): ConsentChoice | null | undefined {
  return useSyncExternalStore(
    noChange,
    () => {
      const value = readCookie(document.cookie, CONSENT_COOKIE);
      return isChoice(value) ? value : null;
    },
    () => undefined,
  );
}

export function CookieConsent({ children }: { children: ReactNode }) {
  const stored = useStoredChoice();
  const [decided, setDecided] = useState<ConsentChoice | null>(null);
  const choice = decided ?? stored;
  const [reopened, setReopened] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (stored === 'accepted') loadTagManager();
  }, [stored]);

  useEffect(() => {
    if (reopened) bannerRef.current?.focus();
  }, [reopened]);

  const reopen = useCallback(() => {
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setReopened(true);
  }, []);
  const preferences = useMemo(() => ({ reopen }), [reopen]);

  const decide = (value: ConsentChoice) => {
    writeChoice(value);
    setDecided(value);
    setReopened(false);
    returnFocusTo.current?.focus();
    returnFocusTo.current = null;
    if (value === 'accepted') {
      loadTagManager();
      return;
    }
    removeStatisticsCookies();
    // A script that runs cannot be unloaded: the page starts again without it.
    if (document.getElementById(GTM_SCRIPT_ID)) window.location.reload();
  };

  // Not known yet (server, hydration): no banner, so a visitor who already chose never sees it flash.
  const open = choice === null || (choice !== undefined && reopened);
  return (
    <CookiePreferencesContext.Provider value={preferences}>
      {children}
      {open ? (
        <section
          ref={bannerRef}
          tabIndex={-1}
          className="cookie-banner"
          aria-label={messages.cookieBanner.label}
          data-testid="cookie-banner"
        >
          <div className="container cookie-banner__inner">
            <div>
              <p>
                {messages.cookieBanner.text} <Link href="/cookie-policy">{messages.cookieBanner.more}</Link>
              </p>
              {choice ? (
                <p className="cookie-banner__current" data-testid="cookie-banner-current">
                  {choice === 'accepted'
                    ? messages.cookieBanner.currentAccepted
                    : messages.cookieBanner.currentRejected}
                </p>
              ) : null}
            </div>
            <div className="cookie-banner__actions">
              <button type="button" className="button button--outline" onClick={() => decide('rejected')}>
                {messages.cookieBanner.reject}
              </button>
              <button type="button" className="button" onClick={() => decide('accepted')}>
                {messages.cookieBanner.accept}
              </button>
            </div>
          </div>
        </section>
      ) : null}
    </CookiePreferencesContext.Provider>
  );
}
