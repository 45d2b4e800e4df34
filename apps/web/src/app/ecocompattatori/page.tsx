import type { Metadata } from 'next';
import { rvmMessages as t } from '../../components/rvm/messages';
import { RvmPage } from '../../components/rvm/rvm-page';
import { loadRvmData } from '../../components/rvm/rvm-data.server';
import { parseRvmState } from '../../components/rvm/rvm-state';

// Rendered per request from the API (the filters live in the URL); never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: t.metaTitle,
  description: t.metaDescription,
};

export default async function EcocompattatoriPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const data = await loadRvmData(parseRvmState(await searchParams));
  return <RvmPage data={data} />;
}
