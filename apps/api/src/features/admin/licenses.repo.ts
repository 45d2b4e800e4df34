import type { LicenseHolder, LicenseListQuery } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { likePattern } from '../../lib/like-pattern';
import { USER_COLUMNS, iso, toUser, type UserRow } from '../accounts/accounts.repo';
import { grantChain } from './staff-access';

// A user's columns (is_staff included: the contract's schema drops it) and the registration date.
const COLUMNS = `${USER_COLUMNS}, created_at AS "createdAt"`;
type Row = UserRow & { createdAt: Date | string };
/**
 * A user as the staff member `approver` sees them in the queue: whether four eyes keep the approver from
 * approving this licence (`chain`: the approver's chain of grants, grantChain) is said on the row, so the
 * back-office offers no Approva that would be refused.
 */
function toHolder({ createdAt, ...row }: Row, approver: number, chain: Set<number>): LicenseHolder {
  const { isStaff: _staff, ...user } = toUser(row);
  const approvalRefused = user.pk === approver ? 'own' : chain.has(user.pk) ? 'grant-chain' : null;
  return { ...user, createdAt: iso(createdAt)!, approvalRefused };
}

/**
 * Users by licence status: the pending queue oldest request first (who waits longest comes first), the
 * other lists by name. The search looks in the name, the e-mail and the organisation.
 */
export async function listLicenseHolders(
  q: Queryable,
  query: LicenseListQuery,
  approver: number,
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
  const chain = await grantChain(q, approver);
  return { count, results: rows.map((row) => toHolder(row, approver, chain)) };
}

/** One user as the staff member `approver` sees them in the queue (listLicenseHolders). */
export async function getLicenseHolder(
  q: Queryable,
  pk: number,
  approver: number,
): Promise<LicenseHolder | null> {
  const [row] = await q.query<Row>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [pk]);
  return row ? toHolder(row, approver, await grantChain(q, approver)) : null;
}
