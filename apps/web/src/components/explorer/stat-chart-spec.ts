/**
 * What a statistic's chart draws (serializable: StatChart builds the ECharts option from it in the browser)
 * and its height. Apart from stat-chart.tsx, a client module, so that the server (an embed's frame height)
 * can call statChartHeight too.
 */
import {
  collectionSystemsChartHeight,
  type CollectionSystemYear,
  type CountShare,
  type FractionSet,
  type FractionShare,
  type PerCapitaPoint,
  type TonnesPoint,
  type TrendPoint,
} from '@portal/charts';
import type { SourceAnomaly } from '@portal/contract';

export type StatChartSpec =
  | { kind: 'fractions'; items: FractionShare[]; totalSorted?: number | null }
  | { kind: 'trend'; points: TrendPoint[]; span?: number[]; anomalies?: SourceAnomaly[] }
  | {
      kind: 'perCapita';
      points: PerCapitaPoint[];
      names: { produced: string; sorted: string };
      span?: number[];
      /** A comune's years anomalous in the source, ringed (decision 070). */
      anomalies?: SourceAnomaly[];
    }
  | {
      kind: 'tonnes';
      points: TonnesPoint[];
      names: { produced: string; sorted: string };
      span?: number[];
      anomalies?: SourceAnomaly[];
    }
  | { kind: 'collectionSystems'; years: CollectionSystemYear[] }
  | { kind: 'shares'; items: CountShare[] }
  | { kind: 'sets'; sets: FractionSet[] }
  | { kind: 'actionCounts'; categories: { name: string; actions: unknown[] }[] };

/** A chart's height in px: bars get 34 px each, so long lists stay readable. */
export function statChartHeight(spec: StatChartSpec): number {
  // One stacked bar per year, and room below for the legend of the systems (two or three lines).
  if (spec.kind === 'collectionSystems') return collectionSystemsChartHeight(spec.years);
  const bars =
    spec.kind === 'fractions' || spec.kind === 'shares'
      ? spec.items.length
      : spec.kind === 'sets'
        ? spec.sets.length
        : spec.kind === 'actionCounts'
          ? spec.categories.length
          : 0;
  const perBar = spec.kind === 'sets' ? 62 : 34;
  return bars ? Math.max(160, bars * perBar + 40) : 300;
}
