'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { messages } from '../../lib/messages';
import { documentNonce } from '../../lib/security-headers';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS } from './consent';

const gtmId = process.env.NEXT_PUBLIC_GTM_ID;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Google Tag Manager, injected once and only after consent (ARCHITECTURE: NEXT_PUBLIC_GTM_ID). */
function loadTagManager() {
  if (!gtmId || document.getElementById('gtm-script')) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  // The page's CSP nonce: the tag manager passes it on to the scripts it adds.
  const nonce = documentNonce();
  if (nonce) script.nonce = nonce;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.appendChild(script);
}

/** The cookie-consent banner: statistics cookies (the tag manager) load only after 'Accetta'. */
export function CookieBanner({ initialChoice }: { initialChoice: string | null }) {
  const [choice, setChoice] = useState<string | null>(initialChoice);

  useEffect(() => {
    if (initialChoice === 'accepted') loadTagManager();
  }, [initialChoice]);

  const decide = (value: 'accepted' | 'rejected') => {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
    setChoice(value);
    if (value === 'accepted') loadTagManager();
  };

  if (choice === 'accepted' || choice === 'rejected') return null;
  return (
    <section className="cookie-banner" aria-label={messages.cookieBanner.label} data-testid="cookie-banner">
      <div className="container cookie-banner__inner">
        <p>
          {messages.cookieBanner.text} <Link href="/cookie-policy">{messages.cookieBanner.more}</Link>
        </p>
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
  );
}
