import { z } from 'zod';
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
export const PRIVACY_REQUIRED_MESSAGE =
  'Prima di inviare, conferma di aver letto e accettato la nostra Privacy Policy.';

export const ContactBodySchema = body({
  firstName: personName(),
  lastName: personName(),
  email: emailField(),
  reason: choice(CONTACT_REASONS),
  message: paragraphs(5000),
  privacy: z.literal(true, { error: () => PRIVACY_REQUIRED_MESSAGE }),
  recaptcha: text(4096).optional(),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;
