import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/db';
import { langOf, translate, type Lang } from './i18n';

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
  (errors[field] ??= []).push(message);
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

/** One error shape for the whole API, in Italian, never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
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
