import type { User } from '@portal/contract';
import type { ReactNode } from 'react';
import { messages } from '../../lib/messages';
import { AuthModalsProvider } from './auth-modals';
import { CookieConsent } from './cookie-banner';
import { FeedbackTab } from './feedback-tab';
import { SessionProvider } from './session-provider';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Everything around the pages: session, modals, header, footer, feedback tab, cookie banner. */
export function AppShell({
  user,
  consent,
  children,
}: {
  user: User | null;
  consent: string | null;
  children: ReactNode;
}) {
  return (
    <SessionProvider initialUser={user}>
      <AuthModalsProvider>
        <CookieConsent initialChoice={consent}>
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
