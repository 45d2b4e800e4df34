/**
 * The embeddable charts (docs/decisions/062-embeds.md): their addresses and the <iframe> snippet that
 * "Incorpora" gives. Pure and zod-free: the button that runs on the data pages imports it.
 *
 * - /embed/grafico/<chart>?regione=&provincia=&comune=&anno=&confronto=  a chart of the explorer (/)
 * - /embed/ecocompattatori/<chart>?regione=&provincia=&gestore=&anno=  a chart of /ecocompattatori
 * - /embed/confronta?aree=&misura=  the chart of /confronta (one chart: no chart id)
 *
 * The query is the page's own (the same parameters, the same meaning), so an embed shows what the page
 * shows for the same address.
 */

import { COMPARE_PATH, compareHref, parseCompareState } from '../components/compare/compare-state';

/** The explorer's charts, by the Italian slug of their address. */
export const STAT_CHARTS = [
  'frazioni',
  'andamento',
  'tonnellate',
  'pro-capite',
  'modalita',
  'azioni',
  'combinazioni',
] as const;
export type StatChartId = (typeof STAT_CHARTS)[number];

/** The charts of /ecocompattatori. */
export const RVM_CHARTS = ['andamento', 'gestori', 'regioni', 'comuni'] as const;
export type RvmChartId = (typeof RVM_CHARTS)[number];

export type EmbedKind = 'grafico' | 'ecocompattatori' | 'confronta';

/** The page parameters an embed of each kind keeps, in the order its address writes them. */
export const EMBED_PARAMS: Record<EmbedKind, readonly string[]> = {
  grafico: ['regione', 'provincia', 'comune', 'anno', 'confronto'],
  ecocompattatori: ['regione', 'provincia', 'gestore', 'anno'],
  confronta: ['aree', 'misura'],
};

/** Where embeds live: the only pages another site may frame (server/security-headers.mjs). */
export const EMBED_PREFIX = '/embed/';

export const isStatChart = (id: string): id is StatChartId => (STAT_CHARTS as readonly string[]).includes(id);
export const isRvmChart = (id: string): id is RvmChartId => (RVM_CHARTS as readonly string[]).includes(id);

/**
 * The path of a chart's embed for the page's query (`?regione=05&cerca=x…`): only the parameters of the
 * kind are kept (not a search, a page number, a modal flow), the first value of each. `chart` is null for
 * a kind of one chart (`confronta`), whose query is the comparison's own address (compareHref: the
 * territories /confronta shows, readable, one address per comparison).
 */
export function embedPath(kind: EmbedKind, chart: string | null, search: string | URLSearchParams): string {
  const page = new URLSearchParams(search);
  if (kind === 'confronta') {
    const state = parseCompareState({ aree: page.getAll('aree'), misura: page.get('misura') ?? undefined });
    return `${EMBED_PREFIX}${kind}${compareHref(state).slice(COMPARE_PATH.length)}`;
  }
  const params = new URLSearchParams();
  for (const name of EMBED_PARAMS[kind]) {
    const value = page.get(name)?.trim();
    if (value) params.set(name, value);
  }
  const query = params.toString();
  const path = chart === null ? kind : `${kind}/${encodeURIComponent(chart)}`;
  return `${EMBED_PREFIX}${path}${query ? `?${query}` : ''}`;
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML to paste into another site: a lazy, borderless iframe as wide as its column. */
export function embedSnippet({ src, title, height }: { src: string; title: string; height: number }): string {
  return (
    `<iframe src="${attribute(src)}" title="${attribute(title)}" width="100%" ` +
    `height="${Math.round(height)}" loading="lazy" style="border:0"></iframe>`
  );
}

/**
 * The height of an embed's frame for a chart `chartHeight` px tall: room for the header line, the panel's
 * title and buttons, its notes, the source line and the link back, which take more lines on a narrow
 * column. The embed fills its frame: in a wide one the chart gets the room left, in a narrow one it gives
 * some up (app/embed, embeds.module.css).
 */
export function embedHeight(chartHeight: number): number {
  return chartHeight + 300;
}

/** The height of the chart of /embed/confronta, px (as /confronta draws it). */
export const COMPARE_CHART_HEIGHT = 340;

/**
 * The height of the frame of /embed/confronta: embedHeight of its chart, and room for the legend over it
 * (up to five territories' names, three lines on a narrow column).
 */
export const COMPARE_EMBED_HEIGHT = embedHeight(COMPARE_CHART_HEIGHT) + 60;
