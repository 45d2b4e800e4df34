import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { TestSmtp, client, linkParams, testConfig } from '../../../test/accounts';
import { MailWorker, smtpTransport } from '../../plugins/mailer';
import { runAccountsCommand } from '../../cli/accounts-commands';

let t: TestDb;
let app: App;
let worker: MailWorker;
const smtp = new TestSmtp();
const config = () =>
  testConfig({ PUBLIC_URL: 'https://portale.example.it', STAFF_EMAIL: 'staff@example.it' });

beforeAll(async () => {
  await smtp.start();
  ({ t, app } = await buildTestApp({ config: config() }));
  worker = new MailWorker({
    db: t.db,
    transport: smtpTransport(smtp.url),
    from: 'Portale <noreply@example.it>',
    // The running portal's address: the worker writes it into every mail's links.
    publicUrl: config().PUBLIC_URL,
    log: pino({ level: 'silent' }),
    pollIntervalMs: 50,
    baseDelayMs: 100,
    maxDelayMs: 400,
  });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await smtp.stop();
});

describe('the whole account flow over HTTP', () => {
  it('registers, verifies by mail, signs in, edits the profile, gets a licence, signs out', async () => {
    const api = client(app);
    const email = 'giulia.bianchi@example.it';
    const reg = await api.post('/api/registration/', {
      email1: email,
      email2: email,
      firstName: 'Giulia',
      lastName: 'Bianchi',
      password: 'Compostiera-Blu-77',
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toEqual({ detail: 'E-mail di verifica inviata.' });

    // Before verification the right password is refused with the resend hint.
    const early = await api.post('/api/auth/login/', { email, password: 'Compostiera-Blu-77' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ nonFieldErrors: ["L'e-mail non è verificata."] });

    const mail = await smtp.waitFor(email, /Conferma/);
    expect(mail.html).toContain('flow=verify-email');
    const params = linkParams(mail.text ?? '', 'verify-email');
    expect(mail.text).toContain('https://portale.example.it/?flow=verify-email&key=');
    // The key alone (a click) confirms nothing: the password chosen at registration goes with it.
    const keyOnly = await api.post('/api/registration/verify-email/', { key: params.get('key') });
    expect(keyOnly.json()).toEqual({ password: ['Questo campo è obbligatorio.'] });
    const wrong = await api.post('/api/registration/verify-email/', {
      key: params.get('key'),
      password: 'Altra-Password-12',
    });
    expect(wrong.json()).toEqual({
      password: ['La password non è quella scelta registrandoti con questo indirizzo.'],
    });
    const verify = await api.post('/api/registration/verify-email/', {
      key: params.get('key'),
      password: 'Compostiera-Blu-77',
    });
    expect(verify.statusCode).toBe(200);
    // The confirmation signs in (issue 35): its key is a session like the login's below.
    expect(verify.json()).toEqual({ detail: 'ok', key: expect.stringMatching(/^[0-9a-f]{40}$/) as string });
    // Single use.
    expect(
      (
        await api.post('/api/registration/verify-email/', {
          key: params.get('key'),
          password: 'Compostiera-Blu-77',
        })
      ).statusCode,
    ).toBe(404);

    const login = await api.post('/api/auth/login/', {
      email: 'Giulia.Bianchi@example.it',
      password: 'Compostiera-Blu-77',
    });
    expect(login.statusCode).toBe(200);
    const key = login.json().key as string;
    expect(key).toMatch(/^[0-9a-f]{40}$/);

    const me = await api.get('/api/auth/user/', { token: key });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email,
      firstName: 'Giulia',
      lastName: 'Bianchi',
      licenseStatus: 'inactive',
      licenseRequestedAt: null,
      licenseApprovedAt: null,
    });
    expect(String(me.headers['set-cookie'])).toMatch(/csrftoken=/);

    const patch = await api.patch(
      '/api/auth/user/',
      {
        organization: 'Comune di Padova',
        organizationType: 'public_administration',
        role: 'Ufficio ambiente',
        intendedUse: 'Rapporto annuale',
      },
      { token: key },
    );
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      organization: 'Comune di Padova',
      organizationType: 'public_administration',
    });

    const request = await api.post('/api/users/license/request/', undefined, { token: key });
    expect(request.statusCode).toBe(200);
    expect(request.json().licenseStatus).toBe('pending');
    expect(request.json().licenseRequestedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const staffMail = await smtp.waitFor('staff@example.it', /licenza/);
    expect(staffMail.text).toContain(email);
    await smtp.waitFor(email, /richiesta di licenza/);

    const lines: string[] = [];
    expect(await runAccountsCommand(t.db, ['license', 'list'], (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toContain(email);
    expect(await runAccountsCommand(t.db, ['license', 'approve', email], (l) => lines.push(l))).toBe(0);
    await smtp.waitFor(email, /licenza è attiva/);

    const active = await api.get('/api/auth/user/', { token: key });
    expect(active.json().licenseStatus).toBe('active');
    expect(active.json().licenseApprovedAt).toMatch(/^\d{4}-/);

    const logout = await api.post('/api/auth/logout/', undefined, { token: key });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ detail: 'Disconnessione avvenuta con successo.' });
    const stale = await api.get('/api/auth/user/', { token: key });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ detail: 'Token non valido.' });
  });

  it('loses no mail while the SMTP server is down: it arrives once the server is back', async () => {
    const api = client(app);
    const port = smtp.port;
    await smtp.stop();
    const email = 'outage@example.it';
    const res = await api.post('/api/registration/', {
      email1: email,
      email2: email,
      firstName: 'Paolo',
      lastName: 'Neri',
      password: 'Raccolta-Vetro-19',
    });
    expect(res.statusCode).toBe(201);
    // The worker tries, fails and schedules a retry with backoff.
    const row = await vi.waitFor(
      async () => {
        const [r] = await t.db.query<{ attempts: number; status: string; last_error: string | null }>(
          `SELECT attempts, status, last_error FROM mail_outbox WHERE to_address = $1`,
          [email],
        );
        expect(r?.attempts).toBeGreaterThanOrEqual(2);
        return r!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(['pending', 'sending']).toContain(row.status);
    expect(row.last_error).toBeTruthy();

    await smtp.start(port);
    const mail = await smtp.waitFor(email, /Conferma/);
    const key = linkParams(mail.text ?? '', 'verify-email').get('key');
    expect(
      (await api.post('/api/registration/verify-email/', { key, password: 'Raccolta-Vetro-19' })).statusCode,
    ).toBe(200);
    const [sent] = await t.db.query<{ status: string }>(
      `SELECT status FROM mail_outbox WHERE to_address = $1`,
      [email],
    );
    expect(sent!.status).toBe('sent');
  });

  it("gives the licence mails of the admin command the running portal's links, whatever its own environment", async () => {
    // Defect 9 of issue 14: `npm run admin -- license approve` built its links from its own environment,
    // which lacks PUBLIC_URL (http://localhost:3000), while the portal answers at https://portale.example.it.
    vi.stubEnv('PUBLIC_URL', '');
    try {
      const email = 'licenza.cli@example.it';
      const lines: string[] = [];
      const create = ['user', 'create', '--email', email, '--password', 'Compostiera-Blu-77', '--verified'];
      expect(await runAccountsCommand(t.db, create, (l) => lines.push(l))).toBe(0);
      expect(await runAccountsCommand(t.db, ['license', 'approve', email], (l) => lines.push(l))).toBe(0);
      const approved = await smtp.waitFor(email, /licenza è attiva/);
      expect(approved.text).toContain('https://portale.example.it/scarica-dati');
      expect(approved.html).toContain('href="https://portale.example.it/scarica-dati"');
      expect(approved.from?.value).toEqual([{ name: 'Portale', address: 'noreply@example.it' }]);
      expect(await runAccountsCommand(t.db, ['license', 'revoke', email], (l) => lines.push(l))).toBe(0);
      const revoked = await smtp.waitFor(email, /revocata/);
      expect(revoked.text).toContain('https://portale.example.it/profilo#license-section');
      for (const mail of [approved, revoked]) {
        const links = `${mail.text} ${mail.html}`.match(/https?:\/\/[^\s"<>]+/g) ?? [];
        expect(links.length).toBeGreaterThan(0);
        for (const link of links) expect(new URL(link).origin).toBe('https://portale.example.it');
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
