import { z } from 'zod';
import { LicenseStatusSchema, UserSchema } from './auth';
import { PageQuerySchema, paginatedSchema } from './common';
import { CONTACT_REASONS } from './contact';
import { DATA_SOURCES, STATISTIC_TITLES } from './downloads';
import { body, choice, paragraphs, text } from './fields';
import { RANKING_INDICATOR_LABELS } from './ranking-bands';

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
  approvalRefused: z
    .enum(['own', 'grant-chain'])
    .nullable()
    .describe(
      'Why the staff member asking may not approve this licence (four eyes, decision 068): their own ' +
        '(`own`), or their staff access comes, directly or through others, from this user ' +
        '(`grant-chain`); null when they may.',
    ),
});
export type LicenseHolder = z.infer<typeof LicenseHolderSchema>;
export const LicenseListSchema = paginatedSchema(LicenseHolderSchema);
export type LicenseList = z.infer<typeof LicenseListSchema>;

/** The staff's decisions on a licence, as the path names them: /api/admin/licenses/{pk}/{decision}/. */
export const LICENSE_DECISIONS = ['approve', 'reject', 'revoke'] as const;
export type LicenseDecision = (typeof LICENSE_DECISIONS)[number];

/** The body of every back-office action that needs no input: `{}`. */
export const EmptyBodySchema = body({});
/**
 * POST …/reject/, …/revoke/ and /api/admin/users/{pk}/deactivate/: the reason, which the user reads in the
 * mail and on their profile (a licence), and the audit log keeps.
 */
export const ReasonBodySchema = body({ reason: paragraphs(1000) });
export type ReasonBody = z.infer<typeof ReasonBodySchema>;

/** What the audit log records, with the labels the back-office shows. */
export const AUDIT_ACTIONS = [
  'license.approve',
  'license.reject',
  'license.revoke',
  'contact.handled',
  'mail.retry',
  'user.verification-resent',
  'user.verify',
  'user.deactivate',
  'user.reactivate',
  'user.grant-staff',
  'user.remove-staff',
  'data.import',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'license.approve': 'Licenza approvata',
  'license.reject': 'Richiesta di licenza rifiutata',
  'license.revoke': 'Licenza revocata',
  'contact.handled': 'Messaggio di contatto gestito',
  'mail.retry': 'Invio di un’email ritentato',
  'user.verification-resent': 'Email di verifica inviata di nuovo',
  'user.verify': 'Indirizzo segnato come verificato',
  'user.deactivate': 'Account disattivato',
  'user.reactivate': 'Account riattivato',
  'user.grant-staff': 'Accesso all’amministrazione concesso',
  'user.remove-staff': 'Accesso all’amministrazione tolto',
  'data.import': 'Dati importati',
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
  target: z.string().describe('the e-mail of the user concerned, as it was then; the file of an import'),
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

/** GET /api/admin/users/: every account, searched by name or e-mail, newest first. */
export const USER_FILTERS = ['all', 'unverified', 'staff', 'deactivated'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];
export const AdminUserQuerySchema = PageQuerySchema.extend({
  status: choice(USER_FILTERS).default('all'),
  search: text(100, { blank: true }).optional(),
}).strict();
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;

export const AdminUserSchema = z.object({
  pk: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organization: z.string(),
  verified: z.boolean(),
  isStaff: z.boolean(),
  licenseStatus: LicenseStatusSchema,
  createdAt: z.string().describe('ISO 8601, registration'),
  deactivatedAt: z.string().nullable().describe('ISO 8601, while the account is deactivated'),
  deactivationReason: z.string().nullable(),
  activeSessions: z.number().int().describe('live sign-in tokens'),
  hasPassword: z
    .boolean()
    .describe('false for an account whose registration was never confirmed: it cannot sign in yet'),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserListSchema = paginatedSchema(AdminUserSchema);
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/**
 * POST /api/admin/users/{pk}/{action}/: `deactivate` takes a ReasonBody, the others an empty body. A
 * deactivated account cannot sign in and its tokens die; a staff member cannot deactivate themselves or
 * remove their own staff access.
 */
export const USER_ACTIONS = [
  'resend-verification',
  'verify',
  'deactivate',
  'reactivate',
  'grant-staff',
  'remove-staff',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** GET /api/admin/downloads/ (and …/export/, the same rows as CSV): the download log, newest first. */
export const DOWNLOAD_FORMATS = ['csv', 'pdf', 'png', 'jpg'] as const;
const isoDate = z.iso.date({ error: 'Data non valida: usa il formato AAAA-MM-GG.' });
export const DownloadLogFilterSchema = z
  .object({
    search: text(100, { blank: true }).optional().describe("part of the user's e-mail or name"),
    format: choice(DOWNLOAD_FORMATS).optional(),
    from: isoDate.optional().describe('first day, inclusive (Europe/Rome)'),
    to: isoDate.optional().describe('last day, inclusive (Europe/Rome)'),
  })
  .strict();
export type DownloadLogFilter = z.infer<typeof DownloadLogFilterSchema>;
export const DownloadLogQuerySchema = PageQuerySchema.extend(DownloadLogFilterSchema.shape).strict();
export type DownloadLogQuery = z.infer<typeof DownloadLogQuerySchema>;

/**
 * What a download asked for, in the back-office's words (the page and the CSV export): the query keys of
 * the download routes (DownloadQuerySchema, the reverse vending machines' filters) in Italian, and the
 * values that are codes (the statistic's card, level, source) spelt out. An unknown key is shown as it is.
 */
const DOWNLOAD_QUERY_LABELS: Record<string, string> = {
  format: 'formato',
  statistic: 'statistica',
  level: 'livello',
  id: 'territorio',
  year: 'anno',
  years: 'anni',
  compareYear: 'anno di confronto',
  source: 'dati',
  waste_fraction: 'frazione',
  sorting_type: 'sistema di raccolta',
  actions_category: 'categoria di azioni',
  operator: 'gestore',
  aree: 'territori',
  misura: 'dato',
  region: 'regione',
  province: 'provincia',
  city: 'comune',
  search: 'ricerca',
  export: 'file',
  indicator: 'indicatore',
  band: 'fascia di abitanti',
  capitals: 'solo capoluoghi',
  anomalies: 'dati anomali nella fonte',
  order: 'ordine',
  list: 'elenco',
};
const DOWNLOAD_QUERY_VALUES: Record<string, Record<string, string>> = {
  statistic: STATISTIC_TITLES,
  level: { country: 'Italia', region: 'regione', province: 'provincia', city: 'comune' },
  source: Object.fromEntries(DATA_SOURCES.map((s) => [s.value, s.label])),
  misura: { rd: '% raccolta differenziata', kg: 'kg per abitante', tonnellate: 'tonnellate' },
  export: { classifiche: 'elenco di /classifiche', confronta: 'tabella di /confronta' },
  indicator: RANKING_INDICATOR_LABELS,
  capitals: { true: 'sì' },
  anomalies: { include: 'inclusi' },
  order: { best: 'dal migliore', worst: 'dal peggiore' },
  list: { ranked: 'in classifica', unranked: 'senza dati' },
};
/** One `[label, value]` pair per key of a download's query that has a value, in the order given. */
export function downloadQueryPairs(query: Record<string, unknown>): [string, unknown][] {
  return Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([key, value]) => [
      DOWNLOAD_QUERY_LABELS[key] ?? key,
      typeof value === 'string' ? (DOWNLOAD_QUERY_VALUES[key]?.[value] ?? value) : value,
    ]);
}

export const DownloadLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO 8601'),
  user: z.string().nullable().describe("the user's e-mail; null once the account is deleted"),
  format: z.string(),
  query: z.record(z.string(), z.unknown()).describe('what was asked for: the query parameters'),
  rowCount: z.number().int().nullable().describe('the rows of a CSV; null for a picture or PDF'),
});
export type DownloadLogEntry = z.infer<typeof DownloadLogEntrySchema>;
export const DownloadLogSchema = paginatedSchema(DownloadLogEntrySchema);
export type DownloadLog = z.infer<typeof DownloadLogSchema>;

/** Every dataset the importer knows (`npm run admin -- import <dataset> <file>`), in dependency order. */
export const DATASET_IDS = [
  'reference',
  'regions',
  'provinces',
  'comuni',
  'comuni-boundaries',
  'istat-census',
  'istat-popolazione',
  'ispra-kpi',
  'ispra-comuni',
  'ispra-storico',
  'arpae-er',
  'campania-rd',
  'arpae-sistemi',
  'demo-sorting-types',
  'demo-actions',
  'rvm',
] as const;
export type DatasetId = (typeof DATASET_IDS)[number];
/** What the back-office calls each dataset, and the bundled file it is read from. */
export const DATASET_LABELS: Record<DatasetId, string> = {
  reference:
    'Elenchi di riferimento: frazioni, modalità di raccolta, azioni (cartella reference, più file .csv)',
  regions: 'Regioni e confini (geo/regions.topo.json)',
  provinces: 'Province, sigle e confini (geo/provinces.topo.json)',
  comuni: 'Comuni: nome, provincia, codice catastale, centroide (geo/comuni-centroids-2023.csv)',
  'comuni-boundaries': 'Confini dei comuni di una regione (geo/comuni-by-region/…topo.json)',
  'istat-census': 'Comuni ISTAT 2020 con la popolazione del censimento 2011 (istat/comuni-2020.json)',
  'istat-popolazione':
    'ISTAT, popolazione al 1° gennaio di Italia, regioni e province (istat/popolazione-2010-2022.csv)',
  'ispra-kpi': 'ISPRA, indicatori per comune (ispra/comuni-2024-kpi.csv)',
  'ispra-comuni': 'ISPRA, una riga per comune e anno (es. ispra/sicilia-2010-2024.csv)',
  'ispra-storico': 'ISPRA, serie storica per comune 2010–2017 (cartella, un file .csv per anno)',
  'arpae-er': 'ARPAE Emilia-Romagna, comuni 2010–2016 (arpae/emilia-romagna-2010-2016.csv)',
  'campania-rd': 'Regione Campania, raccolta differenziata per comune 2022 (campania/campania-rd-2022.csv)',
  'arpae-sistemi': 'ARPAE Emilia-Romagna, sistemi di raccolta per comune (arpae/sistemi-raccolta/…csv)',
  'demo-sorting-types':
    'Dimostrativi: modalità di raccolta per comune e frazione (demo/city-sorting-types.csv)',
  'demo-actions': 'Dimostrativi: azioni di prevenzione per comune (demo/city-actions.csv)',
  rvm: 'Ecocompattatori e quantità raccolte per anno (rvm/riciclia-2021.csv)',
};

/** GET /api/admin/imports/: the datasets the importer knows, and the latest imports. */
export const ImportDatasetSchema = z.object({
  id: z.enum(DATASET_IDS),
  label: z.string(),
  multipleFiles: z.boolean().describe('a folder dataset: upload all its .csv files together'),
});
export const ImportRecordSchema = z.object({
  dataset: z.string(),
  fileName: z.string(),
  rowCount: z.number().int(),
  years: z.array(z.number().int()),
  importedAt: z.string().describe('ISO 8601'),
});
export type ImportRecord = z.infer<typeof ImportRecordSchema>;
export const ImportsOverviewSchema = z.object({
  datasets: z.array(ImportDatasetSchema),
  recent: z.array(ImportRecordSchema).describe('newest first, at most 20'),
});
export type ImportsOverview = z.infer<typeof ImportsOverviewSchema>;

/**
 * POST /api/admin/imports/: multipart/form-data with a `dataset` field first, then one `file` (several
 * for a folder dataset). A file with bad rows changes nothing and answers 400 with `{"file": ["name, riga
 * LINE: motivo", …]}`, in Italian (the first 100, then one line counting the rest); a good one is imported in one
 * transaction and the statistics and pages refresh. One import at a time: 409 while another runs.
 */
export const ImportResultSchema = z.object({
  dataset: z.enum(DATASET_IDS),
  files: z.array(z.string()),
  status: z.enum(['imported', 'unchanged']).describe('unchanged: the same file was imported before'),
  rowCount: z.number().int(),
  years: z.array(z.number().int()),
  ms: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/**
 * GET /api/admin/imports/current/: where the import this API process runs has got (decision 076), for the
 * back-office's progress bar while its upload's POST waits; `running` null when it runs none. Read-only.
 */
export const ImportStatusSchema = z.object({
  running: z
    .object({
      dataset: z.enum(DATASET_IDS),
      phase: z
        .enum(['parsing', 'writing'])
        .describe('parsing: every row read and checked; writing: the rows written in one transaction'),
      step: z
        .object({ done: z.number().int(), total: z.number().int() })
        .nullable()
        .describe('the rows of the current write step, when it counts them'),
      startedAt: z.string().describe('ISO 8601'),
    })
    .nullable(),
});
export type ImportStatus = z.infer<typeof ImportStatusSchema>;
/**
 * The largest upload the back-office takes, all its files together (the biggest bundled file is about
 * 2 MB, the biggest bundled folder 12 MB).
 */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;
/** The most files one upload takes (a folder dataset's .csv files). */
export const MAX_IMPORT_FILES = 64;
