import type { PageKey, Role } from '../../contracts/pages.ts';

/**
 * The spec's route table (spec 2, 6) in one place: paths, menu labels, roles and the group
 * page key each protected screen is granted by (contracts/pages.ts, which the server checks
 * too). Guards, the menu and `canAccess` all read it, so a screen is reachable exactly when
 * its menu entry shows.
 */

/** The app path prefix (spec 9). */
export const APP_PREFIX = '/app';
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboards/default';
export const NOT_FOUND_PATH = '/page-not-found';
export const UNAUTHORIZED_PATH = '/unauthorized';
export const INVALID_ACCESS_PATH = '/invalid-access';

/** Public pages; `publicOnly` ones send a logged-in user to /invalid-access (spec 6). */
export const PUBLIC_ROUTES = [
  { path: LOGIN_PATH, publicOnly: true },
  { path: '/register', publicOnly: true },
  { path: '/forgot-password', publicOnly: true },
  { path: '/reset-password/:token/:email', publicOnly: true },
  { path: NOT_FOUND_PATH, publicOnly: false },
  { path: UNAUTHORIZED_PATH, publicOnly: false },
  { path: INVALID_ACCESS_PATH, publicOnly: false },
] as const;

/** A protected area: a prefix whose sub-paths inherit its protection (spec 6). */
export interface Area {
  prefix: string;
  labelKey: string;
  /** When set, only these roles may enter anything under the prefix. */
  roles?: readonly Role[];
}

/** One protected screen. */
export interface ScreenRoute {
  /** The area prefix, e.g. /app/customer. */
  area: string;
  /** The sub-path under the prefix ('' for the area root, e.g. /app/simulation). */
  sub: string;
  labelKey: string;
  /** Group page key (contracts/pages.ts). */
  pageKey: PageKey;
  roles?: readonly Role[];
  /**
   * The user's own things (its name and password): open to every logged-in user whatever its
   * group's pages, so no group grants or withholds it (issue 27).
   */
  ownAccount?: true;
}

export const AREAS: readonly Area[] = [
  { prefix: '/app/account', labelKey: 'segra.menu.account' },
  { prefix: '/app/reports', labelKey: 'segra.menu.reports' },
  { prefix: '/app/system', labelKey: 'segra.menu.system' },
  { prefix: '/app/risk', labelKey: 'segra.menu.risk' },
  { prefix: '/app/simulation', labelKey: 'segra.menu.simulation' },
  { prefix: '/app/report', labelKey: 'segra.menu.report' },
  { prefix: '/app/admin', labelKey: 'segra.menu.admin' },
  { prefix: '/app/customer', labelKey: 'segra.menu.customer', roles: ['SuperAdmin'] },
  { prefix: '/app/licenses', labelKey: 'segra.menu.licenses' },
  { prefix: '/app/user', labelKey: 'segra.menu.user' },
];

export const SCREENS: readonly ScreenRoute[] = [
  { area: '/app/account', sub: '/settings', labelKey: 'segra.screens.account_settings', pageKey: 'account/settings', ownAccount: true },
  { area: '/app/reports', sub: '/analyze-request', labelKey: 'segra.screens.analyze_request', pageKey: 'reports/analyze-request' },
  { area: '/app/reports', sub: '/dashboard', labelKey: 'segra.screens.reports_dashboard', pageKey: 'reports/dashboard' },
  { area: '/app/reports', sub: '/list', labelKey: 'segra.screens.reports_list', pageKey: 'reports/list' },
  { area: '/app/reports', sub: '/create', labelKey: 'segra.screens.reports_create', pageKey: 'reports/create' },
  { area: '/app/reports', sub: '/risk', labelKey: 'segra.screens.reports_risk', pageKey: 'reports/risk' },
  { area: '/app/reports', sub: '/compare', labelKey: 'segra.screens.reports_compare', pageKey: 'reports/compare' },
  { area: '/app/reports', sub: '/decision-trail', labelKey: 'segra.screens.reports_decision_trail', pageKey: 'reports/decision-trail' },
  { area: '/app/system', sub: '/default', labelKey: 'segra.screens.system_default', pageKey: 'system/default' },
  { area: '/app/system', sub: '/period', labelKey: 'segra.screens.system_period', pageKey: 'system/period' },
  { area: '/app/system', sub: '/modules', labelKey: 'segra.screens.system_modules', pageKey: 'system/modules' },
  { area: '/app/risk', sub: '/period', labelKey: 'segra.screens.risk_period', pageKey: 'risk/period' },
  { area: '/app/risk', sub: '/modules', labelKey: 'segra.screens.risk_modules', pageKey: 'risk/modules' },
  { area: '/app/risk', sub: '/mitigating-controls', labelKey: 'segra.screens.risk_mitigating_controls', pageKey: 'risk/mitigating-controls' },
  { area: '/app/risk', sub: '/mitigations', labelKey: 'segra.screens.risk_mitigations', pageKey: 'risk/mitigations' },
  { area: '/app/simulation', sub: '', labelKey: 'segra.screens.simulation', pageKey: 'simulation' },
  { area: '/app/report', sub: '/basis', labelKey: 'segra.screens.report_basis', pageKey: 'report/basis' },
  { area: '/app/report', sub: '/special', labelKey: 'segra.screens.report_special', pageKey: 'report/special' },
  { area: '/app/admin', sub: '/sql', labelKey: 'segra.screens.admin_sql', pageKey: 'admin/sql' },
  { area: '/app/customer', sub: '/add', labelKey: 'segra.screens.customer_add', pageKey: 'customer/add', roles: ['SuperAdmin'] },
  { area: '/app/customer', sub: '/cors', labelKey: 'segra.screens.customer_cors', pageKey: 'customer/cors', roles: ['SuperAdmin'] },
  { area: '/app/licenses', sub: '/license-count', labelKey: 'segra.screens.license_count', pageKey: 'licenses/license-count' },
  { area: '/app/licenses', sub: '/license-files', labelKey: 'segra.screens.license_files', pageKey: 'licenses/license-files', roles: ['SuperAdmin'] },
  { area: '/app/user', sub: '/add', labelKey: 'segra.screens.user_add', pageKey: 'user/add' },
  { area: '/app/user', sub: '/add-group', labelKey: 'segra.screens.user_add_group', pageKey: 'user/add-group' },
  { area: '/app/user', sub: '/add-department', labelKey: 'segra.screens.user_add_department', pageKey: 'user/add-department' },
];

/** The full path of a screen, e.g. /app/customer/add. */
export const screenPath = (s: ScreenRoute): string => `${s.area}${s.sub}`;

/**
 * Roles a child may be entered with given its parent's: a missing list means "any logged-in
 * user"; when both list roles only the intersection is allowed (spec 6).
 */
export function effectiveRoles(parent?: readonly Role[], child?: readonly Role[]): readonly Role[] | undefined {
  if (!parent) return child;
  if (!child) return parent;
  return parent.filter((r) => child.includes(r));
}

export const areaOf = (s: ScreenRoute): Area => AREAS.find((a) => a.prefix === s.area)!;

/** The roles that may open a screen, inherited from its area. */
export const rolesOf = (s: ScreenRoute): readonly Role[] | undefined => effectiveRoles(areaOf(s).roles, s.roles);

/**
 * The screen a pathname belongs to: the screen itself or any sub-path under it (record
 * pages such as /app/user/add-department/<id>). Longest match wins: /app/user/add-group must
 * not be read as /app/user/add.
 */
export function screenForPath(pathname: string): ScreenRoute | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: ScreenRoute | undefined;
  for (const s of SCREENS) {
    const p = screenPath(s);
    if ((path === p || path.startsWith(`${p}/`)) && (!best || p.length > screenPath(best).length)) best = s;
  }
  return best;
}

/** The area whose prefix covers a pathname, if any. */
export function areaForPath(pathname: string): Area | undefined {
  return AREAS.find((a) => pathname === a.prefix || pathname.startsWith(`${a.prefix}/`));
}

/** Whether a pathname is one of the public-only pages (login, register, password pages). */
export function isPublicOnlyPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return PUBLIC_ROUTES.some((r) => r.publicOnly && matchesPattern(r.path, path));
}

/** Exact match of a pattern with :params (each param one non-empty segment). */
export function matchesPattern(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? b[i] !== '' : seg === b[i]));
}
