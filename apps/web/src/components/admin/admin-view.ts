import {
  AUDIT_ACTION_LABELS,
  ORGANIZATION_TYPE_LABELS,
  type AuditEntry,
  type LicenseDecision,
  type LicenseFilter,
  type LicenseHolder,
  type LicenseStatus,
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

/** The label of a licence status the audit log recorded ('active' → "Attiva"); unknown values as they are. */
function statusLabel(value: string | null): string {
  if (value === null) return adminMessages.none;
  return Object.hasOwn(messages.license.status, value)
    ? messages.license.status[value as LicenseStatus]
    : value;
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
  const before = statusLabel(entry.before);
  const after = statusLabel(entry.after);
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
