import { describe, expect, it } from 'vitest';
import {
  errorMessages,
  errorText,
  isUnverifiedEmailError,
  normalizeApiError,
  splitForForm,
} from './api-errors';
import { messages } from './messages';

describe('normalizeApiError (SPEC §8)', () => {
  it('keeps the first message of each field and the non-field list', () => {
    const error = normalizeApiError(400, {
      email1: ['Esiste già un account con questo indirizzo.', 'second'],
      nonFieldErrors: ['Uno', 'Due'],
    });
    expect(error.fieldErrors).toEqual({ email1: 'Esiste già un account con questo indirizzo.' });
    expect(error.nonFieldErrors).toEqual(['Uno', 'Due']);
  });

  it('maps the known keys to the catalogue', () => {
    expect(normalizeApiError(400, { token: ['Token non valido.'] }).fieldErrors.token).toBe(
      messages.errors.passwordResetToken,
    );
    expect(normalizeApiError(400, { uid: ['x'] }).fieldErrors.uid).toBe(messages.errors.passwordResetToken);
    expect(normalizeApiError(400, { recaptcha: ['x'] }).fieldErrors.recaptcha).toBe(
      messages.errors.recaptcha,
    );
  });

  it('shows the generic message for HTML pages, plain strings, empty bodies and 5xx', () => {
    for (const [status, body] of [
      [502, '<html><body>Bad gateway</body></html>'],
      [400, 'Bad Request'],
      [400, undefined],
      [400, ['a list']],
      [500, { detail: 'Errore interno' }],
      [400, {}],
    ] as const) {
      expect(normalizeApiError(status, body).nonFieldErrors).toEqual([messages.errors.generic]);
    }
  });

  it('shows detail messages (401, 403, 404, 429) below the form', () => {
    expect(
      normalizeApiError(429, { detail: 'Troppe richieste, riprova tra 30 secondi.' }).nonFieldErrors,
    ).toEqual(['Troppe richieste, riprova tra 30 secondi.']);
  });

  it('reports a request that never got an answer', () => {
    expect(normalizeApiError(0, undefined).nonFieldErrors).toEqual([messages.errors.requestFailed]);
  });
});

describe('splitForForm', () => {
  it('moves errors of fields the form does not show below it, once', () => {
    const error = normalizeApiError(400, {
      uid: ['a'],
      token: ['b'],
      newPassword2: ['Le password non coincidono.'],
    });
    expect(splitForForm(error, ['newPassword1', 'newPassword2'])).toEqual({
      fieldErrors: { newPassword2: 'Le password non coincidono.' },
      nonFieldErrors: [messages.errors.passwordResetToken],
    });
  });
});

describe('errorMessages and errorText', () => {
  it("list the request's messages, then each field's; one line is the first of them", () => {
    const error = normalizeApiError(400, { detail: 'Richiesta rifiutata.', years: ['Anni non validi.'] });
    expect(errorMessages(error)).toEqual(['Richiesta rifiutata.', 'Anni non validi.']);
    expect(errorText(error)).toBe('Richiesta rifiutata.');
    expect(errorText(normalizeApiError(400, { years: ['Anni non validi.', 'altro'] }))).toBe(
      'Anni non validi.',
    );
    expect(errorText(normalizeApiError(502, '<html></html>'))).toBe(messages.errors.generic);
    expect(errorText({ status: 400, fieldErrors: {}, nonFieldErrors: [] })).toBe(messages.errors.generic);
  });
});

describe('isUnverifiedEmailError', () => {
  it('recognises the Italian and English messages of the API', () => {
    expect(
      isUnverifiedEmailError(normalizeApiError(400, { nonFieldErrors: ["L'e-mail non è verificata."] })),
    ).toBe(true);
    expect(
      isUnverifiedEmailError(normalizeApiError(400, { nonFieldErrors: ['E-mail is not verified.'] })),
    ).toBe(true);
    expect(
      isUnverifiedEmailError(
        normalizeApiError(400, { nonFieldErrors: ['Impossibile accedere con le credenziali.'] }),
      ),
    ).toBe(false);
  });
});
