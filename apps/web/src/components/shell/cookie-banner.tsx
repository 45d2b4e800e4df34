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
  type ReactNode,
} from 'react';
import { messages } from '../../lib/messages';
import { documentNonce } from '../../lib/security-headers';
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

/** Google Tag Manager, injected once and only after consent (ARCHITECTURE: NEXT_PUBLIC_GTM_ID). */
function loadTagManager() {
  if (!gtmId || document.getElementById(GTM_SCRIPT_ID)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = GTM_SCRIPT_ID;
  script.async = true;
  // The page's CSP nonce: the tag manager passes it on to the scripts it adds.
  const nonce = documentNonce();
  if (nonce) script.nonce = nonce;
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

const isChoice = (value: string | null): value is ConsentChoice =>
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
export function CookieConsent({
  initialChoice,
  children,
}: {
  initialChoice: string | null;
  children: ReactNode;
}) {
  const [choice, setChoice] = useState<ConsentChoice | null>(isChoice(initialChoice) ? initialChoice : null);
  const [reopened, setReopened] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (initialChoice === 'accepted') loadTagManager();
  }, [initialChoice]);

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
    setChoice(value);
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

  const open = choice === null || reopened;
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
