'use client';

import { useCallback, useRef, useState, type MouseEvent } from 'react';
import { budgetKindOf, budgetNotice, describeDownloadFailure } from './download-error';

export type FileDownloadStatus =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; filename: string; notice: string | null }
  | { state: 'error'; message: string };

/**
 * One download button's state: `start(url, fallbackName)` fetches the file, saves it under the server's
 * name (or the fallback), and on a refusal keeps the Italian message for <DownloadStatus>; near the end of
 * its hourly budget (the CSV files or the pictures: the fallback name's extension says which) a download
 * says how much of it is used. A second click while a file is coming is ignored.
 */
export function useFileDownload() {
  const [status, setStatus] = useState<FileDownloadStatus>({ state: 'idle' });
  const running = useRef(false);
  const start = useCallback(async (url: string, fallbackName: string) => {
    if (running.current) return;
    running.current = true;
    setStatus({ state: 'busy' });
    try {
      // Loaded on the first click: the fetch/CSRF code (and its zod schema) is not in the page's first load.
      const { requestFile, saveFile } = await import('../../lib/download-file');
      const answer = await requestFile(url);
      const kind = budgetKindOf(fallbackName);
      if (answer.ok) {
        const filename = answer.filename ?? fallbackName;
        saveFile(answer.blob, filename);
        setStatus({ state: 'done', filename, notice: budgetNotice(kind, answer.budget) });
      } else {
        setStatus({ state: 'error', message: describeDownloadFailure(answer, kind) });
      }
    } finally {
      running.current = false;
    }
  }, []);
  const reset = useCallback(() => setStatus({ state: 'idle' }), []);
  return { status, start, reset };
}

/** A plain left click: modified clicks (new tab, save link as) keep the browser's own behaviour. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
