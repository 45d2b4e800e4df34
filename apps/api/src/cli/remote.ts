/**
 * The admin CLI while the portal runs on the embedded database (docs/decisions/056-staff-back-office.md):
 * PGlite's folder belongs to one process, the API of `npm start`, so a command is carried out by that API.
 *
 * - On start, the API on PGlite publishes its admin endpoint next to the folder's lock
 *   (`var/db.admin.json`, mode 0600, removed at shutdown): its loopback address and a random token.
 *   Only the account that owns the folder can read it, as only it could open the database itself.
 * - The CLI, finding the folder locked by that process, sends the command line and its working folder
 *   to POST /api/admin/cli/ with the token (X-Admin-Token); the API runs it on its open database and
 *   answers the lines and the exit code, which the CLI prints and returns, as if it had run the command.
 * - The route answers only a loopback peer with the token (403 otherwise); nothing else reaches it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { resolve } from 'node:path';

export interface AdminEndpoint {
  url: string;
  token: string;
  pid: number;
}

/** Where the running API publishes its endpoint: beside the lock of the data folder (db.lock). */
export const endpointFile = (dataDir: string) => `${resolve(dataDir)}.admin.json`;

/** Publishes this process's admin endpoint; returns its token and how to withdraw it. */
export function publishAdminEndpoint(dataDir: string, url: string): { token: string; withdraw(): void } {
  const token = randomBytes(32).toString('base64url');
  const file = endpointFile(dataDir);
  const endpoint: AdminEndpoint = { url, token, pid: process.pid };
  // Removed first: a file left by a crash keeps its mode when written again, whatever `mode` says.
  rmSync(file, { force: true });
  writeFileSync(file, `${JSON.stringify(endpoint)}\n`, { mode: 0o600, flag: 'wx' });
  return {
    token,
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

/** The answer of POST /api/admin/cli/. */
export interface RemoteResult {
  exitCode: number;
  lines: string[];
}

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
  if (endpoint.pid !== holder) return null;
  const body = JSON.stringify({ args: argv, cwd });
  // node:http rather than fetch: an import or a seed may take minutes before the answer, and fetch gives
  // up on an answer's headers after five.
  const answer = await new Promise<{ status: number; text: string }>((done, fail) => {
    const req = http.request(
      new URL('/api/admin/cli/', endpoint.url),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-admin-token': endpoint.token,
          // The API's CSRF check (double submit) applies to every POST; any equal pair passes it.
          cookie: 'csrftoken=admin-cli',
          'x-csrftoken': 'admin-cli',
        },
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
