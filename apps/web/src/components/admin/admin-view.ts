import {
  AUDIT_ACTION_LABELS,
  CONTACT_REASON_LABELS,
  MAIL_STATUS_LABELS,
  ORGANIZATION_TYPE_LABELS,
  type AuditAction,
  type AuditEntry,
  type ContactInboxQuery,
  type ContactMessage,
  type LicenseDecision,
  type LicenseFilter,
  type LicenseHolder,
  type LicenseStatus,
  type MailOutboxQuery,
  type OutboxMail,
} from '@portal/contract';
import { messages } from '../../lib/messages';
import { adminMessages } from './messages';

/**
 * What the back-office shows, as pure functions: which decisions a licence allows, how a row and an
 * audit entry read, the pages of a list. Dates and times are Italy's, whatever the browser's time zone.
 */

const dateFormat = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Rome',
});
const dateTimeFormat = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
});

function formatWith(format: Intl.DateTimeFormat, iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format.format(date);
}

/** "04/03/2026", or null for no (or no valid) date. */
export const formatDate = (iso: string | null) => formatWith(dateFormat, iso);
/** "04/03/2026, 11:00", or null for no (or no valid) date. */
export const formatDateTime = (iso: string | null) => formatWith(dateTimeFormat, iso);

/** The staff's decisions a licence in this status allows, in the order the row shows them. */
export function licenseActions(status: LicenseStatus): LicenseDecision[] {
  if (status === 'pending') return ['approve', 'reject'];
  if (status === 'inactive') return ['approve'];
  return ['revoke'];
}

/** Whether a decision needs the reason the user will read (a rejection, a revocation). */
export function needsReason(decision: LicenseDecision): boolean {
  return decision !== 'approve';
}

/** Whether a user whose licence now has `status` is still in the list of `filter`. */
export function staysInList(filter: LicenseFilter, status: LicenseStatus): boolean {
  return filter === 'all' || filter === status;
}

/** "Mario Rossi", or the address when the profile has no name. */
export function holderName(holder: Pick<LicenseHolder, 'firstName' | 'lastName' | 'email'>): string {
  return `${holder.firstName} ${holder.lastName}`.trim() || holder.email;
}

/** The organisation and what kind it is ("Pubblica amministrazione"); null parts when not given. */
export function holderOrganization(holder: Pick<LicenseHolder, 'organization' | 'organizationType'>): {
  name: string | null;
  type: string | null;
} {
  return {
    name: holder.organization.trim() || null,
    type: holder.organizationType ? ORGANIZATION_TYPE_LABELS[holder.organizationType] : null,
  };
}

/** The last decision on an inactive licence, for the Stato column: "Revocata il …" or "Rifiutata il …". */
export function lastDecisionNote(
  holder: Pick<LicenseHolder, 'licenseStatus' | 'licenseRevokedAt' | 'licenseRejectedAt'>,
): string | null {
  if (holder.licenseStatus !== 'inactive') return null;
  const revokedOn = formatDate(holder.licenseRevokedAt);
  if (revokedOn) return adminMessages.licenses.revokedOn(revokedOn);
  const rejectedOn = formatDate(holder.licenseRejectedAt);
  return rejectedOn ? adminMessages.licenses.rejectedOn(rejectedOn) : null;
}

/** Under the request's date: the version of the data-use commitment accepted with it ("Impegno v. …"). */
export function commitmentNote(holder: Pick<LicenseHolder, 'licenseTermsVersion'>): string | null {
  const version = holder.licenseTermsVersion?.trim();
  return version ? adminMessages.licenses.termsVersion(version) : null;
}

/** What the audit log records before and after each action, with its labels ('active' → "Attiva"). */
const AUDIT_VALUE_LABELS: Record<AuditAction, Readonly<Record<string, string>>> = {
  'license.approve': messages.license.status,
  'license.reject': messages.license.status,
  'license.revoke': messages.license.status,
  'contact.handled': { open: adminMessages.contact.open, handled: adminMessages.contact.handled },
  'mail.retry': MAIL_STATUS_LABELS,
};

/** The label of a value the audit log recorded for `action`; unknown values as they are. */
function auditValueLabel(action: AuditAction, value: string | null): string {
  if (value === null) return adminMessages.none;
  const labels = AUDIT_VALUE_LABELS[action] as Readonly<Record<string, string>> | undefined;
  return labels && Object.hasOwn(labels, value) ? labels[value]! : value;
}

export interface AuditRow {
  id: number;
  at: string;
  when: string;
  who: string;
  action: string;
  target: string;
  /** "In attesa → Attiva" */
  change: string;
  /** The same, for a screen reader: "da In attesa a Attiva". */
  changeLabel: string;
  reason: string;
}

/** One entry of the audit log as its table shows it. */
export function auditRow(entry: AuditEntry): AuditRow {
  const before = auditValueLabel(entry.action, entry.before);
  const after = auditValueLabel(entry.action, entry.after);
  return {
    id: entry.id,
    at: entry.at,
    when: formatDateTime(entry.at) ?? entry.at,
    who: entry.actor,
    action: AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
    target: entry.target,
    change: `${before} → ${after}`,
    changeLabel: adminMessages.audit.changeLabel(before, after),
    reason: entry.reason?.trim() || adminMessages.none,
  };
}

/** The label of a contact form's reason ("Altro"); an unknown one as it is. */
export function contactReasonLabel(reason: string): string {
  return Object.hasOwn(CONTACT_REASON_LABELS, reason)
    ? CONTACT_REASON_LABELS[reason as keyof typeof CONTACT_REASON_LABELS]
    : reason;
}

/** The Stato column of a contact message: "Da gestire", or "Gestito il 05/03/2026, 10:15 da …". */
export function contactStatus(message: Pick<ContactMessage, 'handledAt' | 'handledBy'>): string {
  if (!message.handledAt) return adminMessages.contact.open;
  const when = formatDateTime(message.handledAt);
  return when ? adminMessages.contact.handledOn(when, message.handledBy) : adminMessages.contact.handled;
}

/** What a contact message's row allows: marking it handled while it is open. */
export function contactActions(message: Pick<ContactMessage, 'handledAt'>): 'handled'[] {
  return message.handledAt ? [] : ['handled'];
}

/** Whether a message, handled or not, is still in the list of `state`. */
export function contactStaysInList(state: ContactInboxQuery['state'], handled: boolean): boolean {
  return state === 'all' || state === (handled ? 'handled' : 'open');
}

/**
 * The Stato column of an outgoing mail: its label ("Non recapitata") and, under it, the last error of a
 * failed one or, for one still queued after failed attempts, how many and when the next is.
 */
export function mailStatus(mail: Pick<OutboxMail, 'status' | 'attempts' | 'lastError' | 'nextAttemptAt'>): {
  label: string;
  note: string | null;
} {
  const label = MAIL_STATUS_LABELS[mail.status] ?? mail.status;
  if (mail.status === 'failed') return { label, note: mail.lastError?.trim() || null };
  if (mail.status === 'pending' && mail.attempts > 0) {
    const next = formatDateTime(mail.nextAttemptAt);
    return { label, note: next ? adminMessages.mail.nextAttempt(mail.attempts, next) : null };
  }
  return { label, note: null };
}

/** What an outgoing mail's row allows: trying again one that could not be delivered. */
export function mailActions(mail: Pick<OutboxMail, 'status'>): 'retry'[] {
  return mail.status === 'failed' ? ['retry'] : [];
}

/** Whether a mail now in `status` is still in the list of `filter`. */
export function mailStaysInList(filter: MailOutboxQuery['status'], status: OutboxMail['status']): boolean {
  return filter === 'all' || filter === status;
}

/** The pages of a list of `count` items: how many, and whether there is one before and after `page`. */
export function pageInfo(
  count: number,
  page: number,
  pageSize: number,
): { pages: number; hasPrevious: boolean; hasNext: boolean } {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return { pages, hasPrevious: page > 1, hasNext: page < pages };
}

/** The page to show after a decision took a user out of the list: the previous one when it emptied this. */
export function pageAfterRemoval(page: number, rowsOnPage: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}
