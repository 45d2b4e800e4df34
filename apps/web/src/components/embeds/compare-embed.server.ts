import 'server-only';
import { loadCompareFor, type CompareData } from '../compare/compare-data.server';
import { compareHref } from '../compare/compare-state';
import { compareMessages } from '../compare/messages';

/**
 * The comparison an embed of /confronta shows (/embed/confronta?aree=&misura=): what /confronta shows for
 * the same parameters (its own loader and parsing), or null when no territory of the address has the
 * figure (the embed's 404). A territory or list the API cannot give now is an error (a 500, which the page
 * cache does not keep), not a comparison cached without it.
 */
export async function loadCompareEmbed(query: string): Promise<CompareData | null> {
  const params = new URLSearchParams(query);
  const data = await loadCompareFor(
    JSON.stringify({ aree: params.get('aree') ?? undefined, misura: params.get('misura') ?? undefined }),
  );
  if (data.areas.some((a) => !a.loaded) || !data.listsLoaded)
    throw new Error(`/embed/confronta?${query}: figures not available now`);
  if (data.table.columns.length === 0 || data.table.years.length === 0) return null;
  return data;
}

/** The territories and the years in words: 'Milano (MI), Veneto e Italia, 2010–2023'. */
export function compareTerritoryText(data: CompareData): string {
  const { years, columns } = data.table;
  const names = compareMessages.chart.names(columns.map((c) => c.name));
  const first = years[0]!;
  const last = years[years.length - 1]!;
  return `${names}, ${first === last ? first : `${first}–${last}`}`;
}

/** The source line under the chart: the sources of the figures shown, as /confronta writes it. */
export function compareSourceText(data: CompareData): string {
  return compareMessages.chart.source(data.table.sources);
}

/** The comparison's own page: /confronta with the territories shown and the measure. */
export function compareFullHref(data: CompareData): string {
  return compareHref({ areas: data.areas, measure: data.state.measure });
}
