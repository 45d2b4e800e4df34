'use client';

import type { AreaLevel } from '@portal/contract';
import { useId, type MouseEvent } from 'react';
import { DownloadStatus } from '../downloads/download-status';
import { isPlainClick, useFileDownload } from '../downloads/use-file-download';
import { useSession } from '../shell/session-provider';
import { explorerMessages as t } from './messages';
import styles from './explorer.module.css';

export interface DownloadTarget {
  level: AreaLevel;
  /** ISTAT code; null for Italy. */
  id: string | null;
  year: number;
  /** The comparison year the page shows; null when it shows none. */
  compareYear: number | null;
}

const FORMATS = ['pdf', 'png', 'jpg'] as const;
export type DownloadFormat = (typeof FORMATS)[number];

export function downloadHref(target: DownloadTarget, statistic: string, format: string): string {
  const params = new URLSearchParams({ format, statistic, level: target.level });
  if (target.id) params.set('id', target.id);
  params.set('year', String(target.year));
  if (target.compareYear !== null) params.set('compareYear', String(target.compareYear));
  return `/api/stats/download/?${params}`;
}

/**
 * pdf, png, jpg of one statistic (signed-in users only; the API refuses anonymous downloads). The links
 * keep their address (they work without JavaScript), but a click fetches the file: a refusal (no data,
 * over the limit, session expired) is said in Italian next to them instead of a browser error page.
 * A chart that is not one statistic of one area (the comparison of /confronta) gives its own addresses
 * (`hrefs`) and the name of its file should the answer name none (`fileStem`).
 */
export function DownloadLinks({
  statistic,
  title,
  ...to
}: {
  statistic: string;
  title: string;
} & ({ target: DownloadTarget } | { hrefs: Record<DownloadFormat, string>; fileStem: string })) {
  const { user } = useSession();
  const { status, start } = useFileDownload();
  const statusId = useId();
  if (!user) return null;
  const hrefOf = (format: DownloadFormat) =>
    'target' in to ? downloadHref(to.target, statistic, format) : to.hrefs[format];
  const stem = 'target' in to ? `${statistic.toLowerCase()}-${to.target.year}` : to.fileStem;
  const onClick = (event: MouseEvent<HTMLAnchorElement>, href: string, format: string) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    void start(href, `${stem}.${format}`);
  };
  return (
    <div>
      <p className={styles.downloads}>
        <span aria-hidden="true">{t.downloads.prefix}</span>
        {FORMATS.map((format) => {
          const href = hrefOf(format);
          return (
            <a
              key={format}
              href={href}
              aria-label={t.downloads.formatLabel(format, title)}
              aria-describedby={statusId}
              aria-disabled={status.state === 'busy' || undefined}
              className={styles.downloadLink}
              download
              onClick={(event) => onClick(event, href, format)}
            >
              {format.toUpperCase()}
            </a>
          );
        })}
      </p>
      <DownloadStatus id={statusId} status={status} testId={`download-status-${statistic}`} />
    </div>
  );
}

/**
 * For anonymous visitors (once the browser knows there is no session), in place of the download links;
 * `rest` ends the sentence after the link (default: the explorer's single statistics).
 */
export function DownloadInvite({ href, rest = t.downloads.inviteRest }: { href: string; rest?: string }) {
  const { user, ready } = useSession();
  if (!ready || user) return null;
  return (
    <p className={styles.invite}>
      <a href={href}>{t.downloads.inviteLink}</a>
      {rest}
    </p>
  );
}
