import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { NotFoundContent } from '../components/explorer/territory-not-found';
import { messages } from '../lib/messages';

export const metadata: Metadata = {
  title: { absolute: `${messages.notFound.title} | ${messages.portalName}` },
};

export default function NotFound() {
  const generic = (
    <>
      <h1>{messages.notFound.title}</h1>
      <p>{messages.notFound.body}</p>
      <p>
        <Link href="/">{messages.notFound.backHome}</Link>
      </p>
    </>
  );
  // The search parameters are read in the browser's URL: the prerendered 404 of unknown paths has none.
  return (
    <Suspense fallback={generic}>
      <NotFoundContent generic={generic} />
    </Suspense>
  );
}
