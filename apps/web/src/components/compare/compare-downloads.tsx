'use client';

import dynamic from 'next/dynamic';
import type { CompareDownloadsProps } from './compare-downloads-panel';

/**
 * The chart's pdf, png and jpg for a signed-in visitor, the invitation to sign in for the others: both are
 * decided in the browser once the session is known (nothing of them is in the shared page), so their code,
 * with the explorer's messages, is loaded after the page rather than in its first load.
 */
export const CompareDownloads = dynamic<CompareDownloadsProps>(
  () => import('./compare-downloads-panel').then((m) => m.CompareDownloadsPanel),
  { ssr: false },
);
