import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { connectionDrainer } from './drain';

/** A server whose answers wait until release() (for /slow) and are immediate otherwise. */
async function slowServer(idleMs: number) {
  const waiting: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const answer = () => res.end(`ok ${req.url}`);
    if (req.url === '/slow') waiting.push(answer);
    else answer();
  });
  const drainer = connectionDrainer(server, { idleMs });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, drainer, port, release: () => waiting.splice(0).forEach((f) => f()), waiting };
}

function get(port: number, path: string, agent: http.Agent | false = false) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

const agents: http.Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.destroy()));

describe('connectionDrainer', () => {
  test('a request in flight is answered with "Connection: close"; new connections are refused', async () => {
    const { drainer, port, release, waiting } = await slowServer(1000);
    const agent = new http.Agent({ keepAlive: true });
    agents.push(agent);
    const inFlight = get(port, '/slow', agent);
    await expect.poll(() => waiting.length).toBe(1);
    const drained = drainer.drain();
    await expect.poll(() => refused(port)).toBe(true);
    release();
    const res = await inFlight;
    expect(res).toEqual({ status: 200, body: 'ok /slow', connection: 'close' });
    await drained;
  });

  test('a request sent on an open keep-alive connection after the drain began is answered', async () => {
    const { drainer, port } = await slowServer(60_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    expect((await get(port, '/first', agent)).connection).toBe('keep-alive');
    const drained = drainer.drain();
    await expect.poll(() => refused(port)).toBe(true);
    // The same socket, still open: its request is read and answered, as the connection's last.
    expect(await get(port, '/second', agent)).toEqual({
      status: 200,
      body: 'ok /second',
      connection: 'close',
    });
    await drained;
  });

  test('an idle keep-alive connection is closed after idleMs, and the drain ends', async () => {
    const { drainer, port } = await slowServer(200);
    const agent = new http.Agent({ keepAlive: true });
    agents.push(agent);
    await get(port, '/once', agent);
    let closed = false;
    const socket = Object.values(agent.freeSockets).flat()[0]!;
    socket.once('close', () => (closed = true));
    await drainer.drain();
    await expect.poll(() => closed).toBe(true);
  });
});
