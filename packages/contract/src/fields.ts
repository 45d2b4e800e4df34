import { z } from 'zod';

/**
 * Field builders of the request bodies: DRF-style Italian messages for a missing field, a wrong type,
 * a blank value and a too long one. The API translates these texts for `Accept-Language: en`.
 */
export const FIELD_MESSAGES = {
  required: 'Questo campo è obbligatorio.',
  notString: 'Non è una stringa valida.',
  notBoolean: 'Deve essere un valore booleano valido.',
  blank: 'Questo campo non può essere vuoto.',
  invalidEmail: 'Inserisci un indirizzo email valido.',
  notObject: 'Dati non validi: è atteso un oggetto JSON.',
  invalidChoice: 'Scelta non valida.',
  maxLength: (max: number) => `Assicurati che questo campo non abbia più di ${max} caratteri.`,
} as const;

const typeError = (wrongType: string) => (issue: { input?: unknown; code?: string }) =>
  issue.input === undefined ? FIELD_MESSAGES.required : issue.code === 'invalid_type' ? wrongType : undefined;

/** A string field, trimmed, at most `max` characters; `blank` allows ''. */
export function text(max: number, options: { blank?: boolean } = {}) {
  const base = z.string({ error: typeError(FIELD_MESSAGES.notString) }).trim();
  const limited = base.max(max, FIELD_MESSAGES.maxLength(max));
  return options.blank ? limited : limited.min(1, FIELD_MESSAGES.blank);
}

/** A string taken as it is (passwords, tokens: no trimming). */
export function rawText(max: number) {
  return z
    .string({ error: typeError(FIELD_MESSAGES.notString) })
    .max(max, FIELD_MESSAGES.maxLength(max))
    .min(1, FIELD_MESSAGES.blank);
}

export function emailField() {
  return text(254).pipe(z.email(FIELD_MESSAGES.invalidEmail));
}

export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidChoice),
  });
}

/** A JSON object body that rejects unknown fields ("Campo non previsto."). */
export function body<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'invalid_type' ? FIELD_MESSAGES.notObject : undefined),
  });
}
