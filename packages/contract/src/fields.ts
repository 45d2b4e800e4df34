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
  noLinks: 'Questo campo non può contenere indirizzi web o e-mail.',
} as const;

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

/**
 * One line of text as people type it: every control character and line break becomes a space, runs of
 * spaces become one. What reaches a mail, a log line or a terminal cannot start a line of its own there.
 */
export const toOneLine = (s: string) => s.replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim();

/** Several lines: line breaks kept (as \n), tabs become spaces, every other control character is dropped. */
export const toParagraphs = (s: string) =>
  s
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[^\P{Cc}\n]/gu, '')
    .trim();

const typeError = (wrongType: string) => (issue: { input?: unknown; code?: string }) =>
  issue.input === undefined ? FIELD_MESSAGES.required : issue.code === 'invalid_type' ? wrongType : undefined;

/** A string field, trimmed, at most `max` characters; `blank` allows ''. */
export function text(max: number, options: { blank?: boolean } = {}) {
  const base = z.string({ error: typeError(FIELD_MESSAGES.notString) }).trim();
  const limited = base.max(max, FIELD_MESSAGES.maxLength(max));
  return options.blank ? limited : limited.min(1, FIELD_MESSAGES.blank);
}

/** A one-line string field (names, organisation, role): see toOneLine; at most `max` characters. */
export function line(max: number, options: { blank?: boolean } = {}) {
  const checked = z.string().max(max, FIELD_MESSAGES.maxLength(max));
  return z
    .string({ error: typeError(FIELD_MESSAGES.notString) })
    .transform(toOneLine)
    .pipe(options.blank ? checked : checked.min(1, FIELD_MESSAGES.blank));
}

/**
 * A person's name as it appears in mails: one line, at most 50 characters, and no web or e-mail address
 * (a name chosen by whoever registers is written into a mail to the address they typed).
 */
export function personName() {
  return line(50).refine((s) => !/:\/\/|www\.|@/i.test(s), FIELD_MESSAGES.noLinks);
}

/** A multi-line string field (a description): see toParagraphs; at most `max` characters. */
export function paragraphs(max: number, options: { blank?: boolean } = {}) {
  const base = z.string({ error: typeError(FIELD_MESSAGES.notString) }).transform(toParagraphs);
  const checked = z.string().max(max, FIELD_MESSAGES.maxLength(max));
  return base.pipe(options.blank ? checked : checked.min(1, FIELD_MESSAGES.blank));
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
