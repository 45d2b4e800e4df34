import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmailChangeConfirmResponseSchema, PasswordChangeResponseSchema } from '@portal/contract';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { PASSWORD, client, linkParams, outbox, signIn, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';
import { MemoryRateLimitStore } from '../../plugins/rate-limit';
import { createPasswordResetToken, createVerificationKey, findCredentials } from './accounts.repo';
import { encodeUid } from './accounts.routes';

/*
 * What every account page has (issue 14): change the password, change the address (confirmed from the
 * new address first) and delete the account, each with the current password.
 */

let t: TestDb;
let app: App;
const store = new MemoryRateLimitStore();
beforeEach(() => store.clear());

beforeAll(async () => {
  ({ t, app } = await buildTestApp({
    config: testConfig({ STAFF_EMAIL: 'staff@example.it' }),
    rateLimitStore: store,
  }));
});

const api = () => client(app);
const NEW_PASSWORD = 'Campana-Vetro-Blu-31';

async function createUser(email: string): Promise<number> {
  const args = ['user', 'create', '--email', email, '--password', PASSWORD, '--first-name', 'Anna'];
  expect(await runAccountsCommand(t.db, [...args, '--last-name', 'Verdi', '--verified'], () => {})).toBe(0);
  return (await findCredentials(t.db, email))!.id;
}

const status = async (key: string) => (await api().get('/api/auth/user/', { token: key })).statusCode;
const count = async (sql: string, params: unknown[]) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;
const login = (email: string, password: string) => api().post('/api/auth/login/', { email, password });

describe('POST /api/auth/password/change/', () => {
  it('needs a signed-in user', async () => {
    const res = await api().post('/api/auth/password/change/', {
      oldPassword: PASSWORD,
      newPassword1: NEW_PASSWORD,
      newPassword2: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong current password, and new passwords that differ or fail the validators', async () => {
    await createUser('cambio.rifiutato@example.it');
    const key = await signIn(app, 'cambio.rifiutato@example.it');
    const change = (body: Record<string, string>, lang?: string) =>
      api().post(
        '/api/auth/password/change/',
        { oldPassword: PASSWORD, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD, ...body },
        { token: key, lang },
      );
    const wrong = await change({ oldPassword: 'Non-La-Mia-Password-9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ oldPassword: ['La password attuale non è corretta.'] });
    expect((await change({ oldPassword: 'Non-La-Mia-Password-9' }, 'en')).json()).toEqual({
      oldPassword: ['Your current password is not correct.'],
    });
    expect((await change({ newPassword2: 'Altra-Password-88' })).json()).toEqual({
      newPassword2: ['I due campi password non corrispondono.'],
    });
    // The validators of the registration, with the account's own address and names.
    expect((await change({ newPassword1: '12345678', newPassword2: '12345678' })).json()).toEqual({
      newPassword2: ['Questa password è troppo comune.', 'Questa password è interamente numerica.'],
    });
    expect(
      (await change({ newPassword1: 'cambio.rifiutato', newPassword2: 'cambio.rifiutato' })).json(),
    ).toEqual({ newPassword2: ['La password è troppo simile a indirizzo email.'] });
    expect((await change({ oldPassword: '' })).json()).toEqual({
      oldPassword: ['Questo campo non può essere vuoto.'],
    });
    // Nothing changed: the old password still signs in, the session is still open.
    expect(await status(key)).toBe(200);
    expect((await login('cambio.rifiutato@example.it', PASSWORD)).statusCode).toBe(200);
    expect(await outbox(t.db, 'cambio.rifiutato@example.it')).toEqual([]);
  });

  it('sets the new password, ends every session and reset link, gives this client a new key, mails the user', async () => {
    const userId = await createUser('cambio@example.it');
    const here = await signIn(app, 'cambio@example.it');
    const elsewhere = await signIn(app, 'cambio@example.it');
    const resetToken = await createPasswordResetToken(t.db, userId);
    const res = await api().post(
      '/api/auth/password/change/',
      { oldPassword: PASSWORD, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
      { token: here },
    );
    expect(res.statusCode).toBe(200);
    const body = PasswordChangeResponseSchema.parse(res.json());
    expect(body.detail).toBe(
      'La password è stata cambiata. Gli altri accessi al tuo account sono stati chiusi.',
    );
    expect(body.key).toMatch(/^[0-9a-f]{40}$/);

    expect(await status(here)).toBe(401);
    expect(await status(elsewhere)).toBe(401);
    expect(await status(body.key)).toBe(200);
    expect((await login('cambio@example.it', PASSWORD)).statusCode).toBe(400);
    expect((await login('cambio@example.it', NEW_PASSWORD)).statusCode).toBe(200);
    const reset = await api().post('/api/auth/password/reset/confirm/', {
      uid: encodeUid(userId),
      token: resetToken,
      newPassword1: 'Ancora-Altra-Pass-12',
      newPassword2: 'Ancora-Altra-Pass-12',
    });
    expect(reset.json()).toEqual({ token: ['Valore non valido.'] });

    const [mail] = await outbox(t.db, 'cambio@example.it');
    expect(mail!.subject).toBe('La tua password è stata cambiata');
    expect(mail!.text).toContain('Ciao Anna,');
    expect(mail!.text).toContain('Gli accessi aperti su altri dispositivi sono stati chiusi');
    expect(mail!.text).not.toContain(NEW_PASSWORD);
  });

  it('is limited per user: the 11th attempt in an hour answers 429', async () => {
    await createUser('cambio.limite@example.it');
    const key = await signIn(app, 'cambio.limite@example.it');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await api().post(
        '/api/auth/password/change/',
        { oldPassword: `Tentativo-Sbagliato-${i}`, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
        { token: key, ip: `10.0.${i}.1` },
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().detail).toMatch(/^Troppe richieste, riprova tra \d+ minuti\.$/);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  });
});

describe('POST /api/auth/email/change/ and confirm/', () => {
  it('refuses a wrong password and the current address; needs a signed-in user', async () => {
    await createUser('indirizzo.rifiutato@example.it');
    const key = await signIn(app, 'indirizzo.rifiutato@example.it');
    expect(
      (await api().post('/api/auth/email/change/', { newEmail: 'x@example.it', password: PASSWORD }))
        .statusCode,
    ).toBe(401);
    const wrong = await api().post(
      '/api/auth/email/change/',
      { newEmail: 'nuovo.rifiutato@example.it', password: 'Non-La-Mia-Password-9' },
      { token: key },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: ['La password attuale non è corretta.'] });
    const same = await api().post(
      '/api/auth/email/change/',
      { newEmail: 'Indirizzo.Rifiutato@example.it', password: PASSWORD },
      { token: key },
    );
    expect(same.json()).toEqual({ newEmail: ["È già l'indirizzo del tuo account."] });
    const bad = await api().post(
      '/api/auth/email/change/',
      { newEmail: 'non-un-indirizzo', password: PASSWORD },
      { token: key },
    );
    expect(bad.json()).toEqual({ newEmail: ['Inserisci un indirizzo email valido.'] });
    expect(await outbox(t.db)).not.toContainEqual(
      expect.objectContaining({ to: 'nuovo.rifiutato@example.it' }),
    );
  });

  it('changes nothing until the link mailed to the new address is used; then every session ends', async () => {
    const userId = await createUser('vecchio@example.it');
    const here = await signIn(app, 'vecchio@example.it');
    const elsewhere = await signIn(app, 'vecchio@example.it');
    const res = await api().post(
      '/api/auth/email/change/',
      { newEmail: 'nuovo@example.it', password: PASSWORD },
      { token: here },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail:
        "Ti abbiamo inviato un'e-mail al nuovo indirizzo: apri il link che contiene per confermare il cambio.",
    });

    // Nothing changed yet.
    expect((await api().get('/api/auth/user/', { token: here })).json().email).toBe('vecchio@example.it');
    expect((await login('vecchio@example.it', PASSWORD)).statusCode).toBe(200);
    expect((await login('nuovo@example.it', PASSWORD)).statusCode).toBe(400);

    // The new address gets the link, and nothing the requester chose; the current one a notice.
    const [confirm] = await outbox(t.db, 'nuovo@example.it');
    expect(confirm!.subject).toBe('Conferma il nuovo indirizzo e-mail');
    expect(confirm!.text).not.toContain('Anna');
    expect(confirm!.text).toContain('http://localhost:3000/?flow=email-change&key=');
    const changeKey = linkParams(confirm!.text, 'email-change').get('key')!;
    const [notice] = await outbox(t.db, 'vecchio@example.it');
    expect(notice!.subject).toBe("Richiesta di cambio dell'indirizzo e-mail");
    expect(notice!.text).toContain('nuovo@example.it');
    expect(notice!.text).toContain('Ciao Anna,');

    expect((await api().post('/api/auth/email/change/confirm/', { key: 'sbagliata' })).statusCode).toBe(404);
    const done = await api().post('/api/auth/email/change/confirm/', { key: changeKey });
    expect(done.statusCode).toBe(200);
    // Confirmed without a session: no key; every session of the user ended.
    expect(EmailChangeConfirmResponseSchema.parse(done.json())).toEqual({
      detail: "L'indirizzo e-mail del tuo account è stato cambiato.",
    });
    expect(await status(here)).toBe(401);
    expect(await status(elsewhere)).toBe(401);
    expect((await login('vecchio@example.it', PASSWORD)).statusCode).toBe(400);
    const fresh = await login('Nuovo@example.it', PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect((await api().get('/api/auth/user/', { token: fresh.json().key })).json()).toMatchObject({
      pk: userId,
      email: 'nuovo@example.it',
    });
    // Single use.
    expect((await api().post('/api/auth/email/change/confirm/', { key: changeKey })).statusCode).toBe(404);
  });

  it('keeps the session of a browser signed in as the same user with a new key; ends reset links and older requests', async () => {
    const userId = await createUser('tenuta@example.it');
    const here = await signIn(app, 'tenuta@example.it');
    const elsewhere = await signIn(app, 'tenuta@example.it');
    const resetToken = await createPasswordResetToken(t.db, userId);
    const ask = (newEmail: string) =>
      api().post('/api/auth/email/change/', { newEmail, password: PASSWORD }, { token: here });
    await ask('primo@example.it');
    await ask('secondo@example.it');
    const keyOf = async (to: string) =>
      linkParams((await outbox(t.db, to)).at(-1)!.text, 'email-change').get('key')!;
    // A newer request ends the link of the one before.
    expect(
      (await api().post('/api/auth/email/change/confirm/', { key: await keyOf('primo@example.it') }))
        .statusCode,
    ).toBe(404);
    const done = await api().post(
      '/api/auth/email/change/confirm/',
      { key: await keyOf('secondo@example.it') },
      { token: here },
    );
    expect(done.statusCode).toBe(200);
    const { key } = EmailChangeConfirmResponseSchema.parse(done.json());
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(await status(key!)).toBe(200);
    expect(await status(here)).toBe(401);
    expect(await status(elsewhere)).toBe(401);
    const reset = await api().post('/api/auth/password/reset/confirm/', {
      uid: encodeUid(userId),
      token: resetToken,
      newPassword1: 'Ancora-Altra-Pass-12',
      newPassword2: 'Ancora-Altra-Pass-12',
    });
    expect(reset.json()).toEqual({ token: ['Valore non valido.'] });
    // A stale token sent with a confirmation stops nothing (and gets no key).
    await api().post(
      '/api/auth/email/change/',
      { newEmail: 'terzo@example.it', password: PASSWORD },
      { token: key! },
    );
    const third = await api().post(
      '/api/auth/email/change/confirm/',
      { key: await keyOf('terzo@example.it') },
      { token: here },
    );
    expect(third.statusCode).toBe(200);
    expect(third.json()).toEqual({ detail: "L'indirizzo e-mail del tuo account è stato cambiato." });
  });

  it('answers an address of another account as a free one, and changes nothing (no enumeration)', async () => {
    await createUser('richiedente@example.it');
    await createUser('occupato@example.it');
    const key = await signIn(app, 'richiedente@example.it');
    const other = await signIn(app, 'occupato@example.it');
    const ask = (newEmail: string) =>
      api().post('/api/auth/email/change/', { newEmail, password: PASSWORD }, { token: key });
    const taken = await ask('Occupato@example.it');
    const free = await ask('libero@example.it');
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    expect(taken.headers['content-length']).toBe(free.headers['content-length']);

    // The taken address gets no link, only a notice to its owner; the requester's own address the same
    // notice both times.
    const toTaken = await outbox(t.db, 'occupato@example.it');
    expect(toTaken.map((m) => m.subject)).toEqual(['Il tuo indirizzo ha già un account']);
    expect(toTaken[0]!.text).not.toContain('flow=email-change');
    expect(toTaken[0]!.text).not.toContain('Anna');
    expect((await outbox(t.db, 'richiedente@example.it')).map((m) => m.subject)).toEqual([
      "Richiesta di cambio dell'indirizzo e-mail",
      "Richiesta di cambio dell'indirizzo e-mail",
    ]);
    expect(await count('email_change_requests WHERE lower(new_email) = $1', ['occupato@example.it'])).toBe(0);
    // Neither account changed, and both sessions are still open.
    expect((await api().get('/api/auth/user/', { token: key })).json().email).toBe('richiedente@example.it');
    expect((await api().get('/api/auth/user/', { token: other })).json().email).toBe('occupato@example.it');
  });

  it('refuses the link when the address got an account since the request', async () => {
    await createUser('lento@example.it');
    const key = await signIn(app, 'lento@example.it');
    await api().post(
      '/api/auth/email/change/',
      { newEmail: 'conteso@example.it', password: PASSWORD },
      { token: key },
    );
    const changeKey = linkParams((await outbox(t.db, 'conteso@example.it'))[0]!.text, 'email-change').get(
      'key',
    )!;
    await createUser('conteso@example.it');
    const res = await api().post('/api/auth/email/change/confirm/', { key: changeKey });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      nonFieldErrors: [
        'Questo indirizzo è ormai usato da un altro account: il tuo indirizzo non è cambiato.',
      ],
    });
    expect((await api().get('/api/auth/user/', { token: key })).json().email).toBe('lento@example.it');
  });
});

describe('DELETE /api/auth/user/', () => {
  it('needs a signed-in user and the right password; a wrong one deletes nothing', async () => {
    expect((await api().delete('/api/auth/user/', { password: PASSWORD })).statusCode).toBe(401);
    await createUser('resto@example.it');
    const key = await signIn(app, 'resto@example.it');
    const wrong = await api().delete(
      '/api/auth/user/',
      { password: 'Non-La-Mia-Password-9' },
      { token: key },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: ['La password attuale non è corretta.'] });
    expect((await api().delete('/api/auth/user/', {}, { token: key })).json()).toEqual({
      password: ['Questo campo è obbligatorio.'],
    });
    expect(await status(key)).toBe(200);
  });

  it('erases the personal data in one go and keeps the download log without the person', async () => {
    const userId = await createUser('addio@example.it');
    const keep = await createUser('resta@example.it');
    const key = await signIn(app, 'addio@example.it');
    await signIn(app, 'addio@example.it');
    // Everything an account can leave behind: tokens, keys, a pending registration, a change of address,
    // mail, downloads, a contact message linked to it.
    await createPasswordResetToken(t.db, userId);
    await createVerificationKey(t.db, userId);
    await api().post('/api/registration/', {
      email1: 'addio@example.it',
      email2: 'addio@example.it',
      firstName: 'Estraneo',
      lastName: 'Qualunque',
      password: 'Password-Di-Altri-55',
    });
    await api().post(
      '/api/auth/email/change/',
      { newEmail: 'addio.nuovo@example.it', password: PASSWORD },
      { token: key },
    );
    for (const id of [userId, userId, keep]) {
      await t.db.query(
        `INSERT INTO downloads_log (user_id, format, query, row_count) VALUES ($1, 'csv', '{"level":"region"}', 20)`,
        [id],
      );
    }
    await t.db.query(
      `INSERT INTO contact_messages (first_name, last_name, email, reason, message, user_id)
       VALUES ('Anna', 'Verdi', 'addio@example.it', 'other', 'Una domanda.', $1)`,
      [userId],
    );
    const perUser = [
      'auth_tokens',
      'email_verification_keys',
      'password_reset_tokens',
      'pending_registrations',
      'email_change_requests',
    ];
    for (const table of perUser)
      expect(await count(`${table} WHERE user_id = $1`, [userId])).toBeGreaterThan(0);
    expect(await count('mail_outbox WHERE to_address = $1', ['addio@example.it'])).toBeGreaterThan(0);

    const res = await api().delete('/api/auth/user/', { password: PASSWORD }, { token: key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Il tuo account è stato eliminato.' });

    expect(await count('users WHERE id = $1 OR lower(email) = $2', [userId, 'addio@example.it'])).toBe(0);
    for (const table of perUser) expect(await count(`${table} WHERE user_id = $1`, [userId])).toBe(0);
    expect(await count('mail_outbox WHERE lower(to_address) = $1', ['addio@example.it'])).toBe(0);
    // The download log stays, without the person; another user's rows are untouched.
    expect(await count('downloads_log WHERE user_id IS NULL', [])).toBe(2);
    expect(await count('downloads_log WHERE user_id = $1', [keep])).toBe(1);
    const [message] = await t.db.query<{ user_id: number | null }>(
      `SELECT user_id FROM contact_messages WHERE message = 'Una domanda.'`,
    );
    expect(message).toEqual({ user_id: null });

    // The session is over, and the address is free again.
    expect(await status(key)).toBe(401);
    expect((await login('addio@example.it', PASSWORD)).statusCode).toBe(400);
    const again = await api().post('/api/registration/', {
      email1: 'addio@example.it',
      email2: 'addio@example.it',
      firstName: 'Anna',
      lastName: 'Verdi',
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('the OpenAPI document', () => {
  it('describes the account settings with their request and response schemas', async () => {
    const doc = (await api().get('/api/schema/')).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    const operations = [
      ['/api/auth/password/change/', 'post'],
      ['/api/auth/email/change/', 'post'],
      ['/api/auth/email/change/confirm/', 'post'],
      ['/api/auth/user/', 'delete'],
    ] as const;
    for (const [path, method] of operations) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.requestBody, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation!.responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(['200', '400']),
      );
    }
  });
});

describe('reset and verification links', () => {
  it('a reset link lives one hour, a verification link 3 days, and the mails say so', async () => {
    const userId = await createUser('durata@example.it');
    await api().post('/api/auth/password/reset/', { email: 'durata@example.it' });
    const [reset] = await t.db.query<{ minutes: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::int / 60 AS minutes
         FROM password_reset_tokens WHERE user_id = $1`,
      [userId],
    );
    expect(reset!.minutes).toBe(60);
    const mail = (await outbox(t.db, 'durata@example.it')).at(-1)!;
    expect(mail.text).toContain("Il link è valido per un'ora e può essere usato una sola volta.");

    // Past its hour the link is refused.
    const token = linkParams(mail.text, 'password-reset').get('token')!;
    await t.db.query(
      `UPDATE password_reset_tokens SET created_at = created_at - interval '61 minutes',
              expires_at = expires_at - interval '61 minutes' WHERE user_id = $1`,
      [userId],
    );
    const late = await api().post('/api/auth/password/reset/confirm/', {
      uid: encodeUid(userId),
      token,
      newPassword1: NEW_PASSWORD,
      newPassword2: NEW_PASSWORD,
    });
    expect(late.json()).toEqual({ token: ['Valore non valido.'] });

    await api().post('/api/registration/', {
      email1: 'durata.nuova@example.it',
      email2: 'durata.nuova@example.it',
      firstName: 'Nuova',
      lastName: 'Utente',
      password: PASSWORD,
    });
    const [verification] = await t.db.query<{ days: number }>(
      `SELECT extract(epoch FROM k.expires_at - k.created_at)::int / 86400 AS days
         FROM email_verification_keys k JOIN users u ON u.id = k.user_id WHERE u.email = $1`,
      ['durata.nuova@example.it'],
    );
    expect(verification!.days).toBe(3);
    const welcome = (await outbox(t.db, 'durata.nuova@example.it'))[0]!;
    expect(welcome.text).toContain("grazie per la registrazione all'Osservatorio Raccolta Differenziata.");
    expect(welcome.text).toContain('Il link è valido per 3 giorni.');
  });
});
