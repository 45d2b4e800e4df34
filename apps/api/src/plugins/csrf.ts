import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { CsrfSchema } from '@portal/contract';
import { httpError } from './errors';

export const CSRF_COOKIE = 'csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ONE_YEAR_S = 365 * 24 * 3600;

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Cookies are Secure wherever the portal is served: everywhere but plain-HTTP localhost (development and
 * tests), where a browser would drop a Secure cookie. The web app's token cookie follows the same rule.
 */
export function secureCookiesFor(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}

/** Sets the csrftoken cookie (keeping a well-formed one the browser already has) and returns it. */
export function issueCsrfCookie(req: FastifyRequest, reply: FastifyReply): string {
  const current = req.cookies[CSRF_COOKIE];
  const token =
    current && /^[A-Za-z0-9_-]{32,64}$/.test(current) ? current : randomBytes(24).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: secureCookiesFor(req.server.config.PUBLIC_URL),
    maxAge: ONE_YEAR_S,
  });
  return token;
}

/** True for a server-to-server call: it carries the configured X-API-Token (the web app's renders). */
export function isServerCall(req: FastifyRequest, apiToken: string | undefined): boolean {
  const sent = req.headers['x-api-token'];
  return Boolean(apiToken) && typeof sent === 'string' && safeEqual(sent, apiToken!);
}

export interface CsrfOptions {
  /** X-API-Token value of server-to-server calls, which are exempt. */
  apiToken?: string;
}

/**
 * Double-submit CSRF protection: every unsafe method must send X-CSRFToken equal to the csrftoken cookie,
 * unless it carries the server-to-server X-API-Token. 403 otherwise. The check does not look at the URL:
 * the router ignores duplicate slashes, so a test on the raw path (`//api/…`) could be walked around.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: CsrfOptions) => {
  await app.register(cookie);

  app.addHook('onRequest', async (req) => {
    if (!UNSAFE.has(req.method)) return;
    if (isServerCall(req, options.apiToken)) return;
    const header = req.headers['x-csrftoken'];
    const cookieValue = req.cookies[CSRF_COOKIE];
    if (typeof header === 'string' && header.length > 0 && cookieValue && safeEqual(header, cookieValue))
      return;
    throw httpError(403, 'csrfFailed');
  });

  app.get(
    '/api/csrf/',
    { schema: { tags: ['auth'], summary: 'Sets the csrftoken cookie', response: { 200: CsrfSchema } } },
    async (req, reply) => ({ csrfToken: issueCsrfCookie(req, reply) }),
  );
});
