import type { MapView } from './explorer-data.server';
import { MapAreas, MapLegend } from './map-areas';
import { MapTooltip } from './map-tooltip';
import { explorerMessages as t } from './messages';
import styles from './explorer.module.css';

/**
 * The map: its caption, its SVG (MapAreas: each area a link to its URL state, the shapes drawn from the
 * map's own cacheable document), the legend. The name and value of an area show next to it on hover and on
 * keyboard focus (MapTooltip); the link's accessible name says the same to screen readers.
 */
export function ChoroplethMap({ map }: { map: MapView }) {
  const { selected } = map;
  return (
    <figure className={styles.mapFigure} data-testid="explorer-map" data-map-kind={map.kind}>
      <figcaption className={styles.mapCaption}>{map.caption}</figcaption>
      <MapTooltip>
        <MapAreas
          src={map.src}
          width={map.width}
          height={map.height}
          caption={map.caption}
          areas={map.areas}
          link={map.link}
          selected={selected}
        />
      </MapTooltip>
      {map.choropleth ? <MapLegend /> : null}
      {map.kind === 'comuni' ? (
        <p className={styles.mapHint}>
          {selected ? t.map.comuniHintSelected(selected.name) : t.map.comuniHint}
        </p>
      ) : null}
    </figure>
  );
}
