import type { AreaLevel } from './areas';

/**
 * How a territory is named to a reader wherever its name stands alone (titles, headings, captions, images,
 * embeds, comparisons): a province as "Provincia di Brescia", so that it is never taken for its capoluogo
 * (issue 35); Italy, a region and a comune by their name.
 */
export function areaTitle(area: { level: AreaLevel; name: string }): string {
  return area.level === 'province' ? `Provincia di ${area.name}` : area.name;
}
