'use client';

import type { ComponentProps } from 'react';
import { DownloadInvite, DownloadLinks } from '../explorer/downloads';

export interface CompareDownloadsProps {
  links: ComponentProps<typeof DownloadLinks>;
  invite: ComponentProps<typeof DownloadInvite>;
}

/** The explorer's download links and invitation, for the comparison's chart (compare-downloads.tsx). */
export function CompareDownloadsPanel({ links, invite }: CompareDownloadsProps) {
  return (
    <>
      <DownloadLinks {...links} />
      <DownloadInvite {...invite} />
    </>
  );
}
