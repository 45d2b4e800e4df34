import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { createTestDb, type TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { PASSWORD, client, outbox, startSiteverify, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';
import { MemoryRateLimitStore } from '../../plugins/rate-limit';

const store = new MemoryRateLimitStore();

let t: TestDb;
let app: App;
let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
const RECAPTCHA_MESSAGE =
  'È stato riscontrato un problema durante il controllo di sicurezza, per favore riprova più tardi.';

beforeAll(async () => {
  siteverify = await startSiteverify({
    'good-login': { success: true, score: 0.9, action: 'login' },
    'good-signup': { success: true, score: 0.7, action: 'signup' },
    'good-reset': { success: true, score: 0.5, action: 'passwordforgotten' },
    'good-contact': { success: true, score: 0.9, action: 'contact' },
    'low-score': { success: true, score: 0.3, action: 'contact' },
    'wrong-action': { success: true, score: 0.9, action: 'login' },
    slow: 'slow',
  });
  ({ t, app } = await buildTestApp({
    config: testConfig({
      RECAPTCHA_SECRET_KEY: 'test-secret',
      RECAPTCHA_VERIFY_URL: siteverify.url,
      RECAPTCHA_TIMEOUT_MS: '500',
      STAFF_EMAIL: 'staff@example.it',
    }),
    rateLimitStore: store,
  }));
  await runAccountsCommand(
    t.db,
    ['user', 'create', '--email', 'cap@example.it', '--password', PASSWORD, '--verified'],
    () => {},
  );
});
afterAll(async () => {
  await siteverify?.close();
});

const contact = {
  firstName: 'Lucia',
  lastName: 'Gallo',
  email: 'lucia@example.it',
  reason: 'platform_report',
  message: 'La mappa non si carica.',
  privacy: true,
};

describe('POST /api/contact-us/', () => {
  it('stores the message and mails the staff: 201', async () => {
    const res = await client(app).post('/api/contact-us/', { ...contact, recaptcha: 'good-contact' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: 'La tua richiesta è stata inviata correttamente.' });
    const [row] = await t.db.query<{ reason: string; message: string }>(
      'SELECT reason, message FROM contact_messages',
    );
    expect(row).toEqual({ reason: 'platform_report', message: 'La mappa non si carica.' });
    const [mail] = await outbox(t.db, 'staff@example.it');
    expect(mail!.subject).toMatch(/Segnalazione sulla piattaforma/);
    expect(mail!.text).toContain('lucia@example.it');
  });
  it('acknowledges the message to the sender, with nothing the sender typed', async () => {
    store.clear();
    const res = await client(app).post('/api/contact-us/', {
      ...contact,
      email: 'ricevuta@example.it',
      firstName: 'Visitatore',
      message: 'Testo del messaggio https://spam.example',
      recaptcha: 'good-contact',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.query<{ id: number }>(
      `SELECT id::int AS id FROM contact_messages WHERE email = 'ricevuta@example.it'`,
    );
    const [ack, ...more] = await outbox(t.db, 'ricevuta@example.it');
    expect(more).toEqual([]);
    expect(ack!.subject).toBe(`Abbiamo ricevuto il tuo messaggio (n. ${row!.id})`);
    expect(ack!.text).toContain(
      `Abbiamo ricevuto il tuo messaggio n. ${row!.id} (motivo: Segnalazione sulla piattaforma)`,
    );
    expect(ack!.text).toContain("Il team dell'Osservatorio Raccolta Differenziata");
    for (const typed of ['Visitatore', 'Gallo', 'Testo del messaggio', 'spam.example']) {
      expect(ack!.text).not.toContain(typed);
      expect(ack!.html).not.toContain(typed);
    }
  });
  it('stores the message and queues both mails in one transaction: all or nothing', async () => {
    store.clear();
    const count = async () =>
      (
        await t.db.query<{ messages: number; mails: number }>(
          `SELECT (SELECT count(*)::int FROM contact_messages) AS messages,
                  (SELECT count(*)::int FROM mail_outbox) AS mails`,
        )
      )[0]!;
    const before = await count();
    // The acknowledgement cannot be queued: the message and the staff's mail must not stay either.
    await t.db.exec(
      `ALTER TABLE mail_outbox ADD CONSTRAINT test_no_ack CHECK (subject NOT LIKE 'Abbiamo ricevuto il tuo messaggio%') NOT VALID`,
    );
    try {
      const res = await client(app).post('/api/contact-us/', {
        ...contact,
        email: 'guasto@example.it',
        recaptcha: 'good-contact',
      });
      expect(res.statusCode).toBe(500);
      expect(await count()).toEqual(before);
    } finally {
      await t.db.exec('ALTER TABLE mail_outbox DROP CONSTRAINT test_no_ack');
    }
  });
  it('needs privacy: true and one of the four reasons', async () => {
    const res = await client(app).post('/api/contact-us/', {
      ...contact,
      privacy: false,
      reason: 'spam',
      recaptcha: 'good-contact',
    });
    expect(res.json()).toEqual({
      privacy: ['Prima di inviare, conferma di aver letto e accettato la nostra Privacy Policy.'],
      reason: ['Scelta non valida.'],
    });
  });
});

describe('reCAPTCHA v3', () => {
  it('checks secret, token, action and score against siteverify', async () => {
    const api = client(app);
    const cases: [string, Record<string, unknown>, string | undefined, number][] = [
      ['/api/contact-us/', contact, 'good-contact', 201],
      ['/api/contact-us/', contact, 'low-score', 400],
      ['/api/contact-us/', contact, 'wrong-action', 400],
      ['/api/contact-us/', contact, 'unknown-token', 400],
      ['/api/contact-us/', contact, undefined, 400],
      ['/api/contact-us/', contact, 'slow', 400],
      ['/api/auth/login/', { email: 'cap@example.it', password: PASSWORD }, 'good-login', 200],
      ['/api/auth/login/', { email: 'cap@example.it', password: PASSWORD }, 'good-contact', 400],
      [
        '/api/registration/',
        { email1: 'n@example.it', email2: 'n@example.it', firstName: 'N', lastName: 'M', password: PASSWORD },
        'good-signup',
        201,
      ],
      [
        '/api/registration/',
        { email1: 'm@example.it', email2: 'm@example.it', firstName: 'N', lastName: 'M', password: PASSWORD },
        'good-login',
        400,
      ],
      ['/api/auth/password/reset/', { email: 'cap@example.it' }, 'good-reset', 200],
      ['/api/auth/password/reset/', { email: 'cap@example.it' }, 'good-signup', 400],
    ];
    for (const [url, body, recaptcha, status] of cases) {
      store.clear(); // rate limits have their own test
      const res = await api.post(url, { ...body, ...(recaptcha ? { recaptcha } : {}) });
      expect([url, recaptcha, res.statusCode]).toEqual([url, recaptcha, status]);
      if (status === 400) expect(res.json()).toEqual({ recaptcha: [RECAPTCHA_MESSAGE] });
    }
    const last = siteverify.requests.at(-1)!;
    expect(last.get('secret')).toBe('test-secret');
    expect(last.get('response')).toBe('good-signup');
  });
  it('is skipped without a secret key', async () => {
    const t2 = await createTestDb();
    const open = await buildApp({ db: t2.db, config: testConfig() });
    try {
      expect((await client(open).post('/api/contact-us/', contact)).statusCode).toBe(201);
    } finally {
      await open.close();
      await t2.drop();
    }
  });
});
