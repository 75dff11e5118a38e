import type { Database } from '../db/database.ts';
import { recordNotFound } from '../errors.ts';
import { isUuid, type ResourceContext } from './define-resource.ts';

/**
 * A record of a tenant-scoped table by id, within the caller's customer; 404 otherwise (another
 * tenant's record is as unknown as a missing one, DESIGN 6). `table` and `columns` are code, never input.
 */
export async function findScoped<T>(db: Database, table: string, ctx: ResourceContext, id: unknown, columns = '*', what = table): Promise<T> {
  if (!isUuid(id)) throw recordNotFound(what, id);
  const params: unknown[] = [id];
  let where = 'id = $1';
  if (ctx.customerId !== null) {
    params.push(ctx.customerId);
    where += ' AND customer_id = $2';
  }
  const { rows } = await db.query<T>(`SELECT ${columns} FROM ${table} WHERE ${where}`, params);
  if (rows.length === 0) throw recordNotFound(what, id);
  return rows[0];
}
