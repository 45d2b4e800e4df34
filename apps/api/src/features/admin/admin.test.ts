import { beforeAll, describe, expect, it } from 'vitest';
import {
  AuditListSchema,
  ContactInboxSchema,
  ContactMessageSchema,
  LICENSE_TERMS,
  MailOutboxSchema,
  OutboxMailSchema,
  LicenseHolderSchema,
  LicenseListSchema,
  UserSchema,
} from '@portal/contract';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { PASSWORD, client, outbox, signIn, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';

let t: TestDb;
let app: App;
let staff: string;

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig({ STAFF_EMAIL: 'staff@example.it' }) }));
  expect(
    await command('user', 'create', '--email', 'capo@example.it', ...person('Carla', 'Capo'), '--staff'),
  ).toBe(0);
  staff = await signIn(app, 'capo@example.it');
});

const quiet = () => {};
const command = (...args: string[]) => runAccountsCommand(t.db, args, quiet, testConfig());
const person = (first: string, last: string) => [
  '--password',
  PASSWORD,
  '--first-name',
  first,
  '--last-name',
  last,
  '--verified',
];

/** A verified user, signed in; `request` asks for the licence through the API, as the profile does. */
async function user(email: string, first: string, last: string, { request = false } = {}) {
  expect(await command('user', 'create', '--email', email, ...person(first, last))).toBe(0);
  const token = await signIn(app, email);
  await client(app).patch(
    '/api/auth/user/',
    { organization: `Comune di ${last}`, intendedUse: 'Rapporto annuale sui rifiuti' },
    { token },
  );
  if (request) {
    expect((await client(app).post('/api/users/license/request/', undefined, { token })).statusCode).toBe(
      200,
    );
  }
  const me = UserSchema.parse((await client(app).get('/api/auth/user/', { token })).json());
  return { token, pk: me.pk, email };
}

const api = () => client(app);
const list = async (query: string) => {
  const res = await api().get(`/api/admin/licenses/${query}`, { token: staff });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return LicenseListSchema.parse(res.json());
};
const me = async (token: string) => UserSchema.parse((await api().get('/api/auth/user/', { token })).json());
const audit = async () =>
  AuditListSchema.parse((await api().get('/api/admin/audit/', { token: staff })).json()).results;

describe('the licence queue', () => {
  it('lists the pending requests oldest first, with who and what for; filters by status and searches', async () => {
    const first = await user('prima@example.it', 'Paola', 'Prima', { request: true });
    const second = await user('seconda@example.it', 'Sara', 'Seconda', { request: true });
    await user('senza@example.it', 'Ugo', 'Senza');

    const pending = await list('');
    expect(pending.results.map((r) => r.email)).toEqual(['prima@example.it', 'seconda@example.it']);
    expect(pending.count).toBe(2);
    expect(pending.results[0]).toMatchObject({
      pk: first.pk,
      firstName: 'Paola',
      lastName: 'Prima',
      organization: 'Comune di Prima',
      intendedUse: 'Rapporto annuale sui rifiuti',
      licenseStatus: 'pending',
      licenseReason: null,
    });
    expect(pending.results[0]!.licenseRequestedAt).not.toBeNull();
    expect(Date.parse(pending.results[0]!.licenseRequestedAt!)).toBeLessThanOrEqual(
      Date.parse(pending.results[1]!.licenseRequestedAt!),
    );

    expect((await list('?status=inactive')).results.map((r) => r.email)).toContain('senza@example.it');
    expect((await list('?status=inactive')).results.map((r) => r.email)).not.toContain('prima@example.it');
    expect((await list('?status=all&search=SECONDA')).results.map((r) => r.pk)).toEqual([second.pk]);
    // By organisation, and the wildcards of LIKE are taken literally.
    expect((await list('?status=all&search=comune%20di%20prima')).results.map((r) => r.pk)).toEqual([
      first.pk,
    ]);
    expect((await list('?status=all&search=%25')).count).toBe(0);
    const paged = await list('?pageSize=1');
    expect(paged).toMatchObject({ count: 2, previous: null });
    expect(paged.next).toBe('http://localhost:3000/api/admin/licenses/?page=2&pageSize=1&status=pending');

    const bad = await api().get('/api/admin/licenses/?status=tutte', { token: staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('status');
  });
});

describe('the commitment accepted with a request', () => {
  it('records the version of the commitment and when it was accepted; the staff see it', async () => {
    const before = Date.now();
    const u = await user('impegno@example.it', 'Irene', 'Impegno', { request: true });
    const mine = await me(u.token);
    expect(mine.licenseTermsVersion).toBe(LICENSE_TERMS.version);
    expect(Date.parse(mine.licenseTermsAcceptedAt!)).toBeGreaterThanOrEqual(before - 60_000);
    const [row] = (await list('?status=pending&search=impegno')).results;
    expect(row).toMatchObject({ licenseTermsVersion: LICENSE_TERMS.version });
    // Asking again while pending changes nothing, the acceptance included.
    await api().post('/api/users/license/request/', undefined, { token: u.token });
    expect((await me(u.token)).licenseTermsAcceptedAt).toBe(mine.licenseTermsAcceptedAt);
  });
});

describe('decisions on a licence', () => {
  it('a staff member cannot approve their own licence; another staff member can', async () => {
    const own = await user('staff-due@example.it', 'Dario', 'Due', { request: true });
    const granted = await api().post(`/api/admin/users/${own.pk}/grant-staff/`, {}, { token: staff });
    expect(granted.statusCode).toBe(200);
    const refused = await api().post(`/api/admin/licenses/${own.pk}/approve/`, {}, { token: own.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      nonFieldErrors: ['Non puoi approvare la tua licenza: la approva un altro membro dello staff.'],
    });
    expect(await me(own.token)).toMatchObject({ licenseStatus: 'pending', isStaff: true });
    expect((await audit()).filter((e) => e.target === own.email && e.action === 'license.approve')).toEqual(
      [],
    );
    const approved = await api().post(`/api/admin/licenses/${own.pk}/approve/`, {}, { token: staff });
    expect(approved.statusCode).toBe(200);
    expect(await me(own.token)).toMatchObject({ licenseStatus: 'active' });
  });

  it('the queue says which rows four eyes keep the staff member asking from approving', async () => {
    const own = await user('staff-tre@example.it', 'Tea', 'Tre', { request: true });
    const other = await user('estraneo@example.it', 'Ettore', 'Estraneo', { request: true });
    expect(
      (await api().post(`/api/admin/users/${own.pk}/grant-staff/`, {}, { token: staff })).statusCode,
    ).toBe(200);
    // Tea's staff access comes from Carla: Carla's licence is not Tea's to approve either.
    const carla = (await me(staff)).pk;
    await t.db.query(
      `UPDATE users SET license_status = 'pending', license_requested_at = now() WHERE id = $1`,
      [carla],
    );
    const asTea = async (query: string) => {
      const res = await api().get(`/api/admin/licenses/${query}`, { token: own.token });
      expect(res.statusCode).toBe(200);
      return LicenseListSchema.parse(res.json()).results;
    };
    const refusal = async (pk: number) =>
      (await asTea('?status=all')).find((h) => h.pk === pk)?.approvalRefused;
    expect(await refusal(own.pk)).toBe('own');
    expect(await refusal(carla)).toBe('grant-chain');
    expect(await refusal(other.pk)).toBeNull();
    // Carla sees Tea's row as one she may approve, and her own as her own.
    const asCarla = (await list('?status=all')).results;
    expect(asCarla.find((h) => h.pk === own.pk)?.approvalRefused).toBeNull();
    expect(asCarla.find((h) => h.pk === carla)?.approvalRefused).toBe('own');
    // A decision's answer says the same for the one deciding.
    const approved = await api().post(`/api/admin/licenses/${other.pk}/approve/`, {}, { token: own.token });
    expect(LicenseHolderSchema.parse(approved.json())).toMatchObject({
      licenseStatus: 'active',
      approvalRefused: null,
    });
    await t.db.query(`UPDATE users SET license_status = 'inactive' WHERE id = $1`, [carla]);
  });

  it('approve: active, the user mailed, the decision in the audit log under the staff member’s name', async () => {
    const u = await user('approvare@example.it', 'Anna', 'Approvare', { request: true });
    const res = await api().post(`/api/admin/licenses/${u.pk}/approve/`, {}, { token: staff });
    expect(res.statusCode).toBe(200);
    expect(LicenseHolderSchema.parse(res.json())).toMatchObject({ pk: u.pk, licenseStatus: 'active' });
    expect(await me(u.token)).toMatchObject({ licenseStatus: 'active', licenseReason: null });
    expect((await outbox(t.db, u.email)).at(-1)!.subject).toBe('La tua licenza è attiva');
    expect((await audit())[0]).toMatchObject({
      actor: 'capo@example.it',
      action: 'license.approve',
      target: u.email,
      before: 'pending',
      after: 'active',
      reason: null,
    });
    // Twice: refused, nothing written again.
    const again = await api().post(`/api/admin/licenses/${u.pk}/approve/`, {}, { token: staff });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ nonFieldErrors: ['La licenza è già attiva.'] });
    expect((await audit()).filter((e) => e.target === u.email)).toHaveLength(1);
  });

  it('reject: needs a reason, which the user reads in the mail and on the profile; asking again clears it', async () => {
    const u = await user('rifiutare@example.it', 'Rita', 'Rifiutare', { request: true });
    const noReason = await api().post(`/api/admin/licenses/${u.pk}/reject/`, {}, { token: staff });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: ['Questo campo è obbligatorio.'] });
    const blank = await api().post(
      `/api/admin/licenses/${u.pk}/reject/`,
      { reason: '   ' },
      { token: staff },
    );
    expect(blank.statusCode).toBe(400);
    expect((await me(u.token)).licenseStatus).toBe('pending');

    const reason = 'L’uso previsto non è indicato:\nscrivilo nel profilo.';
    const res = await api().post(`/api/admin/licenses/${u.pk}/reject/`, { reason }, { token: staff });
    expect(res.statusCode).toBe(200);
    const rejected = await me(u.token);
    expect(rejected).toMatchObject({
      licenseStatus: 'inactive',
      licenseReason: reason,
      licenseRevokedAt: null,
    });
    expect(rejected.licenseRejectedAt).not.toBeNull();
    const mail = (await outbox(t.db, u.email)).at(-1)!;
    expect(mail.subject).toBe('La tua richiesta di licenza non è stata accolta');
    expect(mail.text).toContain(`Motivazione: ${reason}`);
    expect(mail.html).toContain('Motivazione: L’uso previsto non è indicato:<br>scrivilo nel profilo.');
    expect((await audit())[0]).toMatchObject({
      action: 'license.reject',
      before: 'pending',
      after: 'inactive',
      reason,
    });

    // Only a pending request can be turned down.
    const notPending = await api().post(
      `/api/admin/licenses/${u.pk}/reject/`,
      { reason: 'x' },
      { token: staff },
    );
    expect(notPending.statusCode).toBe(400);
    expect(notPending.json()).toEqual({
      nonFieldErrors: ['Non c’è una richiesta di licenza in attesa da rifiutare.'],
    });

    await api().post('/api/users/license/request/', undefined, { token: u.token });
    expect(await me(u.token)).toMatchObject({
      licenseStatus: 'pending',
      licenseRejectedAt: null,
      licenseReason: null,
    });
  });

  it('revoke: only an active licence, with a reason; stamped and mailed', async () => {
    const u = await user('revocare@example.it', 'Vera', 'Revocare', { request: true });
    const early = await api().post(
      `/api/admin/licenses/${u.pk}/revoke/`,
      { reason: 'Uso improprio.' },
      { token: staff },
    );
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      nonFieldErrors: ['La licenza non è attiva: non c’è niente da revocare.'],
    });
    await api().post(`/api/admin/licenses/${u.pk}/approve/`, {}, { token: staff });
    const res = await api().post(
      `/api/admin/licenses/${u.pk}/revoke/`,
      { reason: 'Uso improprio.' },
      { token: staff },
    );
    expect(res.statusCode).toBe(200);
    const revoked = await me(u.token);
    expect(revoked).toMatchObject({
      licenseStatus: 'inactive',
      licenseReason: 'Uso improprio.',
      licenseApprovedAt: null,
    });
    expect(revoked.licenseRevokedAt).not.toBeNull();
    const mail = (await outbox(t.db, u.email)).at(-1)!;
    expect(mail.subject).toBe('La tua licenza è stata revocata');
    expect(mail.text).toContain('Motivazione: Uso improprio.');
    expect((await audit())[0]).toMatchObject({
      action: 'license.revoke',
      before: 'active',
      after: 'inactive',
    });
  });

  it('answers 404 for an unknown user and 400 for a path that is not a user', async () => {
    expect((await api().post('/api/admin/licenses/999999/approve/', {}, { token: staff })).statusCode).toBe(
      404,
    );
    expect((await api().post('/api/admin/licenses/abc/approve/', {}, { token: staff })).statusCode).toBe(400);
  });

  it('records the admin CLI’s decisions too, as the command line’s', async () => {
    const u = await user('riga@example.it', 'Rino', 'Riga', { request: true });
    expect(await command('license', 'approve', u.email)).toBe(0);
    expect(await command('license', 'revoke', u.email, '--reason', 'Fine del progetto.')).toBe(0);
    const [revoke, approve] = (await audit()).filter((e) => e.target === u.email);
    expect(approve).toMatchObject({ actor: 'riga di comando', action: 'license.approve' });
    expect(revoke).toMatchObject({
      actor: 'riga di comando',
      action: 'license.revoke',
      reason: 'Fine del progetto.',
    });
    expect(await me(u.token)).toMatchObject({ licenseReason: 'Fine del progetto.' });
  });

  it('filters the audit log by action', async () => {
    const res = await api().get('/api/admin/audit/?action=license.reject', { token: staff });
    const { results } = AuditListSchema.parse(res.json());
    expect(results.length).toBeGreaterThan(0);
    expect(new Set(results.map((e) => e.action))).toEqual(new Set(['license.reject']));
  });
});

describe('the contact inbox', () => {
  it('lists the messages of the contact form, open ones first by default, and marks one handled once', async () => {
    const sent = await api().post('/api/contact-us/', {
      firstName: 'Lucia',
      lastName: 'Scrive',
      email: 'lucia@example.it',
      reason: 'platform_report',
      message: 'Il comune di Abano\nha dati mancanti.',
      privacy: true,
    });
    expect(sent.statusCode).toBe(201);
    const inbox = async (query = '') => {
      const res = await api().get(`/api/admin/contact-messages/${query}`, { token: staff });
      expect(res.statusCode).toBe(200);
      return ContactInboxSchema.parse(res.json());
    };
    const [message] = (await inbox()).results.filter((m) => m.email === 'lucia@example.it');
    expect(message).toMatchObject({
      firstName: 'Lucia',
      reason: 'platform_report',
      message: 'Il comune di Abano\nha dati mancanti.',
      handledAt: null,
      handledBy: null,
    });
    expect((await inbox('?reason=other')).results.map((m) => m.id)).not.toContain(message!.id);

    const handled = await api().post(
      `/api/admin/contact-messages/${message!.id}/handled/`,
      {},
      { token: staff },
    );
    expect(handled.statusCode).toBe(200);
    expect(ContactMessageSchema.parse(handled.json())).toMatchObject({ handledBy: 'capo@example.it' });
    expect((await inbox()).results.map((m) => m.id)).not.toContain(message!.id);
    expect((await inbox('?state=handled')).results.map((m) => m.id)).toContain(message!.id);
    const again = await api().post(
      `/api/admin/contact-messages/${message!.id}/handled/`,
      {},
      { token: staff },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ nonFieldErrors: ['Il messaggio è già stato gestito.'] });
    expect((await audit())[0]).toMatchObject({
      actor: 'capo@example.it',
      action: 'contact.handled',
      target: 'lucia@example.it',
      before: 'open',
      after: 'handled',
    });
    expect(
      (await api().post('/api/admin/contact-messages/999999/handled/', {}, { token: staff })).statusCode,
    ).toBe(404);
  });
});

describe('the mail outbox', () => {
  it('lists the outbox by status and puts a failed mail back in the queue, once', async () => {
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, status, attempts, last_error)
       VALUES ('perso@example.it', 'Prova', 'Prova', '<p>Prova</p>', 'failed', 8, 'connessione rifiutata')
       RETURNING id::int AS id`,
    );
    const outbox = async (query: string) => {
      const res = await api().get(`/api/admin/mail/${query}`, { token: staff });
      expect(res.statusCode).toBe(200);
      return MailOutboxSchema.parse(res.json());
    };
    const failed = (await outbox('?status=failed')).results;
    expect(failed.map((m) => m.id)).toEqual([row!.id]);
    expect(failed[0]).toMatchObject({
      to: 'perso@example.it',
      attempts: 8,
      lastError: 'connessione rifiutata',
    });
    expect((await outbox('?status=all')).count).toBeGreaterThan(1);

    const retried = await api().post(`/api/admin/mail/${row!.id}/retry/`, {}, { token: staff });
    expect(retried.statusCode).toBe(200);
    expect(OutboxMailSchema.parse(retried.json())).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await outbox('?status=failed')).count).toBe(0);
    const again = await api().post(`/api/admin/mail/${row!.id}/retry/`, {}, { token: staff });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ nonFieldErrors: ['Si può ritentare solo un’email non recapitata.'] });
    expect((await audit())[0]).toMatchObject({
      action: 'mail.retry',
      target: 'perso@example.it',
      before: 'failed',
      after: 'pending',
    });
  });
});
