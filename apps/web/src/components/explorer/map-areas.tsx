'use client';

import { choroplethLegend } from '@portal/charts';
import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import type { MapView } from './explorer-data.server';
import { explorerHref } from './explorer-state';
import { MAP_AREAS_ID, mapAreaElementId, mapDocumentLinks, type MapAreaLink } from './map-document';
import { explorerMessages as t } from './messages';
import styles from './explorer.module.css';

export type MapAreasProps = Pick<
  MapView,
  'src' | 'width' | 'height' | 'caption' | 'areas' | 'link' | 'selected'
>;

/**
 * How many of a comuni map's links one task adds. React renders a state set from a fetch in one task, and
 * the browser then builds a `<use>` for each link: Abano Terme's 101 links took one task of ~75 ms on this
 * machine (~300 ms on a slow phone, Lighthouse's TBT of a comune page). In slices of this size each task
 * stays well under the 50 ms of a long task, and the whole map is drawn under them until the last slice.
 */
const LINKS_PER_TASK = 15;

/** How many of `links` are shown: a slice more every task, from the first slice to them all. */
function useSlices(links: readonly unknown[] | null): number {
  const [shown, setShown] = useState({ links, count: 0 });
  const total = links?.length ?? 0;
  const count = shown.links === links ? shown.count : 0;
  useEffect(() => {
    if (!links || count >= total) return;
    // The first slice at once (the map's links appear with the map), the next ones each in its own task.
    const next = () => setShown({ links, count: Math.min(total, count + LINKS_PER_TASK) });
    if (count === 0) {
      next();
      return;
    }
    const timer = setTimeout(next, 0);
    return () => clearTimeout(timer);
  }, [links, count, total]);
  return count;
}

/** A comuni map's links, from its document's data-label (the browser has the document already). */
function useDocumentLinks(src: string, wanted: boolean): MapAreaLink[] | null {
  const [links, setLinks] = useState<{ src: string; links: MapAreaLink[] } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    fetch(src)
      .then((response) =>
        response.ok ? response.text() : Promise.reject(new Error(String(response.status))),
      )
      .then((text) => {
        if (current) setLinks({ src, links: mapDocumentLinks(text) });
      })
      // Without its links the map stays a picture; the lists and the search still choose.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [src, wanted]);
  return links?.src === src ? links.links : null;
}

/**
 * The map's SVG: the shapes are the paths of the map's own document (`src`, cached by the browser), drawn
 * with `<use>`; the page carries no path data. Each area is a link to its URL state with its name and value
 * as accessible name. The regions' and provinces' maps have their links in the server's HTML (`areas`: they
 * work without JavaScript). A comuni map, a hundred areas and more, is drawn whole until the script makes
 * its links from the document's data-label, a slice per task (without JavaScript the lists choose the
 * comune).
 */
export function MapAreas({ src, width, height, caption, areas, link, selected }: MapAreasProps) {
  const hydrated = useHydrated();
  const fetched = useDocumentLinks(src, hydrated && !areas);
  // The regions' and provinces' links are in the server's HTML, all of them; a comuni map's come in slices.
  const sliced = useSlices(fetched);
  const links = areas ?? (fetched && sliced > 0 ? fetched.slice(0, sliced) : null);
  const whole = !links || (!areas && sliced < (fetched?.length ?? 0));
  const shape = (id: string) => `${src}#${mapAreaElementId(id)}`;
  return (
    <svg
      className={styles.map}
      viewBox={`0 0 ${width} ${height}`}
      role={links ? 'group' : 'img'}
      aria-label={caption}
      // Its links still coming (a slice per task): assistive technologies may wait for the whole group.
      aria-busy={links && whole ? true : undefined}
      preserveAspectRatio="xMidYMid meet"
    >
      {/* The whole map, until every area is a link drawn over it. */}
      {whole && <use href={`${src}#${MAP_AREAS_ID}`} className={styles.area} />}
      {links?.map(([id, label]) => (
        <a
          key={id}
          href={explorerHref({ ...link.base, [link.param]: id })}
          aria-label={id === selected?.id ? selected.label : label}
          data-area-id={id}
        >
          <use href={shape(id)} className={id === selected?.id ? styles.areaSelected : styles.area} />
        </a>
      ))}
      {/* The chosen area again on top, so its outline is not covered by its neighbours. */}
      {selected && <use href={shape(selected.id)} className={styles.areaOutline} aria-hidden="true" />}
    </svg>
  );
}

/**
 * The choropleth's legend. A client component only so that its fixed markup is not repeated in every
 * page's React payload (it has no props: the payload names it, the script draws the same).
 */
export function MapLegend() {
  return (
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
  );
}
