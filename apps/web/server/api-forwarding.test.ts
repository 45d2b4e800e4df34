import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSY, createApiForwarder, isApiRequest, UNAVAILABLE } from './api-forwarding.mjs';

/**
 * The forwarding in front of a real HTTP server standing in for the API: /api/eco/ echoes what it
 * received, /api/lenta/ answers after 400 ms.
 */
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function fakeApi(): Promise<string> {
  return listen(
    http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const answer = () =>
          res
            .writeHead(201, { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' })
            .end(JSON.stringify({ url: req.url, method: req.method, headers: req.headers, body }));
        if (req.url?.startsWith('/api/lenta/') || req.url?.startsWith('/api/admin/imports/'))
          setTimeout(answer, 400);
        else answer();
      });
    }),
  );
}

async function webServer(options: Omit<Parameters<typeof createApiForwarder>[0], 'log'>) {
  const logged: string[] = [];
  const api = createApiForwarder({ ...options, log: (m) => logged.push(m) });
  const url = await listen(http.createServer((req, res) => api.forward(req, res)));
  return { url, api, logged };
}

describe('the forwarding of /api/* to the API', () => {
  it('forwards method, path, query and body byte for byte, with the forwarded host', async () => {
    const { url } = await webServer({ apiUrl: await fakeApi(), forward: true });
    const response = await fetch(`${url}/api/eco/?a=1&b=%C3%A8`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: '{"x":1}',
    });
    expect(response.status).toBe(201);
    const seen = (await response.json()) as {
      url: string;
      method: string;
      body: string;
      headers: Record<string, string>;
    };
    expect(seen).toMatchObject({ url: '/api/eco/?a=1&b=%C3%A8', method: 'POST', body: '{"x":1}' });
    expect(seen.headers['x-forwarded-host']).toBe(new URL(url).host);
    expect(seen.headers['x-forwarded-for']).toBe('203.0.113.7');
    // The web app's security headers, the API's own on top.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('answers 503 with Retry-After when the API does not answer in time, rather than waiting', async () => {
    const { url, logged } = await webServer({ apiUrl: await fakeApi(), forward: true, deadlineMs: 150 });
    const started = performance.now();
    const response = await fetch(`${url}/api/lenta/`);
    expect(performance.now() - started).toBeLessThan(400);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ detail: BUSY });
    expect(logged).toEqual([]);
  });

  it('waits for a data import of the back-office past the deadline: it answers once the file is in', async () => {
    const { url } = await webServer({ apiUrl: await fakeApi(), forward: true, deadlineMs: 150 });
    const response = await fetch(`${url}/api/admin/imports/`, { method: 'POST', body: 'file' });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { body: string }).body).toBe('file');
    // Only the upload: the list of imports keeps the deadline.
    expect((await fetch(`${url}/api/admin/imports/`)).status).toBe(503);
  });

  it('never passes a visitor’s call on to the admin CLI’s door of the API', async () => {
    const { url } = await webServer({ apiUrl: await fakeApi(), forward: true });
    for (const path of ['/api/admin/cli/', '/api/admin/cli', '/api/admin/cli/?x=1']) {
      const response = await fetch(`${url}${path}`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(404);
      expect(response.headers.get('retry-after')).toBeNull();
      expect(await response.json()).toEqual({ detail: 'Non trovato.' });
    }
    expect((await fetch(`${url}/api/admin/client/`)).status).toBe(201);
  });

  it('answers 503 with the generic message, and says so in the log, when no API listens', async () => {
    const closed = http.createServer();
    const apiUrl = await listen(closed);
    await closers.pop()?.();
    const { url, logged } = await webServer({ apiUrl, forward: true });
    const response = await fetch(`${url}/api/eco/`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ detail: UNAVAILABLE });
    expect(logged[0]).toMatch(/^GET \/api\/eco\/: API unreachable \(ECONNREFUSED\)$/);
  });

  it('refuses with 503 the calls beyond those already waiting on the API', async () => {
    const { url } = await webServer({ apiUrl: await fakeApi(), forward: true, maxInFlight: 3 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${url}/api/lenta/`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 503, 503]);
  });

  it('forwards nothing without the client-address preload', async () => {
    const { url } = await webServer({ apiUrl: await fakeApi(), forward: false });
    const response = await fetch(`${url}/api/eco/`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ detail: UNAVAILABLE });
  });
});

describe('isApiRequest', () => {
  it('takes /api and what is under it, nothing else', () => {
    const is = (url: string) => isApiRequest({ url } as http.IncomingMessage);
    expect(['/api', '/api/', '/api/stats/overall/', '/api?x=1'].map(is)).toEqual([true, true, true, true]);
    expect(['/', '/apix', '/apicoltura', '/progetto'].map(is)).toEqual([false, false, false, false]);
  });
});
