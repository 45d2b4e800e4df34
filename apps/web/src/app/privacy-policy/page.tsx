import type { Metadata } from 'next';
import { LegalPage } from '../../components/legal/legal-page';
import { messages } from '../../lib/messages';

export const metadata: Metadata = {
  title: messages.legal.privacyTitle,
  description: messages.legal.privacyDescription,
};

export default function PrivacyPage() {
  return <LegalPage title={messages.legal.privacyTitle} document="privacy-policy" />;
}
