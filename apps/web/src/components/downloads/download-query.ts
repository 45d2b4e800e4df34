/**
 * The query of the CSV export (GET /api/stats/download/ and its row count, /api/stats/download/count/)
 * for the choices of /scarica-dati. Both sources go through the same two endpoints: source=1 the
 * collection data (one row per comune and year), source=2 the ecocompattatori (one row per machine and
 * year), so the preview counts exactly the rows of the file.
 */

import type { AreaLevel } from '@portal/contract';

export type DownloadLevel = AreaLevel;
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

type AreaChoice = Pick<DownloadChoice, 'level' | 'regionId' | 'provinceId' | 'cityId'>;

function areaIdOf(choice: AreaChoice): string {
  return { country: '', region: choice.regionId, province: choice.provinceId, city: choice.cityId }[
    choice.level
  ];
}

const RVM_YEARS_PATH = '/api/reverse-vending-machines/reverse-vending-machine/years/';

/**
 * Where the years of the chosen source and area come from (null until the area is complete): the
 * area's statistics for the collection data (their `availableYears`; Italy lists the years with data for
 * every comune, a region also its years with data of its own), the machines' years endpoint with the
 * same area and operator for the ecocompattatori.
 */
export function yearsPath(
  choice: AreaChoice & Pick<DownloadChoice, 'source' | 'operator'>,
): `/api/${string}` | null {
  const id = areaIdOf(choice);
  if (choice.level !== 'country' && !id) return null;
  if (choice.source === '1') {
    if (choice.level === 'country') return '/api/stats/overall/';
    if (choice.level === 'city') return `/api/stats/cities/city/${id}/`;
    return `/api/stats/overall/?${choice.level}=${id}`;
  }
  const q = new URLSearchParams();
  if (choice.level !== 'country') q.set(choice.level, id);
  if (choice.operator) q.set('operator', choice.operator);
  const query = q.toString();
  return `${RVM_YEARS_PATH}${query ? `?${query}` : ''}`;
}

/** The query for the choices made; null until the area is complete. */
export function downloadQuery(choice: DownloadChoice): URLSearchParams | null {
  const q = new URLSearchParams({ format: 'csv', source: choice.source, level: choice.level });
  const id = areaIdOf(choice);
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
