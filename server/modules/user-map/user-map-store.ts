/**
 * The user mapping of a customer (DESIGN 5.18, issue 32): one per customer, rows SYSTEM, BNAME,
 * PERSON (user_map_entries, migration 0043), used by every cross-system analysis it runs.
 */
import type { UserMapping } from '../../../engine/cross-system/analyse-systems.ts';
import type { Database } from '../../db/database.ts';

export async function loadUserMap(db: Database, customerId: string): Promise<UserMapping[]> {
  const { rows } = await db.query<UserMapping>('SELECT system, bname, person FROM user_map_entries WHERE customer_id = $1 ORDER BY system COLLATE "C", bname COLLATE "C"', [customerId]);
  return rows;
}

/** Replaces the customer's mapping with `rows` (one transaction: a mapping is never half stored). */
export async function replaceUserMap(db: Database, customerId: string, rows: readonly UserMapping[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM user_map_entries WHERE customer_id = $1', [customerId]);
    for (let i = 0; i < rows.length; i += 500) {
      const part = rows.slice(i, i + 500);
      const values = part.map((_, j) => `($1, $${3 * j + 2}, $${3 * j + 3}, $${3 * j + 4})`).join(', ');
      await tx.query(`INSERT INTO user_map_entries (customer_id, system, bname, person) VALUES ${values}`, [customerId, ...part.flatMap((r) => [r.system, r.bname, r.person])]);
    }
  });
}
