import { messages } from './messages';

/**
 * Error normalisation of SPEC §8: whatever the API (or the network) answered, a form gets the first
 * message of each field, the non-field messages, and the catalogue's messages for the known keys.
 */

export interface NormalizedError {
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
  /** First message per field (known keys mapped to the catalogue). */
  fieldErrors: Record<string, string>;
  /** Messages shown below the form. */
  nonFieldErrors: string[];
}

const KNOWN_KEY_MESSAGES: Record<string, string> = {
  token: messages.errors.passwordResetToken,
  uid: messages.errors.passwordResetToken,
  recaptcha: messages.errors.recaptcha,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const first: unknown = value.find((item) => typeof item === 'string');
    return typeof first === 'string' ? first : undefined;
  }
  return undefined;
}

function allMessages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** `status` 0 means a network failure; `body` is the parsed JSON or, when it did not parse, the text. */
export function normalizeApiError(status: number, body: unknown): NormalizedError {
  const result: NormalizedError = { status, fieldErrors: {}, nonFieldErrors: [] };
  if (status === 0) {
    result.nonFieldErrors.push(messages.errors.requestFailed);
    return result;
  }
  // HTML error pages, plain strings, empty bodies, 5xx: the generic message.
  if (!isRecord(body) || status >= 500) {
    result.nonFieldErrors.push(messages.errors.generic);
    return result;
  }
  for (const [key, value] of Object.entries(body)) {
    if (key === 'nonFieldErrors' || key === 'non_field_errors') {
      result.nonFieldErrors.push(...allMessages(value));
    } else if (key === 'detail') {
      const message = firstMessage(value);
      if (message) result.nonFieldErrors.push(message);
    } else {
      const message = KNOWN_KEY_MESSAGES[key] ?? firstMessage(value);
      if (message) result.fieldErrors[key] = message;
    }
  }
  if (Object.keys(result.fieldErrors).length === 0 && result.nonFieldErrors.length === 0) {
    result.nonFieldErrors.push(messages.errors.generic);
  }
  return result;
}

/**
 * Splits a normalised error for a form: errors of fields the form shows stay under them; the others
 * (uid/token of a reset link, recaptcha, unknown keys) join the list below the form, each once.
 */
export function splitForForm(
  error: NormalizedError,
  formFields: readonly string[],
): { fieldErrors: Record<string, string>; nonFieldErrors: string[] } {
  const fieldErrors: Record<string, string> = {};
  const nonFieldErrors = [...error.nonFieldErrors];
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    if (formFields.includes(key)) fieldErrors[key] = message;
    else if (!nonFieldErrors.includes(message)) nonFieldErrors.push(message);
  }
  return { fieldErrors, nonFieldErrors };
}

/**
 * Every message of a normalised error, where a list is shown (a back-office section, a dialog): the
 * request's, then each field's.
 */
export function errorMessages(error: NormalizedError): string[] {
  return [...error.nonFieldErrors, ...Object.values(error.fieldErrors)];
}

/**
 * The one message of a normalised error, where a single line is shown (a search, a download): its first,
 * the server's own or SPEC §8's catalogue's.
 */
export function errorText(error: NormalizedError): string {
  return errorMessages(error)[0] ?? messages.errors.generic;
}

/** The login answer that calls for the resend-verification prompt (Italian or English catalogue). */
export function isUnverifiedEmailError(error: NormalizedError): boolean {
  return error.nonFieldErrors.some((message) => /non è verificat|not verified/i.test(message));
}
