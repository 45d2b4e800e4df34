import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { DEFAULT_PUBLIC_URL } from '../config';
import { resolvePortalLinks } from './mail-layout';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queues a message in mail_outbox. Pass the transaction of the change that causes the mail, so the
 * change and its mail are committed together or not at all; the worker delivers it afterwards. Links to
 * the portal are queued on PORTAL_ORIGIN (mail-layout.ts portalLink): the worker writes its PUBLIC_URL.
 */
export async function enqueueMail(q: Queryable, mail: Mail): Promise<void> {
  await q.query(
    'INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4)',
    [mail.to, mail.subject, mail.text, mail.html],
  );
}

/** Where messages go: an SMTP server, or .eml files in a folder. */
export interface MailTransport {
  send(message: { from: string } & Mail, id: number): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const options: SMTPTransport.Options = {
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  const transporter = nodemailer.createTransport(options);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/** Each message as an RFC 822 .eml file (nodemailer's stream transport), named by time and outbox id. */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, id) {
      const info = await transporter.sendMail(message);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(path.join(dir, `${stamp}-${id}.eml`), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}

export function createMailTransport(options: { smtpUrl?: string; outboxDir: string }): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : fileTransport(options.outboxDir);
}

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  /**
   * The portal's address (PUBLIC_URL of the running API): the links of every message are written on it
   * when the message is sent, whichever process queued it. Default: PUBLIC_URL's default.
   */
  publicUrl?: string;
  log: FastifyBaseLogger;
  /** How often the outbox is read for due messages. */
  pollIntervalMs?: number;
  /** Delay before the first retry; doubled at each further failure, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts a message is marked failed (and logged as an error). */
  maxAttempts?: number;
  /** A message claimed by a worker that died is retried after this long. */
  leaseMs?: number;
}

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

/**
 * Delivers mail_outbox: claims due messages (FOR UPDATE SKIP LOCKED, so several API processes can
 * run one each), sends them, and on failure reschedules them with exponential backoff. Everything it
 * knows is in the table, so a restart picks up where it stopped.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  private readonly o: Required<Omit<MailWorkerOptions, 'db' | 'transport' | 'from' | 'log'>>;

  constructor(private readonly options: MailWorkerOptions) {
    this.o = {
      pollIntervalMs: options.pollIntervalMs ?? 2000,
      baseDelayMs: options.baseDelayMs ?? 30_000,
      maxDelayMs: options.maxDelayMs ?? 60 * 60_000,
      maxAttempts: options.maxAttempts ?? 30,
      leaseMs: options.leaseMs ?? 5 * 60_000,
      publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL,
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      await this.runOnce().catch((err: unknown) =>
        this.options.log.warn({ err }, 'mail worker: outbox unreadable'),
      );
      if (!this.stopped) this.timer = setTimeout(() => void tick(), this.o.pollIntervalMs);
    };
    // `tick` logs its own failure and reschedules itself: nothing waits for it.
    this.timer = setTimeout(() => void tick(), 0);
  }

  /** Stops polling and waits for the batch in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
    this.options.transport.close();
  }

  /** Delivers the messages due now; returns how many were sent. */
  runOnce(): Promise<number> {
    if (!this.running) {
      this.running = this.deliverDue().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async deliverDue(): Promise<number> {
    const { db, log } = this.options;
    let sent = 0;
    for (;;) {
      const batch = await db.query<OutboxRow>(
        `UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1,
                next_attempt_at = now() + make_interval(secs => $1::double precision / 1000)
          WHERE id IN (SELECT id FROM mail_outbox
                        WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
                        ORDER BY next_attempt_at, id LIMIT 10 FOR UPDATE SKIP LOCKED)
          RETURNING id::int AS id, to_address, subject, text_body, html_body, attempts`,
        [this.o.leaseMs],
      );
      if (batch.length === 0) return sent;
      for (const row of batch) {
        if (await this.deliver(row)) sent += 1;
        else if (this.stopped) return sent;
      }
      if (this.stopped) return sent;
      log.debug({ sent }, 'mail worker: batch done');
    }
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    const { db, log, transport, from } = this.options;
    const { publicUrl } = this.o;
    try {
      await transport.send(
        {
          from,
          to: row.to_address,
          subject: row.subject,
          text: resolvePortalLinks(row.text_body, publicUrl),
          html: resolvePortalLinks(row.html_body, publicUrl),
        },
        row.id,
      );
      await db.query(
        `UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`,
        [row.id],
      );
      log.info({ mailId: row.id, attempts: row.attempts }, 'mail sent');
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = row.attempts >= this.o.maxAttempts;
      const delay = Math.min(this.o.baseDelayMs * 2 ** (row.attempts - 1), this.o.maxDelayMs);
      await db.query(
        `UPDATE mail_outbox SET status = $2, last_error = $3,
                next_attempt_at = now() + make_interval(secs => $4::double precision / 1000)
          WHERE id = $1`,
        [row.id, failed ? 'failed' : 'pending', message.slice(0, 1000), delay],
      );
      if (failed) log.error({ mailId: row.id, attempts: row.attempts, error: message }, 'mail given up');
      else
        log.warn(
          { mailId: row.id, attempts: row.attempts, retryInMs: delay, error: message },
          'mail not sent, will retry',
        );
      return false;
    }
  }
}
