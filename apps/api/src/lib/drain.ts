import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** Makes res the last answer of its connection ("Connection: close", or closing it once sent). */
function lastOnItsConnection(res: ServerResponse) {
  if (!res.headersSent) {
    res.setHeader('connection', 'close');
    return;
  }
  const socket = res.socket;
  if (socket) res.once('finish', () => socket.end());
}

/**
 * Graceful stop of an HTTP server under load (scripts/drain-on-close.mjs does the same for the web app).
 * Node's server.close() stops accepting but at once destroys every connection it deems idle, which
 * includes a connection whose request is already received but not read yet (a busy event loop reads late),
 * and it leaves keep-alive connections open for as long as clients keep sending on them.
 * drain() instead: stops accepting; answers every request already on a connection or still arriving on
 * one, each as the last of its connection; closes connections that stayed idle for idleMs; resolves once
 * no connection is left.
 */
export function connectionDrainer(server: Server, { idleMs = 1000 } = {}) {
  const sockets = new Map<Socket, { busy: number; lastActive: number }>();
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { busy: 0, lastActive: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = sockets.get(req.socket);
    if (state) {
      state.busy += 1;
      state.lastActive = Date.now();
    }
    if (draining) lastOnItsConnection(res);
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (state) {
        state.busy -= 1;
        state.lastActive = Date.now();
      }
    });
  });
  return {
    async drain(): Promise<void> {
      draining = true;
      for (const res of inFlight) lastOnItsConnection(res);
      // One turn of the event loop first: connections the kernel already queued are accepted (and then
      // answered) rather than reset when the listening socket closes.
      await new Promise((resolve) => setImmediate(resolve));
      return new Promise((resolve) => {
        const reap = setInterval(() => {
          const now = Date.now();
          for (const [socket, s] of sockets)
            if (s.busy === 0 && now - s.lastActive >= idleMs) socket.destroy();
        }, 100);
        // net.Server's close: stops listening, calls back once every connection is gone, reaps nothing.
        NetServer.prototype.close.call(server, () => {
          clearInterval(reap);
          resolve();
        });
      });
    },
  };
}
