import type { Metadata } from 'next';
import { embedMessages as t } from '../../components/embeds/messages';
import { messages } from '../../lib/messages';
import { publicOrigin } from '../../lib/seo';
import styles from '../../components/embeds/embeds.module.css';

export const metadata: Metadata = {
  title: t.notFound.title,
  robots: { index: false, follow: false },
};

/** An embed whose chart or territory does not exist: a 404 that says so inside the other site's frame. */
export default function EmbedNotFound() {
  return (
    <div className={styles.notFound} data-testid="embed-not-found">
      <h1>{t.notFound.title}</h1>
      <p>{t.notFound.body}</p>
      <p>
        <a href={publicOrigin().toString()} target="_blank" rel="noopener">
          {t.notFound.back(messages.portalName)} <span className="visually-hidden">{t.frame.newTab}</span>
        </a>
      </p>
    </div>
  );
}
