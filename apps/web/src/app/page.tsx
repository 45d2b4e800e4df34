import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Explorer } from '../components/explorer/explorer';
import { loadExplorerFor } from '../components/explorer/explorer-data.server';
import { explorerHref, parseExplorerState, type SearchParams } from '../components/explorer/explorer-state';
import { explorerMessages } from '../components/explorer/messages';
import { messages } from '../lib/messages';

// Rendered per request from the API for the state in the URL; never prerendered at build time.
export const dynamic = 'force-dynamic';

interface HomePageProps {
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ searchParams }: HomePageProps): Promise<Metadata> {
  const data = await loadExplorerFor(explorerHref(parseExplorerState(await searchParams)));
  if (data.missing)
    return { title: { absolute: `${explorerMessages.notFound.title} | ${messages.portalName}` } };
  // The layout's title template applies to nested segments only, not to pages of the root segment.
  const title =
    data.level === 'country' ? messages.home.metaTitle : explorerMessages.metaTitleArea(data.areaName);
  return {
    title: { absolute: `${title} | ${messages.portalName}` },
    description: messages.home.metaDescription,
  };
}

export default async function HomePage({ searchParams }: HomePageProps) {
  const data = await loadExplorerFor(explorerHref(parseExplorerState(await searchParams)));
  // An unknown region, province or comune: 404, and app/not-found.tsx names what was asked.
  if (data.missing) notFound();
  return <Explorer data={data} />;
}
