import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CompareEmbedPanel } from '../../../components/compare/compare-embed-panel';
import { COMPARE_PATH } from '../../../components/compare/compare-state';
import { compareMessages } from '../../../components/compare/messages';
import {
  compareFullHref,
  compareSourceText,
  compareTerritoryText,
  loadCompareEmbed,
} from '../../../components/embeds/compare-embed.server';
import { EmbedFrame } from '../../../components/embeds/embed-frame';
import { embedMessages as t } from '../../../components/embeds/messages';
import { embedPath } from '../../../lib/embeds';
import { publicOrigin } from '../../../lib/seo';

// Rendered per request from the API for the territories of the address (the page cache keeps it per URL).
export const dynamic = 'force-dynamic';

type SearchParams = Record<string, string | string[] | undefined>;

interface EmbedPageProps {
  searchParams: Promise<SearchParams>;
}

/** The comparison's parameters of the address, as /confronta reads them, in its own form: the loader's key. */
async function queryOf(props: EmbedPageProps): Promise<string> {
  const params = await props.searchParams;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(name, v);
  return embedPath('confronta', null, search).split('?')[1] ?? '';
}

export async function generateMetadata(props: EmbedPageProps): Promise<Metadata> {
  const data = await loadCompareEmbed(await queryOf(props));
  if (!data) return { title: t.notFound.title, robots: { index: false, follow: false } };
  return {
    title: t.metaTitle(
      compareMessages.chart.heading[data.state.measure],
      compareMessages.chart.names(data.table.columns.map((c) => c.name)),
    ),
    robots: { index: false, follow: true },
    // Comparisons are views of the one page /confronta (lib/seo.ts, canonicalPath).
    alternates: { canonical: COMPARE_PATH },
  };
}

/** /embed/confronta?aree=&misura=: the chart of /confronta alone, for the same territories and measure. */
export default async function CompareEmbedPage(props: EmbedPageProps) {
  const data = await loadCompareEmbed(await queryOf(props));
  if (!data) notFound();
  return (
    <EmbedFrame
      territory={compareTerritoryText(data)}
      source={compareSourceText(data)}
      href={new URL(compareFullHref(data), publicOrigin()).toString()}
      shrinkable
    >
      <CompareEmbedPanel table={data.table} measure={data.state.measure} />
    </EmbedFrame>
  );
}
