import type { SourceAnomaly } from '@portal/contract';
import { sourceAnomalyMessages as t } from './messages';
import { SourceAnomalyFlag } from './source-anomaly-flag';

/**
 * A comune page's notice of its figures anomalous in the source (decision 070): the flag of each year the
 * page shows (the year and the comparison year), with its figures, and the other flagged years of its trend.
 */
export function SourceAnomalyNotice({
  anomalies,
  shownYears,
  className,
}: {
  anomalies: readonly SourceAnomaly[];
  shownYears: readonly (number | null)[];
  className?: string;
}) {
  if (anomalies.length === 0) return null;
  const shown = anomalies.filter((a) => shownYears.includes(a.year));
  const others = anomalies.filter((a) => !shownYears.includes(a.year));
  return (
    <div className={className} data-testid="source-anomaly-notice" role="note">
      {shown.map((a) => (
        <p key={a.year}>
          <SourceAnomalyFlag anomaly={a} withYear />
        </p>
      ))}
      {shown.length > 0 && <p>{t.intro}</p>}
      {others.length > 0 && <p>{t.otherYears(others.map((a) => a.year).join(', '))}</p>}
    </div>
  );
}
