import type { LicenseDecision, LicenseStatus } from '@portal/contract';
import type { Db } from '../../db/db';
import { enqueueMail } from '../../plugins/mailer';
import { recordAudit, type Actor } from '../admin/audit';
import { licenseApprovedMail, licenseRevokedMail } from './accounts.mails';
import { applyLicenseDecision } from './accounts.repo';

export type { LicenseDecision };

export type DecisionOutcome =
  | { kind: 'unknown' }
  /** The licence is not in a status the decision applies to (e.g. revoking an inactive licence). */
  | { kind: 'not-applicable'; status: LicenseStatus }
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
 * written by its mail worker) and the audit log entry naming who decided.
 */
export async function decideLicense(
  db: Db,
  who: { pk: number } | { email: string },
  decision: LicenseDecision,
  { reason = null, actor }: { reason?: string | null; actor: Actor },
): Promise<DecisionOutcome> {
  return db.transaction(async (tx) => {
    const user = await applyLicenseDecision(tx, who, decision, reason);
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
  });
}
