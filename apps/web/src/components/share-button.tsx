'use client';

import { useState, type ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import { shareMessages as t } from './explorer/messages';
import styles from './share-button.module.css';

type Outcome = { state: 'idle' } | { state: 'copied' } | { state: 'failed'; url: string };

/**
 * 'Condividi': the address of the view as it is (its filters live in the URL). The system's share sheet
 * where the browser has one (phones), otherwise the address is copied to the clipboard and "Link copiato"
 * is announced; when even that is refused, the address is shown, selected, to copy by hand.
 * Rendered only with JavaScript: without it the button could do nothing (the address bar has the link).
 */
export function ShareButton() {
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  if (!hydrated) return null;

  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: document.title, url });
        setOutcome({ state: 'idle' });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome({ state: 'copied' });
    } catch {
      setOutcome({ state: 'failed', url });
    }
  }

  return (
    <div className={styles.share}>
      <button type="button" className={styles.button} aria-label={t.label} onClick={() => void share()}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className={styles.icon}>
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {t.button}
      </button>
      <p className={styles.status} role="status" aria-live="polite">
        {outcome.state === 'copied' && t.copied}
        {outcome.state === 'failed' && t.copyFailed}
      </p>
      {outcome.state === 'failed' && (
        <input
          className={styles.url}
          readOnly
          value={outcome.url}
          aria-label={t.linkLabel}
          onFocus={(event) => event.currentTarget.select()}
          // Focused and selected as it appears: ready to copy.
          ref={(input) => input?.focus()}
        />
      )}
    </div>
  );
}

/**
 * The row under a data view's title: its controls (the data-source switch) and 'Condividi' at the end.
 * `view` names the view (its URL): a new view starts without the previous one's "Link copiato".
 */
export function ShareToolbar({ view, children }: { view: string; children: ReactNode }) {
  return (
    <div className={styles.toolbar}>
      {children}
      <ShareButton key={view} />
    </div>
  );
}
