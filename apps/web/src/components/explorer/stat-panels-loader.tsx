'use client';

import type { AreaStats, CityStats } from '@portal/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { DownloadTarget } from './downloads';
import { explorerMessages as t } from './messages';
import type { ServerPanels } from './stat-panels-server';
import type { StatsSource } from './stat-panels-data';
import styles from './explorer.module.css';

// The panels' code (tables, chart options) and the figures come after the page: neither is part of its
// first load, and the figures are the API's cacheable answer rather than a second copy inside the page.
const panelsModule = () => import('./stat-panels-data');
const StatPanels = lazy(() => panelsModule().then((m) => ({ default: m.StatPanels })));

type Loaded = { key: string; stats: AreaStats | CityStats } | { key: string; failed: true };

/**
 * The charts section's panels, built in the browser from the statistics the page was drawn from
 * (`source`). A comune's panels that need no script (`cityModes`, `composting`) are drawn by the server
 * and shown from the start; the others join them when the figures arrive.
 */
export function StatPanelsLoader({
  source,
  download,
  cityModes,
  composting,
}: { source: StatsSource; download: DownloadTarget | null } & ServerPanels) {
  const key = JSON.stringify(source);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
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
  }, [key]);

  const waiting = (
    <div className={styles.panels}>
      {cityModes}
      {composting}
    </div>
  );
  if (!loaded || loaded.key !== key) return waiting;
  if ('failed' in loaded) {
    return (
      <>
        <p className={styles.mapError} role="alert" data-testid="charts-error">
          {t.charts.unavailable}
        </p>
        {waiting}
      </>
    );
  }
  return (
    <Suspense fallback={waiting}>
      <StatPanels stats={loaded.stats} download={download} cityModes={cityModes} composting={composting} />
    </Suspense>
  );
}
