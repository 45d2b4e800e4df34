'use client';

import { useId, useRef, useState } from 'react';
import { embedPath, embedSnippet } from '../../lib/embeds';
import { Modal } from '../shell/modal';
import type { EmbedTarget } from './embed-button';
import { embedMessages as m } from './messages';
import styles from './embeds.module.css';

const t = m.dialog;

/**
 * The portal's public address (PUBLIC_URL): the origin of the page's canonical link, which the root
 * layout writes from it; the page's own origin where there is none.
 */
function portalOrigin(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (canonical) {
    try {
      return new URL(canonical).origin;
    } catch {
      // An unreadable link: the page's own origin below.
    }
  }
  return window.location.origin;
}

type Status = { text: string; count: number };

/**
 * The snippet and the link of a chart's embed, for the view the page shows now (its address), each in a
 * read-only field with "Copia"; what the copy did is announced in a live region. A field gets its text
 * selected when focused, and when the clipboard refuses, so that Ctrl+C copies it by hand.
 */
export function EmbedDialog({ target, onClose }: { target: EmbedTarget; onClose(): void }) {
  const [{ src, snippet }] = useState(() => {
    const url = `${portalOrigin()}${embedPath(target.kind, target.chart, window.location.search)}`;
    return { src: url, snippet: embedSnippet({ src: url, title: target.title, height: target.height }) };
  });
  const [status, setStatus] = useState<Status>({ text: '', count: 0 });
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const codeId = useId();
  const linkId = useId();

  async function copy(text: string, field: HTMLTextAreaElement | HTMLInputElement | null, done: string) {
    try {
      await navigator.clipboard.writeText(text);
      setStatus((s) => ({ text: done, count: s.count + 1 }));
    } catch {
      field?.focus();
      field?.select();
      setStatus((s) => ({ text: t.copyFailed, count: s.count + 1 }));
    }
  }

  const select = (event: { currentTarget: HTMLTextAreaElement | HTMLInputElement }) =>
    event.currentTarget.select();

  return (
    <Modal title={t.title} onClose={onClose} testId="embed-dialog">
      <p className={styles.intro}>{t.intro(target.title)}</p>
      <div className={styles.field}>
        <label htmlFor={codeId}>{t.codeLabel}</label>
        <div className={styles.row}>
          <textarea
            ref={codeRef}
            id={codeId}
            className={styles.code}
            readOnly
            rows={4}
            spellCheck={false}
            value={snippet}
            onFocus={select}
          />
          <button
            type="button"
            className={styles.copy}
            aria-label={t.copyCode}
            onClick={() => void copy(snippet, codeRef.current, t.codeCopied)}
          >
            {t.copy}
          </button>
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={linkId}>{t.linkLabel}</label>
        <div className={styles.row}>
          <input
            ref={linkRef}
            id={linkId}
            className={styles.link}
            type="url"
            readOnly
            value={src}
            onFocus={select}
          />
          <button
            type="button"
            className={styles.copy}
            aria-label={t.copyLink}
            onClick={() => void copy(src, linkRef.current, t.linkCopied)}
          >
            {t.copy}
          </button>
        </div>
      </div>
      <p className={styles.preview}>
        <a href={src} target="_blank" rel="noopener">
          {t.preview} <span className="visually-hidden">{t.newTab}</span>
        </a>
      </p>
      <p className={styles.status} role="status" aria-live="polite">
        {/* Keyed by the count: the same message after a second copy is announced again. */}
        {status.text && <span key={status.count}>{status.text}</span>}
      </p>
    </Modal>
  );
}
