'use client';

import type { CompareInput } from '@portal/charts';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useNearViewport } from '../../lib/use-near-viewport';
import type { CompareChartProps } from './compare-chart';
import { compareMessages as t } from './messages';
import styles from './compare.module.css';

/** The chart's height in px: the box keeps it from the start, so nothing moves when the chart arrives. */
const CHART_HEIGHT = 340;
/**
 * The chart's code is asked for once its box is in sight, not a screen ahead as the explorer's panels: on
 * a phone it lies just below the first screen, and ECharts (about 230 KB gzipped) would otherwise load with
 * the page.
 */
const IN_SIGHT = '0px';

/**
 * The comparison's chart, loaded when the reader reaches it: its code (the chart's options, then ECharts)
 * is not part of the page's start. The figures come with the page (a few numbers per territory); the
 * table under the chart has them all, with or without JavaScript. Without JavaScript the box is not
 * drawn (compare.module.css).
 */
export function CompareChartLoader({ chart, ariaLabel }: { chart: CompareInput; ariaLabel: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, IN_SIGHT);
  const [Chart, setChart] = useState<ComponentType<CompareChartProps> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!near) return;
    let current = true;
    import('./compare-chart').then(
      (m) => current && setChart(() => m.CompareChart),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [near]);

  return (
    <div
      ref={ref}
      className={styles.chartBox}
      style={{ minHeight: CHART_HEIGHT }}
      data-testid="compare-chart"
    >
      {failed ? (
        <p className={styles.full} role="alert">
          {t.chart.unavailable}
        </p>
      ) : (
        Chart && <Chart chart={chart} ariaLabel={ariaLabel} height={CHART_HEIGHT} />
      )}
    </div>
  );
}
