import { beforeAll, describe, expect, it } from 'vitest';
import { AdminUserListSchema, AdminUserSchema, AuditListSchema } from '@portal/contract';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { PASSWORD, client, linkParams, outbox, signIn, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';
import { helpText } from '../../cli/admin';

let t: TestDb;
let app: App;
let staff: string;
let staffPk: number;

const quiet = () => {};
const command = (...args: string[]) => runAccountsCommand(t.db, args, quiet, testConfig());
const create = (email: string, first: string, last: string, ...flags: string[]) =>
  command(
    'user',
    'create',
    '--email',
    email,
    '--password',
    PASSWORD,
    '--first-name',
    first,
    '--last-name',
    last,
    ...flags,
  );

const api = () => client(app);
const users = async (query = '') => {
  const res = await api().get(`/api/admin/users/${query}`, { token: staff });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return AdminUserListSchema.parse(res.json());
};
const pkOf = async (email: string) => (await users(`?search=${encodeURIComponent(email)}`)).results[0]!.pk;
const act = (pk: number, action: string, body: object = {}, token = staff) =>
  api().post(`/api/admin/users/${pk}/${action}/`, body, { token });
const audit = async () =>
  AuditListSchema.parse((await api().get('/api/admin/audit/', { token: staff })).json()).results;

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig() }));
  expect(await create('capo@example.it', 'Carla', 'Capo', '--verified', '--staff')).toBe(0);
  staff = await signIn(app, 'capo@example.it');
  staffPk = (await users('?status=staff')).results[0]!.pk;
});

describe('the users list', () => {
  it('lists every account newest first, searched by name or e-mail, filtered by state', async () => {
    expect(await create('verdi@example.it', 'Giuseppe', 'Verdi', '--verified')).toBe(0);
    expect(await create('nuova@example.it', 'Nina', 'Nuova')).toBe(0);
    const all = await users();
    expect(all.results.map((u) => u.email).slice(0, 3)).toEqual([
      'nuova@example.it',
      'verdi@example.it',
      'capo@example.it',
    ]);
    expect(all.results.find((u) => u.email === 'capo@example.it')).toMatchObject({
      isStaff: true,
      verified: true,
      licenseStatus: 'inactive',
      deactivatedAt: null,
      activeSessions: 1,
      hasPassword: true,
    });
    expect((await users('?search=GIUSEPPE%20verdi')).results.map((u) => u.email)).toEqual([
      'verdi@example.it',
    ]);
    expect((await users('?search=%25')).count).toBe(0);
    expect((await users('?status=unverified')).results.map((u) => u.email)).toEqual(['nuova@example.it']);
    expect((await users('?status=staff')).results.map((u) => u.email)).toEqual(['capo@example.it']);
    expect((await users('?status=deactivated')).count).toBe(0);
    const bad = await api().get('/api/admin/users/?status=tutti', { token: staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('status');
  });
});

describe('actions on an account', () => {
  it('resends the verification mail and marks an address verified, each once, audited', async () => {
    expect(await create('attesa@example.it', 'Aldo', 'Attesa')).toBe(0);
    const pk = await pkOf('attesa@example.it');
    const mailsBefore = (await outbox(t.db, 'attesa@example.it')).length;
    const resent = await act(pk, 'resend-verification');
    expect(resent.statusCode).toBe(200);
    const mails = await outbox(t.db, 'attesa@example.it');
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toBe('Conferma il tuo indirizzo e-mail');
    expect((await audit())[0]).toMatchObject({
      actor: 'capo@example.it',
      action: 'user.verification-resent',
      target: 'attesa@example.it',
    });

    const verified = await act(pk, 'verify');
    expect(verified.statusCode).toBe(200);
    expect(AdminUserSchema.parse(verified.json())).toMatchObject({ pk, verified: true });
    // The account signs in now.
    expect(await signIn(app, 'attesa@example.it')).toMatch(/\S+/);
    expect((await audit())[0]).toMatchObject({
      action: 'user.verify',
      before: 'da verificare',
      after: 'verificato',
    });

    for (const action of ['verify', 'resend-verification']) {
      const again = await act(pk, action);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ nonFieldErrors: ['L’indirizzo è già verificato.'] });
    }
  });

  it('deactivates with a reason: the tokens die at once, sign-in and password reset are refused; reactivation restores sign-in', async () => {
    expect(await create('bloccato@example.it', 'Bruno', 'Bloccato', '--verified')).toBe(0);
    const token = await signIn(app, 'bloccato@example.it');
    const pk = await pkOf('bloccato@example.it');
    expect((await api().get('/api/auth/user/', { token })).statusCode).toBe(200);

    // A reset link mailed before the deactivation dies with it.
    await api().post('/api/auth/password/reset/', { email: 'bloccato@example.it' });
    const link = linkParams((await outbox(t.db, 'bloccato@example.it')).at(-1)!.text, 'password-reset');
    const reset = {
      uid: link.get('uid'),
      token: link.get('token'),
      newPassword1: 'Nuova-Password-2025',
      newPassword2: 'Nuova-Password-2025',
    };

    const noReason = await act(pk, 'deactivate');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: ['Questo campo è obbligatorio.'] });

    const reason = 'Scaricamenti automatici oltre i limiti della licenza.';
    const res = await act(pk, 'deactivate', { reason });
    expect(res.statusCode).toBe(200);
    const row = AdminUserSchema.parse(res.json());
    expect(row).toMatchObject({ deactivationReason: reason, activeSessions: 0 });
    expect(row.deactivatedAt).not.toBeNull();
    expect((await api().get('/api/auth/user/', { token })).statusCode).toBe(401);
    const login = await api().post('/api/auth/login/', { email: 'bloccato@example.it', password: PASSWORD });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({
      nonFieldErrors: [
        'Questo account è stato disattivato. Per informazioni scrivi allo staff dal modulo di contatto.',
      ],
    });
    // A wrong password still reads as any wrong password: the state is told only to the owner.
    const wrong = await api().post('/api/auth/login/', {
      email: 'bloccato@example.it',
      password: 'x' + PASSWORD,
    });
    expect(wrong.json()).toEqual({ nonFieldErrors: ['Impossibile accedere con le credenziali fornite.'] });
    const mailsBefore = (await outbox(t.db, 'bloccato@example.it')).length;
    expect((await api().post('/api/auth/password/reset/', { email: 'bloccato@example.it' })).statusCode).toBe(
      200,
    );
    expect(await outbox(t.db, 'bloccato@example.it')).toHaveLength(mailsBefore);
    expect((await api().post('/api/auth/password/reset/confirm/', reset)).statusCode).toBe(400);
    expect((await users('?status=deactivated')).results.map((u) => u.pk)).toEqual([pk]);
    expect((await audit())[0]).toMatchObject({
      action: 'user.deactivate',
      target: 'bloccato@example.it',
      before: 'attivo',
      after: 'disattivato',
      reason,
    });
    expect((await act(pk, 'deactivate', { reason })).json()).toEqual({
      nonFieldErrors: ['L’account è già disattivato.'],
    });
    // The owner is told, in Italian, through the outbox, and whom to write to; the staff's note stays theirs.
    const [deactivated] = (await outbox(t.db, 'bloccato@example.it')).filter((m) =>
      m.subject.includes('disattivato'),
    );
    expect(deactivated).toMatchObject({ subject: 'Il tuo account è stato disattivato' });
    expect(deactivated!.text).toContain('scrivi allo staff dal modulo di contatto');
    expect(deactivated!.text).toContain('http://localhost:3000/contatti');
    expect(deactivated!.text).not.toContain(reason);

    const back = await act(pk, 'reactivate');
    expect(back.statusCode).toBe(200);
    expect(AdminUserSchema.parse(back.json())).toMatchObject({
      deactivatedAt: null,
      deactivationReason: null,
    });
    expect((await api().get('/api/auth/user/', { token })).statusCode).toBe(401); // the old token stays dead
    expect((await outbox(t.db, 'bloccato@example.it')).at(-1)!.subject).toBe(
      'Il tuo account è stato riattivato',
    );
    expect(await signIn(app, 'bloccato@example.it')).toMatch(/\S+/);
    expect((await act(pk, 'reactivate')).json()).toEqual({
      nonFieldErrors: ['L’account non è disattivato.'],
    });
  });

  it('grants and removes staff access, which takes effect on the next request', async () => {
    expect(await create('aiuto@example.it', 'Elsa', 'Aiuto', '--verified')).toBe(0);
    const token = await signIn(app, 'aiuto@example.it');
    const pk = await pkOf('aiuto@example.it');
    expect((await api().get('/api/admin/users/', { token })).statusCode).toBe(403);
    expect((await act(pk, 'grant-staff')).statusCode).toBe(200);
    expect((await api().get('/api/admin/users/', { token })).statusCode).toBe(200);
    expect((await api().get('/api/auth/user/', { token })).json()).toMatchObject({ isStaff: true });
    expect((await act(pk, 'grant-staff')).json()).toEqual({
      nonFieldErrors: ['L’utente fa già parte dello staff.'],
    });
    // Every staff member, and the account itself, is told by mail.
    for (const to of ['capo@example.it', 'aiuto@example.it'])
      expect((await outbox(t.db, to)).at(-1)).toMatchObject({
        subject: 'Accesso all’amministrazione concesso: aiuto@example.it',
        text: expect.stringContaining('La modifica è stata fatta da capo@example.it.'),
      });
    // Taking it back is the operator's (finding 6 of issue 34).
    expect((await act(pk, 'remove-staff')).json()).toEqual({ nonFieldErrors: [BY_OPERATOR] });
    expect(await command('user', 'remove-staff', 'aiuto@example.it')).toBe(0);
    expect((await api().get('/api/admin/users/', { token })).statusCode).toBe(403);
    expect((await audit()).slice(0, 2)).toMatchObject([
      { action: 'user.remove-staff', actor: 'riga di comando' },
      { action: 'user.grant-staff', actor: 'capo@example.it' },
    ]);
    expect((await outbox(t.db, 'capo@example.it')).at(-1)).toMatchObject({
      subject: 'Accesso all’amministrazione tolto: aiuto@example.it',
    });
  });

  it('refuses to deactivate or demote one’s own account, and answers 404 for an unknown one', async () => {
    const notOnYourself = {
      nonFieldErrors: ['Non puoi farlo sul tuo account: chiedilo a un altro membro dello staff.'],
    };
    expect((await act(staffPk, 'remove-staff')).json()).toEqual(notOnYourself);
    expect((await act(staffPk, 'deactivate', { reason: 'prova' })).json()).toEqual(notOnYourself);
    const unknown = await act(999_999, 'verify');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Utente non trovato.' });
    expect((await act(staffPk, 'promote')).statusCode).toBe(404);
  });
});

const BY_OPERATOR =
  'L’accesso di un membro dello staff (disattivazione, riattivazione, rimozione dallo staff) lo cambia solo l’operatore del portale dalla riga di comando del server (npm run admin).';

/*
 * Issue 34, finding 6: four eyes only on paper. A staff member made a second account of theirs staff,
 * which approved the first one's licence; any staff member could deactivate or demote every other one,
 * and the CLI could not reactivate.
 */
describe('four eyes on the staff', () => {
  const requestLicence = (email: string) =>
    t.db.query(`UPDATE users SET license_status = 'pending', license_requested_at = now() WHERE email = $1`, [
      email,
    ]);
  const approve = (pk: number, token: string) =>
    api().post(`/api/admin/licenses/${pk}/approve/`, {}, { token });
  const ownGrant = {
    nonFieldErrors: [
      'Non puoi approvare questa licenza: il tuo accesso allo staff viene, direttamente o tramite altri, da questo utente. La approva un altro membro dello staff o l’operatore del portale.',
    ],
  };

  it('no account made staff by the requester, directly or down a chain, approves their licence', async () => {
    expect(await create('anna@example.it', 'Anna', 'Astuta', '--verified', '--staff')).toBe(0);
    expect(await create('anna.bis@example.it', 'Anna', 'Bis', '--verified')).toBe(0);
    expect(await create('anna.ter@example.it', 'Anna', 'Ter', '--verified')).toBe(0);
    const anna = await signIn(app, 'anna@example.it');
    const annaPk = await pkOf('anna@example.it');
    // Anna makes her second account staff, which makes her third one staff.
    expect((await act(await pkOf('anna.bis@example.it'), 'grant-staff', {}, anna)).statusCode).toBe(200);
    const bis = await signIn(app, 'anna.bis@example.it');
    expect((await act(await pkOf('anna.ter@example.it'), 'grant-staff', {}, bis)).statusCode).toBe(200);
    const ter = await signIn(app, 'anna.ter@example.it');

    await requestLicence('anna@example.it');
    for (const token of [bis, ter]) {
      const refused = await approve(annaPk, token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(ownGrant);
    }
    expect((await approve(annaPk, anna)).statusCode).toBe(400); // her own
    // The chain outlives a removal and a new grant by someone else.
    expect(await command('user', 'remove-staff', 'anna.ter@example.it')).toBe(0);
    expect((await act(await pkOf('anna.ter@example.it'), 'grant-staff')).statusCode).toBe(200);
    expect((await approve(annaPk, ter)).json()).toEqual(ownGrant);
    const [status] = await t.db.query<{ s: string }>(
      `SELECT license_status AS s FROM users WHERE email = 'anna@example.it'`,
    );
    expect(status!.s).toBe('pending');

    // A staff member whose access does not come from her approves it.
    const approved = await approve(annaPk, staff);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ licenseStatus: 'active' });
  });

  it('no staff member deactivates, reactivates or demotes another: the operator does, at the command line', async () => {
    expect(await create('bruno@example.it', 'Bruno', 'Bruschi', '--verified', '--staff')).toBe(0);
    const bruno = await signIn(app, 'bruno@example.it');
    const brunoPk = await pkOf('bruno@example.it');
    for (const [action, body] of [
      ['deactivate', { reason: 'Fuori!' }],
      ['remove-staff', {}],
    ] as const) {
      const refused = await act(staffPk, action, body, bruno);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ nonFieldErrors: [BY_OPERATOR] });
    }
    expect((await api().get('/api/admin/users/', { token: staff })).statusCode).toBe(200);

    // The operator deactivates Bruno: his sessions end, the staff are told; no staff member undoes it.
    const lines: string[] = [];
    const cli = (...args: string[]) => runAccountsCommand(t.db, args, (l) => lines.push(l));
    expect(await cli('user', 'deactivate', 'bruno@example.it')).toBe(2);
    expect(await cli('user', 'deactivate', 'bruno@example.it', '--reason', 'Ha lasciato l’ente.')).toBe(0);
    expect(lines.at(-1)).toBe('bruno@example.it: deactivated; its sessions ended');
    expect((await api().get('/api/auth/user/', { token: bruno })).statusCode).toBe(401);
    expect((await outbox(t.db, 'capo@example.it')).at(-1)).toMatchObject({
      subject: 'Account dello staff disattivato: bruno@example.it',
      text: expect.stringContaining('Motivazione: Ha lasciato l’ente.'),
    });
    expect((await act(brunoPk, 'reactivate')).json()).toEqual({ nonFieldErrors: [BY_OPERATOR] });
    expect(await cli('user', 'reactivate', 'bruno@example.it')).toBe(0);
    expect(lines.at(-1)).toBe('bruno@example.it: reactivated; it can sign in again');
    expect(await signIn(app, 'bruno@example.it')).toMatch(/\S+/);
    expect(await cli('user', 'reactivate', 'bruno@example.it')).toBe(1);
    expect(await cli('user', 'reactivate', 'nessuno@example.it')).toBe(1);
    expect((await audit()).slice(0, 2)).toMatchObject([
      { action: 'user.reactivate', actor: 'riga di comando', target: 'bruno@example.it' },
      { action: 'user.deactivate', actor: 'riga di comando', reason: 'Ha lasciato l’ente.' },
    ]);
    // The help lists the commands.
    for (const usage of [
      'user deactivate <email> --reason <text>',
      'user reactivate <email>',
      'user grant-staff <email>',
      'user remove-staff <email>',
    ])
      expect(helpText()).toContain(usage);
  });
});

describe('what the admin CLI does to accounts', () => {
  it('is in the audit log as the command line’s: a staff account made, an address verified', async () => {
    expect(await create('riga@example.it', 'Rina', 'Riga', '--staff')).toBe(0);
    expect(await command('user', 'verify', 'riga@example.it')).toBe(0);
    const [verified, made] = await audit();
    expect(made).toMatchObject({
      actor: 'riga di comando',
      action: 'user.grant-staff',
      target: 'riga@example.it',
    });
    expect(verified).toMatchObject({
      actor: 'riga di comando',
      action: 'user.verify',
      target: 'riga@example.it',
      before: 'da verificare',
      after: 'verificato',
    });
  });
});
