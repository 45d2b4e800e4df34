import type { ReactNode } from 'react';
import styles from '../../components/embeds/embeds.module.css';

/**
 * The embeds (/embed/…): a chart alone, for another site's <iframe>. The root layout's shell skips its
 * header, footer, cookie banner, feedback tab and session here (components/shell/app-shell.tsx), and only
 * these pages may be framed (server/security-headers.mjs; docs/decisions/062-embeds.md).
 */
export default function EmbedLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className={styles.embed}>
      {children}
    </main>
  );
}
