import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SIGNED_IN_COOKIE, TOKEN_COOKIE, TOKEN_MAX_AGE_SECONDS } from '@portal/contract';
import { secureCookiesFor } from './csrf';
import type { Queryable } from '../db/db';
import { ApiError } from './errors';
import { msg, type Msg } from './i18n';

/** Sign-in tokens live 30 days, as the token cookie does (SPEC §9). */
export const TOKEN_TTL_DAYS = 30;
/** A session's last_used_at moves at most this often: one write a minute, not one per request. */
const LAST_USED_STEP_S = 60;

export interface AuthUser {
  id: number;
  email: string;
  isStaff: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by app.requireUser / app.optionalUser. */
    user: AuthUser | null;
    /** sha256 of the token the request was authenticated with. */
    tokenHash: string | null;
    /** The id (auth_tokens.id) of that token: the current session in the list of sessions. */
    tokenId: number | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a live token. */
    requireUser(req: FastifyRequest): Promise<void>;
    /** preHandler: sets req.user when a live token is sent, 401 on a stale one, nothing without one. */
    optionalUser(req: FastifyRequest): Promise<void>;
  }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new random secret (bytes of entropy, hex): tokens and keys sent to users. */
export const newSecret = (bytes = 20) => randomBytes(bytes).toString('hex');

/**
 * The condition under which a token (alias t) of a user (alias u) is live: not expired, not older than the
 * password (whatever path changed the password), and the account not deactivated (its tokens are deleted
 * then, and none is honoured while it stays so).
 */
export const LIVE_TOKEN_SQL = `t.expires_at > now() AND t.created_at >= u.password_changed_at
  AND u.deactivated_at IS NULL`;

/** Who signs in: the user agent and address a session and a sign-in event record. */
export interface Client {
  userAgent: string;
  ip: string | null;
}
export const clientOf = (req: FastifyRequest): Client => ({
  userAgent: (req.headers['user-agent'] ?? '').slice(0, 512),
  ip: req.ip ?? null,
});
const NO_CLIENT: Client = { userAgent: '', ip: null };

/**
 * Creates a sign-in token for the user and returns the key to give them (only its hash is stored). The
 * user's dead tokens (expired, or older than the password) go at the same time, so the list of sessions
 * holds only live ones.
 */
export async function createAuthToken(db: Queryable, userId: number, client = NO_CLIENT): Promise<string> {
  const key = newSecret(20);
  await db.query(
    `DELETE FROM auth_tokens t USING users u
      WHERE t.user_id = $1 AND u.id = t.user_id AND NOT (${LIVE_TOKEN_SQL})`,
    [userId],
  );
  await db.query(
    `INSERT INTO auth_tokens (token_hash, user_id, expires_at, user_agent, ip)
     VALUES ($1, $2, now() + make_interval(days => $3), $4, $5)`,
    [sha256(key), userId, TOKEN_TTL_DAYS, client.userAgent, client.ip],
  );
  return key;
}

/**
 * The session cookies of a key (SPEC §9: `token`, 30 days, path /, SameSite Lax, Secure; and HttpOnly, so
 * no script reads it) and the `signed_in` hint beside it (docs/decisions/057-httponly-session.md).
 * `maxAgeS` is the key's remaining life when the cookies are set again for a key issued earlier.
 */
export function setSessionCookies(
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  maxAgeS = TOKEN_MAX_AGE_SECONDS,
): void {
  const options = {
    path: '/',
    sameSite: 'lax' as const,
    secure: secureCookiesFor(req.server.config.PUBLIC_URL),
    maxAge: Math.max(0, Math.floor(maxAgeS)),
  };
  reply.setCookie(TOKEN_COOKIE, key, { ...options, httpOnly: true });
  reply.setCookie(SIGNED_IN_COOKIE, '1', { ...options, httpOnly: false });
}

/** Removes both session cookies (an answer that ends the browser's session). */
export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  const options = {
    path: '/',
    sameSite: 'lax' as const,
    secure: secureCookiesFor(req.server.config.PUBLIC_URL),
  };
  reply.clearCookie(TOKEN_COOKIE, { ...options, httpOnly: true });
  reply.clearCookie(SIGNED_IN_COOKIE, { ...options, httpOnly: false });
}

/** Deletes a token; returns its user, or null when there was no such token. */
export async function revokeAuthToken(db: Queryable, tokenHash: string): Promise<number | null> {
  const [row] = await db.query<{ userId: number }>(
    'DELETE FROM auth_tokens WHERE token_hash = $1 RETURNING user_id::int AS "userId"',
    [tokenHash],
  );
  return row?.userId ?? null;
}

/** Seconds a token has left to live (0 when it has none). */
export async function tokenLifeLeftS(db: Queryable, tokenHash: string): Promise<number> {
  const [row] = await db.query<{ left: number }>(
    `SELECT greatest(0, extract(epoch FROM expires_at - now()))::float8 AS left
       FROM auth_tokens WHERE token_hash = $1`,
    [tokenHash],
  );
  return row?.left ?? 0;
}

export async function revokeAllAuthTokens(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM auth_tokens WHERE user_id = $1', [userId]);
}

/** The key of an `Authorization: Token <key>` header, or null. */
export function tokenFromHeader(header: string | undefined): string | null {
  const match = /^Token\s+(\S{1,200})\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * The sign-in key a request carries: its `Authorization: Token` header, or else the web app's `token`
 * cookie (a plain link to a file cannot send a header; the /api/* proxy passes the cookie on). Unsafe
 * methods stay protected by the CSRF check. Undefined without either; null when one is malformed.
 */
export function tokenOf(req: FastifyRequest): string | null | undefined {
  const header = req.headers.authorization;
  if (header) return tokenFromHeader(header);
  const cookie = req.cookies?.[TOKEN_COOKIE];
  if (!cookie) return undefined;
  return /^\S{1,200}$/.test(cookie) ? cookie : null;
}

interface TokenRow extends AuthUser {
  tokenId: number;
  stale: boolean;
}

async function findUserByToken(db: Queryable, tokenHash: string): Promise<TokenRow | null> {
  const [row] = await db.query<TokenRow>(
    `SELECT u.id::int AS id, u.email, u.is_staff AS "isStaff", t.id::int AS "tokenId",
            t.last_used_at < now() - make_interval(secs => $2) AS stale
       FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND ${LIVE_TOKEN_SQL}`,
    [tokenHash, LAST_USED_STEP_S],
  );
  if (row?.stale) {
    // Concurrent requests of the session: the first one writes, the others find it done.
    await db.query(
      `UPDATE auth_tokens SET last_used_at = now()
        WHERE token_hash = $1 AND last_used_at < now() - make_interval(secs => $2)`,
      [tokenHash, LAST_USED_STEP_S],
    );
  }
  return row ?? null;
}

const unauthorized = (message: Msg) =>
  new ApiError(401, { detail: message }, { 'www-authenticate': 'Token' });

/** Token authentication as DRF's TokenAuthentication does it, on the routes that opt in. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);
  app.decorateRequest('tokenId', null);

  async function authenticate(req: FastifyRequest): Promise<void> {
    const key = tokenOf(req);
    if (key === undefined) return;
    if (!key) throw unauthorized(msg('invalidToken'));
    const hash = sha256(key);
    const found = await findUserByToken(app.db, hash);
    if (!found) throw unauthorized(msg('invalidToken'));
    req.user = { id: found.id, email: found.email, isStaff: found.isStaff };
    req.tokenHash = hash;
    req.tokenId = found.tokenId;
  }

  app.decorate('optionalUser', authenticate);
  app.decorate('requireUser', async (req: FastifyRequest) => {
    await authenticate(req);
    if (!req.user) throw unauthorized(msg('notAuthenticated'));
  });
});
