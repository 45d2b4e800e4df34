'use client';

import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useNearViewport } from '../../lib/use-near-viewport';

type ECharts = ReturnType<(typeof import('echarts/core'))['init']>;

/** What a click on a data item reports (the subset of ECharts' event parameters the portal uses). */
export interface EChartClick {
  name: string;
  dataIndex: number;
  seriesIndex?: number;
  value?: unknown;
  data?: unknown;
}

export interface EChartProps {
  /** An ECharts option, e.g. one built by @portal/charts. Changing it redraws the chart. */
  option: EChartsCoreOption;
  /** What the chart shows, read by screen readers (the canvas/SVG itself is hidden from them). */
  ariaLabel: string;
  /** Height in px (default 320); the width follows the container. */
  height?: number;
  /** GeoJSON maps to register before drawing (name → FeatureCollection), for map series. */
  maps?: Record<string, object>;
  onClick?: (item: EChartClick) => void;
  className?: string;
}

/**
 * An ECharts chart (SVG renderer). ECharts (about 230 KB gzipped) is loaded after hydration, and only once
 * the chart comes near the viewport, so it never weighs on the page's start; until then the box keeps its
 * height (no layout shift).
 */
export function EChart({ option, ariaLabel, height = 320, maps, onClick, className }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ECharts | null>(null);
  const clickRef = useRef(onClick);
  const [failed, setFailed] = useState(false);
  const near = useNearViewport(ref);

  useEffect(() => {
    clickRef.current = onClick;
  }, [onClick]);

  useEffect(() => {
    if (!near) return;
    let disposed = false;
    let observer: ResizeObserver | undefined;
    import('./echarts-setup')
      .then(({ echarts }) => {
        if (disposed || !ref.current) return;
        for (const [name, geoJson] of Object.entries(maps ?? {})) {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          echarts.registerMap(name, geoJson as any);
        }
        const chart = chartRef.current ?? echarts.init(ref.current, undefined, { renderer: 'svg' });
        chartRef.current = chart;
        chart.setOption({ aria: { enabled: false }, ...option }, { notMerge: true });
        chart.off('click');
        chart.on('click', (params) => {
          const p = params as unknown as EChartClick;
          clickRef.current?.({
            name: p.name,
            dataIndex: p.dataIndex,
            seriesIndex: p.seriesIndex,
            value: p.value,
            data: p.data,
          });
        });
        observer = new ResizeObserver(() => chart.resize());
        observer.observe(ref.current);
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      observer?.disconnect();
    };
  }, [near, option, maps]);

  useEffect(
    () => () => {
      chartRef.current?.dispose();
      chartRef.current = null;
    },
    [],
  );

  return (
    <div className={className} role="img" aria-label={ariaLabel} style={{ width: '100%', height }}>
      <div
        ref={ref}
        aria-hidden="true"
        style={{ width: '100%', height: '100%' }}
        data-chart-failed={failed || undefined}
      />
    </div>
  );
}
