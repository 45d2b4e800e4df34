'use client';

import { canDownloadCsv } from '@portal/contract/lite';
import { DownloadStatus } from '../downloads/download-status';
import { useFileDownload } from '../downloads/use-file-download';
import { useSession } from '../shell/session-provider';
import { rvmMessages as t } from './messages';
import styles from './rvm.module.css';

const DOWNLOAD_PATH = '/api/reverse-vending-machines/reverse-vending-machine/download/';

/**
 * The CSV of the filtered machines, for users with an active licence (the API checks it again). The call
 * carries the session token, so the file is fetched and then saved from memory; a refusal is said in
 * Italian under the button (the shared download helper of the statistics and /scarica-dati). Shown once
 * the browser knows the visitor may (the page itself is the same for everyone).
 */
export function RvmDownload({ query }: { query: string }) {
  const { user } = useSession();
  const { status, start } = useFileDownload();
  // `start` never rejects: a refusal or a network failure becomes the status shown under the button.
  const download = () => void start(`${DOWNLOAD_PATH}${query ? `?${query}` : ''}`, 'ecocompattatori.csv');
  if (!canDownloadCsv(user)) return null;
  return (
    <div className={styles.download}>
      <button
        type="button"
        className={styles.secondaryButton}
        onClick={download}
        disabled={status.state === 'busy'}
        aria-describedby="rvm-download-status"
      >
        {t.list.download}
      </button>
      <p className={styles.cardNote}>{t.list.downloadHint}</p>
      <DownloadStatus id="rvm-download-status" status={status} testId="rvm-download-status" />
    </div>
  );
}
