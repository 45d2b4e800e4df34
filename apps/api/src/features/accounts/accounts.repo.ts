import type { LicenseStatus, User, UserPatch } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { newSecret, revokeAllAuthTokens, sha256 } from '../../plugins/auth';

/**
 * E-mail verification keys (and the keys of a change of address) live 3 days; password reset tokens one
 * hour (OWASP's advice for reset links: they sign in whoever holds them).
 */
export const VERIFICATION_KEY_TTL_DAYS = 3;
export const RESET_TOKEN_TTL_MINUTES = 60;

export interface Credentials {
  id: number;
  email: string;
  passwordHash: string;
  verified: boolean;
  firstName: string;
  lastName: string;
  licenseStatus: LicenseStatus;
  /** Deactivated by the staff: no sign-in, no password reset mail. */
  deactivated: boolean;
}

export const USER_COLUMNS = `id::int AS pk, email, first_name AS "firstName", last_name AS "lastName",
  organization, organization_type AS "organizationType", role, intended_use AS "intendedUse",
  license_status AS "licenseStatus", license_requested_at AS "licenseRequestedAt",
  license_approved_at AS "licenseApprovedAt", license_revoked_at AS "licenseRevokedAt",
  license_rejected_at AS "licenseRejectedAt", license_reason AS "licenseReason", is_staff AS "isStaff",
  license_terms_version AS "licenseTermsVersion", license_terms_accepted_at AS "licenseTermsAcceptedAt"`;

type Stamp =
  | 'licenseRequestedAt'
  | 'licenseApprovedAt'
  | 'licenseRevokedAt'
  | 'licenseRejectedAt'
  | 'licenseTermsAcceptedAt';
export type UserRow = Omit<User, Stamp> & Record<Stamp, Date | string | null>;

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const toUser = (row: UserRow): User => ({
  ...row,
  licenseRequestedAt: iso(row.licenseRequestedAt),
  licenseApprovedAt: iso(row.licenseApprovedAt),
  licenseRevokedAt: iso(row.licenseRevokedAt),
  licenseRejectedAt: iso(row.licenseRejectedAt),
  licenseTermsAcceptedAt: iso(row.licenseTermsAcceptedAt),
});

export async function getUser(q: Queryable, id: number): Promise<User | null> {
  const [row] = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return row ? toUser(row) : null;
}

const CREDENTIAL_COLUMNS = `id::int AS id, email, password_hash AS "passwordHash", verified,
  first_name AS "firstName", last_name AS "lastName", license_status AS "licenseStatus",
  deactivated_at IS NOT NULL AS deactivated`;

export async function findCredentials(q: Queryable, email: string): Promise<Credentials | null> {
  const [row] = await q.query<Credentials>(
    `SELECT ${CREDENTIAL_COLUMNS} FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return row ?? null;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
}

/**
 * What one registration chose. It takes effect only when a verification key of the address is used
 * together with this password (migration 008): a click alone never activates it.
 */
export interface PendingRegistration {
  passwordHash: string;
  firstName: string;
  lastName: string;
}

/**
 * The password of an account created by a registration, until one of its registrations is confirmed: no
 * password matches it (it is not an argon2 hash), so the account has no usable password of its own.
 */
export const NO_PASSWORD = '!unusable';

export interface ClaimedAddress {
  id: number;
  /** The address as the account has it (a new account: as typed). */
  email: string;
  /** False when the address already had an account (verified or not): nothing of it was changed. */
  created: boolean;
  verified: boolean;
}

/**
 * Creates the unverified account of a new address, without a usable password (NO_PASSWORD) and without
 * names: both come with the registration that is confirmed. An address that already has an account is
 * returned locked (FOR UPDATE) and unchanged: a registration never overwrites anything of an account.
 */
export async function claimAddress(q: Queryable, email: string): Promise<ClaimedAddress> {
  const [created] = await q.query<{ id: number }>(
    `INSERT INTO users (email, password_hash) VALUES ($1, $2)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING id::int AS id`,
    [email, NO_PASSWORD],
  );
  if (created) return { id: created.id, email, created: true, verified: false };
  const [existing] = await q.query<{ id: number; email: string; verified: boolean }>(
    'SELECT id::int AS id, email, verified FROM users WHERE lower(email) = lower($1) FOR UPDATE',
    [email],
  );
  return { ...existing!, created: false };
}

/**
 * An account (alias u) that a registration made and nothing keeps any more: it never got a password of its
 * own (NO_PASSWORD), its address was never verified, and no verification key, registration or reset link
 * of it is live; neither the staff's (staff, deactivated) nor a licence's. Nobody can ever sign in to it,
 * and it would hold its address for good: another account could not take the address, and the table
 * would keep every abandoned registration (issue 34).
 */
const ABANDONED_SQL = `NOT u.verified AND u.password_hash = '${NO_PASSWORD}' AND NOT u.is_staff
  AND u.deactivated_at IS NULL AND u.license_status = 'inactive'
  AND NOT EXISTS (SELECT 1 FROM email_verification_keys k
                   WHERE k.user_id = u.id AND k.used_at IS NULL AND k.expires_at > now())
  AND NOT EXISTS (SELECT 1 FROM pending_registrations p
                   WHERE p.user_id = u.id AND p.used_at IS NULL AND p.expires_at > now())
  AND NOT EXISTS (SELECT 1 FROM password_reset_tokens r
                   WHERE r.user_id = u.id AND r.used_at IS NULL AND r.expires_at > now())`;

/**
 * Removes abandoned accounts (ABANDONED_SQL): the one of `email` if it is one, else up to `limit` of them,
 * oldest first. Their rows are locked first (skipping any another transaction holds, a registration
 * adding to it, say), then checked again and deleted: what was added before the lock keeps the account.
 * Returns the addresses removed. An account made by a registration is at least VERIFICATION_KEY_TTL_DAYS
 * old before it can be abandoned, so the batch reads no younger one.
 */
export async function removeAbandonedAccounts(
  q: Queryable,
  which: { email: string } | { limit: number },
): Promise<string[]> {
  const locked = await q.query<{ id: number }>(
    'email' in which
      ? `SELECT u.id::int AS id FROM users u
          WHERE lower(u.email) = lower($1) AND ${ABANDONED_SQL} FOR UPDATE SKIP LOCKED`
      : `SELECT u.id::int AS id FROM users u
          WHERE NOT u.verified AND u.password_hash = '${NO_PASSWORD}'
            AND u.created_at < now() - make_interval(days => ${VERIFICATION_KEY_TTL_DAYS})
            AND ${ABANDONED_SQL}
          ORDER BY u.created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
    ['email' in which ? which.email : which.limit],
  );
  if (locked.length === 0) return [];
  const removed = await q.query<{ email: string }>(
    `DELETE FROM users u WHERE u.id = ANY($1::bigint[]) AND ${ABANDONED_SQL} RETURNING u.email`,
    [locked.map((r) => r.id)],
  );
  return removed.map((r) => r.email);
}

/** Operators' `user create`: fails on an address already in use. */
export async function insertUser(
  q: Queryable,
  user: NewUser & { verified: boolean; isStaff: boolean },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, verified, is_staff)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
    [user.email, user.passwordHash, user.firstName, user.lastName, user.verified, user.isStaff],
  );
  return row!.id;
}

/** Marks the address verified; whatever key or registration is still pending for it dies. */
export async function markVerified(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE users SET verified = true WHERE id = $1', [id]);
  // Nothing pending is left to confirm: the address has proved it is the account's.
  await q.query('UPDATE email_verification_keys SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
    id,
  ]);
  await q.query('UPDATE pending_registrations SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
    id,
  ]);
}

/** Registrations stay pending as long as the keys mailed for them (3 days). */
export async function addPendingRegistration(
  q: Queryable,
  userId: number,
  r: PendingRegistration,
): Promise<void> {
  await q.query(
    `INSERT INTO pending_registrations (user_id, password_hash, first_name, last_name, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => $5))`,
    [userId, r.passwordHash, r.firstName, r.lastName, VERIFICATION_KEY_TTL_DAYS],
  );
}

/** The live registrations of an account, newest first (at most `limit`). */
export async function livePendingRegistrations(
  q: Queryable,
  userId: number,
  limit: number,
): Promise<(PendingRegistration & { id: number })[]> {
  return q.query<PendingRegistration & { id: number }>(
    `SELECT id::int AS id, password_hash AS "passwordHash", first_name AS "firstName", last_name AS "lastName"
       FROM pending_registrations
      WHERE user_id = $1 AND used_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
}

/** Whether the account has a registration still waiting for its key. */
export async function hasLivePendingRegistration(q: Queryable, userId: number): Promise<boolean> {
  return (await livePendingRegistrations(q, userId, 1)).length > 0;
}

/**
 * A new verification key of the address: it proves the mailbox, and confirms whichever pending
 * registration's password is given with it. A new registration ends the keys mailed before it, in the
 * same transaction (`endEarlierKeys`); a resend leaves them live, whichever mail the owner opens.
 */
export async function createVerificationKey(
  q: Queryable,
  userId: number,
  { endEarlierKeys = false } = {},
): Promise<string> {
  const key = newSecret(24);
  if (endEarlierKeys) {
    await q.query(
      'UPDATE email_verification_keys SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
  }
  await q.query(
    `INSERT INTO email_verification_keys (key_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(days => $3))`,
    [sha256(key), userId, VERIFICATION_KEY_TTL_DAYS],
  );
  return key;
}

export interface VerificationTarget {
  userId: number;
  email: string;
  /** The account's own password hash (NO_PASSWORD for an account made by a registration). */
  passwordHash: string;
  /** Deactivated by the staff: the address is confirmed, but no session starts. */
  deactivated: boolean;
}

/** The still unverified account of a live, unused key, or null for a bad, used or expired key. */
export async function findVerificationTarget(q: Queryable, key: string): Promise<VerificationTarget | null> {
  const [row] = await q.query<VerificationTarget>(
    `SELECT u.id::int AS "userId", u.email, u.password_hash AS "passwordHash",
            u.deactivated_at IS NOT NULL AS deactivated
       FROM email_verification_keys k JOIN users u ON u.id = k.user_id
      WHERE k.key_hash = $1 AND k.used_at IS NULL AND k.expires_at > now() AND NOT u.verified`,
    [sha256(key)],
  );
  return row ?? null;
}

/** Marks the key used if it is still live for a still unverified account; false otherwise (a race). */
export async function consumeVerificationKey(q: Queryable, key: string, userId: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE email_verification_keys k SET used_at = now()
       FROM users u
      WHERE k.key_hash = $1 AND k.user_id = $2 AND k.used_at IS NULL AND k.expires_at > now()
        AND u.id = k.user_id AND NOT u.verified
      RETURNING 1`,
    [sha256(key), userId],
  );
  return rows.length === 1;
}

/** The password and names a registration chose become the account's (its confirmation). */
export async function applyRegistration(q: Queryable, userId: number, r: PendingRegistration): Promise<void> {
  await q.query(
    `UPDATE users SET password_hash = $2, first_name = $3, last_name = $4, password_changed_at = now()
      WHERE id = $1`,
    [userId, r.passwordHash, r.firstName, r.lastName],
  );
  await revokeAllAuthTokens(q, userId);
}

export async function createPasswordResetToken(q: Queryable, userId: number): Promise<string> {
  const token = newSecret(24);
  await q.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [sha256(token), userId, RESET_TOKEN_TTL_MINUTES],
  );
  return token;
}

/** Uses a live reset token of this user; false when it is bad, used or expired. */
export async function consumePasswordResetToken(
  q: Queryable,
  userId: number,
  token: string,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE password_reset_tokens SET used_at = now()
      WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING 1`,
    [sha256(token), userId],
  );
  return rows.length === 1;
}

/** Sets a new password and ends every open reset token and every sign-in token of the user. */
export async function setPassword(q: Queryable, userId: number, passwordHash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [
    userId,
    passwordHash,
  ]);
  await q.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
    userId,
  ]);
  await revokeAllAuthTokens(q, userId);
}

const PATCH_COLUMNS: Record<keyof UserPatch, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  organization: 'organization',
  organizationType: 'organization_type',
  role: 'role',
  intendedUse: 'intended_use',
};

export async function updateProfile(q: Queryable, id: number, patch: UserPatch): Promise<User | null> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof UserPatch, string][];
  if (entries.length > 0) {
    const sets = entries.map(([k], i) => `${PATCH_COLUMNS[k]} = $${i + 2}`).join(', ');
    await q.query(`UPDATE users SET ${sets} WHERE id = $1`, [id, ...entries.map(([, v]) => v)]);
  }
  return getUser(q, id);
}

/**
 * inactive → pending, stamping the request with the version of the commitment accepted, and clearing an
 * earlier revocation or rejection and its reason; returns the status before.
 */
export async function requestLicense(
  q: Queryable,
  id: number,
  termsVersion: string,
): Promise<LicenseStatus | null> {
  const [row] = await q.query<{ before: LicenseStatus }>(
    `UPDATE users u SET license_status = 'pending', license_requested_at = now(), license_revoked_at = NULL,
            license_rejected_at = NULL, license_reason = NULL,
            license_terms_version = $2, license_terms_accepted_at = now()
       FROM (SELECT id, license_status AS before FROM users WHERE id = $1 FOR UPDATE) old
      WHERE u.id = old.id AND old.before = 'inactive'
      RETURNING old.before`,
    [id, termsVersion],
  );
  if (row) return row.before;
  const [current] = await q.query<{ status: LicenseStatus }>(
    'SELECT license_status AS status FROM users WHERE id = $1',
    [id],
  );
  return current?.status ?? null;
}

/**
 * A staff decision on a licence, applied only from the status it is for (approve: pending or inactive →
 * active; reject: pending → inactive; revoke: active → inactive), with its stamp and reason: an approval
 * clears the stamps of an earlier revocation or rejection. Returns the user before the change and whether
 * it applied, or null for an unknown user. The row is locked for the transaction.
 */
export async function applyLicenseDecision(
  q: Queryable,
  who: { pk: number } | { email: string },
  decision: 'approve' | 'reject' | 'revoke',
  reason: string | null,
): Promise<{ id: number; email: string; firstName: string; before: LicenseStatus; applied: boolean } | null> {
  const [user] = await q.query<{ id: number; email: string; firstName: string; before: LicenseStatus }>(
    `SELECT id::int AS id, email, first_name AS "firstName", license_status AS before FROM users
      WHERE ${'pk' in who ? 'id = $1' : 'lower(email) = lower($1)'} FOR UPDATE`,
    ['pk' in who ? who.pk : who.email],
  );
  if (!user) return null;
  const from: Record<typeof decision, LicenseStatus[]> = {
    approve: ['pending', 'inactive'],
    reject: ['pending'],
    revoke: ['active'],
  };
  if (!from[decision].includes(user.before)) return { ...user, applied: false };
  const sets = {
    approve: `license_status = 'active', license_approved_at = now(), license_revoked_at = NULL,
              license_rejected_at = NULL, license_reason = NULL`,
    reject: `license_status = 'inactive', license_rejected_at = now(), license_reason = $2`,
    revoke: `license_status = 'inactive', license_approved_at = NULL, license_revoked_at = now(),
             license_reason = $2`,
  }[decision];
  await q.query(
    `UPDATE users SET ${sets} WHERE id = $1`,
    decision === 'approve' ? [user.id] : [user.id, reason],
  );
  return { ...user, applied: true };
}

export interface PendingLicense {
  email: string;
  firstName: string;
  lastName: string;
  organization: string;
  organizationType: string;
  intendedUse: string;
  requestedAt: string;
}

export async function listPendingLicenses(q: Queryable): Promise<PendingLicense[]> {
  const rows = await q.query<Omit<PendingLicense, 'requestedAt'> & { requestedAt: Date | string }>(
    `SELECT email, first_name AS "firstName", last_name AS "lastName", organization,
            organization_type AS "organizationType", intended_use AS "intendedUse",
            license_requested_at AS "requestedAt"
       FROM users WHERE license_status = 'pending' ORDER BY license_requested_at, id`,
  );
  return rows.map((r) => ({ ...r, requestedAt: new Date(r.requestedAt).toISOString() }));
}

export async function isResetTokenLive(q: Queryable, userId: number, token: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM password_reset_tokens
      WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()`,
    [sha256(token), userId],
  );
  return rows.length === 1;
}

/** The credentials of a signed-in user, by id; null when the account is gone. */
export async function findCredentialsById(q: Queryable, id: number): Promise<Credentials | null> {
  const [row] = await q.query<Credentials>(`SELECT ${CREDENTIAL_COLUMNS} FROM users WHERE id = $1`, [id]);
  return row ?? null;
}

/** Whether an account other than `exceptUserId` has the address (whatever its case). */
export async function isAddressTaken(q: Queryable, email: string, exceptUserId: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [
    email,
    exceptUserId,
  ]);
  return rows.length > 0;
}

/** Every pending change of address of the user ends (its link no longer works). */
async function endEmailChanges(q: Queryable, userId: number): Promise<void> {
  await q.query('UPDATE email_change_requests SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
    userId,
  ]);
}

/**
 * A change of address asked from the profile: the key mailed to the new address, live as long as a
 * verification key. One change is pending at a time: the keys of earlier requests die here.
 */
export async function createEmailChangeKey(q: Queryable, userId: number, newEmail: string): Promise<string> {
  const key = newSecret(24);
  await endEmailChanges(q, userId);
  await q.query(
    `INSERT INTO email_change_requests (key_hash, user_id, new_email, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
    [sha256(key), userId, newEmail, VERIFICATION_KEY_TTL_DAYS],
  );
  return key;
}

export type EmailChangeOutcome =
  | { outcome: 'changed'; userId: number; oldEmail: string; newEmail: string }
  | { outcome: 'dead' }
  | { outcome: 'taken'; userId: number };

/**
 * Uses a live key of a change of address. The account takes the new address, verified (the key proves
 * the mailbox); every other pending change, every reset token (mailed to the old address) and every
 * sign-in token of the user end. 'dead': a bad, used or expired key; 'taken': the address got an account
 * since the request (the key is used up, nothing else changes).
 */
export async function applyEmailChange(q: Queryable, key: string): Promise<EmailChangeOutcome> {
  const [request] = await q.query<{ userId: number; newEmail: string }>(
    `UPDATE email_change_requests SET used_at = now()
      WHERE key_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id::int AS "userId", new_email AS "newEmail"`,
    [sha256(key)],
  );
  if (!request) return { outcome: 'dead' };
  const { userId, newEmail } = request;
  // An account that a registration made and nothing keeps does not hold the address.
  await removeAbandonedAccounts(q, { email: newEmail });
  if (await isAddressTaken(q, newEmail, userId)) return { outcome: 'taken', userId };
  const [before] = await q.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [
    userId,
  ]);
  await q.query('UPDATE users SET email = $2, verified = true WHERE id = $1', [userId, newEmail]);
  await endEmailChanges(q, userId);
  await q.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
    userId,
  ]);
  await revokeAllAuthTokens(q, userId);
  return { outcome: 'changed', userId, oldEmail: before!.email, newEmail };
}

/**
 * Deletes an account and the personal data it holds: the users row and, with it (ON DELETE CASCADE), its
 * sign-in tokens, verification and reset keys, pending registrations and changes of address; the mails
 * queued or sent to its address. What stays has no person in it: the download log (user_id NULL) and
 * the contact messages (their link to the account, user_id, goes; what was written in them is the
 * staff's correspondence). Run it in one transaction. False when the account was already gone.
 */
export async function deleteAccount(q: Queryable, userId: number): Promise<boolean> {
  const [user] = await q.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [
    userId,
  ]);
  if (!user) return false;
  await q.query('UPDATE downloads_log SET user_id = NULL WHERE user_id = $1', [userId]);
  await q.query('UPDATE contact_messages SET user_id = NULL WHERE user_id = $1', [userId]);
  await q.query('DELETE FROM mail_outbox WHERE lower(to_address) = lower($1)', [user.email]);
  await q.query('DELETE FROM users WHERE id = $1', [userId]);
  return true;
}
