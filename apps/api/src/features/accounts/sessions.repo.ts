import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';
import {
  SIGN_IN_EVENT_DAYS,
  type AdminSignInEvent,
  type AdminSignInEventQuery,
  type SessionInfo,
  type SignInEvent,
  type SignInEventKind,
} from '@portal/contract';
import type { Queryable } from '../../db/db';
import { likePattern } from '../../lib/like-pattern';
import { createAuthToken, LIVE_TOKEN_SQL, type Client } from '../../plugins/auth';
import { iso } from './accounts.repo';

/*
 * A user's sessions (their live sign-in tokens) and sign-in events (docs/decisions/057-httponly-session.md).
 * The user agent is stored as sent and described (browser, system) by bowser when shown.
 */

/** "Chrome 131" and "Windows 10" from a user agent; empty strings when it says nothing known. */
export function describeAgent(userAgent: string): { browser: string; system: string } {
  if (!userAgent.trim()) return { browser: '', system: '' };
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const system = [os.name, os.versionName ?? os.version?.split('.').slice(0, 2).join('.')];
  return {
    browser: [browser.name, major].filter(Boolean).join(' '),
    system: system.filter(Boolean).join(' '),
  };
}

/**
 * An address as a person reads it: an IPv4 address mapped into IPv6 (`::ffff:198.51.100.7`, how a
 * dual-stack socket names an IPv4 peer, the web app's forwarding among them) as the IPv4 address itself;
 * every other address as stored.
 */
export function shownIp(ip: string | null): string | null {
  if (!ip || !ipaddr.IPv6.isValid(ip)) return ip;
  // process() turns an IPv4-mapped IPv6 address into its IPv4 address, and leaves any other as it is.
  const address = ipaddr.process(ip);
  return address.kind() === 'ipv4' ? address.toString() : ip;
}

interface SessionRow {
  id: number;
  publicId: string;
  userAgent: string;
  ip: string | null;
  createdAt: Date | string;
  lastUsedAt: Date | string;
}

/** The user's live sessions, most recently used first; `currentId` is the caller's own. */
export async function listSessions(
  q: Queryable,
  userId: number,
  currentId: number | null,
): Promise<SessionInfo[]> {
  const rows = await q.query<SessionRow>(
    `SELECT t.id::int AS id, t.public_id::text AS "publicId", t.user_agent AS "userAgent", t.ip, t.created_at AS "createdAt",
            t.last_used_at AS "lastUsedAt"
       FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.user_id = $1 AND ${LIVE_TOKEN_SQL}
      ORDER BY t.last_used_at DESC, t.id DESC`,
    [userId],
  );
  return rows.map((r) => ({
    // The random public id: the serial one would tell how many sign-ins the portal has had.
    id: r.publicId,
    ...describeAgent(r.userAgent),
    ip: shownIp(r.ip),
    createdAt: iso(r.createdAt)!,
    lastUsedAt: iso(r.lastUsedAt)!,
    current: r.id === currentId,
  }));
}

/**
 * Ends one of the user's sessions, named by its public id; returns the internal id of the token ended (to
 * tell whether it was the caller's), or null when it is not theirs or already over.
 */
export async function endSession(q: Queryable, userId: number, publicId: string): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    'DELETE FROM auth_tokens WHERE user_id = $1 AND public_id = $2::uuid RETURNING id::int AS id',
    [userId, publicId],
  );
  return row?.id ?? null;
}

/** Ends every session of the user but `keepId`; returns how many live ones ended. */
export async function endOtherSessions(q: Queryable, userId: number, keepId: number): Promise<number> {
  const [{ count } = { count: 0 }] = await q.query<{ count: number }>(
    `WITH ended AS (
       DELETE FROM auth_tokens t USING users u
        WHERE t.user_id = $1 AND t.id <> $2 AND u.id = t.user_id
        RETURNING ${LIVE_TOKEN_SQL} AS live)
     SELECT count(*) FILTER (WHERE live)::int AS count FROM ended`,
    [userId, keepId],
  );
  return count;
}

const PRUNE_BATCH = 500;

/**
 * Records a sign-in event of the user, and prunes events older than 90 days (an index range; most often
 * empty). A "locked" event is recorded once per quarter of an hour: a guesser hammering a locked
 * account does not fill the table.
 */
export async function recordSignInEvent(
  q: Queryable,
  userId: number,
  kind: SignInEventKind,
  client: Client,
): Promise<void> {
  // At most PRUNE_BATCH old rows per new one: a recording never waits on a large delete, and pruning
  // still outruns any rate at which events come.
  await q.query(
    `DELETE FROM sign_in_events WHERE id IN (
       SELECT id FROM sign_in_events WHERE created_at < now() - make_interval(days => $1)
        ORDER BY created_at LIMIT ${PRUNE_BATCH})`,
    [SIGN_IN_EVENT_DAYS],
  );
  await q.query(
    `INSERT INTO sign_in_events (user_id, kind, ip, user_agent)
     SELECT $1, $2, $3, $4
      WHERE $2 <> 'login-locked' OR NOT EXISTS (
        SELECT 1 FROM sign_in_events
         WHERE user_id = $1 AND kind = 'login-locked' AND created_at > now() - interval '15 minutes')`,
    [userId, kind, client.ip, client.userAgent],
  );
}

/**
 * Starts a session of the user for the client, in the caller's transaction: its sign-in event (`login`
 * for a sign-in, the login's or a confirmed address's; `password-changed` for the session that replaces
 * every other) and a new token, whose key the caller sets as the session cookies.
 */
export async function startSession(
  q: Queryable,
  userId: number,
  client: Client,
  kind: Extract<SignInEventKind, 'login' | 'password-changed'> = 'login',
): Promise<string> {
  await recordSignInEvent(q, userId, kind, client);
  return createAuthToken(q, userId, client);
}

interface EventRow {
  id: string;
  at: Date | string;
  kind: SignInEventKind;
  ip: string | null;
  userAgent: string;
  user: string;
  userPk: number;
}
// The public id (random), not the serial one that would count the portal's sign-ins.
const EVENT_COLUMNS = `e.public_id::text AS id, e.created_at AS at, e.kind, e.ip, e.user_agent AS "userAgent",
  u.email AS "user", u.id::int AS "userPk"`;
const RECENT = `e.created_at >= now() - make_interval(days => ${SIGN_IN_EVENT_DAYS})`;
const toEvent = ({ id, at, kind, ip, userAgent }: EventRow): SignInEvent => ({
  id,
  at: iso(at)!,
  kind,
  ip: shownIp(ip),
  ...describeAgent(userAgent),
});

async function pageOfEvents(
  q: Queryable,
  where: string,
  params: unknown[],
  page: { page: number; pageSize: number },
): Promise<{ count: number; rows: EventRow[] }> {
  const from = `FROM sign_in_events e JOIN users u ON u.id = e.user_id WHERE ${RECENT} AND ${where}`;
  const [{ count } = { count: 0 }] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count ${from}`,
    params,
  );
  const rows = await q.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} ${from} ORDER BY e.created_at DESC, e.id DESC
      LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`,
    params,
  );
  return { count, rows };
}

/** The user's own events of the last 90 days, newest first. */
export async function listOwnEvents(
  q: Queryable,
  userId: number,
  page: { page: number; pageSize: number },
): Promise<{ count: number; results: SignInEvent[] }> {
  const { count, rows } = await pageOfEvents(q, 'e.user_id = $1', [userId], page);
  return { count, results: rows.map(toEvent) };
}

/** Every account's events of the last 90 days for the staff, by e-mail and kind, newest first. */
export async function listAllEvents(
  q: Queryable,
  query: AdminSignInEventQuery,
): Promise<{ count: number; results: AdminSignInEvent[] }> {
  const { count, rows } = await pageOfEvents(
    q,
    `($1 = '' OR lower(u.email) LIKE $1) AND ($2 = '' OR e.kind = $2)`,
    [query.search ? likePattern(query.search) : '', query.kind ?? ''],
    query,
  );
  return { count, results: rows.map((r) => ({ ...toEvent(r), user: r.user, userPk: r.userPk })) };
}
