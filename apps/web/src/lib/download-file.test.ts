import { afterEach, describe, expect, it, vi } from 'vitest';
import { budgetFromHeaders, filenameFromDisposition, requestFile, retryAfterSeconds } from './download-file';

describe('filenameFromDisposition', () => {
  it('reads the quoted, bare and RFC 5987 forms, preferring filename*', () => {
    expect(filenameFromDisposition('attachment; filename="totalwasteproduced-veneto-2024.png"')).toBe(
      'totalwasteproduced-veneto-2024.png',
    );
    expect(filenameFromDisposition('attachment; filename=dati.csv')).toBe('dati.csv');
    expect(
      filenameFromDisposition(`attachment; filename="forli.csv"; filename*=UTF-8''forl%C3%AC-cesena.csv`),
    ).toBe('forlì-cesena.csv');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
  });

  it('never lets the header choose a folder, and gives null without a usable name', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment; filename="C:\\\\temp\\\\x.csv"')).toBe('x.csv');
    expect(filenameFromDisposition('attachment; filename=".."')).toBeNull();
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe('retryAfterSeconds', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    const now = Date.parse('2025-05-01T10:00:00Z');
    expect(retryAfterSeconds('Thu, 01 May 2025 10:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Thu, 01 May 2025 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
  });
});

describe('requestFile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the body and the server file name of a success', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
          headers: { 'content-disposition': 'attachment; filename="grafico.png"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const answer = await requestFile('/api/stats/download/?format=png');
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.filename).toBe('grafico.png');
    expect([...new Uint8Array(await answer.blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/stats/download/?format=png',
      expect.objectContaining({ credentials: 'same-origin', headers: { 'Accept-Language': 'it' } }),
    );
  });

  it('gives status, wait and the normalised error of a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: 'Troppe richieste, riprova tra 30 secondi.' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '30' },
          }),
      ),
    );
    const answer = await requestFile('/x');
    expect(answer).toMatchObject({
      ok: false,
      status: 429,
      retryAfterSeconds: 30,
      error: { nonFieldErrors: ['Troppe richieste, riprova tra 30 secondi.'] },
    });
  });

  it('turns a network failure into status 0, without throwing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await requestFile('/x')).toMatchObject({
      ok: false,
      status: 0,
      error: { nonFieldErrors: ['Oops, la richiesta non è andata a buon fine.'] },
    });
  });
});

describe('budgetFromHeaders', () => {
  it('reads the RateLimit headers of a download, null when one is missing or unreadable', () => {
    const headers = (h: Record<string, string>) => new Headers(h);
    expect(
      budgetFromHeaders(
        headers({ 'RateLimit-Limit': '60', 'RateLimit-Remaining': '5', 'RateLimit-Reset': '1500' }),
      ),
    ).toEqual({ limit: 60, remaining: 5, resetSeconds: 1500 });
    expect(budgetFromHeaders(headers({ 'RateLimit-Limit': '60', 'RateLimit-Remaining': '5' }))).toBeNull();
    expect(
      budgetFromHeaders(
        headers({ 'RateLimit-Limit': 'x', 'RateLimit-Remaining': '5', 'RateLimit-Reset': '1500' }),
      ),
    ).toBeNull();
    expect(budgetFromHeaders(headers({}))).toBeNull();
  });
});
