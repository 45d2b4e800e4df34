import {
  AUDIT_ACTION_LABELS,
  CONTACT_REASON_LABELS,
  MAIL_STATUS_LABELS,
  downloadQueryPairs,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_FILES,
  ORGANIZATION_TYPE_LABELS,
  type AdminUser,
  type AuditAction,
  type AuditEntry,
  type ContactInboxQuery,
  type ContactMessage,
  type DOWNLOAD_FORMATS,
  type ImportResult,
  type ImportStatus,
  type LicenseDecision,
  type LicenseFilter,
  type LicenseHolder,
  type LicenseStatus,
  type MailOutboxQuery,
  type OutboxMail,
  type UserAction,
  type UserFilter,
} from '@portal/contract';
import { formatNumber } from '@portal/charts';
import { ApiError, apiUrl, toNormalizedError, type Query, type UploadProgress } from '../../lib/api';
import { formatInteger } from '../../lib/format';
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

/** `iso` written with `format`, or null for no (or no valid) date. */
export function formatWith(format: Intl.DateTimeFormat, iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format.format(date);
}

/** "04/03/2026", or null for no (or no valid) date. */
export const formatDate = (iso: string | null) => formatWith(dateFormat, iso);
/** "04/03/2026, 11:00", or null for no (or no valid) date. */
export const formatDateTime = (iso: string | null) => formatWith(dateTimeFormat, iso);

/**
 * The staff's decisions a licence allows, in the order the row shows them: by its status, without the
 * approval four eyes keep the staff member from (their own licence, or that of whom their staff access
 * comes from: decision 068), which the API would refuse.
 */
export function licenseActions(
  holder: Pick<LicenseHolder, 'licenseStatus' | 'approvalRefused'>,
): LicenseDecision[] {
  const { licenseStatus: status } = holder;
  const byStatus: LicenseDecision[] =
    status === 'pending' ? ['approve', 'reject'] : status === 'inactive' ? ['approve'] : ['revoke'];
  return holder.approvalRefused ? byStatus.filter((decision) => decision !== 'approve') : byStatus;
}

/** Why a row offers no Approva though its status would allow one (licenseActions); null otherwise. */
export function approvalRefusedNote(
  holder: Pick<LicenseHolder, 'licenseStatus' | 'approvalRefused'>,
): string | null {
  if (!holder.approvalRefused || holder.licenseStatus === 'active') return null;
  return adminMessages.licenses.approvalRefused[holder.approvalRefused];
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

/** Who a dialog speaks of: "Mario Rossi (mario@example.it)", or the address alone when there is no name. */
export function holderLabel(holder: Pick<LicenseHolder, 'firstName' | 'lastName' | 'email'>): string {
  const name = holderName(holder);
  return name === holder.email ? holder.email : `${name} (${holder.email})`;
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

/** The states of an account as the audit log records them (already Italian, in lower case). */
const ACCOUNT_STATE_LABELS: Readonly<Record<string, string>> = {
  'da verificare': 'Da verificare',
  verificato: 'Verificato',
  attivo: 'Attivo',
  disattivato: 'Disattivato',
  utente: 'Utente',
  staff: 'Staff',
};

/**
 * What the audit log records before and after each action, with its labels ('active' → "Attiva"). An
 * import records no states of ours: its values show as they are.
 */
const AUDIT_VALUE_LABELS: Record<AuditAction, Readonly<Record<string, string>>> = {
  'license.approve': messages.license.status,
  'license.reject': messages.license.status,
  'license.revoke': messages.license.status,
  'contact.handled': { open: adminMessages.contact.open, handled: adminMessages.contact.handled },
  'mail.retry': MAIL_STATUS_LABELS,
  'user.verification-resent': ACCOUNT_STATE_LABELS,
  'user.verify': ACCOUNT_STATE_LABELS,
  'user.deactivate': ACCOUNT_STATE_LABELS,
  'user.reactivate': ACCOUNT_STATE_LABELS,
  'user.grant-staff': ACCOUNT_STATE_LABELS,
  'user.remove-staff': ACCOUNT_STATE_LABELS,
  'data.import': {},
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

/*
 * Utenti: the accounts, what the staff may do to each, and how a row reads.
 */

type UserState = Pick<AdminUser, 'pk' | 'verified' | 'isStaff' | 'deactivatedAt'>;

/**
 * What an account's row allows, in the order the row shows them: the verification while the address is
 * unverified, deactivation or reactivation, staff access granted. A staff account offers neither
 * deactivation, reactivation nor removal from the staff (the operator's), and the staff member's own
 * account (`selfPk`) cannot be deactivated (the API refuses both too).
 */
export function userActions(user: UserState, selfPk: number | null): UserAction[] {
  const actions: UserAction[] = [];
  if (!user.verified) actions.push('resend-verification', 'verify');
  // A staff account's access (deactivation, reactivation, removal from the staff) is the operator's, at
  // the command line: no staff member can lock the others out (the API refuses it too; decision 068).
  if (user.isStaff) return actions;
  if (user.deactivatedAt) actions.push('reactivate');
  else if (user.pk !== selfPk) actions.push('deactivate');
  actions.push('grant-staff');
  return actions;
}

/** Whether an action needs the reason the audit log keeps (a deactivation). */
export function userActionNeedsReason(action: UserAction): action is 'deactivate' {
  return action === 'deactivate';
}

/** Whether an account, as it is now, is still in the list of `filter`. */
export function userStaysInList(filter: UserFilter, user: Omit<UserState, 'pk'>): boolean {
  if (filter === 'unverified') return !user.verified;
  if (filter === 'staff') return user.isStaff;
  if (filter === 'deactivated') return user.deactivatedAt !== null;
  return true;
}

/**
 * The Stato column of an account: "Verificato", "Da verificare" or "Disattivato dal 05/03/2026", and
 * under it the reason of a deactivation, an address still to verify, an account without a password.
 */
export function userStatus(
  user: Pick<AdminUser, 'verified' | 'deactivatedAt' | 'deactivationReason' | 'hasPassword'>,
): { label: string; notes: string[] } {
  const text = adminMessages.users;
  const notes: string[] = [];
  let label: string;
  if (user.deactivatedAt) {
    const since = formatDate(user.deactivatedAt);
    label = since ? text.deactivatedOn(since) : text.deactivated;
    const reason = user.deactivationReason?.trim();
    if (reason) notes.push(text.deactivationReason(reason));
    if (!user.verified) notes.push(text.unverifiedNote);
  } else {
    label = user.verified ? text.verified : text.unverified;
  }
  if (!user.hasPassword) notes.push(text.noPassword);
  return { label, notes };
}

/*
 * Download: the log's filters, the export link, and how a row reads.
 */

export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The filters of the download log as the form holds them: '' for one not set. */
export interface DownloadFilter {
  search: string;
  format: DownloadFormat | '';
  /** YYYY-MM-DD, first day (inclusive). */
  from: string;
  /** YYYY-MM-DD, last day (inclusive). */
  to: string;
}

export const NO_DOWNLOAD_FILTER: DownloadFilter = { search: '', format: '', from: '', to: '' };

/** The query of the filters that are set, for the list and its export (the search trimmed). */
export function downloadQuery(filter: DownloadFilter): Query {
  const value = (text: string) => text.trim() || undefined;
  return {
    search: value(filter.search),
    format: filter.format || undefined,
    from: value(filter.from),
    to: value(filter.to),
  };
}

/** The CSV export of the rows the filters select: a plain link, the session cookie goes along. */
export function downloadExportUrl(filter: DownloadFilter): string {
  return apiUrl('', '/api/admin/downloads/export/', downloadQuery(filter));
}

/** A day of the filters ("2026-03-01") the Italian way ("01/03/2026"); anything else as it is. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** The format of a download as the table and the filter show it: "CSV", "PDF", "PNG", "JPG". */
export const formatLabel = (format: string) => format.toUpperCase();

/** One value of a download's query: a list joined, an object as JSON, a missing value as a dash. */
function queryValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return adminMessages.none;
  if (Array.isArray(value)) return value.map(queryValueText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/**
 * What a download asked for, compact and in Italian (the contract's labels, as the CSV export has them):
 * "livello: regione; territorio: 19"; a dash for nothing.
 */
export function downloadQueryText(query: Record<string, unknown>): string {
  const pairs = downloadQueryPairs(query).map(([label, value]) => `${label}: ${queryValueText(value)}`);
  return pairs.length > 0 ? pairs.join('; ') : adminMessages.none;
}

/** The caption of the download log: what the filters select and, once known, how many. */
export function downloadCaption(filter: DownloadFilter, count: number | null): string {
  const text = adminMessages.downloads;
  const search = filter.search.trim();
  return (
    text.caption +
    (filter.format ? text.captionFormat(formatLabel(filter.format)) : '') +
    (filter.from ? text.captionFrom(formatDay(filter.from)) : '') +
    (filter.to ? text.captionTo(formatDay(filter.to)) : '') +
    (search ? text.captionSearch(search) : '') +
    (count === null ? '' : text.captionCount(count))
  );
}

/** Whether any filter of the download log is set (the empty table then says so). */
export function downloadFiltered(filter: DownloadFilter): boolean {
  return Object.values(downloadQuery(filter)).some((value) => value !== undefined);
}

/*
 * Dati: the upload of a dataset's files, its answer, and the recent imports.
 */

/** Years compact, in order: "2024", "2010–2024", "2010–2012, 2015"; null for none. */
export function yearsText(years: readonly number[]): string | null {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const runs: string[] = [];
  let start = sorted[0]!;
  let end = start;
  for (const year of [...sorted.slice(1), Number.NaN]) {
    if (year === end + 1) {
      end = year;
      continue;
    }
    runs.push(start === end ? String(start) : `${start}–${end}`);
    start = end = year;
  }
  return runs.join(', ');
}

/** What an import did: "Importate 1.234 righe da sicilia.csv (anni 2010–2024)", or that nothing changed. */
export function importResultText(
  result: Pick<ImportResult, 'status' | 'files' | 'rowCount' | 'years'>,
): string {
  const text = adminMessages.imports;
  if (result.status === 'unchanged') return result.files.length > 1 ? text.unchangedFiles : text.unchanged;
  const span = yearsText(result.years);
  return text.imported(
    result.rowCount,
    result.files.join(', '),
    span ? text.years(new Set(result.years).size, span) : null,
  );
}

/** The cap on the files of one upload together, as the API's 413 says it. */
const MAX_IMPORT_MB = MAX_IMPORT_BYTES / (1024 * 1024);

/** Why the chosen files cannot be sent: no dataset, no file, several for a one-file dataset, too big. */
export function importProblems(
  dataset: { multipleFiles: boolean } | undefined,
  files: readonly { size: number }[],
): string[] {
  const text = adminMessages.imports;
  const problems: string[] = [];
  if (!dataset) problems.push(text.missingDataset);
  if (files.length === 0) problems.push(text.missingFile);
  else if (dataset && !dataset.multipleFiles && files.length > 1) problems.push(text.oneFileOnly);
  if (files.length > MAX_IMPORT_FILES) problems.push(text.tooManyFiles(MAX_IMPORT_FILES));
  // The API caps the files of one upload together (decision 067), not each file.
  if (files.reduce((bytes, file) => bytes + file.size, 0) > MAX_IMPORT_BYTES)
    problems.push(text.tooLarge(MAX_IMPORT_MB));
  return problems;
}

const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];

/**
 * A refused import, as the form shows it: every line the importer found wrong (`{"file": ["name, riga
 * LINE: motivo", …]}`, in Italian), and the other messages (the dataset, the request, a file too large).
 */
export function importFailure(error: unknown): { lines: string[]; messages: string[] } {
  if (error instanceof ApiError && error.status === 413) {
    return { lines: [], messages: [adminMessages.imports.tooLarge(MAX_IMPORT_MB)] };
  }
  const normalized = toNormalizedError(error);
  const body = error instanceof ApiError && error.status === 400 ? error.body : undefined;
  const lines = typeof body === 'object' && body !== null && 'file' in body ? stringsOf(body.file) : [];
  const fieldErrors = Object.entries(normalized.fieldErrors)
    .filter(([key]) => !(key === 'file' && lines.length > 0))
    .map(([, message]) => message);
  return { lines, messages: [...normalized.nonFieldErrors, ...fieldErrors] };
}

/** Bytes the Italian way: "850 kB", "12,3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.ceil(bytes / 1024))} kB`;
  return `${formatNumber(bytes / (1024 * 1024), 1)} MB`;
}

/** The upload's line: "Invio dei file: 45 % (12,3 MB di 27,0 MB)", and its percentage for the bar. */
export function uploadProgressText(progress: UploadProgress): { percent: number; text: string } {
  const percent = progress.total > 0 ? Math.floor((progress.loaded / progress.total) * 100) : 0;
  return {
    percent,
    text: adminMessages.imports.progress.upload(
      percent,
      formatBytes(progress.loaded),
      formatBytes(progress.total),
    ),
  };
}

/**
 * Where the import has got once the files are sent, as GET /api/admin/imports/current/ says: reading and
 * checking the rows, then writing them (with the rows written, when the step counts them). Null running
 * (this API process runs none yet, or another one runs it): only that it is under way.
 */
export function importProgressText(running: ImportStatus['running']): {
  text: string;
  step: { done: number; total: number } | null;
} {
  const text = adminMessages.imports.progress;
  if (!running) return { text: text.waiting, step: null };
  if (running.phase === 'parsing') return { text: text.parsing, step: null };
  const { step } = running;
  if (!step || step.total <= 0) return { text: text.writing, step: null };
  return { text: text.writingRows(formatInteger(step.done), formatInteger(step.total)), step };
}

/** An import's row count the Italian way ("10.020.528"). */
export const formatRows = (count: number | null) =>
  count === null ? adminMessages.none : formatInteger(count);

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
