'use client';

import { TopologySchema, type RvmMapPoint } from '@portal/contract';
import { RVM_MAP_ZOOMS, clusterPoints, rvmClusterCell, rvmMapOption, topologyFeatures } from '@portal/charts';
import { useEffect, useMemo, useState } from 'react';
import { EChart, type EChartClick } from '../charts';
import { apiRequest } from '../../lib/api.client';
import { formatInteger } from '../../lib/format';
import { rvmMessages as t } from './messages';
import styles from './rvm.module.css';

interface Boundaries {
  key: string;
  geoJson: object;
}

/** The boundaries the map draws: Italy's regions, or the provinces of the chosen region. */
async function loadBoundaries(regionId: string | null, signal: AbortSignal): Promise<Boundaries> {
  const path = regionId ? '/api/cities/boundaries/provinces/' : '/api/cities/boundaries/regions/';
  const topology = await apiRequest('GET', path, { schema: TopologySchema, signal });
  const features = regionId
    ? topologyFeatures(topology, 'provinces').filter((f) => f.properties.reg_istat_code === regionId)
    : topologyFeatures(topology, 'regions');
  return { key: `rvm-${regionId ?? 'italia'}`, geoJson: { type: 'FeatureCollection', features } };
}

/**
 * The machines on the bundled boundaries, drawn by ECharts: grouped by grid cell where dense, the groups
 * splitting as the map zooms in (buttons, or a click on a group). No outside tile server.
 * Give it a `key` per selection, so a new selection starts from the whole area.
 */
export function RvmMap({ points, regionId }: { points: readonly RvmMapPoint[]; regionId: string | null }) {
  const [boundaries, setBoundaries] = useState<Boundaries | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoomIndex, setZoomIndex] = useState(0);
  const [center, setCenter] = useState<[number, number] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadBoundaries(regionId, controller.signal)
      .then(setBoundaries)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [regionId]);

  const zoom = RVM_MAP_ZOOMS[zoomIndex] ?? 1;
  const scope = regionId ? 'region' : 'italy';
  const clusters = useMemo(() => clusterPoints(points, rvmClusterCell(zoom, scope)), [points, zoom, scope]);
  const maps = useMemo(
    () => (boundaries ? { [boundaries.key]: boundaries.geoJson } : undefined),
    [boundaries],
  );
  const option = useMemo(
    () =>
      boundaries
        ? rvmMapOption({ mapName: boundaries.key, clusters, zoom, center: zoom > 1 ? center : null })
        : null,
    [boundaries, clusters, zoom, center],
  );

  const onClick = (item: EChartClick) => {
    const value = item.value as [number, number, number] | undefined;
    if (!value || zoomIndex >= RVM_MAP_ZOOMS.length - 1) return;
    setCenter([value[0], value[1]]);
    setZoomIndex(zoomIndex + 1);
  };
  const zoomTo = (index: number) => {
    if (index > 0 && !center && points.length) {
      const lon = points.reduce((s, p) => s + p.longitude, 0) / points.length;
      const lat = points.reduce((s, p) => s + p.latitude, 0) / points.length;
      setCenter([lon, lat]);
    }
    setZoomIndex(index);
  };

  return (
    <div
      className={styles.map}
      data-testid="rvm-map"
      data-points={points.length}
      data-clusters={clusters.length}
    >
      <div className={styles.mapTools}>
        <button
          type="button"
          onClick={() => zoomTo(zoomIndex + 1)}
          disabled={zoomIndex >= RVM_MAP_ZOOMS.length - 1}
        >
          <span aria-hidden="true">+</span>
          <span className={styles.srOnly}>{t.map.zoomIn}</span>
        </button>
        <button type="button" onClick={() => zoomTo(zoomIndex - 1)} disabled={zoomIndex === 0}>
          <span aria-hidden="true">−</span>
          <span className={styles.srOnly}>{t.map.zoomOut}</span>
        </button>
        <span className={styles.zoomLevel} aria-live="polite">
          {t.map.zoomLevel(zoom)}
        </span>
      </div>
      {failed ? (
        <p className={styles.mapMessage}>{t.map.error}</p>
      ) : option && maps ? (
        <EChart
          option={option}
          maps={maps}
          ariaLabel={t.map.label(formatInteger(points.length))}
          height={480}
          onClick={onClick}
        />
      ) : (
        <p className={styles.mapMessage} style={{ height: 480 }}>
          {t.map.loading}
        </p>
      )}
      <ul className={styles.mapLegend}>
        <li>
          <span className={styles.legendGroup} aria-hidden="true">
            3
          </span>
          {t.map.legendGroup}
        </li>
        <li>
          <span className={styles.legendActive} aria-hidden="true" />
          {t.map.legendActive}
        </li>
        <li>
          <span className={styles.legendInactive} aria-hidden="true" />
          {t.map.legendInactive}
        </li>
      </ul>
    </div>
  );
}
