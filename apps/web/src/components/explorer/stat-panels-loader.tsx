'use client';

import type { AreaStats, CityStats } from '@portal/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNearViewport } from '../../lib/use-near-viewport';
import type { DownloadTarget } from './downloads';
import { explorerMessages as t } from './messages';
import type { ServerPanels } from './stat-panels-server';
import type { StatsSource } from './stat-panels-data';
import styles from './explorer.module.css';

// The panels' code (tables, chart options, the contract's schemas) and the figures come after the page,
// once the reader nears the charts: none of it is part of the page's start, and the figures are the API's
// cacheable answer rather than a second copy inside the page.
const panelsModule = () => import('./stat-panels-data');
const StatPanels = lazy(() => panelsModule().then((m) => ({ default: m.StatPanels })));

type Loaded = { key: string; stats: AreaStats | CityStats } | { key: string; failed: true };

/**
 * The charts section's panels, built in the browser from the statistics the page was drawn from
 * (`source`) when the section comes near the viewport. A comune's panels that need no script
 * (`cityModes`, `composting`) are drawn by the server and shown from the start; the others join them
 * when the figures arrive.
 */
export function StatPanelsLoader({
  source,
  download,
  cityModes,
  composting,
}: { source: StatsSource; download: DownloadTarget | null } & ServerPanels) {
  const key = JSON.stringify(source);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);

  useEffect(() => {
    if (!near) return;
    let current = true;
    panelsModule()
      .then((m) => m.fetchStats(JSON.parse(key) as StatsSource))
      .then(
        (stats) => current && setLoaded({ key, stats }),
        () => current && setLoaded({ key, failed: true }),
      );
    return () => {
      current = false;
    };
  }, [near, key]);

  const waiting = (
    <div className={styles.panels}>
      {cityModes}
      {composting}
    </div>
  );
  let content = waiting;
  if (loaded?.key === key && 'failed' in loaded) {
    content = (
      <>
        <p className={styles.mapError} role="alert" data-testid="charts-error">
          {t.charts.unavailable}
        </p>
        {waiting}
      </>
    );
  } else if (loaded?.key === key && 'stats' in loaded) {
    content = (
      <Suspense fallback={waiting}>
        <StatPanels stats={loaded.stats} download={download} cityModes={cityModes} composting={composting} />
      </Suspense>
    );
  }
  // The box the viewport is watched on (useNearViewport).
  return <div ref={ref}>{content}</div>;
}
