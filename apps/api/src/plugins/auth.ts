import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/db';
import { ApiError } from './errors';
import { msg, type Msg } from './i18n';

/** Sign-in tokens live 30 days (the web app's token cookie lives as long). */
export const TOKEN_TTL_DAYS = 30;

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

/** Creates a sign-in token for the user and returns the key to give them (only its hash is stored). */
export async function createAuthToken(db: Queryable, userId: number): Promise<string> {
  const key = newSecret(20);
  await db.query(
    `INSERT INTO auth_tokens (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(days => $3))`,
    [sha256(key), userId, TOKEN_TTL_DAYS],
  );
  return key;
}

export async function revokeAuthToken(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM auth_tokens WHERE token_hash = $1', [tokenHash]);
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
  const cookie = req.cookies?.token;
  if (!cookie) return undefined;
  return /^\S{1,200}$/.test(cookie) ? cookie : null;
}

async function findUserByToken(db: Queryable, tokenHash: string): Promise<AuthUser | null> {
  const [row] = await db.query<AuthUser>(
    `SELECT u.id::int AS id, u.email, u.is_staff AS "isStaff"
       FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.expires_at > now()
        -- A token older than the password is dead, whatever path changed the password.
        AND t.created_at >= u.password_changed_at
        -- A deactivated account's tokens are deleted; none is honoured while it stays deactivated.
        AND u.deactivated_at IS NULL`,
    [tokenHash],
  );
  return row ?? null;
}

const unauthorized = (message: Msg) =>
  new ApiError(401, { detail: message }, { 'www-authenticate': 'Token' });

/** Token authentication as DRF's TokenAuthentication does it, on the routes that opt in. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);

  async function authenticate(req: FastifyRequest): Promise<void> {
    const key = tokenOf(req);
    if (key === undefined) return;
    if (!key) throw unauthorized(msg('invalidToken'));
    const hash = sha256(key);
    const user = await findUserByToken(app.db, hash);
    if (!user) throw unauthorized(msg('invalidToken'));
    req.user = user;
    req.tokenHash = hash;
  }

  app.decorate('optionalUser', authenticate);
  app.decorate('requireUser', async (req: FastifyRequest) => {
    await authenticate(req);
    if (!req.user) throw unauthorized(msg('notAuthenticated'));
  });
});
