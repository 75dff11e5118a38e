/**
 * Roles and pages, shared by the server's checks and the app's guards so that a screen is
 * reachable exactly when the API lets its user in (spec 2, 4, 6; DESIGN 6).
 */

/** The roles of the access token's `Role` claim. */
export const ROLES = ['SuperAdmin', 'Admin', 'User'] as const;
export type Role = (typeof ROLES)[number];

/** Page permissions of a group (spec 4: add, update, delete, only view). */
export interface PagePermission {
  add: boolean;
  update: boolean;
  delete: boolean;
  view: boolean;
}

/**
 * The page catalogue (spec 2): one key per main/sub page of the /app route table. Group page
 * permissions are granted per key; SuperAdmin-only pages are never granted to a group.
 */
export const PAGES = [
  { key: 'account/settings', superAdminOnly: false },
  { key: 'reports/analyze-request', superAdminOnly: false },
  { key: 'reports/dashboard', superAdminOnly: false },
  { key: 'reports/list', superAdminOnly: false },
  { key: 'reports/create', superAdminOnly: false },
  { key: 'reports/risk', superAdminOnly: false },
  { key: 'reports/compare', superAdminOnly: false },
  { key: 'reports/decision-trail', superAdminOnly: false },
  { key: 'system/default', superAdminOnly: false },
  { key: 'system/period', superAdminOnly: false },
  { key: 'system/modules', superAdminOnly: false },
  { key: 'risk/period', superAdminOnly: false },
  { key: 'risk/modules', superAdminOnly: false },
  { key: 'risk/mitigating-controls', superAdminOnly: false },
  { key: 'risk/mitigations', superAdminOnly: false },
  { key: 'simulation', superAdminOnly: false },
  { key: 'report/basis', superAdminOnly: false },
  { key: 'report/special', superAdminOnly: false },
  { key: 'admin/sql', superAdminOnly: false },
  { key: 'customer/add', superAdminOnly: true },
  { key: 'customer/cors', superAdminOnly: true },
  { key: 'licenses/license-count', superAdminOnly: false },
  { key: 'licenses/license-files', superAdminOnly: true },
  { key: 'user/add', superAdminOnly: false },
  { key: 'user/add-group', superAdminOnly: false },
  { key: 'user/add-department', superAdminOnly: false },
] as const;

export type PageKey = (typeof PAGES)[number]['key'];

export const PAGE_KEYS: readonly string[] = PAGES.map((p) => p.key);
export const SUPERADMIN_ONLY_PAGES: readonly string[] = PAGES.filter((p) => p.superAdminOnly).map((p) => p.key);

export const isPageKey = (value: unknown): value is PageKey => typeof value === 'string' && PAGE_KEYS.includes(value);

/** The flag an operation needs on its page; reads accept any flag (view is implied). */
export type PageOperation = 'read' | 'create' | 'update' | 'delete';

export function pageAllows(permission: PagePermission | undefined, op: PageOperation): boolean {
  if (!permission) return false;
  switch (op) {
    case 'read':
      return permission.view || permission.add || permission.update || permission.delete;
    case 'create':
      return permission.add;
    case 'update':
      return permission.update;
    case 'delete':
      return permission.delete;
  }
}
