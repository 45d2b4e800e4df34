import type { ReactNode } from 'react';
import { messages } from '../../lib/messages';
import { embedMessages as t } from './messages';
import styles from './embeds.module.css';

/**
 * An embed's page around its chart: the portal's name and the territory above, the source line under it,
 * and the link to the full page on the portal, which opens outside the frame (a new tab).
 */
export function EmbedFrame({
  territory,
  source,
  href,
  shrinkable = false,
  children,
}: {
  territory: string;
  source: string;
  /** The absolute address of the page the chart belongs to. */
  href: string;
  /** A line chart, which may give up some height on a narrow column (embeds.module.css). */
  shrinkable?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={shrinkable ? `${styles.frame} ${styles.shrinkable}` : styles.frame}>
      <p className={styles.header} data-testid="embed-header">
        <strong>{messages.portalName}</strong>
        {t.frame.separator}
        {territory}
      </p>
      {children}
      <p className={styles.source} data-testid="embed-source">
        {source}
      </p>
      <p className={styles.back}>
        <a href={href} target="_blank" rel="noopener" data-testid="embed-back">
          {t.frame.fullPage(messages.portalName)} <span className="visually-hidden">{t.frame.newTab}</span>
        </a>
      </p>
    </div>
  );
}
