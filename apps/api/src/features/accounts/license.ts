import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { enqueueMail } from '../../plugins/mailer';
import { licenseApprovedMail, licenseRevokedMail } from './accounts.mails';
import { setLicenseStatus } from './accounts.repo';

export type LicenseDecision = 'approve' | 'revoke';

/**
 * Staff decision on a licence: approve → active, revoke → inactive (also how a pending request is
 * turned down). The user is mailed, in the same transaction. Returns the status before, or null for an
 * unknown address.
 */
export async function decideLicense(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL'>,
  email: string,
  decision: LicenseDecision,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const user = await setLicenseStatus(tx, email, decision === 'approve' ? 'active' : 'inactive');
    if (!user) return null;
    const mail =
      decision === 'approve'
        ? licenseApprovedMail(config.PUBLIC_URL, user.email, user.firstName)
        : licenseRevokedMail(config.PUBLIC_URL, user.email, user.firstName);
    await enqueueMail(tx, mail);
    return user.before;
  });
}
