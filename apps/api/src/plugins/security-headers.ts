import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer. The API serves JSON and files, so its own CSP forbids everything;
 * the API reference (/api/docs/) gets swagger-ui's static CSP instead.
 */
const OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  },
  hsts: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // As the web app's pages: no framing at all (SAMEORIGIN is helmet's default).
  xFrameOptions: { action: 'deny' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
} satisfies FastifyHelmetOptions;

/** The headers helmet sets with OPTIONS, written out once. */
function headersOf(options: typeof OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * For the answers fastify gives before any hook runs (frameworkErrors: a malformed URL, a path
 * parameter too long), which the helmet plugin's onRequest hook never sees.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(headersOf(OPTIONS));

export const securityHeadersPlugin = fp(async (app) => {
  await app.register(fastifyHelmet, OPTIONS);
});
