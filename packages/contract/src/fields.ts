import { z } from 'zod';
import { messageText, say, type ContractMessageKey } from './messages';

/**
 * Field builders of the request bodies: DRF-style messages (messages.ts) for a missing field, a wrong
 * type, a blank value and a too long one.
 */

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

/** Invisible format characters (Unicode Cf): see replaceInvisible. */
const FORMAT = /\p{Cf}/gu;
const ZWNJ = '\u200c';
const ZWJ = '\u200d';
/** What a joiner joins: letters, combining marks (U+FE0F included), symbols (emoji, skin tones). */
const JOINABLE = /^[\p{L}\p{M}\p{S}]$/u;

/**
 * Replaces (with `by`) the invisible format characters that typed text does not keep: the bidi controls
 * (LRM, RLM, ALM, the embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, which reorder
 * what follows them on screen: an override in an organisation's name shows a command that is not there),
 * zero-width space, word joiner, BOM, soft hyphen, invisible operators, tag characters (which spell hidden
 * ASCII) and every other character of Unicode's Cf category. Kept: ZWNJ (U+200C) and ZWJ (U+200D)
 * between two letters, marks or symbols, where real names need them (ZWNJ in Persian and Indic
 * spelling, ZWJ in Indic conjuncts and emoji sequences such as 👩‍💻); at an edge, beside a space, a digit,
 * punctuation or another joiner they join nothing and go too. No lookbehind: the browser's forms use
 * this module (Safari before 16.4 has none). Decision 069.
 */
export function replaceInvisible(s: string, by: string): string {
  return s.replace(FORMAT, (c: string, at: number) => {
    if (c !== ZWNJ && c !== ZWJ) return by;
    const before = [...s.slice(Math.max(0, at - 2), at)].pop() ?? '';
    const next = s.codePointAt(at + 1);
    const after = next === undefined ? '' : String.fromCodePoint(next);
    return JOINABLE.test(before) && JOINABLE.test(after) ? c : by;
  });
}

/**
 * One line of text as people type it: every control character and line break becomes a space, invisible
 * format characters go (replaceInvisible), runs of spaces become one. What reaches a mail, a log line or a
 * terminal cannot start a line of its own there, nor show other text than it holds.
 */
export const toOneLine = (s: string) =>
  replaceInvisible(s.replace(CONTROL, ' '), '').replace(/ {2,}/g, ' ').trim();

/**
 * Several lines: line breaks kept (as \n), tabs become spaces, every other control character is dropped,
 * and so are the invisible format characters (replaceInvisible).
 */
export const toParagraphs = (s: string) =>
  replaceInvisible(
    s
      .replace(/\r\n?|[\u2028\u2029]/g, '\n')
      .replace(/\t/g, ' ')
      .replace(/[^\P{Cc}\n]/gu, ''),
    '',
  ).trim();

const typeError = (wrongType: ContractMessageKey) => (issue: { input?: unknown; code?: string }) =>
  issue.input === undefined
    ? messageText('required')
    : issue.code === 'invalid_type'
      ? messageText(wrongType)
      : undefined;

/** A string field, trimmed, at most `max` characters; `blank` allows ''. */
export function text(max: number, options: { blank?: boolean } = {}) {
  const base = z.string({ error: typeError('notString') }).trim();
  const limited = base.max(max, say('maxLength', { max }));
  return options.blank ? limited : limited.min(1, say('blank'));
}

/** A one-line string field (names, organisation, role): see toOneLine; at most `max` characters. */
export function line(max: number, options: { blank?: boolean } = {}) {
  const checked = z.string().max(max, say('maxLength', { max }));
  return z
    .string({ error: typeError('notString') })
    .transform(toOneLine)
    .pipe(options.blank ? checked : checked.min(1, say('blank')));
}

/**
 * A person's name as it appears in mails: one line, at most 50 characters, and no web or e-mail address
 * (a name chosen by whoever registers is written into a mail to the address they typed).
 */
export function personName() {
  return line(50).refine((s) => !/:\/\/|www\.|@/i.test(s), say('noLinks'));
}

/** A multi-line string field (a description): see toParagraphs; at most `max` characters. */
export function paragraphs(max: number, options: { blank?: boolean } = {}) {
  const base = z.string({ error: typeError('notString') }).transform(toParagraphs);
  const checked = z.string().max(max, say('maxLength', { max }));
  return base.pipe(options.blank ? checked : checked.min(1, say('blank')));
}

/** A string taken as it is (passwords, tokens: no trimming). */
export function rawText(max: number) {
  return z
    .string({ error: typeError('notString') })
    .max(max, say('maxLength', { max }))
    .min(1, say('blank'));
}

export function emailField() {
  return text(254).pipe(z.email(say('invalidEmail')));
}

export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined ? messageText('required') : messageText('invalidChoice')),
  });
}

/** A JSON object body that rejects unknown fields ("Campo non previsto."). */
export function body<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'invalid_type' ? messageText('notObject') : undefined),
  });
}
