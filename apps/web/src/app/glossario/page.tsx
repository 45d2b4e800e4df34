import type { Metadata } from 'next';
import { partialMark } from '../../../server/page-partial.mjs';
import { Glossary } from '../../components/explorer/glossary';
import { loadGlossary } from '../../components/explorer/glossary-data.server';
import { glossaryMessages as t } from '../../components/explorer/messages';

// The fractions, modes and categories are read from the API at request time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: t.metaTitle,
  description: t.metaDescription,
};

export default async function GlossaryPage() {
  const { groups, partial } = await loadGlossary();
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {partial && (
        // Some lists could not be read (an API call failed): marked for the page cache.
        <p role="status" {...partialMark('glossary')}>
          {t.partial}
        </p>
      )}
      <Glossary groups={groups} />
    </>
  );
}
