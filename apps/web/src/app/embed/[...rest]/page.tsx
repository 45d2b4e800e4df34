import { notFound } from 'next/navigation';

/** Any other address under /embed/: the embeds' own 404 (not-found.tsx), without the site's shell. */
export default function UnknownEmbed(): never {
  notFound();
}
