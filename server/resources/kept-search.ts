import type { Database } from '../db/database.ts';
import type { CountCache } from './count-cache.ts';

/** A search's ids are kept (count-cache.ts) up to this many; a larger result pages as any list. */
const MAX_KEPT_IDS = 50_000;

/**
 * A search's ids in list order, kept for a few seconds and shared by its pages (issue 12: a
 * search of an L analysis read the list again for each page); null when there are too many to keep.
 */
export async function keptIds(
  to: { db: Database; counts: CountCache; table: string; sql: string },
  whereSql: string,
  order: string,
  params: unknown[],
): Promise<string[] | null> {
  // Too many to keep is remembered too (null), so a broad search is not read again for each page.
  return to.counts.ids(to.table, `${whereSql} ORDER BY ${order}`, params, async () => {
    const { rows } = await to.db.query<{ id: string }>(`SELECT "id" FROM ${to.sql}${whereSql} ORDER BY ${order} LIMIT ${MAX_KEPT_IDS + 1}`, params);
    return rows.length > MAX_KEPT_IDS ? null : rows.map((r) => String(r.id));
  });
}

/** The FROM of a page of kept ids, under the list's own conditions still (tenant, filter): `whereSql` is never empty here. */
export function pageOfKept(table: string, whereSql: string, params: unknown[], ids: string[]): { from: string; params: unknown[] } {
  return { from: `${table}${whereSql} AND "id" = ANY($${params.length + 1}::uuid[])`, params: [...params, ids] };
}
