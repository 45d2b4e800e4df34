import type { SourceAnomaly } from './source-anomalies';

/**
 * The plausibility rule of comune-years (docs/decisions/070), zod-free for the web app's pages: its
 * thresholds (the importer's importer/source-anomalies.ts applies them) and the Italian words that flag a
 * comune-year and say the figures that make it so ("dato anomalo nella fonte: 0,01 t per 843 abitanti").
 */
export const SOURCE_ANOMALY_RULE = {
  /** littleWaste: kg per inhabitant below this share of the 10th percentile of comparable comuni. */
  littleWasteShare: 1 / 3,
  /** Comparable comuni: those of the region and population band that year, when at least this many. */
  minPeers: 20,
  /** fullRd: a % RD of at least this. */
  fullRdPct: 99.5,
  /** rdSpike: percentage points away from both neighbouring years, in the same direction. */
  spikePoints: 30,
} as const;

export const SOURCE_ANOMALY_REASONS = ['littleWaste', 'fullRd', 'rdSpike'] as const;
export type SourceAnomalyReason = (typeof SOURCE_ANOMALY_REASONS)[number];

/** The flag's words, as every page shows them. */
export const SOURCE_ANOMALY_LABEL = 'Dato anomalo nella fonte';

const decimal = (value: number, digits: number) =>
  new Intl.NumberFormat('it-IT', { maximumFractionDigits: digits, useGrouping: true }).format(value);
/** Small figures keep the digits that make them small (0,01 t; 0,41 kg), larger ones fewer. */
const figure = (value: number) => decimal(value, Math.abs(value) < 10 ? 2 : Math.abs(value) < 100 ? 1 : 0);
const integer = (value: number) =>
  new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' }).format(value);
const pct = (value: number) => `${decimal(value, value >= 99 && value < 100 ? 2 : 1)} %`;

/** The figures of one reason, in Italian. */
export function sourceAnomalyReasonText(a: SourceAnomaly, reason: SourceAnomalyReason): string {
  switch (reason) {
    case 'littleWaste': {
      const people =
        a.population === null
          ? ''
          : ` per ${integer(a.population)} abitanti` +
            (a.populationYear === null ? '' : ` (popolazione del ${a.populationYear})`);
      const kg = a.kgPerCapita === null ? '' : `: ${figure(a.kgPerCapita)} kg per abitante`;
      const peers =
        a.peerKgPerCapita === null
          ? ''
          : `, contro almeno ${figure(a.peerKgPerCapita)} di 9 comuni simili su 10`;
      return `${a.producedT === null ? '' : `${figure(a.producedT)} t`}${people}${kg}${peers}`;
    }
    case 'fullRd':
      return `${a.rdPct === null ? '' : pct(a.rdPct)} di raccolta differenziata`;
    case 'rdSpike': {
      const step = (rd: number | null, year: number | null) =>
        rd === null || year === null ? '…' : `${pct(rd)} nel ${year}`;
      return `${step(a.rdBefore, a.yearBefore)} → ${step(a.rdPct, a.year)} → ${step(a.rdAfter, a.yearAfter)}`;
    }
  }
}

/** "0,01 t per 843 abitanti: 0,01 kg per abitante…; 100 % di raccolta differenziata": every reason. */
export function sourceAnomalyText(a: SourceAnomaly): string {
  return a.reasons.map((r) => sourceAnomalyReasonText(a, r)).join('; ');
}
