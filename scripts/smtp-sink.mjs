// Helpers of the scripts that run the whole portal (chaos.mjs, test-cluster.mjs): a real SMTP server
// that keeps what it receives, and a free port.
import net from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that keeps every message it accepts, parsed, in `messages`. close()
 * stops it (the port refuses connections: "SMTP down"); a new one may then listen on the same port.
 * @param {number} port
 */
export async function startSmtp(port) {
  /** @type {import('mailparser').ParsedMail[]} */
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { messages, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A port nothing listens on at the moment of asking. */
export async function freePort() {
  const s = net.createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}
