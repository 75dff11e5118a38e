import { PAGE_KEYS } from '../../../contracts/pages.ts';
import type { PagePermission } from '../../auth/roles.ts';
import type { Database } from '../../db/database.ts';

export interface GroupPage extends PagePermission {
  page: string;
}

interface PageRow {
  group_id: string;
  page: string;
  can_add: boolean;
  can_update: boolean;
  can_delete: boolean;
  can_view: boolean;
}

const toPage = (r: PageRow): GroupPage => ({ page: r.page, add: r.can_add, update: r.can_update, delete: r.can_delete, view: r.can_view });

/** The pages of the given groups, by group id, in page order. */
export async function pagesOfGroups(db: Database, groupIds: string[]): Promise<Map<string, GroupPage[]>> {
  const out = new Map<string, GroupPage[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return out;
  const marks = groupIds.map((_, i) => `$${i + 1}`).join(', ');
  const { rows } = await db.query<PageRow>(
    `SELECT group_id, page, can_add, can_update, can_delete, can_view FROM group_pages WHERE group_id IN (${marks}) ORDER BY page`,
    groupIds,
  );
  for (const r of rows) out.get(r.group_id)?.push(toPage(r));
  return out;
}

/**
 * The page permissions of a user's group, for the access token. A user without a group gets
 * `{}`; a user with one gets every catalogue page (false where the group grants nothing), so
 * its token is never empty and reads are page-gated too.
 */
export async function permissionsForUser(db: Database, userId: string): Promise<Record<string, PagePermission>> {
  const { rows } = await db.query<{ group_id: string | null }>('SELECT group_id FROM app_users WHERE id = $1', [userId]);
  const groupId = rows[0]?.group_id;
  if (!groupId) return {};
  const out: Record<string, PagePermission> = {};
  for (const key of PAGE_KEYS) out[key] = { add: false, update: false, delete: false, view: false };
  for (const p of (await pagesOfGroups(db, [groupId])).get(groupId) ?? []) {
    out[p.page] = { add: p.add, update: p.update, delete: p.delete, view: p.view };
  }
  return out;
}
