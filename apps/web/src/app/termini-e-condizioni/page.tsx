import type { Metadata } from 'next';
import { LegalPage } from '../../components/legal/legal-page';
import { messages } from '../../lib/messages';

export const metadata: Metadata = {
  title: messages.legal.termsTitle,
  description: messages.legal.termsDescription,
};

export default function TermsPage() {
  return <LegalPage title={messages.legal.termsTitle} document="terms-and-conditions" />;
}
