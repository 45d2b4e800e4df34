'use client';

import { canDownloadCsv } from '@portal/contract/lite';
import { useId } from 'react';
import { useSession } from '../shell/session-provider';
import { DownloadStatus } from './download-status';
import { licenseGate } from './license-gate';
import { fileDownloadMessages as m } from './messages';
import { useFileDownload } from './use-file-download';
import styles from './downloads.module.css';

const LICENSE_HREF = '/profilo#license-section';

export interface CsvDownloadProps {
  /** The API address of the file (the view's filters, its years). */
  href: string;
  /** The file's name should the answer name none. */
  fallbackName: string;
  /** The button's accessible name: what the file holds. */
  label: string;
  /** What the file holds, in a line under the button ("Tutto l'elenco, non solo questa pagina"). */
  hint: string;
  /** Where "Accedi" leads: the page itself with the sign-in dialog open. */
  loginHref: string;
  testId: string;
}

/**
 * "Scarica CSV" of a page's table or list, for a user whose licence is active (the API checks it again,
 * with the CSV files' budget and log). The others are told why there is no button: an anonymous visitor
 * is invited to sign in, a signed-in user without the licence reads what /scarica-dati says (a request
 * waiting, a licence revoked, none asked) with the link to the subscription. Decided in the browser once
 * the session is known, so the shared page is the same for everyone.
 */
export function CsvDownload({ href, fallbackName, label, hint, loginHref, testId }: CsvDownloadProps) {
  const { user, ready } = useSession();
  const { status, start } = useFileDownload();
  const statusId = useId();
  const hintId = useId();
  if (!ready) return null;
  if (!user) {
    return (
      <p className={styles.csvNote} data-testid={`${testId}-invite`}>
        <a href={loginHref}>{m.csvInviteLink}</a>
        {m.csvInviteRest}
      </p>
    );
  }
  if (!canDownloadCsv(user)) {
    const gate = licenseGate(user);
    return (
      <p className={styles.csvNote} data-testid={`${testId}-license`}>
        {gate.text} <a href={LICENSE_HREF}>{gate.link}</a>
      </p>
    );
  }
  return (
    <div className={styles.csvDownload}>
      <button
        type="button"
        className={styles.csvButton}
        onClick={() => void start(href, fallbackName)}
        disabled={status.state === 'busy'}
        aria-label={label}
        aria-describedby={`${hintId} ${statusId}`}
        data-testid={testId}
      >
        {m.csvButton}
      </button>
      <p id={hintId} className={styles.csvHint}>
        {hint}
      </p>
      <DownloadStatus id={statusId} status={status} testId={`${testId}-status`} />
    </div>
  );
}
