import { choroplethLegend } from '@portal/charts';
import type { MapView } from './explorer-data.server';
import { MapTooltip } from './map-tooltip';
import { explorerMessages as t } from './messages';
import styles from './explorer.module.css';

/**
 * The map, rendered on the server as SVG: each area is a link to its URL state, so choosing on the map
 * works with the keyboard and without JavaScript. Its name and value show next to the area on hover
 * and on keyboard focus (MapTooltip); the link's accessible name says the same to screen readers.
 */
export function ChoroplethMap({ map }: { map: MapView }) {
  const selected = map.areas.filter((a) => a.selected);
  return (
    <figure className={styles.mapFigure} data-testid="explorer-map" data-map-kind={map.kind}>
      <figcaption className={styles.mapCaption}>{map.caption}</figcaption>
      <MapTooltip>
        <svg
          className={styles.map}
          viewBox={`0 0 ${map.width} ${map.height}`}
          role="group"
          aria-label={map.caption}
          preserveAspectRatio="xMidYMid meet"
        >
          {map.areas.map((area) => (
            <a key={area.id} href={area.href} aria-label={area.label} data-area-id={area.id}>
              <path
                d={area.d}
                fill={area.fill}
                className={area.selected ? styles.areaSelected : styles.area}
              />
            </a>
          ))}
          {/* The chosen area again on top, so its outline is not covered by its neighbours. */}
          {selected.map((area) => (
            <path key={`sel-${area.id}`} d={area.d} className={styles.areaOutline} aria-hidden="true" />
          ))}
        </svg>
      </MapTooltip>
      {map.choropleth ? (
        <div className={styles.legend}>
          <p className={styles.legendTitle}>{t.map.legendTitle}</p>
          <ul>
            {choroplethLegend().map((entry) => (
              <li key={entry.label}>
                <span className={styles.swatch} style={{ background: entry.color }} aria-hidden="true" />
                {entry.label}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {map.kind === 'comuni' ? (
        <p className={styles.mapHint}>
          {selected[0] ? t.map.comuniHintSelected(selected[0].name) : t.map.comuniHint}
        </p>
      ) : null}
    </figure>
  );
}
