import { DATA_SOURCES } from '@portal/contract';
import { explorerMessages as t } from './messages';
import styles from './explorer.module.css';

/**
 * The data-source switch of SPEC §3 (1 'Dati raccolta', 2 'Dati ecocompattatori'): on the home page the
 * collection data is shown; the other source opens /ecocompattatori for the same region.
 */
export function SourceSwitch({ region, currentHref }: { region: string | null; currentHref: string }) {
  return (
    <nav aria-label={t.sourceSwitch.label} className={styles.sourceSwitch}>
      <ul>
        {DATA_SOURCES.map((source) =>
          source.value === '1' ? (
            <li key={source.value}>
              <a href={currentHref} aria-current="page" data-source={source.value}>
                {source.label}
              </a>
            </li>
          ) : (
            <li key={source.value}>
              <a
                href={region ? `/ecocompattatori?regione=${region}` : '/ecocompattatori'}
                data-source={source.value}
              >
                {source.label}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
