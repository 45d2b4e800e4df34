import type { ContactInboxQuery, ContactMessage, MailOutboxQuery, OutboxMail } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { iso } from '../accounts/accounts.repo';

type Dated<T, K extends keyof T> = Omit<T, K> & Record<K, Date | string | null>;

const CONTACT_COLUMNS = `id::int AS id, first_name AS "firstName", last_name AS "lastName", email, reason,
  message, created_at AS "createdAt", handled_at AS "handledAt", handled_by AS "handledBy"`;
type ContactRow = Dated<ContactMessage, 'createdAt' | 'handledAt'>;
const toMessage = (r: ContactRow): ContactMessage => ({
  ...r,
  createdAt: iso(r.createdAt)!,
  handledAt: iso(r.handledAt),
});

/** The contact form's messages, newest first, by state (open: not handled yet) and reason. */
export async function listContactMessages(
  q: Queryable,
  query: ContactInboxQuery,
): Promise<{ count: number; results: ContactMessage[] }> {
  const where = `($1 = 'all' OR ($1 = 'open') = (handled_at IS NULL)) AND ($2::text IS NULL OR reason = $2)`;
  const params = [query.state, query.reason ?? null];
  const [{ count } = { count: 0 }] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM contact_messages WHERE ${where}`,
    params,
  );
  const rows = await q.query<ContactRow>(
    `SELECT ${CONTACT_COLUMNS} FROM contact_messages WHERE ${where} ORDER BY created_at DESC, id DESC
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    params,
  );
  return { count, results: rows.map(toMessage) };
}

/** Marks an open message handled by `staff`; null for an unknown id, `applied: false` if already handled. */
export async function markContactHandled(
  q: Queryable,
  id: number,
  staff: { id: number; email: string },
): Promise<{ message: ContactMessage; applied: boolean } | null> {
  const [updated] = await q.query<ContactRow>(
    `UPDATE contact_messages SET handled_at = now(), handled_by = $2, handled_by_id = $3
      WHERE id = $1 AND handled_at IS NULL RETURNING ${CONTACT_COLUMNS}`,
    [id, staff.email, staff.id],
  );
  if (updated) return { message: toMessage(updated), applied: true };
  const [current] = await q.query<ContactRow>(
    `SELECT ${CONTACT_COLUMNS} FROM contact_messages WHERE id = $1`,
    [id],
  );
  return current ? { message: toMessage(current), applied: false } : null;
}

const MAIL_COLUMNS = `id::int AS id, to_address AS "to", subject, status, attempts, last_error AS "lastError",
  created_at AS "createdAt", sent_at AS "sentAt", next_attempt_at AS "nextAttemptAt"`;
type MailRow = Dated<OutboxMail, 'createdAt' | 'sentAt' | 'nextAttemptAt'>;
const toMail = (r: MailRow): OutboxMail => ({
  ...r,
  createdAt: iso(r.createdAt)!,
  sentAt: iso(r.sentAt),
  nextAttemptAt: iso(r.nextAttemptAt)!,
});

/** The mail outbox, newest first, by status. */
export async function listOutbox(
  q: Queryable,
  query: MailOutboxQuery,
): Promise<{ count: number; results: OutboxMail[] }> {
  const where = `($1 = 'all' OR status = $1)`;
  const [{ count } = { count: 0 }] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM mail_outbox WHERE ${where}`,
    [query.status],
  );
  const rows = await q.query<MailRow>(
    `SELECT ${MAIL_COLUMNS} FROM mail_outbox WHERE ${where} ORDER BY created_at DESC, id DESC
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    [query.status],
  );
  return { count, results: rows.map(toMail) };
}

/**
 * A failed message back in the queue, its attempts counted anew (the worker sends it at its next pass);
 * null for an unknown id, `applied: false` unless it had failed.
 */
export async function retryMail(
  q: Queryable,
  id: number,
): Promise<{ mail: OutboxMail; applied: boolean } | null> {
  const [updated] = await q.query<MailRow>(
    `UPDATE mail_outbox SET status = 'pending', attempts = 0, next_attempt_at = now()
      WHERE id = $1 AND status = 'failed' RETURNING ${MAIL_COLUMNS}`,
    [id],
  );
  if (updated) return { mail: toMail(updated), applied: true };
  const [current] = await q.query<MailRow>(`SELECT ${MAIL_COLUMNS} FROM mail_outbox WHERE id = $1`, [id]);
  return current ? { mail: toMail(current), applied: false } : null;
}
