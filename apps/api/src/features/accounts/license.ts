import type { LicenseDecision, LicenseStatus } from '@portal/contract';
import type { Db } from '../../db/db';
import { enqueueMail } from '../../plugins/mailer';
import { recordAudit, type Actor } from '../admin/audit';
import { grantChainReaches, lockActorAndTarget, retryOnDeadlock } from '../admin/staff-access';
import { licenseApprovedMail, licenseRevokedMail } from './accounts.mails';
import { applyLicenseDecision } from './accounts.repo';

export type { LicenseDecision };

export type DecisionOutcome =
  | { kind: 'unknown' }
  /** The licence is not in a status the decision applies to (e.g. revoking an inactive licence). */
  | { kind: 'not-applicable'; status: LicenseStatus }
  /**
   * Four eyes: a staff member does not approve a licence whose holder is themselves (`own`) or made them
   * staff, directly or through a chain of grants (decision 068).
   */
  | { kind: 'four-eyes'; own: boolean }
  | { kind: 'done'; userId: number; before: LicenseStatus; after: LicenseStatus };

const AFTER: Record<LicenseDecision, LicenseStatus> = {
  approve: 'active',
  reject: 'inactive',
  revoke: 'inactive',
};

/**
 * A staff decision on a licence (SPEC §4's statuses): approve (pending or inactive → active), reject a
 * pending request, revoke an active licence, the last two with the reason the user will read. In one
 * transaction: the change, the user's mail (through the outbox; its links are the running portal's,
 * written by its mail worker) and the audit log entry naming who decided. The staff member's and the
 * holder's rows are locked in one order (lockActorAndTarget): two staff members deciding on each other's
 * licences at once never deadlock; a deadlock with anything else is retried, then answered 409.
 */
export async function decideLicense(
  db: Db,
  who: { pk: number } | { email: string },
  decision: LicenseDecision,
  { reason = null, actor }: { reason?: string | null; actor: Actor },
): Promise<DecisionOutcome> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx): Promise<DecisionOutcome> => {
      const id = await lockActorAndTarget(tx, actor, who);
      if (id === null) return { kind: 'unknown' };
      if (decision === 'approve' && actor.id !== null && (await grantChainReaches(tx, actor.id, id)))
        return { kind: 'four-eyes', own: actor.id === id };
      const user = await applyLicenseDecision(tx, { pk: id }, decision, reason);
      if (!user) return { kind: 'unknown' };
      if (!user.applied) return { kind: 'not-applicable', status: user.before };
      const after = AFTER[decision];
      const mail =
        decision === 'approve'
          ? licenseApprovedMail(user.email, user.firstName)
          : licenseRevokedMail(user.email, user.firstName, decision === 'revoke', reason);
      await enqueueMail(tx, mail);
      await recordAudit(tx, {
        actor,
        action: `license.${decision}`,
        target: { id: user.id, label: user.email },
        before: user.before,
        after,
        reason,
      });
      return { kind: 'done', userId: user.id, before: user.before, after };
    }),
  );
}
