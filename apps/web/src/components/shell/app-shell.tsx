import type { User } from '@portal/contract';
import type { ReactNode } from 'react';
import { messages } from '../../lib/messages';
import { AuthModalsProvider } from './auth-modals';
import { CookieBanner } from './cookie-banner';
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
        <a href="#main" className="skip-link">
          {messages.skipToContent}
        </a>
        <SiteHeader />
        <main id="main" className="container site-main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <FeedbackTab />
        <CookieBanner initialChoice={consent} />
      </AuthModalsProvider>
    </SessionProvider>
  );
}
