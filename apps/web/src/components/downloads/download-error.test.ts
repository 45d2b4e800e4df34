import { describe, expect, it } from 'vitest';
import { normalizeApiError } from '../../lib/api-errors';
import { describeDownloadFailure, formatWait } from './download-error';

const failure = (status: number, body: unknown, retryAfterSeconds: number | null = null) => ({
  ok: false as const,
  status,
  retryAfterSeconds,
  error: normalizeApiError(status, body),
});

describe('describeDownloadFailure', () => {
  it('has its own Italian message for the documented refusals', () => {
    expect(describeDownloadFailure(failure(401, { detail: 'Authentication required' }))).toBe(
      'La sessione è scaduta: accedi di nuovo per scaricare il file.',
    );
    expect(describeDownloadFailure(failure(403, { detail: 'x' }))).toBe(
      'Per scaricare questi dati serve una licenza attiva.',
    );
    expect(describeDownloadFailure(failure(404, { detail: 'Nessun dato rilevato.' }))).toBe(
      'Non ci sono dati da scaricare per questa scelta.',
    );
  });

  it('says how long to wait after a 429', () => {
    expect(describeDownloadFailure(failure(429, { detail: 'Too many' }, 30))).toBe(
      'Troppe richieste: hai raggiunto il limite dei download. Riprova tra 30 secondi.',
    );
    expect(describeDownloadFailure(failure(429, { detail: 'Too many' }, 3412))).toBe(
      'Troppe richieste: hai raggiunto il limite dei download. Riprova tra 57 minuti.',
    );
    expect(describeDownloadFailure(failure(429, undefined))).toBe(
      'Troppe richieste: hai raggiunto il limite dei download. Riprova più tardi.',
    );
  });

  it("gives the server's first message of a 400, the catalogue's for the rest", () => {
    expect(describeDownloadFailure(failure(400, { years: ['Anni non validi.'] }))).toBe('Anni non validi.');
    expect(describeDownloadFailure(failure(502, '<html>Bad gateway</html>'))).toBe(
      'Ops... Qualcosa è andato storto, riprova più tardi.',
    );
    expect(describeDownloadFailure(failure(0, undefined))).toBe(
      'Oops, la richiesta non è andata a buon fine.',
    );
  });
});

describe('formatWait', () => {
  it('rounds up to seconds, minutes or hours', () => {
    expect(formatWait(0)).toBe('1 secondo');
    expect(formatWait(1)).toBe('1 secondo');
    expect(formatWait(90)).toBe('90 secondi');
    expect(formatWait(91)).toBe('2 minuti');
    expect(formatWait(3600)).toBe('60 minuti');
    expect(formatWait(5401)).toBe('2 ore');
    expect(formatWait(3600 * 5)).toBe('5 ore');
  });
});
