/**
 * The admin CLI while the portal runs on the embedded database (docs/decisions/056-staff-back-office.md,
 * 068-admin-channel-and-staff-four-eyes.md): PGlite's folder belongs to one process, the API of
 * `npm start`, so a command is carried out by that API. This is the CLI's side; the API's is channel.ts.
 *
 * - On start, the API on PGlite opens its admin channel: a Unix socket beside the folder's lock
 *   (`var/db.admin.sock`, mode 0600), not a route of the public HTTP app, so no proxy in front of the API
 *   (the web app, nginx) can reach it whatever the path. It then publishes the socket's path and a random
 *   token in `var/db.admin.json` (mode 0600, removed at shutdown). Only the account that owns the folder
 *   can use either, as only it could open the database itself.
 * - The CLI, finding the folder locked by that process, sends the command line and its working folder
 *   through the socket with the token (X-Admin-Token); the API runs it on its open database and answers
 *   the lines and the exit code, which the CLI prints and returns, as if it had run the command.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { resolve } from 'node:path';

export interface AdminEndpoint {
  /** The Unix socket of the running API's admin channel. */
  socket: string;
  token: string;
  pid: number;
}

/** Where the running API publishes its endpoint: beside the lock of the data folder (db.lock). */
export const endpointFile = (dataDir: string) => `${resolve(dataDir)}.admin.json`;

/** Where its socket goes by default, beside the endpoint file (channel.ts moves it when the path is long). */
export const defaultSocketPath = (dataDir: string) => `${resolve(dataDir)}.admin.sock`;

/** A fresh token for the channel. */
export const newAdminToken = () => randomBytes(32).toString('base64url');

/** Publishes this process's admin endpoint (mode 0600); returns how to withdraw it. */
export function publishAdminEndpoint(dataDir: string, socket: string, token: string): { withdraw(): void } {
  const file = endpointFile(dataDir);
  const endpoint: AdminEndpoint = { socket, token, pid: process.pid };
  // Removed first: a file left by a crash keeps its mode when written again, whatever `mode` says.
  rmSync(file, { force: true });
  writeFileSync(file, `${JSON.stringify(endpoint)}\n`, { mode: 0o600, flag: 'wx' });
  return {
    withdraw() {
      try {
        const current = JSON.parse(readFileSync(file, 'utf8')) as AdminEndpoint;
        if (current.pid === process.pid) rmSync(file);
      } catch {
        // already gone
      }
    },
  };
}

/** True when `sent` is the token, compared in constant time. */
export function tokenMatches(sent: unknown, token: string | undefined): boolean {
  if (!token || typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The channel's answer to a command line. */
export interface RemoteResult {
  exitCode: number;
  lines: string[];
}

/** The channel's one path. */
export const CHANNEL_PATH = '/cli/';

/**
 * Carries a command line out through the API of process `holder`, which holds the data folder. Returns
 * the exit code after printing the lines, or null when that process publishes no endpoint (another admin
 * command holds the folder, or an API too old): the caller then reports the folder in use.
 */
export async function runThroughApi(
  dataDir: string,
  holder: number,
  argv: string[],
  cwd: string,
  log: (line: string) => void,
): Promise<number | null> {
  let endpoint: AdminEndpoint;
  try {
    endpoint = JSON.parse(readFileSync(endpointFile(dataDir), 'utf8')) as AdminEndpoint;
  } catch {
    return null;
  }
  if (endpoint.pid !== holder || typeof endpoint.socket !== 'string') return null;
  const body = JSON.stringify({ args: argv, cwd });
  // node:http rather than fetch: an import or a seed may take minutes before the answer, and fetch gives
  // up on an answer's headers after five.
  const answer = await new Promise<{ status: number; text: string }>((done, fail) => {
    const req = http.request(
      {
        socketPath: endpoint.socket,
        path: CHANNEL_PATH,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': endpoint.token },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(body);
  });
  if (answer.status !== 200) {
    throw new Error(
      `the running API (process ${holder}) refused the command: HTTP ${answer.status} ${answer.text}`,
    );
  }
  const result = JSON.parse(answer.text) as RemoteResult;
  for (const line of result.lines) log(line);
  return result.exitCode;
}
