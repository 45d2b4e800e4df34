import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { messages } from '../lib/messages';
import './globals.css';

export const metadata: Metadata = {
  title: { template: `%s | ${messages.portalName}`, default: messages.portalName },
  description: messages.home.metaDescription,
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="it">
      <body>
        <a href="#main" className="skip-link">
          {messages.skipToContent}
        </a>
        <SiteHeader />
        <main id="main" className="container site-main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
