import type { LicenseStatus, User, UserPatch } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { newSecret, revokeAllAuthTokens, sha256 } from '../../plugins/auth';

/** E-mail verification keys live 3 days, password reset tokens 3 days (Django's default). */
export const VERIFICATION_KEY_TTL_DAYS = 3;
export const RESET_TOKEN_TTL_DAYS = 3;

export interface Credentials {
  id: number;
  email: string;
  passwordHash: string;
  verified: boolean;
  firstName: string;
  lastName: string;
  licenseStatus: LicenseStatus;
}

const USER_COLUMNS = `id::int AS pk, email, first_name AS "firstName", last_name AS "lastName",
  organization, organization_type AS "organizationType", role, intended_use AS "intendedUse",
  license_status AS "licenseStatus", license_requested_at AS "licenseRequestedAt",
  license_approved_at AS "licenseApprovedAt"`;

type UserRow = Omit<User, 'licenseRequestedAt' | 'licenseApprovedAt'> & {
  licenseRequestedAt: Date | string | null;
  licenseApprovedAt: Date | string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toUser = (row: UserRow): User => ({
  ...row,
  licenseRequestedAt: iso(row.licenseRequestedAt),
  licenseApprovedAt: iso(row.licenseApprovedAt),
});

export async function getUser(q: Queryable, id: number): Promise<User | null> {
  const [row] = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return row ? toUser(row) : null;
}

export async function findCredentials(q: Queryable, email: string): Promise<Credentials | null> {
  const [row] = await q.query<Credentials>(
    `SELECT id::int AS id, email, password_hash AS "passwordHash", verified, first_name AS "firstName",
            last_name AS "lastName", license_status AS "licenseStatus"
       FROM users WHERE lower(email) = lower($1)`,
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

/** What one registration chose: it takes effect only through the verification key mailed for it. */
export interface PendingRegistration {
  passwordHash: string;
  firstName: string;
  lastName: string;
}

export interface ClaimedAddress {
  id: number;
  /** The address as the account has it (a new account: as typed). */
  email: string;
  /** False when the address already had an account (verified or not): nothing of it was changed. */
  created: boolean;
  verified: boolean;
}

/**
 * Creates the unverified account of a new address. An address that already has an account is returned
 * locked (FOR UPDATE) and unchanged: a registration never overwrites a password, names or anything else.
 */
export async function claimAddress(q: Queryable, user: NewUser): Promise<ClaimedAddress> {
  const [created] = await q.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING id::int AS id`,
    [user.email, user.passwordHash, user.firstName, user.lastName],
  );
  if (created) return { id: created.id, email: user.email, created: true, verified: false };
  const [existing] = await q.query<{ id: number; email: string; verified: boolean }>(
    'SELECT id::int AS id, email, verified FROM users WHERE lower(email) = lower($1) FOR UPDATE',
    [user.email],
  );
  return { ...existing!, created: false };
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

/** Marks the address verified; whatever verification key is still live for it dies. */
export async function markVerified(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE users SET verified = true WHERE id = $1', [id]);
  await q.query('UPDATE email_verification_keys SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
    id,
  ]);
}

/**
 * A new verification key for `pending`, the registration it confirms (its password and names), if any.
 * A new registration ends every key mailed before, in the same transaction (`endEarlierKeys`): only
 * the last registration can be confirmed. A resend of the same registration leaves them live.
 */
export async function createVerificationKey(
  q: Queryable,
  userId: number,
  pending?: PendingRegistration,
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
    `INSERT INTO email_verification_keys (key_hash, user_id, expires_at, password_hash, first_name, last_name)
     VALUES ($1, $2, now() + make_interval(days => $3), $4, $5, $6)`,
    [
      sha256(key),
      userId,
      VERIFICATION_KEY_TTL_DAYS,
      pending?.passwordHash ?? null,
      pending?.firstName ?? null,
      pending?.lastName ?? null,
    ],
  );
  return key;
}

/** The registration of the newest key of the address (resending the mail confirms that one). */
export async function latestPendingRegistration(
  q: Queryable,
  userId: number,
): Promise<PendingRegistration | undefined> {
  const [row] = await q.query<PendingRegistration>(
    `SELECT password_hash AS "passwordHash", first_name AS "firstName", last_name AS "lastName"
       FROM email_verification_keys
      WHERE user_id = $1 AND password_hash IS NOT NULL
      ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  return row;
}

export interface ConsumedKey {
  userId: number;
  pending?: PendingRegistration;
}

/**
 * Marks a live, unused key of a still unverified account used and returns it, or null for a bad, used or
 * expired key. The caller applies the registration it carries and marks the address verified.
 */
export async function consumeVerificationKey(q: Queryable, key: string): Promise<ConsumedKey | null> {
  const [row] = await q.query<{
    userId: number;
    passwordHash: string | null;
    firstName: string;
    lastName: string;
  }>(
    `UPDATE email_verification_keys k SET used_at = now()
       FROM users u
      WHERE k.key_hash = $1 AND k.used_at IS NULL AND k.expires_at > now()
        AND u.id = k.user_id AND NOT u.verified
      RETURNING k.user_id::int AS "userId", k.password_hash AS "passwordHash", k.first_name AS "firstName",
                k.last_name AS "lastName"`,
    [sha256(key)],
  );
  if (!row) return null;
  const { userId, passwordHash, firstName, lastName } = row;
  return { userId, pending: passwordHash === null ? undefined : { passwordHash, firstName, lastName } };
}

/** The password and names a registration chose become the account's (verification of its key). */
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
     VALUES ($1, $2, now() + make_interval(days => $3))`,
    [sha256(token), userId, RESET_TOKEN_TTL_DAYS],
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

/** inactive → pending, stamping the request; returns the status before. */
export async function requestLicense(q: Queryable, id: number): Promise<LicenseStatus | null> {
  const [row] = await q.query<{ before: LicenseStatus }>(
    `UPDATE users u SET license_status = 'pending', license_requested_at = now()
       FROM (SELECT id, license_status AS before FROM users WHERE id = $1 FOR UPDATE) old
      WHERE u.id = old.id AND old.before = 'inactive'
      RETURNING old.before`,
    [id],
  );
  if (row) return row.before;
  const [current] = await q.query<{ status: LicenseStatus }>(
    'SELECT license_status AS status FROM users WHERE id = $1',
    [id],
  );
  return current?.status ?? null;
}

/** Staff decision: active (approve) or inactive (revoke or reject). Returns the user before, or null. */
export async function setLicenseStatus(
  q: Queryable,
  email: string,
  status: 'active' | 'inactive',
): Promise<{ id: number; email: string; firstName: string; before: LicenseStatus } | null> {
  const [row] = await q.query<{ id: number; email: string; firstName: string; before: LicenseStatus }>(
    `UPDATE users u SET license_status = $2,
            license_approved_at = CASE WHEN $2 = 'active' THEN now() ELSE NULL END
       FROM (SELECT id, license_status AS before FROM users WHERE lower(email) = lower($1) FOR UPDATE) old
      WHERE u.id = old.id
      RETURNING u.id::int AS id, u.email, u.first_name AS "firstName", old.before`,
    [email, status],
  );
  return row ?? null;
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
