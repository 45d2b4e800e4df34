/**
 * Fault: the mail server is down during a burst of sign-ups. 200 people register while a real SMTP
 * server is stopped; every verification mail waits in the outbox, each tried and failed at least once.
 * When the server is back, all 200 arrive, each recipient exactly once, although two mail workers
 * (as two API processes would) share the outbox.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { TestSmtp, client, linkParams, testConfig } from '../../test/accounts';
import { MailWorker, smtpTransport } from '../plugins/mailer';
import { MemoryRateLimitStore } from '../plugins/rate-limit';

const PEOPLE = 200;
// Registrations in flight at once: a burst, as 200 browsers would send it.
const CONCURRENCY = 8;
const emailOf = (i: number) => `persona${i}@example.it`;

let t: TestDb;
let app: App;
const workers: MailWorker[] = [];
const smtp = new TestSmtp();

beforeAll(async () => {
  // Take a free port for the mail server, then stop it: the API starts with SMTP down.
  await smtp.start();
  await smtp.stop();
  ({ t, app } = await buildTestApp({
    config: testConfig({ PUBLIC_URL: 'https://portale.example.it' }),
    rateLimitStore: new MemoryRateLimitStore(),
  }));
  for (let i = 0; i < 2; i += 1) {
    const worker = new MailWorker({
      db: t.db,
      transport: smtpTransport(smtp.url),
      from: 'Portale <noreply@example.it>',
      log: pino({ level: 'silent' }),
      pollIntervalMs: 50,
      baseDelayMs: 100,
      maxDelayMs: 1000,
    });
    worker.start();
    workers.push(worker);
  }
});

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await smtp.stop();
});

interface Row {
  n: number;
  tried: number;
  sent: number;
}

const outboxState = async () =>
  (
    await t.db.query<Row>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE attempts >= 1 AND last_error IS NOT NULL)::int AS tried,
              count(*) FILTER (WHERE status = 'sent')::int AS sent
         FROM mail_outbox`,
    )
  )[0]!;

describe('a burst of registrations while the mail server is down', () => {
  it('accepts all 200 and keeps their mails in the outbox, each tried and failed', async () => {
    const api = client(app);
    const statuses: number[] = [];
    let next = 0;
    // Each person from their own address, as behind the web app's proxy (X-Forwarded-For).
    const register = async () => {
      for (let i = next++; i < PEOPLE; i = next++) {
        const email = emailOf(i);
        const res = await api.post(
          '/api/registration/',
          {
            email1: email,
            email2: email,
            firstName: 'Persona',
            lastName: `N${i}`,
            password: 'Bottiglie-Verdi-88',
          },
          { ip: `10.${Math.floor(i / 250)}.${i % 250}.7` },
        );
        statuses[i] = res.statusCode;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, register));
    expect(statuses.filter((s) => s === 201)).toHaveLength(PEOPLE);

    // The workers keep trying while the server is down: every message fails at least once.
    await expect
      .poll(async () => (await outboxState()).tried, { message: 'every mail tried once', timeout: 30_000 })
      .toBe(PEOPLE);
    const state = await outboxState();
    expect(state).toEqual({ n: PEOPLE, tried: PEOPLE, sent: 0 });
    expect(smtp.messages).toHaveLength(0);
  });

  it('delivers all 200 once the server is back, each recipient exactly once', async () => {
    await smtp.start(smtp.port);
    await expect
      .poll(async () => (await outboxState()).sent, { message: 'every mail sent', timeout: 90_000 })
      .toBe(PEOPLE);
    // A few more polls of both workers: nothing is sent twice.
    await new Promise((r) => setTimeout(r, 1000));

    const recipients = smtp.messages.map((m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).flatMap((a) => a?.value.map((v) => v.address) ?? []).join(','),
    );
    expect(recipients).toHaveLength(PEOPLE);
    expect(new Set(recipients).size).toBe(PEOPLE);
    expect([...recipients].sort()).toEqual(Array.from({ length: PEOPLE }, (_, i) => emailOf(i)).sort());
    for (const mail of smtp.messages) expect(mail.subject).toMatch(/Conferma/);

    // The mails work: the first and the last person verify their address with the link they got.
    for (const i of [0, PEOPLE - 1]) {
      const mail = await smtp.waitFor(emailOf(i), /Conferma/);
      const key = linkParams(mail.text ?? '', 'verify-email').get('key');
      const res = await client(app).post('/api/registration/verify-email/', {
        key,
        password: 'Bottiglie-Verdi-88',
      });
      expect(res.statusCode, emailOf(i)).toBe(200);
    }
  });
});
