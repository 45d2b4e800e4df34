import type { AuditAction, AuditEntry, AuditQuery } from '@portal/contract';
import type { Queryable } from '../../db/db';

/** Who did something: a staff account, or the operator at the admin CLI (no account). */
export interface Actor {
  id: number | null;
  /** The staff member's e-mail, or CLI_ACTOR. */
  label: string;
}
/** The actor of the admin CLI (`npm run admin -- …`), as the audit log shows it. */
export const CLI_ACTOR: Actor = { id: null, label: 'riga di comando' };

export interface AuditRecord {
  actor: Actor;
  action: AuditAction;
  target: { id: number | null; label: string };
  before: string | null;
  after: string | null;
  reason: string | null;
}

/** Writes one entry; call it inside the transaction of the change it records. */
export async function recordAudit(q: Queryable, r: AuditRecord): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (actor_id, actor, action, target_user_id, target, before, after, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [r.actor.id, r.actor.label, r.action, r.target.id, r.target.label, r.before, r.after, r.reason],
  );
}

/** A page of the log, newest first, and how many entries match. */
export async function listAudit(
  q: Queryable,
  query: AuditQuery,
): Promise<{ count: number; results: AuditEntry[] }> {
  const where = query.action ? 'WHERE action = $1' : '';
  const params = query.action ? [query.action] : [];
  const [{ count } = { count: 0 }] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM audit_log ${where}`,
    params,
  );
  const rows = await q.query<Omit<AuditEntry, 'at'> & { at: Date | string }>(
    `SELECT id::int AS id, at, actor, action, target, before, after, reason FROM audit_log ${where}
      ORDER BY at DESC, id DESC LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    params,
  );
  return { count, results: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })) };
}
