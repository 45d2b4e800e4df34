'use client';

import {
  actionCountsBarOption,
  collectionSystemsBarOption,
  collectionSystemsChartHeight,
  countShareBarOption,
  fractionSetsBarOption,
  fractionsBarOption,
  rdTrendOption,
  tonnesTrendOption,
  type CollectionSystemYear,
  type CountShare,
  type FractionSet,
  type FractionShare,
  type TonnesPoint,
  type TrendPoint,
} from '@portal/charts';
import { useMemo } from 'react';
import { EChart } from '../charts/echart';
import { perCapitaTrendOption, type PerCapitaPoint } from './per-capita-trend';

export type StatChartSpec =
  | { kind: 'fractions'; items: FractionShare[]; totalSorted?: number | null }
  | { kind: 'trend'; points: TrendPoint[]; span?: number[] }
  | {
      kind: 'perCapita';
      points: PerCapitaPoint[];
      names: { produced: string; sorted: string };
      span?: number[];
    }
  | {
      kind: 'tonnes';
      points: TonnesPoint[];
      names: { produced: string; sorted: string };
      span?: number[];
    }
  | { kind: 'collectionSystems'; years: CollectionSystemYear[] }
  | { kind: 'shares'; items: CountShare[] }
  | { kind: 'sets'; sets: FractionSet[] }
  | { kind: 'actionCounts'; categories: { name: string; actions: unknown[] }[] };

/** Bars get 34 px each, so long lists stay readable. */
function heightOf(spec: StatChartSpec): number {
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

/** A statistic's chart, built in the browser from serializable data (options hold formatter functions). */
export function StatChart({ spec, ariaLabel }: { spec: StatChartSpec; ariaLabel: string }) {
  const option = useMemo(() => {
    switch (spec.kind) {
      case 'fractions':
        return fractionsBarOption(spec.items, spec.totalSorted);
      case 'trend':
        return rdTrendOption(spec.points, { span: spec.span });
      case 'perCapita':
        return perCapitaTrendOption(spec.points, spec.names, spec.span);
      case 'tonnes':
        return tonnesTrendOption(spec.points, { span: spec.span, names: spec.names });
      case 'collectionSystems':
        return collectionSystemsBarOption(spec.years);
      case 'shares':
        return countShareBarOption(spec.items);
      case 'sets':
        return fractionSetsBarOption(spec.sets);
      case 'actionCounts':
        return actionCountsBarOption(spec.categories);
    }
  }, [spec]);
  return <EChart option={option} ariaLabel={ariaLabel} height={heightOf(spec)} />;
}
