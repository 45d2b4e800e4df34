'use client';

import { DownloadStatus } from '../downloads/download-status';
import { useFileDownload } from '../downloads/use-file-download';
import { rvmMessages as t } from './messages';
import styles from './rvm.module.css';

const DOWNLOAD_PATH = '/api/reverse-vending-machines/reverse-vending-machine/download/';

/**
 * The CSV of the filtered machines, for users with an active licence (the API checks it again). The call
 * carries the session token, so the file is fetched and then saved from memory; a refusal is said in
 * Italian under the button (the shared download helper of the statistics and /scarica-dati).
 */
export function RvmDownload({ query }: { query: string }) {
  const { status, start } = useFileDownload();
  // `start` never rejects: a refusal or a network failure becomes the status shown under the button.
  const download = () => void start(`${DOWNLOAD_PATH}${query ? `?${query}` : ''}`, 'ecocompattatori.csv');
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
