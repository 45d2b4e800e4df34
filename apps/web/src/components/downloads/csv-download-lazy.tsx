'use client';

import dynamic from 'next/dynamic';
import type { CsvDownloadProps } from './csv-download';

/**
 * "Scarica CSV" or why there is none (csv-download.tsx): decided in the browser once the session is known,
 * so its code, with the licence texts and the download helper, is loaded after the page.
 */
export const CsvDownloadLazy = dynamic<CsvDownloadProps>(
  () => import('./csv-download').then((m) => m.CsvDownload),
  { ssr: false },
);
