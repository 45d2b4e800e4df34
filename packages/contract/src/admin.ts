import { z } from 'zod';
import { UserSchema } from './auth';
import { PageQuerySchema, paginatedSchema } from './common';
import { CONTACT_REASONS } from './contact';
import { body, choice, paragraphs, text } from './fields';

/*
 * The staff's back-office (/amministrazione; docs/decisions/056-staff-back-office.md). Every route is for
 * staff accounts only: 401 without a session, 403 for anyone else. Every change is written to the audit
 * log in the transaction that makes it.
 */

/** Which licences a list shows: the pending queue (the default), or all users of one status. */
export const LICENSE_FILTERS = ['pending', 'active', 'inactive', 'all'] as const;
export type LicenseFilter = (typeof LICENSE_FILTERS)[number];

/** GET /api/admin/licenses/: users by licence status, optionally searched by name, e-mail or organisation. */
export const LicenseListQuerySchema = PageQuerySchema.extend({
  status: choice(LICENSE_FILTERS).default('pending'),
  search: text(100, { blank: true }).optional(),
}).strict();
export type LicenseListQuery = z.infer<typeof LicenseListQuerySchema>;

/** A user as the licence queue shows them: who, for what, the history of their licence, and since when. */
export const LicenseHolderSchema = UserSchema.omit({ isStaff: true }).extend({
  createdAt: z.string().describe('ISO 8601, registration'),
});
export type LicenseHolder = z.infer<typeof LicenseHolderSchema>;
export const LicenseListSchema = paginatedSchema(LicenseHolderSchema);
export type LicenseList = z.infer<typeof LicenseListSchema>;

/** The staff's decisions on a licence, as the path names them: /api/admin/licenses/{pk}/{decision}/. */
export const LICENSE_DECISIONS = ['approve', 'reject', 'revoke'] as const;
export type LicenseDecision = (typeof LICENSE_DECISIONS)[number];

/** POST …/approve/, /api/admin/contact-messages/{id}/handled/ and /api/admin/mail/{id}/retry/: empty body. */
export const EmptyBodySchema = body({});
/** POST …/reject/ and …/revoke/: the reason, which the user reads in the mail and on their profile. */
export const LicenseReasonBodySchema = body({ reason: paragraphs(1000) });
export type LicenseReasonBody = z.infer<typeof LicenseReasonBodySchema>;

/** What the audit log records, with the labels the back-office shows. */
export const AUDIT_ACTIONS = [
  'license.approve',
  'license.reject',
  'license.revoke',
  'contact.handled',
  'mail.retry',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'license.approve': 'Licenza approvata',
  'license.reject': 'Richiesta di licenza rifiutata',
  'license.revoke': 'Licenza revocata',
  'contact.handled': 'Messaggio di contatto gestito',
  'mail.retry': 'Invio di un’email ritentato',
};

/** GET /api/admin/audit/: newest first. */
export const AuditQuerySchema = PageQuerySchema.extend({
  action: choice(AUDIT_ACTIONS).optional(),
}).strict();
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO 8601'),
  actor: z.string().describe("the staff member's e-mail, or 'riga di comando' for the admin CLI"),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string().describe('the e-mail of the user concerned, as it was then'),
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = paginatedSchema(AuditEntrySchema);
export type AuditList = z.infer<typeof AuditListSchema>;

/** GET /api/admin/contact-messages/: the contact form's inbox, newest first; open (not handled) by default. */
export const CONTACT_INBOX_STATES = ['open', 'handled', 'all'] as const;
export const ContactInboxQuerySchema = PageQuerySchema.extend({
  state: choice(CONTACT_INBOX_STATES).default('open'),
  reason: choice(CONTACT_REASONS).optional(),
}).strict();
export type ContactInboxQuery = z.infer<typeof ContactInboxQuerySchema>;

export const ContactMessageSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  reason: z.enum(CONTACT_REASONS),
  message: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  handledAt: z.string().nullable().describe('ISO 8601, when a staff member marked it handled'),
  handledBy: z.string().nullable().describe("that staff member's e-mail"),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export const ContactInboxSchema = paginatedSchema(ContactMessageSchema);
export type ContactInbox = z.infer<typeof ContactInboxSchema>;

/** GET /api/admin/mail/: the outbox, newest first, by status. */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export const MAIL_STATUS_LABELS: Record<(typeof MAIL_STATUSES)[number], string> = {
  pending: 'In coda',
  sending: 'In invio',
  sent: 'Inviata',
  failed: 'Non recapitata',
};
export const MailOutboxQuerySchema = PageQuerySchema.extend({
  status: choice([...MAIL_STATUSES, 'all']).default('all'),
}).strict();
export type MailOutboxQuery = z.infer<typeof MailOutboxQuerySchema>;

export const OutboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable().describe('the error of the last failed attempt'),
  createdAt: z.string().describe('ISO 8601'),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().describe('ISO 8601, the next attempt of a pending message'),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;
export const MailOutboxSchema = paginatedSchema(OutboxMailSchema);
export type MailOutbox = z.infer<typeof MailOutboxSchema>;
