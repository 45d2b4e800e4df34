import { explorerMessages as t } from './messages';
import styles from './explorer.module.css';

export interface DownloadTarget {
  level: 'country' | 'region' | 'province' | 'city';
  /** ISTAT code; null for Italy. */
  id: string | null;
  year: number;
}

const FORMATS = ['pdf', 'png', 'jpg'] as const;

export function downloadHref(target: DownloadTarget, statistic: string, format: string): string {
  const params = new URLSearchParams({ format, statistic, level: target.level });
  if (target.id) params.set('id', target.id);
  params.set('year', String(target.year));
  return `/api/stats/download/?${params}`;
}

/** pdf, png, jpg of one statistic (signed-in users only; the API refuses anonymous downloads). */
export function DownloadLinks({
  target,
  statistic,
  title,
}: {
  target: DownloadTarget;
  statistic: string;
  title: string;
}) {
  return (
    <p className={styles.downloads}>
      <span aria-hidden="true">{t.downloads.prefix}</span>
      {FORMATS.map((format) => (
        <a
          key={format}
          href={downloadHref(target, statistic, format)}
          aria-label={t.downloads.formatLabel(format, title)}
          className={styles.downloadLink}
          download
        >
          {format.toUpperCase()}
        </a>
      ))}
    </p>
  );
}

/** For anonymous visitors, in place of the download links. */
export function DownloadInvite({ href }: { href: string }) {
  return (
    <p className={styles.invite}>
      <a href={href}>{t.downloads.inviteLink}</a>
      {t.downloads.inviteRest}
    </p>
  );
}
