'use client';

import { ImportStatusSchema, type ImportStatus } from '@portal/contract';
import { useEffect, useState } from 'react';
import type { UploadProgress } from '../../lib/api';
import { apiRequest } from '../../lib/api.client';
import { importProgressText, uploadProgressText } from './admin-view';
import styles from './admin.module.css';
import { adminMessages } from './messages';

const text = adminMessages.imports.progress;

/**
 * How often the page asks where the import has got while its upload's POST waits for the import to end
 * (decision 076): only then, one request at a time, a small staff-only GET that reads no database.
 */
export const IMPORT_STATUS_POLL_MS = 1000;

/**
 * The running import's state (GET /api/admin/imports/current/), asked every IMPORT_STATUS_POLL_MS while
 * `active`; the next question waits for the last answer. A failed question is asked again at the next
 * turn: the POST's own answer says how the import ended.
 */
export function useImportStatus(active: boolean): ImportStatus['running'] {
  const [running, setRunning] = useState<ImportStatus['running']>(null);
  useEffect(() => {
    // Mounted for one upload (ImportProgress): nothing to forget between two.
    if (!active) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const status = await apiRequest('GET', '/api/admin/imports/current/', {
          schema: ImportStatusSchema,
          signal: controller.signal,
        });
        if (!controller.signal.aborted) setRunning(status.running);
      } catch {
        // Asked again at the next turn.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void ask(), IMPORT_STATUS_POLL_MS);
    };
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [active]);
  return running;
}

/**
 * The progress of an upload: the bytes sent (a bar and its percentage), then, once every byte is sent,
 * where the import has got (reading the rows, writing them: a bar when the rows are counted).
 */
export function ImportProgress({
  upload,
  uploaded,
}: {
  upload: UploadProgress | null;
  /** Every byte is sent: the API is importing. */
  uploaded: boolean;
}) {
  const running = useImportStatus(uploaded);
  if (!uploaded) {
    const sent = uploadProgressText(upload ?? { loaded: 0, total: 0 });
    return (
      <div className={styles.progress} data-testid="admin-import-progress">
        <progress aria-label={text.uploadLabel} value={sent.percent} max={100} />
        <p className={styles.hint}>{sent.text}</p>
      </div>
    );
  }
  const state = importProgressText(running);
  return (
    <div className={styles.progress} data-testid="admin-import-progress">
      {/* Without a count, an indeterminate bar: the import is under way. */}
      <progress
        aria-label={text.importLabel}
        {...(state.step ? { value: state.step.done, max: state.step.total } : {})}
      />
      <p className={styles.hint} role="status">
        {state.text}
      </p>
    </div>
  );
}
