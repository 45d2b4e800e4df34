'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { EmbedKind } from '../../lib/embeds';
import { useHydrated } from '../../lib/use-hydrated';
import { embedMessages as t } from './messages';
import styles from './embeds.module.css';

// The dialog's code (the snippet, the copy buttons, its styles) is fetched at the first press only: the
// button is all a data page carries.
const EmbedDialog = dynamic(() => import('./embed-dialog').then((m) => m.EmbedDialog), { ssr: false });

/** What a chart's "Incorpora" embeds: /embed/<kind>/<chart> with the page's own parameters. */
export interface EmbedTarget {
  kind: EmbedKind;
  /** The chart's id; null for a kind of one chart (/embed/confronta). */
  chart: string | null;
  /** The iframe's title: what the chart shows, of which territory (the panel's caption). */
  title: string;
  /** The iframe's height in px (embedHeight of the chart's height). */
  height: number;
}

/**
 * "Incorpora": opens a dialog with the <iframe> snippet of the chart and its link, each with "Copia".
 * Disabled until the page is hydrated (it needs the script), as the portal's other script-only controls.
 */
export function EmbedButton({ target, label }: { target: EmbedTarget; label: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-label={t.buttonLabel(label)}
        disabled={!hydrated}
        onClick={() => setOpen(true)}
        data-testid="embed-button"
      >
        {/* A glyph, not an <svg>: a panel's first svg is its chart's (the e2e fixtures find it so). */}
        <span aria-hidden="true" className={styles.icon}>
          &lt;/&gt;
        </span>
        {t.button}
      </button>
      {open && <EmbedDialog target={target} onClose={() => setOpen(false)} />}
    </>
  );
}
