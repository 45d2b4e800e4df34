import type { User } from '@portal/contract';
import { formatLicenseDate } from '../downloads/license-gate';

/**
 * Where a user's licence stands, as #license-section tells it: never asked, waiting (since), active
 * (approved on), or inactive after the staff's decision (revoked, or the request turned down) with the
 * day and the reason the staff gave. Dates are written the portal's way, in Italy's time zone.
 */
export type LicenseStanding =
  | { kind: 'none' }
  | { kind: 'pending'; requestedOn: string | null }
  | { kind: 'active'; approvedOn: string | null }
  | { kind: 'revoked'; on: string; reason: string | null }
  | { kind: 'rejected'; on: string; reason: string | null }
  /** Inactive after a request, turned down before the portal recorded when and why: the request's day. */
  | { kind: 'notAccepted'; requestedOn: string };

export type LicenseFacts = Pick<
  User,
  | 'licenseStatus'
  | 'licenseRequestedAt'
  | 'licenseApprovedAt'
  | 'licenseRevokedAt'
  | 'licenseRejectedAt'
  | 'licenseReason'
>;

export function licenseStanding(user: LicenseFacts): LicenseStanding {
  const status = user.licenseStatus ?? 'inactive';
  if (status === 'pending')
    return { kind: 'pending', requestedOn: formatLicenseDate(user.licenseRequestedAt) };
  if (status === 'active') return { kind: 'active', approvedOn: formatLicenseDate(user.licenseApprovedAt) };
  const reason = user.licenseReason?.trim() || null;
  // A new request or an approval clears both dates, so at most one is set; should both be, the later wins.
  const revokedAt = user.licenseRevokedAt ?? '';
  const rejectedAt = user.licenseRejectedAt ?? '';
  const revokedOn = formatLicenseDate(user.licenseRevokedAt);
  const rejectedOn = formatLicenseDate(user.licenseRejectedAt);
  if (revokedOn && (!rejectedOn || Date.parse(revokedAt) >= Date.parse(rejectedAt))) {
    return { kind: 'revoked', on: revokedOn, reason };
  }
  if (rejectedOn) return { kind: 'rejected', on: rejectedOn, reason };
  const requestedOn = formatLicenseDate(user.licenseRequestedAt);
  return requestedOn ? { kind: 'notAccepted', requestedOn } : { kind: 'none' };
}

/** The data-use commitment accepted with the request now in force: the day it was accepted and its version. */
export interface AcceptedCommitment {
  on: string;
  /** LICENSE_TERMS.version at the time; null if the portal did not record it. */
  version: string | null;
}

/**
 * What #license-section says instead of the commitment and its checkbox while a request is pending or the
 * licence is active: when the commitment was accepted, and which version. Null for an inactive licence (a
 * new request accepts the commitment again) and for a request made before the portal recorded it.
 */
export function acceptedCommitment(
  user: Pick<User, 'licenseStatus' | 'licenseTermsVersion' | 'licenseTermsAcceptedAt'>,
): AcceptedCommitment | null {
  if (user.licenseStatus !== 'pending' && user.licenseStatus !== 'active') return null;
  const on = formatLicenseDate(user.licenseTermsAcceptedAt);
  return on ? { on, version: user.licenseTermsVersion?.trim() || null } : null;
}
