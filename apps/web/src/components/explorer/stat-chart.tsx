'use client';

import {
  actionCountsBarOption,
  collectionSystemsBarOption,
  countShareBarOption,
  fractionSetsBarOption,
  fractionsBarOption,
  perCapitaTrendOption,
  rdTrendOption,
  tonnesTrendOption,
} from '@portal/charts';
import { useMemo } from 'react';
import { EChart } from '../charts/echart';
import { statChartHeight, type StatChartSpec } from './stat-chart-spec';

export type { StatChartSpec } from './stat-chart-spec';

/** A statistic's chart, built in the browser from serializable data (options hold formatter functions). */
export function StatChart({ spec, ariaLabel }: { spec: StatChartSpec; ariaLabel: string }) {
  const option = useMemo(() => {
    switch (spec.kind) {
      case 'fractions':
        return fractionsBarOption(spec.items, spec.totalSorted);
      case 'trend':
        return rdTrendOption(spec.points, { span: spec.span, anomalies: spec.anomalies });
      case 'perCapita':
        return perCapitaTrendOption(spec.points, spec.names, spec.span, spec.anomalies);
      case 'tonnes':
        return tonnesTrendOption(spec.points, {
          span: spec.span,
          names: spec.names,
          anomalies: spec.anomalies,
        });
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
  return <EChart option={option} ariaLabel={ariaLabel} height={statChartHeight(spec)} />;
}
