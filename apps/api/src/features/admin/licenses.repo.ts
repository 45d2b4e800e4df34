import type { LicenseHolder, LicenseListQuery } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { likePattern } from '../../lib/like-pattern';
import { USER_COLUMNS, iso, toUser, type UserRow } from '../accounts/accounts.repo';

// A user's columns (is_staff included: the contract's schema drops it) and the registration date.
const COLUMNS = `${USER_COLUMNS}, created_at AS "createdAt"`;
type Row = UserRow & { createdAt: Date | string };
function toHolder({ createdAt, ...row }: Row): LicenseHolder {
  const { isStaff: _staff, ...user } = toUser(row);
  return { ...user, createdAt: iso(createdAt)! };
}

/**
 * Users by licence status: the pending queue oldest request first (who waits longest comes first), the
 * other lists by name. The search looks in the name, the e-mail and the organisation.
 */
export async function listLicenseHolders(
  q: Queryable,
  query: LicenseListQuery,
): Promise<{ count: number; results: LicenseHolder[] }> {
  const where = `($1 = 'all' OR license_status = $1)
    AND ($2 = '' OR lower(email) LIKE $2 OR lower(first_name || ' ' || last_name) LIKE $2
         OR lower(organization) LIKE $2)`;
  const params = [query.status, query.search ? likePattern(query.search) : ''];
  const [{ count } = { count: 0 }] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM users WHERE ${where}`,
    params,
  );
  const order =
    query.status === 'pending'
      ? 'license_requested_at, id'
      : 'lower(last_name), lower(first_name), lower(email), id';
  const rows = await q.query<Row>(
    `SELECT ${COLUMNS} FROM users WHERE ${where} ORDER BY ${order}
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    params,
  );
  return { count, results: rows.map(toHolder) };
}

export async function getLicenseHolder(q: Queryable, pk: number): Promise<LicenseHolder | null> {
  const [row] = await q.query<Row>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [pk]);
  return row ? toHolder(row) : null;
}
