import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { InjectOptions } from 'fastify';
import { vi } from 'vitest';
import { DEFAULT_PUBLIC_URL, loadConfig, type Config } from '../src/config';
import { TEST_ENV } from './env';
import { resolvePortalLinks } from '../src/plugins/mail-layout';
import type { Queryable } from '../src/db/db';
import type { App } from '../src/app';

/**
 * A configuration with the defaults, without reading the environment of the test process; load shedding
 * off (TEST_ENV), unless the overrides turn it on.
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', VAR_DIR: '/tmp/portal-test-var', ...TEST_ENV, ...overrides });
}

export const CSRF = 'test-csrf-token-0123456789abcdefghij';

type Body = InjectOptions['payload'];

/**
 * app.inject with the double-submit CSRF cookie and header, and optionally a token and a language. It
 * resolves once the work the route does after its answer (app.afterReply) is done too, so a test reads
 * the outbox as the request left it; `settle: false` returns as soon as the answer is in.
 */
export function client(app: App, { settle = true } = {}) {
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    payload?: Body,
    opts: { token?: string; lang?: string; ip?: string; headers?: Record<string, string> } = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      payload,
      cookies: { csrftoken: CSRF },
      headers: {
        'x-csrftoken': CSRF,
        ...(opts.token ? { authorization: `Token ${opts.token}` } : {}),
        ...(opts.lang ? { 'accept-language': opts.lang } : {}),
        ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
        ...opts.headers,
      },
    });
    if (settle) await app.settled();
    return res;
  };
  return {
    get: (url: string, opts?: Parameters<typeof call>[3]) => call('GET', url, undefined, opts),
    post: (url: string, payload?: Body, opts?: Parameters<typeof call>[3]) =>
      call('POST', url, payload, opts),
    patch: (url: string, payload?: Body, opts?: Parameters<typeof call>[3]) =>
      call('PATCH', url, payload, opts),
    delete: (url: string, payload?: Body, opts?: Parameters<typeof call>[3]) =>
      call('DELETE', url, payload, opts),
  };
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: string;
}

/**
 * The queued mail, oldest first (tests that do not run the worker read the outbox itself), with the
 * portal's links as the mail worker writes them when it sends: on `publicUrl` (PUBLIC_URL's default).
 */
export async function outbox(
  db: Queryable,
  to?: string,
  { publicUrl = DEFAULT_PUBLIC_URL }: { publicUrl?: string } = {},
): Promise<OutboxMail[]> {
  const rows = await db.query<OutboxMail>(
    `SELECT id::int AS id, to_address AS "to", subject, text_body AS text, html_body AS html, status
       FROM mail_outbox WHERE ($1::text IS NULL OR to_address = $1) ORDER BY id`,
    [to ?? null],
  );
  return rows.map((m) => ({
    ...m,
    text: resolvePortalLinks(m.text, publicUrl),
    html: resolvePortalLinks(m.html, publicUrl),
  }));
}

/** The query parameters of the first link of a flow in a mail text. */
export function linkParams(text: string, flow: string): URLSearchParams {
  const match = new RegExp(`(https?://\\S*\\?flow=${flow}\\S*)`).exec(text);
  if (!match) throw new Error(`no ${flow} link in:\n${text}`);
  return new URL(match[1]!).searchParams;
}

/** Creates a verified user straight in the database (the registration flow has its own test). */
export const PASSWORD = 'Verde-Bottiglia-42';

export async function signIn(app: App, email: string, password = PASSWORD): Promise<string> {
  const res = await client(app).post('/api/auth/login/', { email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().key as string;
}

/** A reCAPTCHA siteverify stand-in on loopback: each token maps to the answer it gets. */
export async function startSiteverify(answers: Record<string, object | 'slow'>) {
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const params = new URLSearchParams(raw);
      requests.push(params);
      const answer = answers[params.get('response') ?? ''] ?? {
        success: false,
        'error-codes': ['invalid-input-response'],
      };
      if (answer === 'slow') {
        setTimeout(() => res.end('{}'), 3000).unref();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A real SMTP server on loopback that keeps every message it accepts, parsed. */
export class TestSmtp {
  readonly messages: ParsedMail[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.messages.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until a message to `to` (matching the subject) arrived; returns it. */
  waitFor(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<ParsedMail> {
    return vi.waitFor(
      () => {
        const found = this.messages.find(
          (m) =>
            (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.value.some((v) => v.address === to)) &&
            (!subject || subject.test(m.subject ?? '')),
        );
        if (!found) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        return found;
      },
      { timeout: timeoutMs, interval: 25 },
    );
  }
}
