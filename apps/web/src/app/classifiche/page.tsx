import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { rankingsMessages as t } from '../../components/rankings/messages';
import { loadRankingsFor } from '../../components/rankings/rankings-data.server';
import { activeFilters, rankingsHeading, RankingsPage } from '../../components/rankings/rankings-page';
import {
  rankingsSearch,
  withoutEmptyParams,
  type SearchParams,
} from '../../components/rankings/rankings-state';

// Rendered per request from the API for the state in the URL (the shared page cache keeps each URL's page).
export const dynamic = 'force-dynamic';

interface RankingsPageProps {
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ searchParams }: RankingsPageProps): Promise<Metadata> {
  const params = await searchParams;
  if (withoutEmptyParams(params) !== null) return {};
  const data = await loadRankingsFor(rankingsSearch(params));
  if (data.missing) return {};
  const filters = activeFilters(data);
  return {
    title: `${rankingsHeading(data)}${filters.length ? ` (${filters.join(', ')})` : ''}`,
    description: t.metaDescription,
  };
}

export default async function ClassifichePage({ searchParams }: RankingsPageProps) {
  const params = await searchParams;
  // The form's empty choices ("Tutta Italia", "Tutte le fasce") leave the URL.
  const cleaned = withoutEmptyParams(params);
  if (cleaned !== null) redirect(cleaned);
  const data = await loadRankingsFor(rankingsSearch(params));
  // An unknown region or province: 404, and app/not-found.tsx names what was asked.
  if (data.missing) notFound();
  return <RankingsPage data={data} />;
}
