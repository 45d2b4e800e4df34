import type { Queryable } from '../../db/db';
import { ApiError } from '../../plugins/errors';
import { msg } from '../../plugins/i18n';
import { renderMail, portalLink } from '../../plugins/mail-layout';
import { enqueueMail } from '../../plugins/mailer';
import type { Actor } from './audit';

/*
 * What keeps the staff's powers apart (issue 34; docs/decisions/068-admin-channel-and-staff-four-eyes.md):
 * the rows of a staff action locked in one order, deadlocks retried, the chain of staff grants that
 * decides who may approve whose licence, and the mail that tells the staff of every change of staff access.
 */

/**
 * Locks the rows a staff action touches, in one order for every action (ids ascending), so two staff
 * members acting on each other at once wait for each other instead of deadlocking: the target's row FOR
 * UPDATE (the action changes it), the actor's FOR SHARE (its staff access cannot change meanwhile, and the
 * audit entry's foreign key to it holds no new lock). The actor must still be an active staff member once
 * its row is locked: a change committed while this action waited may have removed it (403). Returns the
 * target's id, or null when no account matches. `who` by e-mail is the admin CLI's, whose actor has no row.
 */
export async function lockActorAndTarget(
  tx: Queryable,
  actor: Actor,
  who: { pk: number } | { email: string },
): Promise<number | null> {
  const [target] = await tx.query<{ id: number }>(
    `SELECT id::int AS id FROM users WHERE ${'pk' in who ? 'id = $1' : 'lower(email) = lower($1)'}`,
    ['pk' in who ? who.pk : who.email],
  );
  if (!target) return null;
  const ids = [...new Set(actor.id === null ? [target.id] : [target.id, actor.id])].sort((a, b) => a - b);
  let actorActive = actor.id === null;
  for (const id of ids) {
    const [row] = await tx.query<{ active: boolean }>(
      `SELECT is_staff AND deactivated_at IS NULL AS active FROM users WHERE id = $1
          FOR ${id === target.id ? 'UPDATE' : 'SHARE'}`,
      [id],
    );
    if (id === actor.id) actorActive = row?.active ?? false;
  }
  if (!actorActive) throw new ApiError(403, { detail: msg('staffOnly') });
  return target.id;
}

/** Another staff action held the same accounts and PostgreSQL broke the tie: 409, try again. */
export class ConcurrentChangeError extends ApiError {
  constructor() {
    super(409, { detail: msg('concurrentStaffChange') });
    this.message = 'another change to the same account was under way; try again';
  }
}

/** How many times a staff action's transaction is tried when it is a deadlock's victim. */
export const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs a staff action's transaction again when PostgreSQL chose it as the victim of a deadlock (SQLSTATE
 * 40P01; the whole transaction was rolled back, so running it again is safe), at most DEADLOCK_ATTEMPTS
 * times in all; then ConcurrentChangeError (409) rather than a 500. The fixed lock order above leaves no
 * cycle among staff actions; this covers a lock taken elsewhere in another order.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: unknown } | null)?.code !== '40P01') throw err;
      if (attempt >= DEADLOCK_ATTEMPTS) throw new ConcurrentChangeError();
    }
  }
}

/** Records that `grantedBy` (null: the operator's command line) gave staff access to `userId`. */
export async function recordStaffGrant(
  q: Queryable,
  userId: number,
  grantedBy: number | null,
): Promise<void> {
  await q.query('INSERT INTO staff_grants (user_id, granted_by) VALUES ($1, $2)', [userId, grantedBy]);
}

/**
 * The accounts `approver`'s staff access comes from: the approver, and every account any grant of staff
 * access the approver ever received came from, however long the chain (one recursive query). None of
 * them may have their licence approved by the approver (four eyes).
 */
const GRANT_CHAIN_SQL = `WITH RECURSIVE chain (id) AS (
    SELECT $1::bigint
    UNION
    SELECT g.granted_by FROM staff_grants g JOIN chain c ON g.user_id = c.id WHERE g.granted_by IS NOT NULL
  )`;

/** Whether `requester` is in `approver`'s chain of grants (GRANT_CHAIN_SQL): then they may not approve. */
export async function grantChainReaches(q: Queryable, approver: number, requester: number): Promise<boolean> {
  const [row] = await q.query<{ reaches: boolean }>(
    `${GRANT_CHAIN_SQL} SELECT EXISTS (SELECT 1 FROM chain WHERE id = $2::bigint) AS reaches`,
    [approver, requester],
  );
  return row?.reaches ?? false;
}

/** Every account in `approver`'s chain of grants (GRANT_CHAIN_SQL), the approver included. */
export async function grantChain(q: Queryable, approver: number): Promise<Set<number>> {
  const rows = await q.query<{ id: number }>(`${GRANT_CHAIN_SQL} SELECT id::int AS id FROM chain`, [
    approver,
  ]);
  return new Set(rows.map((r) => r.id));
}

/** A change of staff access, as the staff's mail tells it. */
export type StaffAccessChange = 'granted' | 'removed' | 'deactivated' | 'reactivated';

const CHANGE_TEXT: Record<StaffAccessChange, { subject: string; what: string }> = {
  granted: {
    subject: 'Accesso all’amministrazione concesso',
    what: 'ha ora accesso all’amministrazione del portale',
  },
  removed: {
    subject: 'Accesso all’amministrazione tolto',
    what: 'non ha più accesso all’amministrazione del portale',
  },
  deactivated: {
    subject: 'Account dello staff disattivato',
    what: 'è un account dello staff ed è stato disattivato: non può più accedere',
  },
  reactivated: {
    subject: 'Account dello staff riattivato',
    what: 'è un account dello staff ed è stato riattivato: può di nuovo accedere all’amministrazione',
  },
};

/**
 * Tells every active staff member, and the account concerned, of a change of staff access, through the
 * outbox, in the transaction of the change: a grant or a removal nobody expected is seen at once.
 */
export async function mailStaffAccessChange(
  tx: Queryable,
  change: StaffAccessChange,
  { subject, actor, reason = null }: { subject: string; actor: Actor; reason?: string | null },
): Promise<void> {
  const staff = await tx.query<{ email: string }>(
    `SELECT email FROM users WHERE is_staff AND deactivated_at IS NULL ORDER BY id`,
  );
  const to = [...new Set([...staff.map((s) => s.email.toLowerCase()), subject.toLowerCase()])];
  const text = CHANGE_TEXT[change];
  const by = actor.id === null ? 'dall’operatore, dalla riga di comando del server' : `da ${actor.label}`;
  for (const address of to)
    await enqueueMail(
      tx,
      renderMail(address, {
        subject: `${text.subject}: ${subject}`,
        paragraphs: [
          'Ciao,',
          `${subject} ${text.what}. La modifica è stata fatta ${by}.`,
          ...(reason ? [`Motivazione: ${reason}`] : []),
          'Ogni modifica è nel registro delle attività dell’amministrazione. Se non te l’aspettavi, avvisa subito il responsabile del portale.',
        ],
        action: { label: 'Apri l’amministrazione', url: portalLink('/amministrazione/registro') },
      }),
    );
}
