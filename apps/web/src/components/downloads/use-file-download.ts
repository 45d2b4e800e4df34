'use client';

import { useCallback, useRef, useState, type MouseEvent } from 'react';
import { describeDownloadFailure } from './download-error';

export type FileDownloadStatus =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; filename: string }
  | { state: 'error'; message: string };

/**
 * One download button's state: `start(url, fallbackName)` fetches the file, saves it under the server's
 * name (or the fallback), and on a refusal keeps the Italian message for <DownloadStatus>. A second
 * click while a file is coming is ignored.
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
      if (answer.ok) {
        const filename = answer.filename ?? fallbackName;
        saveFile(answer.blob, filename);
        setStatus({ state: 'done', filename });
      } else {
        setStatus({ state: 'error', message: describeDownloadFailure(answer) });
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
