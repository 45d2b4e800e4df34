import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Compare } from '../../components/compare/compare';
import { loadCompareFor } from '../../components/compare/compare-data.server';
import { compareHref, parseCompareState, type SearchParams } from '../../components/compare/compare-state';
import { compareMessages as t } from '../../components/compare/messages';

// Rendered per request from the API for the territories in the URL (and kept by the shared page cache).
export const dynamic = 'force-dynamic';

interface ComparePageProps {
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ searchParams }: ComparePageProps): Promise<Metadata> {
  const data = await loadCompareFor(JSON.stringify(await searchParams));
  const names = data.areas.filter((a) => a.loaded).map((a) => a.name);
  return {
    title: names.length ? t.metaTitleAreas(names) : t.metaTitle,
    description: t.metaDescription,
  };
}

export default async function ComparePage({ searchParams }: ComparePageProps) {
  const params = await searchParams;
  const state = parseCompareState(params);
  // A form added a territory (?aree=…&aggiungi=regione:05): the comparison's own address, to keep and share.
  if (state.adding) redirect(compareHref(state));
  return <Compare data={await loadCompareFor(JSON.stringify(params))} />;
}
