/**
 * The explorer map's shapes travel once, in their own SVG document (/mappa.svg, a cacheable resource),
 * not in the page: the page draws each area with `<use href="/mappa.svg?…#a{id}">`. A page's HTML and its
 * React payload then carry only the areas' ids, names and values, never the path data.
 *
 * Shared by the server (which writes the document) and the browser (which points at its elements).
 */

import { parseExplorerState } from './explorer-state';

/** The element holding every area: the map drawn at once, before the areas become links. */
export const MAP_AREAS_ID = 'aree';

/** The id of an area's path in the document (an XML id cannot start with a digit). */
export function mapAreaElementId(areaId: string): string {
  return `a${areaId}`;
}

export interface MapDocumentShape {
  id: string;
  /** SVG path data in the viewBox's coordinates; empty when the area is too small to draw. */
  d: string;
  fill: string;
  /** The accessible name of the area's link ("Veneto: 78,2%"). */
  label: string;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The map's SVG document: one path per area, filled with its colour, in the group MAP_AREAS_ID, with the
 * area's link name in data-label (a comuni map's links are made from it: mapDocumentLinks). The paths
 * set no stroke: the page's `<use>` elements give it (the white borders, the outline of the chosen area,
 * hover and focus), and the paths inherit it.
 */
export function mapDocument(map: { width: number; height: number; shapes: readonly MapDocumentShape[] }) {
  const paths = map.shapes
    .filter((s) => s.d)
    .map(
      (s) =>
        `<path id="${escapeAttribute(mapAreaElementId(s.id))}" data-label="${escapeAttribute(s.label)}" ` +
        `fill="${escapeAttribute(s.fill)}" d="${escapeAttribute(s.d)}"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${map.width} ${map.height}">` +
    `<g id="${MAP_AREAS_ID}">${paths}</g></svg>`
  );
}

/** An area of the map: its id and the accessible name of its link ("Veneto: 78,2%"). */
export type MapAreaLink = [id: string, label: string];

const unescapeAttribute = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

/**
 * The areas of a map document, in its order: what a comuni map's links are made from. It reads what
 * mapDocument writes (the attributes in that order, escaped so), not any SVG.
 */
export function mapDocumentLinks(svg: string): MapAreaLink[] {
  return [...svg.matchAll(/<path id="a([^"]+)" data-label="([^"]*)"/g)].map((m) => [
    unescapeAttribute(m[1]!),
    unescapeAttribute(m[2]!),
  ]);
}

/** Which map: Italy's regions, the provinces of a region, the comuni of a province. */
export type MapSpec =
  | { kind: 'regions' }
  | { kind: 'provinces'; region: string }
  | { kind: 'comuni'; region: string; province: string };

/** The address of a map's document: the explorer's own parameters, the year, the version. */
export function mapSrc(spec: MapSpec, year: number | undefined, version: string): string {
  const params = new URLSearchParams();
  if (spec.kind !== 'regions') params.set('regione', spec.region);
  if (spec.kind === 'comuni') params.set('provincia', spec.province);
  if (year) params.set('anno', String(year));
  params.set('v', version);
  return `/mappa.svg?${params}`;
}

/** The map a /mappa.svg address asks for, or null when its parameters name none. */
export function mapSpecOf(params: URLSearchParams): { spec: MapSpec; year: number | undefined } | null {
  const state = parseExplorerState(Object.fromEntries(params));
  const year = state.year ?? undefined;
  if ([...params.keys()].some((k) => !['regione', 'provincia', 'anno', 'v'].includes(k))) return null;
  if (params.has('regione') !== Boolean(state.region)) return null;
  if (params.has('provincia') !== Boolean(state.province)) return null;
  if (params.has('anno') && !year) return null;
  if (state.province)
    return state.region
      ? { spec: { kind: 'comuni', region: state.region, province: state.province }, year }
      : null;
  if (state.region) return { spec: { kind: 'provinces', region: state.region }, year };
  return { spec: { kind: 'regions' }, year };
}
