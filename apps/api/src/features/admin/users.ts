import type { AdminUser, AdminUserQuery, AuditAction, UserAction } from '@portal/contract';
import type { Db, Queryable } from '../../db/db';
import { likePattern } from '../../lib/like-pattern';
import { LIVE_TOKEN_SQL, revokeAllAuthTokens } from '../../plugins/auth';
import type { MessageKey } from '../../plugins/i18n';
import { enqueueMail } from '../../plugins/mailer';
import { accountStateMail, verificationMail } from '../accounts/accounts.mails';
import { NO_PASSWORD, createVerificationKey, iso, markVerified } from '../accounts/accounts.repo';
import { recordAudit, type Actor } from './audit';
import {
  lockActorAndTarget,
  mailStaffAccessChange,
  recordStaffGrant,
  retryOnDeadlock,
  type StaffAccessChange,
} from './staff-access';

/*
 * The staff's Users section (docs/decisions/056-staff-back-office.md): the accounts, and what the staff
 * may do to one. Each action runs in one transaction with its audit entry (and its mail).
 */

const COLUMNS = `u.id::int AS pk, u.email, u.first_name AS "firstName", u.last_name AS "lastName",
  u.organization, u.verified, u.is_staff AS "isStaff", u.license_status AS "licenseStatus",
  u.created_at AS "createdAt", u.deactivated_at AS "deactivatedAt",
  u.deactivation_reason AS "deactivationReason", u.password_hash <> '${NO_PASSWORD}' AS "hasPassword",
  (SELECT count(*)::int FROM auth_tokens t WHERE t.user_id = u.id AND ${LIVE_TOKEN_SQL})
    AS "activeSessions"`;
type Row = Omit<AdminUser, 'createdAt' | 'deactivatedAt'> & {
  createdAt: Date | string;
  deactivatedAt: Date | string | null;
};
const toAdminUser = (r: Row): AdminUser => ({
  ...r,
  createdAt: iso(r.createdAt)!,
  deactivatedAt: iso(r.deactivatedAt),
});

const FILTERS: Record<AdminUserQuery['status'], string> = {
  all: 'true',
  unverified: 'NOT u.verified',
  staff: 'u.is_staff',
  deactivated: 'u.deactivated_at IS NOT NULL',
};

/** Accounts, newest first, by state, searched in the name and the e-mail. */
export async function listUsers(
  q: Queryable,
  query: AdminUserQuery,
): Promise<{ count: number; results: AdminUser[] }> {
  const where = `${FILTERS[query.status]}
    AND ($1 = '' OR lower(u.email) LIKE $1 OR lower(u.first_name || ' ' || u.last_name) LIKE $1)`;
  const params = [query.search ? likePattern(query.search) : ''];
  const [{ count } = { count: 0 }] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM users u WHERE ${where}`,
    params,
  );
  const rows = await q.query<Row>(
    `SELECT ${COLUMNS} FROM users u WHERE ${where} ORDER BY u.created_at DESC, u.id DESC
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    params,
  );
  return { count, results: rows.map(toAdminUser) };
}

export async function getAdminUser(q: Queryable, pk: number): Promise<AdminUser | null> {
  const [row] = await q.query<Row>(`SELECT ${COLUMNS} FROM users u WHERE u.id = $1`, [pk]);
  return row ? toAdminUser(row) : null;
}

export type UserActionOutcome =
  | { kind: 'unknown' }
  /** The action does not apply to the account as it is (or not to one's own account). */
  | { kind: 'refused'; message: MessageKey }
  | { kind: 'done'; user: AdminUser };

interface Locked {
  id: number;
  email: string;
  verified: boolean;
  isStaff: boolean;
  deactivated: boolean;
}

interface ActionRule {
  audit: AuditAction;
  /** Why the action does not apply to the account, if it does not. */
  refuse(user: Locked, actor: Actor): MessageKey | null;
  /** The state before and after, as the audit log records it. */
  change: [before: string, after: string];
  apply(tx: Queryable, user: Locked, reason: string | null, actor: Actor): Promise<void>;
  /** The change of staff access it makes to this account, if any: every staff member is mailed. */
  staffChange?(user: Locked): StaffAccessChange | null;
}

/** The admin CLI's actor: the operator, who has no account. */
const isOperator = (actor: Actor) => actor.id === null;

/**
 * Nobody locks the other staff out from the back-office: deactivating, reactivating or demoting a staff
 * account is the operator's, at the command line (decision 068). A staff member may still grant staff
 * access; who granted it is kept (staff_grants) and every staff member is mailed.
 */
const staffAccessByOperator = (u: Locked, actor: Actor): MessageKey | null =>
  u.isStaff && !isOperator(actor) ? 'staffAccessByOperator' : null;

const RULES: Record<UserAction, ActionRule> = {
  'resend-verification': {
    audit: 'user.verification-resent',
    refuse: (u) => (u.verified ? 'userAlreadyVerified' : null),
    change: ['da verificare', 'da verificare'],
    async apply(tx, u) {
      // Another key of the address; the keys mailed before stay valid, as with the public resend.
      const key = await createVerificationKey(tx, u.id);
      await enqueueMail(tx, verificationMail(u.email, key, false));
    },
  },
  verify: {
    audit: 'user.verify',
    refuse: (u) => (u.verified ? 'userAlreadyVerified' : null),
    change: ['da verificare', 'verificato'],
    apply: (tx, u) => markVerified(tx, u.id),
  },
  deactivate: {
    audit: 'user.deactivate',
    refuse: (u, actor) =>
      u.id === actor.id
        ? 'notOnYourself'
        : u.deactivated
          ? 'userAlreadyDeactivated'
          : staffAccessByOperator(u, actor),
    change: ['attivo', 'disattivato'],
    staffChange: (u) => (u.isStaff ? 'deactivated' : null),
    async apply(tx, u, reason) {
      await tx.query('UPDATE users SET deactivated_at = now(), deactivation_reason = $2 WHERE id = $1', [
        u.id,
        reason,
      ]);
      // Every session ends now; sign-in is refused while the account stays deactivated (auth.ts). The
      // links mailed before end too: a reset would set a password, a change of address move the account.
      await revokeAllAuthTokens(tx, u.id);
      for (const table of ['password_reset_tokens', 'email_change_requests'])
        await tx.query(`UPDATE ${table} SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [u.id]);
      if (!u.isStaff) await enqueueMail(tx, accountStateMail(u.email, 'deactivated'));
    },
  },
  reactivate: {
    audit: 'user.reactivate',
    refuse: (u, actor) => (u.deactivated ? staffAccessByOperator(u, actor) : 'userNotDeactivated'),
    change: ['disattivato', 'attivo'],
    staffChange: (u) => (u.isStaff ? 'reactivated' : null),
    async apply(tx, u) {
      await tx.query('UPDATE users SET deactivated_at = NULL, deactivation_reason = NULL WHERE id = $1', [
        u.id,
      ]);
      if (!u.isStaff) await enqueueMail(tx, accountStateMail(u.email, 'reactivated'));
    },
  },
  'grant-staff': {
    audit: 'user.grant-staff',
    refuse: (u) => (u.isStaff ? 'userAlreadyStaff' : null),
    change: ['utente', 'staff'],
    async apply(tx, u, _reason, actor) {
      await tx.query('UPDATE users SET is_staff = true WHERE id = $1', [u.id]);
      await recordStaffGrant(tx, u.id, actor.id);
    },
    staffChange: () => 'granted',
  },
  'remove-staff': {
    audit: 'user.remove-staff',
    refuse: (u, actor) =>
      u.id === actor.id ? 'notOnYourself' : u.isStaff ? staffAccessByOperator(u, actor) : 'userNotStaff',
    change: ['staff', 'utente'],
    async apply(tx, u) {
      await tx.query('UPDATE users SET is_staff = false WHERE id = $1', [u.id]);
    },
    staffChange: () => 'removed',
  },
};

/**
 * One staff action on an account, with its audit entry (and the staff's mail when staff access changes),
 * in one transaction. The actor's and the account's rows are locked in one order (lockActorAndTarget), so
 * two staff members acting at once see each other's change and never deadlock; a deadlock with anything
 * else is retried, then answered 409. `who` by e-mail is the admin CLI's.
 */
export function applyUserAction(
  db: Db,
  who: { pk: number } | { email: string },
  action: UserAction,
  { reason = null, actor }: { reason?: string | null; actor: Actor },
): Promise<UserActionOutcome> {
  const rule = RULES[action];
  return retryOnDeadlock(() =>
    db.transaction(async (tx): Promise<UserActionOutcome> => {
      const id = await lockActorAndTarget(tx, actor, who);
      if (id === null) return { kind: 'unknown' };
      const [user] = await tx.query<Locked>(
        `SELECT id::int AS id, email, verified, is_staff AS "isStaff", deactivated_at IS NOT NULL AS deactivated
           FROM users WHERE id = $1`,
        [id],
      );
      if (!user) return { kind: 'unknown' };
      const refused = rule.refuse(user, actor);
      if (refused) return { kind: 'refused', message: refused };
      await rule.apply(tx, user, reason, actor);
      await recordAudit(tx, {
        actor,
        action: rule.audit,
        target: { id: user.id, label: user.email },
        before: rule.change[0],
        after: rule.change[1],
        reason,
      });
      const staffChange = rule.staffChange?.(user);
      if (staffChange) await mailStaffAccessChange(tx, staffChange, { subject: user.email, actor, reason });
      return { kind: 'done', user: (await getAdminUser(tx, user.id))! };
    }),
  );
}
