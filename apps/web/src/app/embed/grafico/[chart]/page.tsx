import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EmbedFrame } from '../../../../components/embeds/embed-frame';
import { embedMessages as t } from '../../../../components/embeds/messages';
import {
  loadStatEmbed,
  statSourceText,
  statTerritoryText,
} from '../../../../components/embeds/stat-embed.server';
import { explorerHref } from '../../../../components/explorer/explorer-state';
import { explorerMessages } from '../../../../components/explorer/messages';
import { serverPanels } from '../../../../components/explorer/stat-panels-server';
import { statPanelsById } from '../../../../components/explorer/stat-panels';
import { embedPath, isStatChart, type StatChartId } from '../../../../lib/embeds';
import { publicOrigin } from '../../../../lib/seo';

// Rendered per request from the API for the address (the page cache keeps it per URL, like the explorer).
export const dynamic = 'force-dynamic';

type SearchParams = Record<string, string | string[] | undefined>;

interface EmbedPageProps {
  params: Promise<{ chart: string }>;
  searchParams: Promise<SearchParams>;
}

/** The explorer's parameters of the address, first values only, in a fixed order: the loader's key. */
async function queryOf(props: EmbedPageProps): Promise<{ chart: StatChartId; query: string } | null> {
  const [{ chart }, params] = await Promise.all([props.params, props.searchParams]);
  if (!isStatChart(chart)) return null;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) search.set(name, first);
  }
  return { chart, query: embedPath('grafico', chart, search).split('?')[1] ?? '' };
}

const TITLES: Record<StatChartId, string> = {
  frazioni: explorerMessages.charts.fractions,
  andamento: explorerMessages.charts.trend,
  tonnellate: explorerMessages.charts.tonnes,
  'pro-capite': explorerMessages.charts.perCapita,
  modalita: explorerMessages.charts.modes,
  azioni: explorerMessages.charts.actions,
  combinazioni: explorerMessages.charts.sets,
};

/** The charts over the years: lines, which may be drawn lower on a narrow column (EmbedFrame). */
const LINE_CHARTS: ReadonlySet<StatChartId> = new Set(['andamento', 'tonnellate', 'pro-capite']);

export async function generateMetadata(props: EmbedPageProps): Promise<Metadata> {
  const asked = await queryOf(props);
  const embed = asked && (await loadStatEmbed(asked.query));
  if (!asked || !embed) return { title: t.notFound.title, robots: { index: false, follow: false } };
  return {
    title: t.metaTitle(TITLES[asked.chart], statTerritoryText(asked.chart, embed.stats)),
    // A view of the explorer's page, which is the one to index.
    robots: { index: false, follow: true },
    // The territory's page, years left out (lib/seo.ts, canonicalPath).
    alternates: {
      canonical: explorerHref({
        region: embed.state.region,
        province: embed.state.province,
        city: embed.state.city,
      }),
    },
  };
}

/** /embed/grafico/<chart>?regione=&provincia=&comune=&anno=&confronto=: one chart of the explorer, alone. */
export default async function StatEmbedPage(props: EmbedPageProps) {
  const asked = await queryOf(props);
  if (!asked) notFound();
  const embed = await loadStatEmbed(asked.query);
  if (!embed) notFound();
  const { stats, state } = embed;
  const panel = statPanelsById(stats, {
    download: null,
    cityModes: serverPanels(stats, null, true).cityModes,
    embedded: true,
  })[asked.chart];
  // A chart the territory does not have (a comune's fraction sets, tonnes of a single year).
  if (!panel) notFound();
  return (
    <EmbedFrame
      territory={statTerritoryText(asked.chart, stats)}
      source={statSourceText(asked.chart, stats)}
      href={new URL(explorerHref(state), publicOrigin()).toString()}
      shrinkable={LINE_CHARTS.has(asked.chart)}
    >
      {panel}
    </EmbedFrame>
  );
}
