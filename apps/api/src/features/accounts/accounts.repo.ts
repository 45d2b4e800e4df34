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

/**
 * Creates the account, or replaces an unverified one of the same address (its owner never confirmed
 * it). Returns the id, or null when a verified account already uses the address.
 */
export async function upsertUnverifiedUser(q: Queryable, user: NewUser): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4)
     ON CONFLICT ((lower(email))) DO UPDATE
        SET email = EXCLUDED.email, password_hash = EXCLUDED.password_hash, first_name = EXCLUDED.first_name,
            last_name = EXCLUDED.last_name, password_changed_at = now()
      WHERE users.verified = false
     RETURNING id::int AS id`,
    [user.email, user.passwordHash, user.firstName, user.lastName],
  );
  return row?.id ?? null;
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

export async function markVerified(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE users SET verified = true WHERE id = $1', [id]);
}

export async function createVerificationKey(q: Queryable, userId: number): Promise<string> {
  const key = newSecret(24);
  await q.query(
    `INSERT INTO email_verification_keys (key_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(days => $3))`,
    [sha256(key), userId, VERIFICATION_KEY_TTL_DAYS],
  );
  return key;
}

/** Marks a live, unused key used and returns its user, or null for a bad, used or expired key. */
export async function consumeVerificationKey(q: Queryable, key: string): Promise<number | null> {
  const [row] = await q.query<{ userId: number }>(
    `UPDATE email_verification_keys SET used_at = now()
      WHERE key_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id::int AS "userId"`,
    [sha256(key)],
  );
  return row?.userId ?? null;
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

export async function userExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE id = $1', [id])).length === 1;
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
