'use client';

import { useHydrated } from '../../lib/use-hydrated';
import type { MapView } from './explorer-data.server';
import { explorerHref } from './explorer-state';
import { MAP_AREAS_ID, mapAreaElementId } from './map-document';
import styles from './explorer.module.css';

export type MapAreasProps = Pick<
  MapView,
  'src' | 'width' | 'height' | 'caption' | 'areas' | 'link' | 'selected'
> & {
  /** The links are in the server's HTML (a few areas); otherwise they come with the script. */
  serverLinks: boolean;
};

/**
 * The map's SVG: the shapes are the paths of the map's own document (`src`, cached by the browser), drawn
 * with `<use>`; the page carries only the areas' ids and names. Each area is a link to its URL state
 * with its name and value as accessible name. The regions' and provinces' maps have their links in the
 * server's HTML (they work without JavaScript); a comuni map, with a hundred areas and more, is drawn
 * whole until the script gives it its links (without JavaScript the lists choose the comune).
 */
export function MapAreas({ src, width, height, caption, areas, link, selected, serverLinks }: MapAreasProps) {
  const hydrated = useHydrated();
  const withLinks = serverLinks || hydrated;
  const shape = (id: string) => `${src}#${mapAreaElementId(id)}`;
  return (
    <svg
      className={styles.map}
      viewBox={`0 0 ${width} ${height}`}
      role={withLinks ? 'group' : 'img'}
      aria-label={caption}
      preserveAspectRatio="xMidYMid meet"
    >
      {withLinks ? (
        areas.map(([id, label]) => (
          <a
            key={id}
            href={explorerHref({ ...link.base, [link.param]: id })}
            aria-label={label}
            data-area-id={id}
          >
            <use href={shape(id)} className={id === selected?.id ? styles.areaSelected : styles.area} />
          </a>
        ))
      ) : (
        <use href={`${src}#${MAP_AREAS_ID}`} className={styles.area} />
      )}
      {/* The chosen area again on top, so its outline is not covered by its neighbours. */}
      {selected && <use href={shape(selected.id)} className={styles.areaOutline} aria-hidden="true" />}
    </svg>
  );
}
