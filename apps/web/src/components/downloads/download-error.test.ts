import { describe, expect, it } from 'vitest';
import { normalizeApiError } from '../../lib/api-errors';
import {
  budgetKindOf,
  budgetNotice,
  describeCountFailure,
  describeDownloadFailure,
  formatWait,
} from './download-error';

const failure = (status: number, body: unknown, retryAfterSeconds: number | null = null) => ({
  ok: false as const,
  status,
  retryAfterSeconds,
  error: normalizeApiError(status, body),
});

describe('describeDownloadFailure', () => {
  it('has its own Italian message for the documented refusals', () => {
    expect(describeDownloadFailure(failure(401, { detail: 'Authentication required' }), 'images')).toBe(
      'La sessione è scaduta: accedi di nuovo per scaricare il file.',
    );
    expect(describeDownloadFailure(failure(403, { detail: 'x' }), 'images')).toBe(
      'Per scaricare questi dati serve una licenza attiva.',
    );
    expect(describeDownloadFailure(failure(404, { detail: 'Nessun dato rilevato.' }), 'images')).toBe(
      'Non ci sono dati da scaricare per questa scelta.',
    );
  });

  it('says which budget is spent after a 429, its size and how long to wait', () => {
    expect(describeDownloadFailure(failure(429, { detail: 'Too many' }, 30), 'images')).toBe(
      'Troppe richieste: hai raggiunto il limite di 300 immagini e PDF l’ora. Riprova tra 30 secondi. I CSV hanno un limite a parte.',
    );
    expect(describeDownloadFailure(failure(429, { detail: 'Too many' }, 3412), 'csv')).toBe(
      'Troppe richieste: hai raggiunto il limite di 60 file CSV l’ora. Riprova tra 57 minuti. Immagini e PDF hanno un limite a parte.',
    );
    expect(describeDownloadFailure(failure(429, undefined), 'csv')).toBe(
      'Troppe richieste: hai raggiunto il limite di 60 file CSV l’ora. Riprova più tardi. Immagini e PDF hanno un limite a parte.',
    );
  });

  it("gives the server's first message of a 400, the catalogue's for the rest", () => {
    expect(describeDownloadFailure(failure(400, { years: ['Anni non validi.'] }), 'images')).toBe(
      'Anni non validi.',
    );
    expect(describeDownloadFailure(failure(502, '<html>Bad gateway</html>'), 'images')).toBe(
      'Ops... Qualcosa è andato storto, riprova più tardi.',
    );
    expect(describeDownloadFailure(failure(0, undefined), 'images')).toBe(
      'Oops, la richiesta non è andata a buon fine.',
    );
  });
});

describe('describeCountFailure: the row count of /scarica-dati', () => {
  it("says a 429 is the count's own limit, with or without Retry-After, never a download budget", () => {
    expect(
      describeCountFailure(failure(429, { detail: 'Troppe richieste, riprova tra 5 minuti.' }, 300)),
    ).toBe('Troppe richieste: hai raggiunto il limite dei conteggi delle righe. Riprova tra 5 minuti.');
    for (const body of [{ detail: 'Troppe richieste.' }, '<html>429 Too Many Requests</html>', undefined]) {
      const text = describeCountFailure(failure(429, body));
      expect(text).toBe(
        'Troppe richieste: hai raggiunto il limite dei conteggi delle righe. Riprova più tardi.',
      );
      expect(text).not.toMatch(/file CSV|immagini/);
    }
  });

  it("has the form's text for no answer and a 5xx, the download refusals' for the rest", () => {
    expect(describeCountFailure(failure(0, undefined))).toBe(
      'Non è stato possibile calcolare le righe: riprova più tardi.',
    );
    expect(describeCountFailure(failure(503, { detail: 'x' }, 10))).toBe(
      'Non è stato possibile calcolare le righe: riprova più tardi.',
    );
    expect(describeCountFailure(failure(403, { detail: 'x' }))).toBe(
      'Per scaricare questi dati serve una licenza attiva.',
    );
    expect(describeCountFailure(failure(400, { years: ['Anni non validi.'] }))).toBe('Anni non validi.');
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

describe('budgetNotice: the count before the limit (issue 35, point 15)', () => {
  it('says nothing while more than a fifth of the budget is left', () => {
    expect(budgetNotice('csv', { limit: 60, remaining: 13, resetSeconds: 600 })).toBeNull();
    expect(budgetNotice('images', { limit: 300, remaining: 61, resetSeconds: 600 })).toBeNull();
    expect(budgetNotice('csv', null)).toBeNull();
  });

  it('says how many of how many files are used, of which budget, and when it starts again', () => {
    expect(budgetNotice('csv', { limit: 60, remaining: 5, resetSeconds: 1500 })).toBe(
      'Hai usato 55 dei 60 file CSV disponibili in un’ora: il conteggio riparte tra 25 minuti.',
    );
    expect(budgetNotice('images', { limit: 300, remaining: 60, resetSeconds: 45 })).toBe(
      'Hai usato 240 delle 300 immagini e PDF disponibili in un’ora: il conteggio riparte tra 45 secondi.',
    );
    // The last file of the budget: the other budget is still there.
    expect(budgetNotice('csv', { limit: 60, remaining: 0, resetSeconds: 120 })).toBe(
      'Hai usato 60 dei 60 file CSV disponibili in un’ora: il conteggio riparte tra 2 minuti. Immagini e PDF hanno un limite a parte.',
    );
  });

  it('tells the budget by the file: CSV files apart from pictures', () => {
    expect(budgetKindOf('raccolta-differenziata.csv')).toBe('csv');
    expect(budgetKindOf('totalwastesorted-2024.pdf')).toBe('images');
    expect(budgetKindOf('confronto.png')).toBe('images');
  });
});
