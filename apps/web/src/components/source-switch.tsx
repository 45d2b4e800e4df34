import { DATA_SOURCES } from '@portal/contract';
import styles from './source-switch.module.css';

const LABEL = 'Fonte dei dati';

/**
 * The data-source switch of SPEC §3 (1 'Dati raccolta', 2 'Dati ecocompattatori') where the two datasets
 * meet: the home page and /ecocompattatori, each linking to the other for the same region.
 */
export function SourceSwitch({
  current,
  currentHref,
  region,
}: {
  current: '1' | '2';
  /** The address of the page as it is (the current source's link). */
  currentHref: string;
  region: string | null;
}) {
  const otherHref = (value: string) =>
    value === '1'
      ? region
        ? `/?regione=${region}`
        : '/'
      : region
        ? `/ecocompattatori?regione=${region}`
        : '/ecocompattatori';
  return (
    <nav aria-label={LABEL} className={styles.sourceSwitch}>
      <ul>
        {DATA_SOURCES.map((source) => (
          <li key={source.value}>
            <a
              href={source.value === current ? currentHref : otherHref(source.value)}
              aria-current={source.value === current ? 'page' : undefined}
              data-source={source.value}
            >
              {source.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
