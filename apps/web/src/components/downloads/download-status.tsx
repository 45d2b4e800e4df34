import type { FileDownloadStatus } from './use-file-download';
import { fileDownloadMessages as m } from './messages';
import styles from './downloads.module.css';

/**
 * The live region beside a download button: always in the page (so screen readers hear what changes),
 * it says when the file is being prepared, when it was handed to the browser (and, near the end of the
 * hour's budget, how much of it is used), and why it failed.
 */
export function DownloadStatus({
  status,
  id,
  testId,
}: {
  status: FileDownloadStatus;
  id?: string;
  testId?: string;
}) {
  const text =
    status.state === 'busy'
      ? m.busy
      : status.state === 'done'
        ? [m.done(status.filename), status.notice].filter(Boolean).join(' ')
        : status.state === 'error'
          ? status.message
          : '';
  return (
    <p
      id={id}
      className={status.state === 'error' ? `${styles.status} ${styles.statusError}` : styles.status}
      aria-live="polite"
      aria-atomic="true"
      data-testid={testId}
      data-state={status.state}
    >
      {text}
    </p>
  );
}
