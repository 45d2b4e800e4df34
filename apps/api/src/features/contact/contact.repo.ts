import type { ContactBody } from '@portal/contract';
import type { Queryable } from '../../db/db';

export async function insertContactMessage(q: Queryable, m: ContactBody & { ip: string }): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO contact_messages (first_name, last_name, email, reason, message, ip)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
    [m.firstName, m.lastName, m.email, m.reason, m.message, m.ip],
  );
  return row!.id;
}
