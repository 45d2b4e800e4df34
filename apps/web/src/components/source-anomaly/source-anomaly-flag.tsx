import { SOURCE_ANOMALY_LABEL, sourceAnomalyText } from '@portal/contract/lite';
import type { SourceAnomaly } from '@portal/contract';
import styles from './source-anomaly.module.css';

/**
 * "Dato anomalo nella fonte: 0,01 t per 843 abitanti…": the flag of a comune-year whose source figures fail
 * the plausibility rule (docs/decisions/070), with the figures that make it so. Shared by the pages that
 * show a comune's figure (rankings, the comune's cards and "Comuni simili").
 */
export function SourceAnomalyFlag({
  anomaly,
  withYear = false,
}: {
  anomaly: SourceAnomaly;
  withYear?: boolean;
}) {
  return (
    <span className={styles.flag} data-testid="source-anomaly">
      <strong>
        {SOURCE_ANOMALY_LABEL}
        {withYear ? ` (${anomaly.year})` : ''}
      </strong>
      : {sourceAnomalyText(anomaly)}
    </span>
  );
}
