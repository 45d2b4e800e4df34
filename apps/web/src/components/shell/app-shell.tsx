'use client';

import { useSelectedLayoutSegment } from 'next/navigation';
import type { ReactNode } from 'react';
import { messages } from '../../lib/messages';
import { AuthModalsProvider } from './auth-modals';
import { CookieConsent } from './cookie-banner';
import { FeedbackTab } from './feedback-tab';
import { SessionProvider } from './session-provider';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Everything around the pages: session, modals, header, footer, feedback tab, cookie banner. Nothing here
 * depends on the visitor on the server: the session and the cookie choice are read in the browser, so a
 * page's HTML is the same for everyone and can be cached (docs/decisions/053-shared-page-cache.md).
 *
 * The embeds (/embed/…, a chart framed by another site) get none of it: no header, footer, banner, feedback
 * tab or session, only their page (app/embed/layout.tsx). The first segment of the address decides, on the
 * server as in the browser (docs/decisions/062-embeds.md).
 */
export function AppShell({ children }: { children: ReactNode }) {
  if (useSelectedLayoutSegment() === 'embed') return children;
  return (
    <SessionProvider>
      <AuthModalsProvider>
        <CookieConsent>
          <a href="#main" className="skip-link">
            {messages.skipToContent}
          </a>
          <SiteHeader />
          <main id="main" className="container site-main" tabIndex={-1}>
            {children}
          </main>
          {/* Before the footer: on narrow screens the tab sits on the footer's top edge (shell.css). */}
          <FeedbackTab />
          <SiteFooter />
        </CookieConsent>
      </AuthModalsProvider>
    </SessionProvider>
  );
}
