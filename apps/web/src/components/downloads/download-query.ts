/**
 * The query of the CSV export (GET /api/stats/download/ and its row count, /api/stats/download/count/)
 * for the choices of /scarica-dati. Both sources go through the same two endpoints: source=1 the
 * collection data (one row per comune and year), source=2 the ecocompattatori (one row per machine and
 * year), so the preview counts exactly the rows of the file.
 */

export type DownloadLevel = 'country' | 'region' | 'province' | 'city';
export type DownloadSource = '1' | '2';

export interface DownloadChoice {
  source: DownloadSource;
  level: DownloadLevel;
  regionId: string;
  provinceId: string;
  cityId: string;
  /** The ticked years; none means every year of the source. */
  years: readonly number[];
  /** Filters of the collection data (source 1 only). */
  wasteFraction: string;
  sortingType: string;
  actionsCategory: string;
  /** Operator id of the ecocompattatori (source 2 only). */
  operator: string;
}

/** The query for the choices made; null until the area is complete. */
export function downloadQuery(choice: DownloadChoice): URLSearchParams | null {
  const q = new URLSearchParams({ format: 'csv', source: choice.source, level: choice.level });
  const id = { country: '', region: choice.regionId, province: choice.provinceId, city: choice.cityId }[
    choice.level
  ];
  if (choice.level !== 'country') {
    if (!id) return null;
    q.set('id', id);
  }
  if (choice.years.length) q.set('years', [...new Set(choice.years)].sort((a, b) => a - b).join(','));
  if (choice.source === '1') {
    if (choice.wasteFraction) q.set('waste_fraction', choice.wasteFraction);
    if (choice.sortingType) q.set('sorting_type', choice.sortingType);
    if (choice.actionsCategory) q.set('actions_category', choice.actionsCategory);
  } else if (choice.operator) {
    q.set('operator', choice.operator);
  }
  return q;
}

/** The ticked years that the source has (ticks of the other source's years do not travel along). */
export function yearsOfSource(ticked: readonly number[], available: readonly number[]): number[] {
  return ticked.filter((y) => available.includes(y));
}
