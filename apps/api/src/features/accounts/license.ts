import type { Db } from '../../db/db';
import { enqueueMail } from '../../plugins/mailer';
import { licenseApprovedMail, licenseRevokedMail } from './accounts.mails';
import { setLicenseStatus } from './accounts.repo';

export type LicenseDecision = 'approve' | 'revoke';

/**
 * Staff decision on a licence: approve → active, revoke → inactive (also how a pending request is
 * turned down). The user is mailed, in the same transaction; the mail's links are the running portal's
 * (written by its mail worker), whatever the environment of the process that decides. Returns the
 * status before, or null for an unknown address.
 */
export async function decideLicense(
  db: Db,
  email: string,
  decision: LicenseDecision,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const user = await setLicenseStatus(tx, email, decision === 'approve' ? 'active' : 'inactive');
    if (!user) return null;
    const mail =
      decision === 'approve'
        ? licenseApprovedMail(user.email, user.firstName)
        : licenseRevokedMail(user.email, user.firstName, user.before === 'active');
    await enqueueMail(tx, mail);
    return user.before;
  });
}
