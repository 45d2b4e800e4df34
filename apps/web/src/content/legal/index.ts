import { cookiePolicy } from './cookie-policy';
import { privacyPolicy } from './privacy-policy';
import { termsAndConditions } from './terms-and-conditions';

/** The legal documents of the portal; the names are also the path segments of LEGAL_TEXT_URL. */
export const LEGAL_DOCUMENTS = ['terms-and-conditions', 'privacy-policy', 'cookie-policy'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** The bundled Italian texts, shown when no legal-text service is configured or it does not answer. */
export const bundledLegalTexts: Record<LegalDocument, string> = {
  'terms-and-conditions': termsAndConditions,
  'privacy-policy': privacyPolicy,
  'cookie-policy': cookiePolicy,
};
