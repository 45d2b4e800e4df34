import type { Metadata, Viewport } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { AppShell } from '../components/shell/app-shell';
import { CONSENT_COOKIE } from '../components/shell/consent';
import { messages } from '../lib/messages';
import { publicOrigin } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { getServerSession } from '../lib/session.server';
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

/** The session is read while rendering, so the header is right on first paint (no logged-out flash). */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const { user } = await getServerSession();
  const consent = (await cookies()).get(CONSENT_COOKIE)?.value ?? null;
  return (
    <html lang="it">
      <body>
        <AppShell user={user} consent={consent}>
          {children}
        </AppShell>
      </body>
    </html>
  );
}
