import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EmbedFrame } from '../../../../components/embeds/embed-frame';
import { embedMessages as t } from '../../../../components/embeds/messages';
import { loadRvmEmbed } from '../../../../components/embeds/rvm-embed.server';
import { rvmMessages } from '../../../../components/rvm/messages';
import { RvmChartPanel } from '../../../../components/rvm/rvm-charts';
import { rvmHref } from '../../../../components/rvm/rvm-state';
import { embedPath, isRvmChart, type RvmChartId } from '../../../../lib/embeds';
import { publicOrigin } from '../../../../lib/seo';

// Rendered per request from the API for the address (the page cache keeps it per URL).
export const dynamic = 'force-dynamic';

type SearchParams = Record<string, string | string[] | undefined>;

interface EmbedPageProps {
  params: Promise<{ chart: string }>;
  searchParams: Promise<SearchParams>;
}

/** The page's filters of the address, first values only, in a fixed order: the loader's key. */
async function queryOf(props: EmbedPageProps): Promise<{ chart: RvmChartId; query: string } | null> {
  const [{ chart }, params] = await Promise.all([props.params, props.searchParams]);
  if (!isRvmChart(chart)) return null;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) search.set(name, first);
  }
  return { chart, query: embedPath('ecocompattatori', chart, search).split('?')[1] ?? '' };
}

const TITLES: Record<RvmChartId, string> = {
  andamento: rvmMessages.charts.trend,
  gestori: rvmMessages.charts.byOperator,
  regioni: rvmMessages.charts.byRegion,
  comuni: rvmMessages.charts.byCity,
};

export async function generateMetadata(props: EmbedPageProps): Promise<Metadata> {
  const asked = await queryOf(props);
  const embed = asked && (await loadRvmEmbed(asked.chart, asked.query));
  if (!asked || !embed) return { title: t.notFound.title, robots: { index: false, follow: false } };
  return {
    title: t.metaTitle(`${t.frame.rvm}: ${TITLES[asked.chart].toLowerCase()}`, embed.scope),
    robots: { index: false, follow: true },
    // Its filters are views of the one page /ecocompattatori (lib/seo.ts, canonicalPath).
    alternates: { canonical: rvmHref({}) },
  };
}

/** /embed/ecocompattatori/<chart>?regione=&provincia=&gestore=&anno=: one chart of /ecocompattatori. */
export default async function RvmEmbedPage(props: EmbedPageProps) {
  const asked = await queryOf(props);
  if (!asked) notFound();
  const embed = await loadRvmEmbed(asked.chart, asked.query);
  if (!embed) notFound();
  return (
    <EmbedFrame
      territory={`${t.frame.rvm}: ${embed.scope}`}
      source={t.frame.rvmSource}
      href={new URL(rvmHref(embed.state), publicOrigin()).toString()}
      shrinkable={asked.chart === 'andamento'}
    >
      <RvmChartPanel data={embed.data} scope={embed.scope} />
    </EmbedFrame>
  );
}
