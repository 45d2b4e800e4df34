import type { Metadata, Viewport } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { AppShell } from '../components/shell/app-shell';
import { CONSENT_COOKIE } from '../components/shell/consent';
import { messages } from '../lib/messages';
import { getServerSession } from '../lib/session.server';
import './globals.css';
import '../components/shell/shell.css';

export const metadata: Metadata = {
  title: { template: `%s | ${messages.portalName}`, default: messages.portalName },
  description: messages.home.metaDescription,
};

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
