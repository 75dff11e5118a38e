import { pageAllows, type PagePermission, type PageOperation, type Role } from '../../contracts/pages.ts';
import { APP_PREFIX, areaForPath, rolesOf, screenForPath, type ScreenRoute } from './route-table.ts';

/** Who is looking: the Role claim and the page permissions claim of the access token. */
export interface Viewer {
  role: Role;
  permissions: Record<string, PagePermission>;
}

/** react-admin's action names (list, show, edit, ...) as the API's operations. */
export function operationOf(action: string): PageOperation {
  switch (action) {
    case 'create':
    case 'clone':
      return 'create';
    case 'edit':
    case 'update':
      return 'update';
    case 'delete':
      return 'delete';
    default:
      return 'read';
  }
}

/**
 * Whether the viewer may do `op` on a screen. Roles come first (SuperAdmin-only areas); the
 * group's page permissions gate only the `User` role, like the API does, and a `User` without
 * a group (empty claim) is not gated on reads. The user's own account is no group's to gate.
 */
export function canOnScreen(viewer: Viewer, screen: ScreenRoute, op: PageOperation = 'read'): boolean {
  const roles = rolesOf(screen);
  if (roles && !roles.includes(viewer.role)) return false;
  if (viewer.role !== 'User' || screen.ownAccount) return true;
  const pages = viewer.permissions ?? {};
  if (op === 'read' && Object.keys(pages).length === 0) return true;
  return pageAllows(Object.hasOwn(pages, screen.pageKey) ? pages[screen.pageKey] : undefined, op);
}

export type Decision = 'allow' | 'home' | 'login' | 'unauthorized' | 'not-found';

/**
 * What the guard does with a pathname inside the layout: unknown → not found; not logged in → login; the app
 * prefix itself (/app) → the landing page (home); a role or page the viewer lacks → unauthorized; a path under a
 * known area that is no screen → not found.
 * `extraPaths` are protected paths outside the /app table (dashboard, demo apps) that need
 * only a login.
 */
export function decide(pathname: string, viewer: Viewer | null, extraPaths: readonly string[] = []): Decision {
  const path = pathname.replace(/\/+$/, '') || '/';
  const screen = screenForPath(path);
  const area = areaForPath(path);
  const extra = extraPaths.some((p) => path === p || path.startsWith(`${p}/`));
  // The root of the app is where a user lands after login (spec 2), not an unknown page.
  if (path === APP_PREFIX) return viewer ? 'home' : 'login';
  // Unknown paths go to the not-found page, logged in or not (spec 2).
  if (!screen && !area && !extra) return 'not-found';
  if (!viewer) return 'login';
  if (screen) return canOnScreen(viewer, screen) ? 'allow' : 'unauthorized';
  if (area) return area.roles && !area.roles.includes(viewer.role) ? 'unauthorized' : 'not-found';
  return 'allow';
}
