import { searchText } from '@portal/contract';
import type { Queryable } from '../db';

/**
 * Search forms computed by the one normaliser, searchText of @portal/contract: cities.search_name was stored by a
 * normaliser that dropped ß and other non-decomposable letters ("Villnöß" became "villno"), and machine
 * addresses and operator names were compared through a SQL copy of it. Recompute the first, store the others.
 */
export async function up(tx: Queryable): Promise<void> {
  await tx.exec(`
    ALTER TABLE rvm_machines ADD COLUMN search_text text NOT NULL DEFAULT '';
    ALTER TABLE rvm_operators ADD COLUMN search_text text NOT NULL DEFAULT '';
  `);
  const recompute = async (table: string, key: string, source: string, target: string) => {
    const rows = await tx.query<{ key: string; text: string | null }>(
      `SELECT ${key}::text AS key, ${source} AS text FROM ${table}`,
    );
    if (rows.length === 0) return;
    await tx.query(
      `UPDATE ${table} t SET ${target} = u.value
         FROM unnest($1::text[], $2::text[]) AS u (key, value)
        WHERE t.${key}::text = u.key`,
      [rows.map((r) => r.key), rows.map((r) => searchText(r.text ?? ''))],
    );
  };
  await recompute('cities', 'id', 'name', 'search_name');
  await recompute('rvm_machines', 'id', 'address', 'search_text');
  await recompute('rvm_operators', 'id', 'name', 'search_text');
}
