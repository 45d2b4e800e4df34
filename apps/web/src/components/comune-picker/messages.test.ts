import { describe, expect, it } from 'vitest';
import { ApiError, toNormalizedError } from '../../lib/api';
import { errorText } from '../../lib/api-errors';
import { comunePickerMessages as m, hiddenMatches } from './messages';

/** What the comune search shows of a failed call (comune-combobox.tsx). */
const searchErrorText = (error: unknown) => errorText(toNormalizedError(error));

describe('comune search: matches the suggestions leave out', () => {
  it('counts them from the API total and the suggestions shown', () => {
    expect(hiddenMatches(208, 8)).toBe(200);
    expect(hiddenMatches(8, 8)).toBe(0);
    expect(hiddenMatches(3, 3)).toBe(0);
    // A total older than the page (the data changed in between) never gives a negative number.
    expect(hiddenMatches(2, 3)).toBe(0);
  });

  it('says how many more there are and how to narrow the search', () => {
    expect(m.more(200)).toBe('Altri 200 comuni: scrivi qualche lettera in più.');
    expect(m.more(1)).toBe('Un altro comune: scrivi qualche lettera in più.');
    expect(m.more(12345)).toBe('Altri 12.345 comuni: scrivi qualche lettera in più.');
    expect(m.someResults(8, 208)).toBe(
      '208 comuni trovati, ne sono mostrati 8: scrivi qualche lettera in più.',
    );
  });
});

describe('comune search: comuni that no longer exist', () => {
  it('are marked with the years of their data', () => {
    expect(m.dissolved(2010, 2016)).toBe('non più esistente · dati 2010–2016');
    expect(m.dissolved(2012, 2012)).toBe('non più esistente · dati 2012');
    expect(m.dissolved(null, null)).toBe('non più esistente');
  });

  it('name the comune they merged into, when it is known (issue 35, point 9)', () => {
    expect(m.dissolved(2010, 2017, 'Corigliano-Rossano')).toBe(
      'non più esistente · dati 2010–2017 · confluito in Corigliano-Rossano',
    );
  });

  it('say which other name of a comune matched the search', () => {
    expect(m.alias('Reggio Emilia')).toBe('altro nome: Reggio Emilia');
  });
});

describe('comune search: a failed search says what SPEC §8 says', () => {
  const path = '/api/cities/city/';
  it('gives the generic text for an HTML error page, a plain string or any 5xx', () => {
    // Issue 35, point 20: an HTML 500 showed "Oops, la richiesta non è andata a buon fine.".
    const generic = 'Ops... Qualcosa è andato storto, riprova più tardi.';
    expect(searchErrorText(new ApiError('http', path, 500, '<html><body>Errore</body></html>'))).toBe(
      generic,
    );
    expect(searchErrorText(new ApiError('http', path, 502, 'Bad Gateway'))).toBe(generic);
    expect(searchErrorText(new ApiError('http', path, 503, { detail: 'Service unavailable' }))).toBe(generic);
    expect(searchErrorText(new ApiError('invalid-response', path, 200, { results: 'x' }))).toBe(generic);
    expect(searchErrorText(new TypeError('boom'))).toBe(generic);
  });
  it('keeps "the request failed" for no answer at all, and the API’s own message for a refusal', () => {
    expect(searchErrorText(new ApiError('unreachable', path, 0))).toBe(
      'Oops, la richiesta non è andata a buon fine.',
    );
    const limited = { detail: 'Troppe richieste, riprova tra 1 minuto.' };
    expect(searchErrorText(new ApiError('http', path, 429, limited))).toBe(limited.detail);
  });
});
