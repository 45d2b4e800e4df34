/**
 * The running API's side of the admin CLI's channel (remote.ts has the CLI's side): a small HTTP server of
 * its own on a Unix socket, mode 0600, beside the data folder's lock, as database servers do for local
 * administration. It is not a route of the public app: whatever reaches the API's TCP listener (the web
 * app's forwarding, nginx, any path encoding) cannot reach it. The token of `var/db.admin.json` is asked
 * as well (the socket is made 0600 just after it is bound), and never logged.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/db';
import { executeOnOpenDb } from './admin';
import {
  CHANNEL_PATH,
  defaultSocketPath,
  newAdminToken,
  publishAdminEndpoint,
  tokenMatches,
  type RemoteResult,
} from './remote';

const CliBodySchema = z
  .object({
    args: z.array(z.string().max(4096)).min(1).max(64),
    cwd: z.string().min(1).max(4096),
  })
  .strict();

/** Linux allows 107 bytes in a socket's path; a longer one goes to a private folder of the system's temp. */
const MAX_SOCKET_PATH_BYTES = 100;

export interface AdminChannel {
  socket: string;
  /** Stops accepting, lets the commands in flight finish, removes the socket and the endpoint file. */
  close(): Promise<void>;
  /** Removes the files at once (process exit). */
  withdraw(): void;
}

/**
 * Opens the admin channel of the API that holds the embedded database of `dataDir` and publishes it in
 * `<dataDir>.admin.json`. Only the process holding the folder's lock calls it, so a socket left there by a
 * crash is its own to remove.
 */
export async function openAdminChannel({
  dataDir,
  db,
  logger,
}: {
  dataDir: string;
  db: Db;
  logger?: FastifyBaseLogger;
}): Promise<AdminChannel> {
  const token = newAdminToken();
  let socket = defaultSocketPath(dataDir);
  let privateDir: string | undefined;
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH_BYTES) {
    privateDir = mkdtempSync(path.join(os.tmpdir(), 'portal-admin-')); // mode 0700
    socket = path.join(privateDir, 'admin.sock');
  }
  rmSync(socket, { force: true });

  const server = Fastify({
    ...(logger ? { loggerInstance: logger.child({ component: 'admin-cli' }) } : { logger: false }),
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
  });
  server.post(CHANNEL_PATH, async (req, reply): Promise<RemoteResult | { detail: string }> => {
    if (!tokenMatches(req.headers['x-admin-token'], token))
      return reply.code(403).send({ detail: 'the admin token of the endpoint file is needed' });
    const body = CliBodySchema.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ detail: 'expected {args: string[], cwd: string}' });
    const lines: string[] = [];
    const exitCode = await executeOnOpenDb(body.data.args, {
      db,
      log: (line) => lines.push(line),
      cwd: body.data.cwd,
    });
    req.log.info({ event: 'admin-cli', command: body.data.args.slice(0, 2), exitCode }, 'admin command');
    return { exitCode, lines };
  });
  await server.listen({ path: socket });
  chmodSync(socket, 0o600);
  const endpoint = publishAdminEndpoint(dataDir, socket, token);

  const withdraw = () => {
    endpoint.withdraw();
    rmSync(socket, { force: true });
    if (privateDir) rmSync(privateDir, { recursive: true, force: true });
  };
  return {
    socket,
    async close() {
      endpoint.withdraw();
      await server.close();
      withdraw();
    },
    withdraw,
  };
}
