import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inLanguage } from '@portal/contract';
import { isDatabaseUnavailable } from '../db/db';
import { langOf, msg, t, type Lang, type MessageKey, type Msg } from './i18n';
import { SECURITY_HEADERS } from './security-headers';

/** The body of an error answer as sent: {"detail": "…"}, or messages per field (400). */
export type FieldErrors = Record<string, string[]>;
export type ErrorBody = FieldErrors | { detail: string };
/** The same before rendering: messages by key, rendered in the request's language by the error handler. */
export type ErrorMsgs = Record<string, Msg[]> | { detail: Msg };

/** An error a handler throws to answer with exactly this status and body (e.g. 400 field errors). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorMsgs,
    readonly headers: Record<string, string> = {},
  ) {
    super(`API error ${statusCode}`);
  }
}

/** {"detail": message} with this status. */
export function httpError(statusCode: number, key: MessageKey, params?: Msg['params']): ApiError {
  return new ApiError(statusCode, { detail: msg(key, params) });
}

/** 400 with one message on one field. */
export function fieldError(field: string, key: MessageKey, params?: Msg['params']): ApiError {
  return new ApiError(400, { [field]: [msg(key, params)] });
}

export const notFound = () => httpError(404, 'notFound');

/**
 * An error answer whose body is already text, passed on as it is: an inner request's (app.inject; it
 * carried this request's Accept-Language), or the importer's Italian `file, riga N: motivo` lines.
 */
export class RelayedError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super(`relayed error ${statusCode}`);
  }
}

/** The messages of an error body in `lang`. */
export function renderBody(lang: Lang, body: ErrorMsgs): ErrorBody {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]: [string, Msg | Msg[]]) => [
      k,
      Array.isArray(v) ? v.map((m) => t(lang, m)) : t(lang, v),
    ]),
  ) as ErrorBody;
}

function addError(errors: FieldErrors, field: string, message: string) {
  // A field named like an Object.prototype member (toString) is a field too; `__proto__` cannot be a key
  // of the serialized answer, so its error is reported as a non-field error.
  const key = field === '__proto__' ? 'nonFieldErrors' : field;
  if (!Object.hasOwn(errors, key)) errors[key] = [];
  errors[key]!.push(message);
}

interface ValidationEntry {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns zod issues into the DRF shape: {"<field>": ["message"], "nonFieldErrors": [...]}. */
export function toFieldErrors(lang: Lang, validation: ValidationEntry[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const v of validation) {
    const message = v.message ?? t(lang, 'generic');
    const keys = v.params?.keys;
    if (v.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys) addError(errors, String(key), t(lang, 'unknownField'));
      continue;
    }
    const field = v.instancePath.split('/').filter(Boolean)[0];
    addError(errors, field ?? 'nonFieldErrors', message);
  }
  return errors;
}

const ZOD_LOCALES = { it: z.locales.it(), en: z.locales.en() } as const;
const PARTS = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;

/**
 * The validation issues of a request in `lang`. Fastify validated the request in Italian (the contract's
 * default); for another language the part that failed is parsed again, with the contract's messages
 * (inLanguage) and zod's own in that language.
 */
function validationIn(lang: Lang, err: FastifyError, req: FastifyRequest): ValidationEntry[] {
  const validation = err.validation as ValidationEntry[];
  if (lang === 'it') return validation;
  const part = err.validationContext as keyof typeof PARTS | undefined;
  const schema: unknown = part && req.routeOptions.schema?.[part];
  if (!part || !(schema instanceof z.ZodType)) return validation;
  const value: unknown = req[PARTS[part]];
  // zod builds the error, messages included, when `error` is first read: read inside inLanguage.
  const issues = inLanguage(
    lang,
    () =>
      schema.safeParse(value === undefined ? null : value, { error: ZOD_LOCALES[lang].localeError }).error
        ?.issues,
  );
  if (!issues) return validation;
  return issues.map((issue) => ({
    keyword: issue.code,
    instancePath: `/${issue.path.join('/')}`,
    message: issue.message,
    params: issue as unknown as Record<string, unknown>,
  }));
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing, e.g. a path with a malformed percent-encoding
 * (FST_ERR_BAD_URL), get the documented shape too. Such a path names no resource: 404.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const lang = langOf(req);
  reply.headers(SECURITY_HEADERS);
  if (err.code === 'FST_ERR_BAD_URL') reply.code(404).send({ detail: t(lang, 'notFound') });
  else reply.code(400).send({ detail: t(lang, 'generic') });
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

/**
 * One error shape for the whole API, never a stack trace. Every error answer is rendered here, from
 * message keys, in the request's language (Italian unless Accept-Language asks for English).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // PostgreSQL text cannot hold NUL (U+0000): refuse it in bodies, queries and paths like any bad value.
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = fieldWithNul(part);
      if (field) throw fieldError(field, 'nullCharacter');
    }
  });

  app.setNotFoundHandler(() => {
    throw notFound();
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = langOf(req);
    const send = (status: number, body: ErrorMsgs) => reply.code(status).send(renderBody(lang, body));
    const detail = (status: number, key: MessageKey) => send(status, { detail: msg(key) });
    if (err instanceof ApiError)
      return reply.headers(err.headers).code(err.statusCode).send(renderBody(lang, err.body));
    if (err instanceof RelayedError) return reply.code(err.statusCode).send(err.body);
    if (hasZodFastifySchemaValidationErrors(err))
      return reply.code(400).send(toFieldErrors(lang, validationIn(lang, err, req)));
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(400, { nonFieldErrors: [msg('invalidJson')] });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return detail(413, 'tooLarge');
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return detail(415, 'unsupportedMediaType');
    if (isDatabaseUnavailable(err)) {
      // The database is down or cut off: a temporary condition, not a bug; no stack trace either way.
      req.log.warn({ err }, 'request failed: database unavailable');
      return detail(503, 'unavailable');
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return status === 503 ? detail(503, 'unavailable') : detail(500, 'generic');
    }
    if (status === 404) return detail(404, 'notFound');
    if (status === 405) return detail(405, 'methodNotAllowed');
    // Any other client error of fastify or a plugin: its own text is English and unkeyed.
    req.log.info({ err }, 'request refused');
    return detail(status, 'generic');
  });
});
