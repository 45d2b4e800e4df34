import type { Metadata } from 'next';
import { LegalPage } from '../../components/legal/legal-page';
import { messages } from '../../lib/messages';

export const metadata: Metadata = {
  title: messages.legal.cookieTitle,
  description: messages.legal.cookieDescription,
};

export default function CookiePage() {
  return <LegalPage title={messages.legal.cookieTitle} document="cookie-policy" />;
}
