import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export const MESSAGES = {
  notFound: 'Non trovato.',
  generic: 'Ops... Qualcosa è andato storto, riprova più tardi.',
  invalidJson: 'Il corpo della richiesta non è un JSON valido.',
  unavailable: 'Servizio temporaneamente non disponibile, riprova più tardi.',
  methodNotAllowed: 'Metodo non consentito.',
  tooLarge: 'La richiesta è troppo grande.',
  unsupportedMediaType: 'Tipo di contenuto non supportato.',
} as const;

type FieldErrors = Record<string, string[]>;

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
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ detail: MESSAGES.notFound }));

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(toFieldErrors(err.validation));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ nonFieldErrors: [MESSAGES.invalidJson] });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ detail: MESSAGES.tooLarge });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ detail: MESSAGES.unsupportedMediaType });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(status === 503 ? 503 : 500).send({
        detail: status === 503 ? MESSAGES.unavailable : MESSAGES.generic,
      });
    }
    if (status === 404) return reply.code(404).send({ detail: MESSAGES.notFound });
    return reply.code(status).send({ detail: err.message });
  });
});
