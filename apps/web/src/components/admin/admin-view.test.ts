import {
  MAX_IMPORT_BYTES,
  type AdminUser,
  type AuditEntry,
  type ContactMessage,
  type ImportResult,
  type LicenseHolder,
  type LicenseStatus,
  type OutboxMail,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  auditRow,
  downloadCaption,
  downloadExportUrl,
  downloadFiltered,
  downloadQuery,
  downloadQueryText,
  formatBytes,
  formatDay,
  formatRows,
  importProgressText,
  uploadProgressText,
  holderLabel,
  importFailure,
  importProblems,
  importResultText,
  NO_DOWNLOAD_FILTER,
  userActionNeedsReason,
  userActions,
  userStatus,
  userStaysInList,
  yearsText,
  contactActions,
  contactReasonLabel,
  contactStatus,
  contactStaysInList,
  mailActions,
  mailStatus,
  mailStaysInList,
  formatDate,
  formatDateTime,
  commitmentNote,
  holderName,
  holderOrganization,
  lastDecisionNote,
  licenseActions,
  approvalRefusedNote,
  needsReason,
  pageAfterRemoval,
  pageInfo,
  staysInList,
} from './admin-view';
import { adminMessages } from './messages';

const holder: LicenseHolder = {
  pk: 7,
  email: 'mario@example.it',
  firstName: 'Mario',
  lastName: 'Rossi',
  organization: 'Comune di Bergamo',
  organizationType: 'public_administration',
  role: 'Ufficio ambiente',
  intendedUse: 'Confronto tra comuni.',
  licenseStatus: 'pending',
  licenseRequestedAt: '2026-03-04T10:00:00.000Z',
  licenseApprovedAt: null,
  licenseRevokedAt: null,
  licenseRejectedAt: null,
  licenseReason: null,
  licenseTermsVersion: '2026-11-23',
  licenseTermsAcceptedAt: '2026-03-04T10:00:00.000Z',
  createdAt: '2026-01-10T09:00:00.000Z',
  approvalRefused: null,
};

describe('licenseActions', () => {
  const of = (licenseStatus: LicenseStatus, approvalRefused: LicenseHolder['approvalRefused'] = null) => ({
    licenseStatus,
    approvalRefused,
  });
  it('offers what the API allows from each status', () => {
    expect(licenseActions(of('pending'))).toEqual(['approve', 'reject']);
    expect(licenseActions(of('inactive'))).toEqual(['approve']);
    expect(licenseActions(of('active'))).toEqual(['revoke']);
    expect(approvalRefusedNote(of('pending'))).toBeNull();
  });

  it('offers no Approva that four eyes would refuse, and says why', () => {
    expect(licenseActions(of('pending', 'own'))).toEqual(['reject']);
    expect(licenseActions(of('inactive', 'grant-chain'))).toEqual([]);
    expect(licenseActions(of('active', 'own'))).toEqual(['revoke']);
    expect(approvalRefusedNote(of('pending', 'own'))).toBe(adminMessages.licenses.approvalRefused.own);
    expect(approvalRefusedNote(of('inactive', 'grant-chain'))).toBe(
      adminMessages.licenses.approvalRefused['grant-chain'],
    );
    expect(approvalRefusedNote(of('active', 'own'))).toBeNull();
  });

  it('asks a reason for a rejection and a revocation only', () => {
    expect(needsReason('approve')).toBe(false);
    expect(needsReason('reject')).toBe(true);
    expect(needsReason('revoke')).toBe(true);
  });
});

describe('staysInList and pageAfterRemoval', () => {
  it('keeps a user in "Tutte" and in the list of their new status only', () => {
    expect(staysInList('all', 'active')).toBe(true);
    expect(staysInList('pending', 'active')).toBe(false);
    expect(staysInList('inactive', 'inactive')).toBe(true);
  });

  it('goes back a page when the decision emptied the last one', () => {
    expect(pageAfterRemoval(3, 1)).toBe(2);
    expect(pageAfterRemoval(3, 4)).toBe(3);
    expect(pageAfterRemoval(1, 1)).toBe(1);
  });
});

describe('pageInfo', () => {
  it('counts the pages and says which way one can go', () => {
    expect(pageInfo(0, 1, 20)).toEqual({ pages: 1, hasPrevious: false, hasNext: false });
    expect(pageInfo(20, 1, 20)).toEqual({ pages: 1, hasPrevious: false, hasNext: false });
    expect(pageInfo(41, 2, 20)).toEqual({ pages: 3, hasPrevious: true, hasNext: true });
    expect(pageInfo(41, 3, 20)).toEqual({ pages: 3, hasPrevious: true, hasNext: false });
  });
});

describe('rows of the licence table', () => {
  it('names the user, or gives the address when the profile has no name', () => {
    expect(holderName(holder)).toBe('Mario Rossi');
    expect(holderName({ ...holder, firstName: '', lastName: ' ' })).toBe('mario@example.it');
  });

  it('labels the organisation type from the contract', () => {
    expect(holderOrganization(holder)).toEqual({
      name: 'Comune di Bergamo',
      type: 'Pubblica amministrazione',
    });
    expect(holderOrganization({ organization: ' ', organizationType: '' })).toEqual({
      name: null,
      type: null,
    });
  });

  it('notes the last decision on an inactive licence', () => {
    expect(lastDecisionNote(holder)).toBeNull();
    expect(
      lastDecisionNote({ ...holder, licenseStatus: 'inactive', licenseRejectedAt: '2026-03-05T08:00:00Z' }),
    ).toBe('Rifiutata il 05/03/2026');
    expect(
      lastDecisionNote({ ...holder, licenseStatus: 'inactive', licenseRevokedAt: '2026-04-01T08:00:00Z' }),
    ).toBe('Revocata il 01/04/2026');
    expect(lastDecisionNote({ ...holder, licenseStatus: 'inactive' })).toBeNull();
  });

  it('notes the version of the commitment accepted with the request, when recorded', () => {
    expect(commitmentNote(holder)).toBe('Impegno v. 2026-11-23');
    expect(commitmentNote({ licenseTermsVersion: null })).toBeNull();
    expect(commitmentNote({ licenseTermsVersion: ' ' })).toBeNull();
  });
});

describe('dates', () => {
  it("writes Italy's day and time, whatever the time zone of the machine", () => {
    // 23:30 UTC on 31 December is already 1 January in Rome.
    expect(formatDate('2025-12-31T23:30:00.000Z')).toBe('01/01/2026');
    expect(formatDateTime('2026-07-01T08:05:00.000Z')).toBe('01/07/2026, 10:05');
    expect(formatDate(null)).toBeNull();
    expect(formatDateTime('non una data')).toBeNull();
  });
});

describe('auditRow', () => {
  const entry: AuditEntry = {
    id: 3,
    at: '2026-03-05T09:15:00.000Z',
    actor: 'staff@example.it',
    action: 'license.reject',
    target: 'mario@example.it',
    before: 'pending',
    after: 'inactive',
    reason: 'Manca l’organizzazione.',
  };

  it('reads an entry with the labels of the statuses and of the action', () => {
    expect(auditRow(entry)).toEqual({
      id: 3,
      at: entry.at,
      when: '05/03/2026, 10:15',
      who: 'staff@example.it',
      action: 'Richiesta di licenza rifiutata',
      target: 'mario@example.it',
      change: 'In attesa → Non attiva',
      changeLabel: 'da In attesa a Non attiva',
      reason: 'Manca l’organizzazione.',
    });
  });

  it('shows a dash for what was not recorded, and an unknown status as it is', () => {
    const row = auditRow({
      ...entry,
      action: 'license.approve',
      actor: 'riga di comando',
      before: null,
      after: 'sospesa',
      reason: null,
    });
    expect(row.change).toBe(`${adminMessages.none} → sospesa`);
    expect(row.reason).toBe(adminMessages.none);
    expect(row.action).toBe('Licenza approvata');
  });
});

describe('auditRow of the contact inbox and the outbox', () => {
  const base: AuditEntry = {
    id: 9,
    at: '2026-03-05T09:15:00.000Z',
    actor: 'staff@example.it',
    action: 'contact.handled',
    target: 'lucia@example.it',
    before: 'open',
    after: 'handled',
    reason: null,
  };

  it('names the states of a contact message', () => {
    const row = auditRow(base);
    expect(row.action).toBe('Messaggio di contatto gestito');
    expect(row.change).toBe('Da gestire → Gestito');
    expect(row.changeLabel).toBe('da Da gestire a Gestito');
    expect(row.reason).toBe(adminMessages.none);
  });

  it('names the statuses of a mail with the outbox labels, not the licence ones', () => {
    const row = auditRow({
      ...base,
      action: 'mail.retry',
      target: 'perso@example.it',
      before: 'failed',
      after: 'pending',
    });
    expect(row.action).toBe('Invio di un’email ritentato');
    expect(row.change).toBe('Non recapitata → In coda');
  });

  it('keeps the licence labels for the licence actions, and unknown values as they are', () => {
    expect(auditRow({ ...base, action: 'license.approve', before: 'pending', after: 'active' }).change).toBe(
      'In attesa → Attiva',
    );
    expect(auditRow({ ...base, before: 'da gestire', after: 'gestito' }).change).toBe('da gestire → gestito');
  });
});

describe('rows of the contact inbox', () => {
  const message: ContactMessage = {
    id: 4,
    firstName: 'Lucia',
    lastName: 'Bianchi',
    email: 'lucia@example.it',
    reason: 'platform_report',
    message: 'Prima riga.\nSeconda riga.',
    createdAt: '2026-03-04T10:00:00.000Z',
    handledAt: null,
    handledBy: null,
  };

  it('labels the reason from the contract', () => {
    expect(contactReasonLabel('platform_report')).toBe('Segnalazione sulla piattaforma');
    expect(contactReasonLabel('sconosciuto')).toBe('sconosciuto');
  });

  it('says whether a message is still to be handled, and when and by whom it was', () => {
    expect(contactStatus(message)).toBe('Da gestire');
    expect(contactStatus({ handledAt: '2026-03-05T16:30:00.000Z', handledBy: 'staff@example.it' })).toBe(
      'Gestito il 05/03/2026, 17:30 da staff@example.it',
    );
    expect(contactStatus({ handledAt: '2026-03-05T16:30:00.000Z', handledBy: null })).toBe(
      'Gestito il 05/03/2026, 17:30',
    );
  });

  it('offers "Segna come gestito" for an open message only', () => {
    expect(contactActions(message)).toEqual(['handled']);
    expect(contactActions({ handledAt: '2026-03-05T16:30:00.000Z' })).toEqual([]);
  });

  it('keeps a handled message in the lists of handled and of all messages only', () => {
    expect(contactStaysInList('open', true)).toBe(false);
    expect(contactStaysInList('handled', true)).toBe(true);
    expect(contactStaysInList('all', true)).toBe(true);
  });

  it('says what was done', () => {
    expect(adminMessages.contact.done('lucia@example.it')).toBe(
      'Messaggio di lucia@example.it segnato come gestito.',
    );
  });
});

describe('rows of the outbox', () => {
  const mail: OutboxMail = {
    id: 12,
    to: 'perso@example.it',
    subject: 'Prova',
    status: 'failed',
    attempts: 8,
    lastError: 'connessione rifiutata',
    createdAt: '2026-03-04T10:00:00.000Z',
    sentAt: null,
    nextAttemptAt: '2026-03-04T12:00:00.000Z',
  };

  it('shows the last error of a mail that could not be delivered', () => {
    expect(mailStatus(mail)).toEqual({ label: 'Non recapitata', note: 'connessione rifiutata' });
    expect(mailStatus({ ...mail, lastError: null })).toEqual({ label: 'Non recapitata', note: null });
  });

  it('shows the failed attempts of a queued mail and when the next one is', () => {
    expect(mailStatus({ ...mail, status: 'pending', attempts: 2 })).toEqual({
      label: 'In coda',
      note: '2 tentativi non riusciti; il prossimo il 04/03/2026, 13:00',
    });
    expect(mailStatus({ ...mail, status: 'pending', attempts: 1 }).note).toBe(
      '1 tentativo non riuscito; il prossimo il 04/03/2026, 13:00',
    );
    expect(mailStatus({ ...mail, status: 'pending', attempts: 0 })).toEqual({ label: 'In coda', note: null });
    expect(mailStatus({ ...mail, status: 'sent', attempts: 1 })).toEqual({ label: 'Inviata', note: null });
  });

  it('offers "Riprova l’invio" for a failed mail only', () => {
    expect(mailActions(mail)).toEqual(['retry']);
    expect(mailActions({ status: 'pending' })).toEqual([]);
    expect(mailActions({ status: 'sent' })).toEqual([]);
  });

  it('keeps a retried mail in the lists of queued and of all mails only', () => {
    expect(mailStaysInList('failed', 'pending')).toBe(false);
    expect(mailStaysInList('pending', 'pending')).toBe(true);
    expect(mailStaysInList('all', 'pending')).toBe(true);
  });

  it('says what was done', () => {
    expect(adminMessages.mail.done('perso@example.it')).toBe('Email a perso@example.it rimessa in coda.');
  });
});

describe('decision messages', () => {
  it('says what was done to whom', () => {
    expect(adminMessages.licenses.done.approve('mario@example.it')).toBe(
      'Licenza di mario@example.it approvata.',
    );
  });
});

describe('auditRow of the users and the imports', () => {
  const base: AuditEntry = {
    id: 21,
    at: '2026-03-05T09:15:00.000Z',
    actor: 'staff@example.it',
    action: 'user.deactivate',
    target: 'mario@example.it',
    before: 'attivo',
    after: 'disattivato',
    reason: 'Account usato da più persone.',
  };

  it('names the states of an account', () => {
    const row = auditRow(base);
    expect(row.action).toBe('Account disattivato');
    expect(row.change).toBe('Attivo → Disattivato');
    expect(auditRow({ ...base, action: 'user.grant-staff', before: 'utente', after: 'staff' }).change).toBe(
      'Utente → Staff',
    );
    expect(
      auditRow({ ...base, action: 'user.verify', before: 'da verificare', after: 'verificato' }).change,
    ).toBe('Da verificare → Verificato');
  });

  it('shows what an import recorded as it is', () => {
    const row = auditRow({
      ...base,
      action: 'data.import',
      target: 'sicilia-2010-2024.csv',
      before: null,
      after: '4.812 righe',
      reason: null,
    });
    expect(row.action).toBe('Dati importati');
    expect(row.change).toBe(`${adminMessages.none} → 4.812 righe`);
  });
});

describe('rows of the users', () => {
  const user: AdminUser = {
    pk: 11,
    email: 'anna@example.it',
    firstName: 'Anna',
    lastName: 'Neri',
    organization: '',
    verified: true,
    isStaff: false,
    licenseStatus: 'inactive',
    createdAt: '2026-01-10T09:00:00.000Z',
    deactivatedAt: null,
    deactivationReason: null,
    activeSessions: 2,
    hasPassword: true,
  };

  it('offers the verification to an unverified address only', () => {
    expect(userActions(user, 1)).toEqual(['deactivate', 'grant-staff']);
    expect(userActions({ ...user, verified: false }, 1)).toEqual([
      'resend-verification',
      'verify',
      'deactivate',
      'grant-staff',
    ]);
  });

  it('offers reactivation to a deactivated account', () => {
    expect(userActions({ ...user, deactivatedAt: '2026-03-01T10:00:00Z' }, 1)).toEqual([
      'reactivate',
      'grant-staff',
    ]);
  });

  it('never offers to deactivate, reactivate or demote a staff account: that is the operator’s', () => {
    expect(userActions({ ...user, isStaff: true }, user.pk)).toEqual([]);
    expect(userActions({ ...user, isStaff: true }, null)).toEqual([]);
    expect(userActions({ ...user, isStaff: true, deactivatedAt: '2026-03-01T10:00:00Z' }, null)).toEqual([]);
    expect(userActions({ ...user, isStaff: true, verified: false }, null)).toEqual([
      'resend-verification',
      'verify',
    ]);
  });

  it('never offers to deactivate oneself', () => {
    expect(userActions(user, user.pk)).toEqual(['grant-staff']);
  });

  it('asks a reason for a deactivation only', () => {
    expect(userActionNeedsReason('deactivate')).toBe(true);
    expect(userActionNeedsReason('verify')).toBe(false);
    expect(userActionNeedsReason('remove-staff')).toBe(false);
  });

  it('keeps an account in the list of its state only', () => {
    expect(userStaysInList('all', { ...user, verified: false })).toBe(true);
    expect(userStaysInList('unverified', user)).toBe(false);
    expect(userStaysInList('unverified', { ...user, verified: false })).toBe(true);
    expect(userStaysInList('staff', user)).toBe(false);
    expect(userStaysInList('deactivated', user)).toBe(false);
    expect(userStaysInList('deactivated', { ...user, deactivatedAt: '2026-03-01T10:00:00Z' })).toBe(true);
  });

  it('says whether the account is verified, or since when it is deactivated and why', () => {
    expect(userStatus(user)).toEqual({ label: 'Verificato', notes: [] });
    expect(userStatus({ ...user, verified: false, hasPassword: false })).toEqual({
      label: 'Da verificare',
      notes: ['Nessuna password: non può ancora accedere'],
    });
    expect(
      userStatus({
        ...user,
        verified: false,
        deactivatedAt: '2026-02-28T23:30:00.000Z',
        deactivationReason: ' Spam. ',
      }),
    ).toEqual({
      label: 'Disattivato dal 01/03/2026',
      notes: ['Motivazione: Spam.', 'Indirizzo da verificare'],
    });
  });

  it('names the user in a dialog with the address', () => {
    expect(holderLabel(user)).toBe('Anna Neri (anna@example.it)');
    expect(holderLabel({ ...user, firstName: '', lastName: '' })).toBe('anna@example.it');
  });

  it('says what was done, to whom', () => {
    expect(adminMessages.users.done.deactivate('anna@example.it')).toBe(
      'Account di anna@example.it disattivato.',
    );
    expect(
      adminMessages.users.actions.verify + adminMessages.users.actionTarget.verify('anna@example.it'),
    ).toBe('Segna come verificato anna@example.it');
  });
});

describe('the download log', () => {
  const filter = { search: ' rossi ', format: 'csv', from: '2026-03-01', to: '2026-03-31' } as const;

  it('asks for the filters that are set only', () => {
    expect(downloadQuery(NO_DOWNLOAD_FILTER)).toEqual({
      search: undefined,
      format: undefined,
      from: undefined,
      to: undefined,
    });
    expect(downloadQuery(filter)).toEqual({
      search: 'rossi',
      format: 'csv',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(downloadFiltered(NO_DOWNLOAD_FILTER)).toBe(false);
    expect(downloadFiltered({ ...NO_DOWNLOAD_FILTER, search: '  ' })).toBe(false);
    expect(downloadFiltered({ ...NO_DOWNLOAD_FILTER, format: 'png' })).toBe(true);
  });

  it('links the export to the same filters', () => {
    expect(downloadExportUrl(NO_DOWNLOAD_FILTER)).toBe('/api/admin/downloads/export/');
    expect(downloadExportUrl(filter)).toBe(
      '/api/admin/downloads/export/?search=rossi&format=csv&from=2026-03-01&to=2026-03-31',
    );
    expect(downloadExportUrl({ ...NO_DOWNLOAD_FILTER, search: 'a&b=c' })).toBe(
      '/api/admin/downloads/export/?search=a%26b%3Dc',
    );
  });

  it('shows what was asked for as compact pairs, in Italian', () => {
    expect(
      downloadQueryText({ id: '19', level: 'region', years: '2023,2024', format: 'csv', source: '1' }),
    ).toBe('territorio: 19; livello: regione; anni: 2023,2024; formato: csv; dati: Dati raccolta');
    expect(downloadQueryText({ level: 'country', source: '2', region: '05', operator: 3 })).toBe(
      'livello: Italia; dati: Dati ecocompattatori; regione: 05; gestore: 3',
    );
    // Nothing asked is left out; a key the labels do not know is shown as it is.
    expect(downloadQueryText({ waste_fraction: ['carta', 'vetro'], city: null, extra: undefined })).toBe(
      'frazione: carta, vetro',
    );
    expect(downloadQueryText({ vista: { tipo: 'mappa' }, tutti: true })).toBe(
      'vista: {"tipo":"mappa"}; tutti: true',
    );
    expect(downloadQueryText({})).toBe(adminMessages.none);
  });

  it('names the card downloaded as the page does, not by its API identifier', () => {
    expect(
      downloadQueryText({
        format: 'png',
        statistic: 'mostUsedWasteFractionsSet',
        level: 'province',
        id: '028',
      }),
    ).toBe(
      'formato: png; statistica: Le combinazioni di frazioni più comuni; livello: provincia; territorio: 028',
    );
    expect(downloadQueryText({ statistic: 'totalWasteSortedPerCapita' })).toBe(
      'statistica: Raccolta differenziata per abitante',
    );
  });

  it('writes the days, the row counts and the caption the Italian way', () => {
    expect(formatDay('2026-03-01')).toBe('01/03/2026');
    expect(formatDay('ieri')).toBe('ieri');
    expect(formatRows(12345)).toBe('12.345');
    expect(formatRows(null)).toBe(adminMessages.none);
    expect(downloadCaption(NO_DOWNLOAD_FILTER, null)).toBe('Download, dal più recente');
    expect(downloadCaption(filter, 1234)).toBe(
      'Download, dal più recente in formato CSV dal 01/03/2026 al 31/03/2026 di utenti che corrispondono a «rossi» (1.234 download)',
    );
    expect(downloadCaption(NO_DOWNLOAD_FILTER, 1)).toBe('Download, dal più recente (1 download)');
  });
});

describe('the data import', () => {
  it('writes years compact', () => {
    expect(yearsText([])).toBeNull();
    expect(yearsText([2024])).toBe('2024');
    expect(yearsText([2012, 2010, 2011, 2011])).toBe('2010–2012');
    expect(yearsText([2010, 2011, 2012, 2015, 2017, 2018])).toBe('2010–2012, 2015, 2017–2018');
  });

  it('says how many rows came from which files, and for which years', () => {
    const result: Pick<ImportResult, 'status' | 'files' | 'rowCount' | 'years'> = {
      status: 'imported',
      files: ['sicilia.csv'],
      rowCount: 4812,
      years: [2010, 2024],
    };
    expect(importResultText({ ...result, years: [2010, 2011, 2012] })).toBe(
      'Importate 4.812 righe da sicilia.csv (anni 2010–2012)',
    );
    expect(importResultText({ ...result, rowCount: 1, years: [2024] })).toBe(
      'Importata 1 riga da sicilia.csv (anno 2024)',
    );
    expect(importResultText({ ...result, files: ['2010.csv', '2011.csv'], years: [] })).toBe(
      'Importate 4.812 righe da 2010.csv, 2011.csv',
    );
    expect(importResultText({ ...result, status: 'unchanged' })).toBe(
      'Il file era già stato importato: nessuna modifica',
    );
    expect(importResultText({ ...result, status: 'unchanged', files: ['a.csv', 'b.csv'] })).toBe(
      'I file erano già stati importati: nessuna modifica',
    );
  });

  it('checks the form before sending it', () => {
    const single = { multipleFiles: false };
    expect(importProblems(undefined, [])).toEqual([
      'Scegli l’insieme di dati.',
      'Scegli il file da importare.',
    ]);
    expect(importProblems(single, [{ size: 10 }])).toEqual([]);
    expect(importProblems(single, [{ size: 10 }, { size: 10 }])).toEqual([
      'Questo insieme di dati si importa da un solo file.',
    ]);
    expect(importProblems({ multipleFiles: true }, [{ size: 10 }, { size: 10 }])).toEqual([]);
    expect(importProblems(single, [{ size: MAX_IMPORT_BYTES + 1 }])).toEqual([
      'Il caricamento è troppo grande: al massimo 32 MB in tutto.',
    ]);
    // The cap is on the files together: three files each under it, over it in all.
    const third = { size: Math.ceil(MAX_IMPORT_BYTES / 3) + 1 };
    expect(importProblems({ multipleFiles: true }, [third, third, third])).toEqual([
      'Il caricamento è troppo grande: al massimo 32 MB in tutto.',
    ]);
    const many = Array.from({ length: 65 }, () => ({ size: 1 }));
    expect(importProblems({ multipleFiles: true }, many)).toEqual([
      'Troppi file: al massimo 64 in un caricamento.',
    ]);
  });

  it('lists every line of a refused file, and the other messages apart', () => {
    const lines = [
      'sicilia.csv, riga 12: anno non valido',
      'sicilia.csv, riga 40: il comune 999001 non esiste',
    ];
    expect(importFailure(new ApiError('http', '/api/admin/imports/', 400, { file: lines }))).toEqual({
      lines,
      messages: [],
    });
    expect(
      importFailure(
        new ApiError('http', '/api/admin/imports/', 400, { dataset: ['Insieme di dati sconosciuto.'] }),
      ),
    ).toEqual({ lines: [], messages: ['Insieme di dati sconosciuto.'] });
    expect(
      importFailure(
        new ApiError('http', '/api/admin/imports/', 400, { nonFieldErrors: ['Import già in corso.'] }),
      ),
    ).toEqual({ lines: [], messages: ['Import già in corso.'] });
  });

  it('says a file is too large, whatever the API wrote', () => {
    expect(
      importFailure(new ApiError('http', '/api/admin/imports/', 413, { detail: 'Richiesta troppo grande.' })),
    ).toEqual({ lines: [], messages: ['Il caricamento è troppo grande: al massimo 32 MB in tutto.'] });
  });
});

describe('the progress of an upload', () => {
  it('says how much of the files has gone, the Italian way', () => {
    expect(uploadProgressText({ loaded: 512 * 1024, total: 4 * 1024 * 1024 })).toEqual({
      percent: 12,
      text: 'Invio dei file: 12 % (512 kB di 4,0 MB)',
    });
    expect(uploadProgressText({ loaded: 0, total: 0 }).percent).toBe(0);
    expect(formatBytes(27.35 * 1024 * 1024)).toBe('27,4 MB');
  });

  it('says where the import has got once the files are sent', () => {
    const running = {
      dataset: 'ispra-comuni' as const,
      startedAt: '2026-11-28T14:00:00.000Z',
      step: null,
    };
    const text = adminMessages.imports.progress;
    expect(importProgressText(null)).toEqual({ text: text.waiting, step: null });
    expect(importProgressText({ ...running, phase: 'parsing' })).toEqual({ text: text.parsing, step: null });
    expect(importProgressText({ ...running, phase: 'writing' })).toEqual({ text: text.writing, step: null });
    expect(importProgressText({ ...running, phase: 'writing', step: { done: 12345, total: 50000 } })).toEqual(
      {
        text: 'Righe valide: scrittura nel database, 12.345 di 50.000…',
        step: { done: 12345, total: 50000 },
      },
    );
  });
});
