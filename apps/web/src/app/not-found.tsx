import type { Metadata } from 'next';
import Link from 'next/link';
import { messages } from '../lib/messages';

export const metadata: Metadata = {
  title: { absolute: `${messages.notFound.title} | ${messages.portalName}` },
};

export default function NotFound() {
  return (
    <>
      <h1>{messages.notFound.title}</h1>
      <p>{messages.notFound.body}</p>
      <p>
        <Link href="/">{messages.notFound.backHome}</Link>
      </p>
    </>
  );
}
