import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerClientError,
  BODY_DEADLINE_MS,
  BUSY,
  createApiForwarder,
  isApiRequest,
  MAX_BODY_BYTES,
  TOO_LARGE,
  TOO_MANY,
  TOO_SLOW,
  UNAVAILABLE,
  WEB_SERVER_OPTIONS,
} from './api-forwarding.mjs';

/**
 * The forwarding in front of a real HTTP server standing in for the API: /api/eco/ echoes what it
 * received, /api/lenta/ answers after 400 ms, /api/attesa/ once the test answers what `held` holds; GET /api/admin/imports/ is the API's staff check (200 for
 * `Token staff`, 403 for any other token, 401 without one), its POST the upload (answered after 400 ms).
 * `seen` lists every call the stand-in received, as "METHOD path".
 */
const closers: (() => Promise<void>)[] = [];
const seen: string[] = [];
const held: (() => void)[] = [];
/** The tests' own client connections, destroyed after each test. */
const clients: { destroy: () => void }[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(closers.splice(0).map((close) => close()));
  seen.length = 0;
  held.length = 0;
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
      seen.push(`${req.method} ${req.url}`);
      if (req.method === 'GET' && req.url === '/api/admin/imports/') {
        const token = req.headers.authorization;
        const [status, detail] = !token
          ? [401, 'Le credenziali di autenticazione non sono state fornite.']
          : token === 'Token staff'
            ? [200, '']
            : [403, 'Solo il personale può farlo.'];
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(status === 401 ? { 'www-authenticate': 'Token' } : {}),
        });
        return void res.end(JSON.stringify(status === 200 ? { datasets: [], recent: [] } : { detail }));
      }
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const answer = () =>
          res
            .writeHead(201, { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' })
            .end(JSON.stringify({ url: req.url, method: req.method, headers: req.headers, body }));
        if (req.url?.startsWith('/api/attesa/')) held.push(answer);
        else if (req.url?.startsWith('/api/lenta/') || req.url?.startsWith('/api/admin/imports/'))
          setTimeout(answer, 400).unref();
        else answer();
      });
    }),
  );
}

/**
 * The forwarding in a server with the web server's limits (WEB_SERVER_OPTIONS and its clientError
 * listener, as web-server.mjs builds it; `server` overrides them). `received` counts its requests.
 */
async function webServer(
  options: Omit<Parameters<typeof createApiForwarder>[0], 'log'>,
  server: Partial<typeof WEB_SERVER_OPTIONS> = {},
) {
  const logged: string[] = [];
  const api = createApiForwarder({ ...options, log: (m) => logged.push(m) });
  let received = 0;
  const web = http.createServer({ ...WEB_SERVER_OPTIONS, ...server }, (req, res) => {
    received += 1;
    api.forward(req, res);
  });
  web.on('clientError', answerClientError);
  const url = await listen(web);
  return { url, api, logged, received: () => received };
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
    const response = await fetch(`${url}/api/admin/imports/`, {
      method: 'POST',
      headers: { authorization: 'Token staff' },
      body: 'file',
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { body: string }).body).toBe('file');
    // Only the upload: the list of imports keeps the deadline.
    expect((await fetch(`${url}/api/admin/imports/?lenta=1`)).status).toBe(503);
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

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request on a connection of its own, from `localAddress` (all of 127/8 is loopback on Linux: each
 * address is another client). The body: `body` whole; or `parts`, `pauseMs` apart, then the end unless
 * `finish` is false; or nothing at all (the headers alone, announcing what their Content-Length says).
 * Writing stops once the answer has come.
 */
function request(
  url: string,
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    localAddress?: string;
    body?: string | Buffer;
    parts?: Buffer[];
    pauseMs?: number;
    finish?: boolean;
  } = {},
): Promise<Answer> {
  const req = http.request(`${url}${path}`, {
    method: options.method ?? 'POST',
    headers: options.headers,
    localAddress: options.localAddress,
    agent: false,
  });
  clients.push(req);
  let answered = false;
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
      response.on('error', reject);
    });
    // Writing into a connection the server closed after answering: the answer is what counts.
    req.on('error', (error) => (answered ? undefined : reject(error)));
  });
  if (options.body !== undefined) req.end(options.body);
  else if (!options.parts) req.flushHeaders();
  else
    void (async () => {
      for (const [i, part] of options.parts!.entries()) {
        if (answered || req.destroyed) return;
        if (i > 0) await sleep(options.pauseMs ?? 0);
        req.write(part);
      }
      if (options.finish !== false && !answered && !req.destroyed) req.end();
    })();
  return answer;
}

const detailOf = (answer: Answer) => (JSON.parse(answer.body) as { detail: string }).detail;

describe('one client cannot take the /api forwarding from the others (issue 34, finding 1)', () => {
  // A POST the API would accept (a matching CSRF cookie and header), announcing 100,000 bytes it never sends.
  const stalled = {
    'content-type': 'application/json',
    'content-length': '100000',
    cookie: 'csrftoken=abc',
    'x-csrftoken': 'abc',
  };

  it('bodies that never arrive hold no slot: another client is answered, and they get 408', async () => {
    const { url, received } = await webServer({
      apiUrl: await fakeApi(),
      forward: true,
      maxInFlight: 4,
      perClient: 2,
      bodiesPerClient: 3,
      bodyDeadlineMs: 1_000,
    });
    // More than the whole forwarding's slots, from 127.0.0.1.
    const attack = Array.from({ length: 8 }, () => request(url, '/api/auth/login/', { headers: stalled }));
    await vi.waitFor(() => expect(received()).toBe(8), { timeout: 5_000, interval: 10 });

    const other = await request(url, '/api/eco/', {
      localAddress: '127.0.0.2',
      headers: { 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(other.status).toBe(201); // the stand-in API's answer

    // Three bodies of one client may be on their way at once; beyond them 429 at once; 408 once late.
    const answers = await Promise.all(attack);
    expect(answers.map((a) => a.status).sort()).toEqual([408, 408, 408, 429, 429, 429, 429, 429]);
    const late = answers.find((a) => a.status === 408)!;
    expect(detailOf(late)).toBe(TOO_SLOW);
    expect(late.headers.connection).toBe('close');
    expect(detailOf(answers.find((a) => a.status === 429)!)).toBe(TOO_MANY);
    expect(seen).toEqual(['POST /api/eco/']);
  });

  it('lets one client wait on the API with its own share of the calls only', async () => {
    const { url } = await webServer({ apiUrl: await fakeApi(), forward: true, maxInFlight: 4, perClient: 2 });
    const json = { 'content-type': 'application/json' };
    const mine = Array.from({ length: 4 }, () => request(url, '/api/attesa/', { headers: json, body: '{}' }));
    const other = request(url, '/api/attesa/', { localAddress: '127.0.0.2', headers: json, body: '{}' });
    // The API holds every call it received until the test lets them go: 2 of one client, 1 of the other;
    // meanwhile the client's other two have been refused.
    const early: number[] = [];
    for (const answer of mine) void answer.then((a) => early.push(a.status));
    await vi.waitFor(
      () => {
        expect(held).toHaveLength(3);
        expect(early).toEqual([429, 429]);
      },
      { timeout: 5_000, interval: 10 },
    );
    for (const answer of held.splice(0)) answer();
    expect((await other).status).toBe(201);
    const answers = await Promise.all(mine);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers['retry-after']).toBe('2');
    expect(detailOf(refused)).toBe(TOO_MANY);
  });

  it('refuses a body over the API’s 1 MiB with 413 without reading it, and the API never sees it', async () => {
    expect(MAX_BODY_BYTES).toBe(1024 * 1024); // the API's bodyLimit (apps/api/src/app.ts)
    const { url } = await webServer({ apiUrl: await fakeApi(), forward: true, deadlineMs: 1_000 });
    const json = { 'content-type': 'application/json' };
    const announced = await request(url, '/api/contact/', {
      headers: { ...json, 'content-length': String(MAX_BODY_BYTES + 1) },
    });
    expect(announced.status).toBe(413);
    expect(detailOf(announced)).toBe(TOO_LARGE);
    expect(announced.headers.connection).toBe('close');
    // Chunked, with no length announced: refused once past the limit (20 parts of 64 KiB would be 1.25 MiB).
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const chunked = await request(url, '/api/contact/', {
      headers: json,
      parts: Array.from({ length: 20 }, () => chunk),
    });
    expect(chunked.status).toBe(413);
    expect(seen).toEqual([]);
    // The limit itself goes through.
    const whole = await request(url, '/api/eco/', { headers: json, body: Buffer.alloc(MAX_BODY_BYTES, 'a') });
    expect(whole.status).toBe(201);
  });

  it('streams the staff upload only once the API said the caller is staff; others get its 401/403, unread', async () => {
    const { url } = await webServer({ apiUrl: await fakeApi(), forward: true, bodyDeadlineMs: 100 });
    const upload = {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(10 * MAX_BODY_BYTES),
    };
    const start = [Buffer.alloc(64 * 1024, 'a')];
    const anonymous = await request(url, '/api/admin/imports/', {
      headers: upload,
      parts: start,
      finish: false,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Token');
    expect(anonymous.headers.connection).toBe('close');
    expect(detailOf(anonymous)).toBe('Le credenziali di autenticazione non sono state fornite.');
    const user = await request(url, '/api/admin/imports/', {
      headers: { ...upload, authorization: 'Token utente' },
      parts: start,
      finish: false,
    });
    expect(user.status).toBe(403);
    expect(detailOf(user)).toBe('Solo il personale può farlo.');
    // The API was only asked who the callers are.
    expect(seen).toEqual(['GET /api/admin/imports/', 'GET /api/admin/imports/']);

    // Staff: more than any other body may be, and slower than their deadline.
    const half = Buffer.alloc(MAX_BODY_BYTES, 'b');
    const staff = await request(url, '/api/admin/imports/', {
      headers: {
        'content-type': 'text/plain',
        'content-length': String(2 * MAX_BODY_BYTES),
        authorization: 'Token staff',
      },
      parts: [half, half],
      pauseMs: 300,
    });
    expect(staff.status).toBe(201);
    expect((JSON.parse(staff.body) as { body: string }).body).toHaveLength(2 * MAX_BODY_BYTES);
    expect(seen.slice(2)).toEqual(['GET /api/admin/imports/', 'POST /api/admin/imports/']);
  });
}, 20_000);

describe('the web server’s own limits (WEB_SERVER_OPTIONS, answerClientError)', () => {
  it('are short and in order, and keep an idle connection longer than nginx does', () => {
    const { headersTimeout, requestTimeout, keepAliveTimeout } = WEB_SERVER_OPTIONS;
    expect(headersTimeout).toBeLessThanOrEqual(requestTimeout); // Node refuses it otherwise
    expect(requestTimeout).toBeLessThanOrEqual(60_000);
    expect(BODY_DEADLINE_MS).toBeLessThan(requestTimeout); // /api/* bodies meet their own deadline first
    expect(keepAliveTimeout).toBeGreaterThan(4_000); // nginx's keepalive_timeout upstream (deploy/)
  });

  it('answers 408 in the portal’s shape to a client trickling its headers, and closes', async () => {
    const { url } = await webServer(
      { apiUrl: await fakeApi(), forward: true },
      { headersTimeout: 100, requestTimeout: 200, connectionsCheckingInterval: 50 },
    );
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
    clients.push(socket);
    socket.write('POST /api/eco/ HTTP/1.1\r\nHost: x\r\nX-Uno: 1\r\n');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('Connection: close');
    expect(text.slice(text.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ detail: TOO_SLOW }));
  });

  it('lets the staff upload outlast requestTimeout, and no one else’s body', async () => {
    const { url } = await webServer(
      { apiUrl: await fakeApi(), forward: true },
      { headersTimeout: 100, requestTimeout: 200, connectionsCheckingInterval: 50 },
    );
    const slow = await request(url, '/api/eco/', {
      headers: { 'content-type': 'application/json', 'content-length': '100' },
      parts: [Buffer.from('{"x":')],
      finish: false,
    });
    expect(slow.status).toBe(408);
    expect(detailOf(slow)).toBe(TOO_SLOW);

    const half = Buffer.alloc(1024, 'b');
    const staff = await request(url, '/api/admin/imports/', {
      headers: { 'content-type': 'text/plain', 'content-length': '2048', authorization: 'Token staff' },
      parts: [half, half],
      pauseMs: 600,
    });
    expect(staff.status).toBe(201);
    expect(seen).toEqual(['GET /api/admin/imports/', 'POST /api/admin/imports/']);
  });
}, 20_000);

describe('isApiRequest', () => {
  it('takes /api and what is under it, nothing else', () => {
    const is = (url: string) => isApiRequest({ url } as http.IncomingMessage);
    expect(['/api', '/api/', '/api/stats/overall/', '/api?x=1'].map(is)).toEqual([true, true, true, true]);
    expect(['/', '/apix', '/apicoltura', '/progetto'].map(is)).toEqual([false, false, false, false]);
  });
});
