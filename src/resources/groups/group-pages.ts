import { SCREENS, rolesOf } from '../../routes/route-table.ts';

/**
 * Pages a group can be granted: every screen that is not SuperAdmin-only (the server refuses
 * those) nor the user's own account (open to everyone: a flag there would change nothing).
 */
export const GRANTABLE_PAGES = SCREENS.filter((s) => !rolesOf(s) && !s.ownAccount).map((s) => ({ id: s.pageKey, name: s.labelKey }));

export interface GroupPage {
  page: string;
  add: boolean;
  update: boolean;
  delete: boolean;
  view: boolean;
}

/** Flags left unset by the form are false, as the API defaults them. */
export const normalisePage = (p: Partial<GroupPage>): GroupPage => ({
  page: p.page ?? '',
  add: Boolean(p.add),
  update: Boolean(p.update),
  delete: Boolean(p.delete),
  view: Boolean(p.view),
});
