import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, callApi, toNormalizedError, type ApiAdapter } from './api';
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
