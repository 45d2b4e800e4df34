import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/db';
import { M, langOf, translate, type Lang } from './i18n';
import { SECURITY_HEADERS } from './security-headers';

export const MESSAGES = {
  notFound: 'Non trovato.',
  generic: 'Ops... Qualcosa è andato storto, riprova più tardi.',
  invalidJson: 'Il corpo della richiesta non è un JSON valido.',
  unavailable: 'Servizio temporaneamente non disponibile, riprova più tardi.',
  methodNotAllowed: 'Metodo non consentito.',
  tooLarge: 'La richiesta è troppo grande.',
  unsupportedMediaType: 'Tipo di contenuto non supportato.',
} as const;

export type FieldErrors = Record<string, string[]>;

/** An error a handler throws to answer with exactly this status and body (e.g. 400 field errors). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: FieldErrors | { detail: string },
    readonly headers: Record<string, string> = {},
  ) {
    super(`API error ${statusCode}`);
  }
}

/** The Italian messages of a body in the request's language. */
export function translateBody<T extends FieldErrors | { detail: string }>(lang: Lang, body: T): T {
  if (lang === 'it') return body;
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.map((m: string) => translate(lang, m)) : translate(lang, v as string),
    ]),
  ) as T;
}

function addError(errors: FieldErrors, field: string, message: string) {
  // A field named like an Object.prototype member (toString) is a field too; `__proto__` cannot be a key
  // of the serialized answer, so its error is reported as a non-field error.
  const key = field === '__proto__' ? 'nonFieldErrors' : field;
  if (!Object.hasOwn(errors, key)) errors[key] = [];
  errors[key]!.push(message);
}

/** Turns zod issues into the DRF shape: {"<field>": ["message"], "nonFieldErrors": [...]}. */
export function toFieldErrors(
  validation: { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const v of validation) {
    const message = v.message ?? MESSAGES.generic;
    const keys = v.params?.keys;
    if (v.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys) addError(errors, String(key), 'Campo non previsto.');
      continue;
    }
    const field = v.instancePath.split('/').filter(Boolean)[0];
    addError(errors, field ?? 'nonFieldErrors', message);
  }
  return errors;
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing, e.g. a path with a malformed percent-encoding
 * (FST_ERR_BAD_URL), get the documented shape too. Such a path names no resource: 404.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const lang = langOf(req);
  reply.headers(SECURITY_HEADERS);
  if (err.code === 'FST_ERR_BAD_URL')
    reply.code(404).send(translateBody(lang, { detail: MESSAGES.notFound }));
  else reply.code(400).send(translateBody(lang, { detail: MESSAGES.generic }));
}

/** The top-level field of a value that holds a NUL character somewhere (key or string), or null. */
function fieldWithNul(value: unknown): string | null {
  const has = (v: unknown, depth: number): boolean => {
    if (typeof v === 'string') return v.includes('\u0000');
    if (depth > 32 || typeof v !== 'object' || v === null) return false;
    return Object.entries(v).some(([k, x]) => k.includes('\u0000') || has(x, depth + 1));
  };
  if (typeof value === 'string') return has(value, 0) ? 'nonFieldErrors' : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) return has(value, 0) ? 'nonFieldErrors' : null;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return 'nonFieldErrors';
    if (has(v, 0)) return key === '__proto__' ? 'nonFieldErrors' : key;
  }
  return null;
}

/** One error shape for the whole API, in Italian, never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // PostgreSQL text cannot hold NUL (U+0000): refuse it in bodies, queries and paths like any bad value.
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = fieldWithNul(part);
      if (field) throw new ApiError(400, { [field]: [M.nullCharacter.it] });
    }
  });

  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send(translateBody(langOf(req), { detail: MESSAGES.notFound })),
  );

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = langOf(req);
    const send = (status: number, body: FieldErrors | { detail: string }) =>
      reply.code(status).send(translateBody(lang, body));
    if (err instanceof ApiError)
      return reply.headers(err.headers).code(err.statusCode).send(translateBody(lang, err.body));
    if (hasZodFastifySchemaValidationErrors(err)) return send(400, toFieldErrors(err.validation));
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(400, { nonFieldErrors: [MESSAGES.invalidJson] });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, { detail: MESSAGES.tooLarge });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return send(415, { detail: MESSAGES.unsupportedMediaType });
    if (isDatabaseUnavailable(err)) {
      // The database is down or cut off: a temporary condition, not a bug; no stack trace either way.
      req.log.warn({ err }, 'request failed: database unavailable');
      return send(503, { detail: MESSAGES.unavailable });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return send(status === 503 ? 503 : 500, {
        detail: status === 503 ? MESSAGES.unavailable : MESSAGES.generic,
      });
    }
    if (status === 404) return send(404, { detail: MESSAGES.notFound });
    return send(status, { detail: err.message });
  });
});
