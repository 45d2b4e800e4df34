'use client';

import { useState } from 'react';
import { getSessionToken } from '../../lib/api.client';
import { rvmMessages as t } from './messages';
import styles from './rvm.module.css';

const DOWNLOAD_PATH = '/api/reverse-vending-machines/reverse-vending-machine/download/';

/** The file name of a Content-Disposition header (the API sends only [a-z0-9-.]). */
function filenameOf(header: string | null): string {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? 'ecocompattatori.csv';
}

/**
 * The CSV of the filtered machines, for users with an active licence (the API checks it again). The call
 * carries the session token, so the file is fetched and then saved from memory.
 */
export function RvmDownload({ query }: { query: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'error'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const token = getSessionToken();
      const response = await fetch(`${DOWNLOAD_PATH}${query ? `?${query}` : ''}`, {
        headers: token ? { Authorization: `Token ${token}` } : {},
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = filenameOf(response.headers.get('content-disposition'));
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setState('idle');
    } catch {
      setState('error');
    }
  };
  return (
    <div className={styles.download}>
      <button type="button" className={styles.secondaryButton} onClick={download} disabled={state === 'busy'}>
        {t.list.download}
      </button>
      <p className={styles.cardNote}>{t.list.downloadHint}</p>
      {state === 'error' && (
        <p role="alert" className={styles.downloadError}>
          {t.list.downloadError}
        </p>
      )}
    </div>
  );
}
