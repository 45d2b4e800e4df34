// Preloaded into `next start` (node --import) by services.mjs: a graceful server.close() for the web app,
// the same as apps/api/src/lib/drain.ts does for the API. Next.js stops on SIGTERM with server.close(),
// which in Node stops accepting but at once destroys every connection it deems idle (including one whose
// request has arrived but is not read yet) and leaves keep-alive connections open for as long as clients
// keep sending on them, so under load the process never exits. Here close() instead: stops accepting;
// answers every request already on a connection or still arriving on one, each as the last of its
// connection ("Connection: close"); closes connections idle for a second; calls back once none is left.
import http from 'node:http';
import net from 'node:net';

const IDLE_MS = 1000;
const state = Symbol('drain');

/** Makes res the last answer of its connection ("Connection: close", or closing it once sent). */
function lastOnItsConnection(res) {
  if (!res.headersSent) {
    // The /api/* proxy copies "Connection: keep-alive" onto the answer: that header stays "close".
    const setHeader = res.setHeader;
    res.setHeader = function (name, value) {
      return setHeader.call(this, name, String(name).toLowerCase() === 'connection' ? 'close' : value);
    };
    res.setHeader('connection', 'close');
    return;
  }
  const socket = res.socket;
  if (socket) res.once('finish', () => socket.end());
}

// No listener is added to the responses (Next.js already puts ten 'close' listeners on a proxied one):
// whether a connection is busy is read from socket._httpMessage, the response Node is writing on it.
function track(server) {
  const s = { sockets: new Map(), draining: false };
  server[state] = s;
  server.on('connection', (socket) => {
    s.sockets.set(socket, Date.now());
    socket.once('close', () => s.sockets.delete(socket));
  });
  server.prependListener('request', (req, res) => {
    s.sockets.set(req.socket, Date.now());
    if (s.draining) lastOnItsConnection(res);
  });
}

const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  if (!this[state]) track(this);
  return listen.apply(this, args);
};

http.Server.prototype.close = function (cb) {
  const s = this[state];
  if (s && !s.draining) {
    s.draining = true;
    for (const socket of s.sockets.keys()) if (socket._httpMessage) lastOnItsConnection(socket._httpMessage);
    const reap = setInterval(() => {
      const now = Date.now();
      for (const [socket, lastActive] of s.sockets) {
        if (socket._httpMessage) s.sockets.set(socket, now);
        else if (now - lastActive >= IDLE_MS) socket.destroy();
      }
    }, 100);
    this.once('close', () => clearInterval(reap));
  }
  // One turn of the event loop first, so that connections the kernel already queued are accepted (and
  // answered) rather than reset; then net.Server's close: stops listening, calls back once every
  // connection is gone, reaps nothing.
  setImmediate(() => net.Server.prototype.close.call(this, cb));
  return this;
};

// Next.js ends its graceful stop with process.exit(128 + signal): 143 after SIGTERM, 130 after SIGINT, so
// that Node reports a signal termination. Here that stop is the normal end of the web app, as it is for the
// API, so it exits 0; any other code (a crash, a failed cleanup) is left as it is.
const exit = process.exit;
process.exit = function (code) {
  return exit.call(process, code === 143 || code === 130 ? 0 : code);
};
