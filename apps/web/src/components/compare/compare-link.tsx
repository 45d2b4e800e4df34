import { compareStartHref, type CompareLevel } from './compare-state';
import { compareMessages as t } from './messages';
import styles from './compare-link.module.css';

/** "Confronta con…" of a territory's page: /confronta with this territory, to add others to. */
export function CompareLink({ level, id }: { level: CompareLevel; id: string | null }) {
  return (
    <p className={styles.start}>
      <a href={compareStartHref(level, id)} data-testid="compare-link">
        {t.startLink}
      </a>
    </p>
  );
}
