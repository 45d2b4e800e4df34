import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { AppShell } from '../components/shell/app-shell';
import { MAIL_LINK_SCRIPT } from '../lib/mail-link';
import { messages } from '../lib/messages';
import { publicOrigin } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import './globals.css';
import '../components/shell/shell.css';

/**
 * Every page: absolute addresses from PUBLIC_URL, its canonical link, and Open Graph tags whose title and
 * description Next.js fills from the page's own (a page that sets `openGraph` itself replaces these).
 * The icons and the preview image are the files icon.svg, apple-icon.png and opengraph-image.png.
 */
export async function generateMetadata(): Promise<Metadata> {
  const { canonical, indexable } = await pageSeo();
  return {
    metadataBase: publicOrigin(),
    title: { template: `%s | ${messages.portalName}`, default: messages.portalName },
    description: messages.home.metaDescription,
    ...(canonical ? { alternates: { canonical } } : {}),
    openGraph: {
      type: 'website',
      siteName: messages.portalName,
      locale: 'it_IT',
      ...(canonical ? { url: canonical } : {}),
    },
    ...(indexable ? {} : { robots: { index: false, follow: false } }),
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
};

/**
 * The same for every visitor: the session and the cookie choice are found in the browser (AppShell). The
 * one inline script of the head takes a mail link's key out of the address before any other script of
 * the page runs, the tag manager's included (lib/mail-link.ts; the CSP allows it by its hash).
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="it">
      <head>
        <script dangerouslySetInnerHTML={{ __html: MAIL_LINK_SCRIPT }} />
      </head>
      <body>
        <AppShell>{children}</AppShell>
      </body>
    </html>
  );
}
