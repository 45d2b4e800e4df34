import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserSchema } from '@portal/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, toNormalizedError, uploadApi, type ApiAdapter } from './api';
import { messages } from './messages';

// A real HTTP server standing in for the API: each path answers one way.
const ANSWERS: Record<string, [number, string]> = {
  '/api/detail/': [200, '{"detail":"Fatto."}'],
  '/api/user/': [200, '{"pk":1}'],
  '/api/invalid/': [400, '{"email":["Inserisci un indirizzo email valido."],"nonFieldErrors":["No."]}'],
  '/api/html/': [502, '<html>Bad gateway</html>'],
};

let server: Server;
let adapter: ApiAdapter;
const seen: { url?: string; method?: string; body?: string; headers?: Record<string, unknown> } = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      Object.assign(seen, { url: req.url, method: req.method, body, headers: req.headers });
      const [status, text] = ANSWERS[new URL(req.url!, 'http://x').pathname] ?? [
        404,
        '{"detail":"Non trovato."}',
      ];
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  adapter = {
    baseUrl: () => `http://127.0.0.1:${port}`,
    headers: async () => ({ 'Accept-Language': 'en' }),
    init: {},
    timeoutMs: 5000,
  };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('callApi', () => {
  it('sends the query, the JSON body and the adapter headers; answers parse as {detail} by default', async () => {
    const answer = await callApi(adapter, 'POST', '/api/detail/', {
      body: { a: 1 },
      query: { x: 'é', y: undefined },
    });
    expect(answer).toEqual({ detail: 'Fatto.' });
    expect(seen).toMatchObject({ url: '/api/detail/?x=%C3%A9', method: 'POST', body: '{"a":1}' });
    expect(seen.headers).toMatchObject({ 'accept-language': 'en', 'content-type': 'application/json' });
  });

  it('sends a FormData body as multipart/form-data, with the boundary fetch chose', async () => {
    const form = new FormData();
    form.append('dataset', 'rd-comuni');
    form.append('file', new Blob(['anno;comune\n2024;Bergamo\n'], { type: 'text/csv' }), 'bergamo.csv');
    await callApi(adapter, 'POST', '/api/detail/', { body: form });
    expect(seen.headers?.['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toContain('name="dataset"');
    expect(seen.body).toContain('filename="bergamo.csv"');
    expect(seen.body).toContain('2024;Bergamo');
  });

  it('refuses an answer that breaks the contract instead of casting it', async () => {
    const error = await callApi(adapter, 'GET', '/api/user/', { schema: UserSchema }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200, body: { pk: 1 } });
    expect(toNormalizedError(error).nonFieldErrors).toEqual([messages.errors.generic]);
  });

  it('carries the SPEC §8 normalisation of a refusal, and the generic message for an HTML page', async () => {
    const refused = await callApi(adapter, 'POST', '/api/invalid/').catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'http', status: 400 });
    expect(toNormalizedError(refused)).toEqual({
      status: 400,
      fieldErrors: { email: 'Inserisci un indirizzo email valido.' },
      nonFieldErrors: ['No.'],
    });
    const html = await callApi(adapter, 'GET', '/api/html/').catch((e: unknown) => e);
    expect(html).toMatchObject({ kind: 'http', status: 502, body: '<html>Bad gateway</html>' });
    expect(toNormalizedError(html).nonFieldErrors).toEqual([messages.errors.generic]);
  });

  it('reports an API that does not answer as status 0', async () => {
    const down = { ...adapter, baseUrl: () => 'http://127.0.0.1:1' };
    const error = await callApi(down, 'GET', '/api/detail/').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unreachable', status: 0 });
    expect(toNormalizedError(error)).toEqual({
      status: 0,
      fieldErrors: {},
      nonFieldErrors: [messages.errors.requestFailed],
    });
  });
});

/**
 * The browser's XMLHttpRequest, as far as uploadApi uses it: `send` records the request; the test then
 * plays the upload's progress events and the answer.
 */
class RecordedRequest {
  static last: RecordedRequest | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: Partial<ProgressEvent>) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  open(method: string, url: string) {
    Object.assign(this, { method, url });
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    RecordedRequest.last = this;
  }
  answer(status: number, text: string) {
    Object.assign(this, { status, responseText: text });
    this.onload?.();
  }
}

describe('uploadApi', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', RecordedRequest);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells how far the bytes have gone, then parses the answer', async () => {
    const form = new FormData();
    form.append('dataset', 'regions');
    const progress: [number, number][] = [];
    let uploaded = false;
    const answer = uploadApi(adapter, '/api/detail/', form, {
      schema: UserSchema.pick({ pk: true }),
      timeoutMs: 600_000,
      onProgress: ({ loaded, total }) => progress.push([loaded, total]),
      onUploaded: () => (uploaded = true),
    });
    await vi.waitFor(() => expect(RecordedRequest.last?.body).toBe(form));
    const request = RecordedRequest.last!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`${adapter.baseUrl()}/api/detail/`);
    expect(request.headers).toMatchObject({ Accept: 'application/json', 'Accept-Language': 'en' });
    expect(request.timeout).toBe(600_000);
    request.upload.onprogress!({ lengthComputable: true, loaded: 1024, total: 4096 });
    request.upload.onprogress!({ lengthComputable: false, loaded: 2048, total: 0 });
    request.upload.onprogress!({ lengthComputable: true, loaded: 4096, total: 4096 });
    request.upload.onload!();
    expect(progress).toEqual([
      [1024, 4096],
      [4096, 4096],
    ]);
    expect(uploaded).toBe(true);
    request.answer(200, '{"pk":7}');
    expect(await answer).toEqual({ pk: 7 });
  });

  it('is an ApiError with the body for a refusal, and unreachable when the connection fails', async () => {
    const refused = uploadApi(adapter, '/api/invalid/', new FormData(), { schema: UserSchema });
    await vi.waitFor(() => expect(RecordedRequest.last).toBeDefined());
    RecordedRequest.last!.answer(400, '{"file":["bad.csv, riga 1: manca la colonna istat"]}');
    await expect(refused).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      body: { file: ['bad.csv, riga 1: manca la colonna istat'] },
    });
    RecordedRequest.last = undefined;
    const lost = uploadApi(adapter, '/api/detail/', new FormData(), { schema: UserSchema });
    await vi.waitFor(() => expect(RecordedRequest.last).toBeDefined());
    RecordedRequest.last!.onerror!();
    await expect(lost).rejects.toMatchObject({ kind: 'unreachable', status: 0 });
  });
});
