import { z } from 'zod';
import { CONTRACT_MESSAGES, say } from './messages';
import { body, choice, emailField, paragraphs, personName, text } from './fields';

/** The four reasons of the contact form, with the labels the form shows. */
export const CONTACT_REASONS = [
  'local_prevention',
  'separate_collection',
  'platform_report',
  'other',
] as const;
export const CONTACT_REASON_LABELS: Record<(typeof CONTACT_REASONS)[number], string> = {
  local_prevention: 'Prevenzione locale',
  separate_collection: 'Raccolta differenziata',
  platform_report: 'Segnalazione sulla piattaforma',
  other: 'Altro',
};
/** The privacy checkbox's message, which the web form shows itself (in Italian). */
export const PRIVACY_REQUIRED_MESSAGE = CONTRACT_MESSAGES.privacyRequired.it;

export const ContactBodySchema = body({
  firstName: personName(),
  lastName: personName(),
  email: emailField(),
  reason: choice(CONTACT_REASONS),
  message: paragraphs(5000),
  privacy: z.literal(true, say('privacyRequired')),
  recaptcha: text(4096).optional(),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;
