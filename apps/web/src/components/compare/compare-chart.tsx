'use client';

import { compareTrendOption, type CompareInput } from '@portal/charts';
import { useMemo } from 'react';
import { EChart } from '../charts/echart';

export interface CompareChartProps {
  chart: CompareInput;
  ariaLabel: string;
  height: number;
}

/** The territories' lines (compareTrendOption), drawn by ECharts in the browser. */
export function CompareChart({ chart, ariaLabel, height }: CompareChartProps) {
  const option = useMemo(() => compareTrendOption(chart), [chart]);
  return <EChart option={option} ariaLabel={ariaLabel} height={height} />;
}
