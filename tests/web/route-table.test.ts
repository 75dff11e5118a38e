import { describe, expect, it } from 'vitest';
import { PAGES } from '../../contracts/pages.ts';
import { GRANTABLE_PAGES } from '../../src/resources/groups/group-pages.ts';
import { decide, type Viewer } from '../../src/routes/access.ts';
import {
  AREAS,
  SCREENS,
  effectiveRoles,
  isPublicOnlyPath,
  rolesOf,
  screenForPath,
  screenPath,
} from '../../src/routes/route-table.ts';

const superAdmin: Viewer = { role: 'SuperAdmin', permissions: {} };
const admin: Viewer = { role: 'Admin', permissions: {} };

describe('route table (spec 2)', () => {
  it('lists the 23 screens of the spec and the 3 of mitigating controls (issue 16), one per server page key, all under /app', () => {
    expect(SCREENS).toHaveLength(26);
    expect(SCREENS.map((s) => s.pageKey).sort()).toEqual(PAGES.map((p) => p.key).sort());
    for (const s of SCREENS) expect(screenPath(s)).toBe(`/app/${s.pageKey}`);
  });

  it('SuperAdmin-only screens are exactly the server catalogue ones', () => {
    const guarded = SCREENS.filter((s) => rolesOf(s)?.length === 1 && rolesOf(s)![0] === 'SuperAdmin').map((s) => s.pageKey);
    expect(guarded.sort()).toEqual(PAGES.filter((p) => p.superAdminOnly).map((p) => p.key).sort());
  });

  it('child routes inherit the parent roles, and only the intersection is allowed when both list roles', () => {
    expect(effectiveRoles(undefined, undefined)).toBeUndefined();
    expect(effectiveRoles(['SuperAdmin'], undefined)).toEqual(['SuperAdmin']);
    expect(effectiveRoles(undefined, ['Admin'])).toEqual(['Admin']);
    expect(effectiveRoles(['SuperAdmin', 'Admin'], ['Admin', 'User'])).toEqual(['Admin']);
    expect(effectiveRoles(['SuperAdmin'], ['Admin'])).toEqual([]);
  });

  it('finds the screen of a path and of its record sub-paths, longest prefix first', () => {
    expect(screenForPath('/app/user/add')?.pageKey).toBe('user/add');
    expect(screenForPath('/app/user/add-group')?.pageKey).toBe('user/add-group');
    expect(screenForPath('/app/user/add-group/1f0c/show')?.pageKey).toBe('user/add-group');
    expect(screenForPath('/app/user/add/create')?.pageKey).toBe('user/add');
    expect(screenForPath('/app/simulation')?.pageKey).toBe('simulation');
    expect(screenForPath('/app/user')).toBeUndefined();
    expect(screenForPath('/app/users')).toBeUndefined();
    expect(AREAS.every((a) => SCREENS.some((s) => s.area === a.prefix))).toBe(true);
  });

  it('knows the public-only pages', () => {
    for (const p of ['/login', '/register', '/forgot-password', '/reset-password/tok/a%40b.com']) expect(isPublicOnlyPath(p), p).toBe(true);
    for (const p of ['/page-not-found', '/unauthorized', '/invalid-access', '/reset-password/tok', '/app/user/add']) expect(isPublicOnlyPath(p), p).toBe(false);
  });
});

describe('guard decisions (spec 6)', () => {
  const extra = ['/dashboards/default', '/app/apps/calendar'];

  it('sends a visitor to login, but an unknown path to not-found', () => {
    expect(decide('/app/customer/add', null, extra)).toBe('login');
    expect(decide('/dashboards/default', null, extra)).toBe('login');
    expect(decide('/app/apps/calendar', null, extra)).toBe('login');
    expect(decide('/no-such-page', null, extra)).toBe('not-found');
  });

  it('sends /app, the app prefix itself, to the landing page (a visitor first to login)', () => {
    for (const path of ['/app', '/app/']) {
      expect(decide(path, admin, extra), path).toBe('home');
      expect(decide(path, { role: 'User', permissions: { 'reports/list': { add: false, update: false, delete: false, view: false } } }, extra), path).toBe('home');
      expect(decide(path, null, extra), path).toBe('login');
    }
    expect(decide('/apps', admin, extra)).toBe('not-found');
  });

  it('lets SuperAdmin everywhere and sends other roles away from SuperAdmin areas', () => {
    for (const s of SCREENS) expect(decide(screenPath(s), superAdmin, extra), screenPath(s)).toBe('allow');
    expect(decide('/app/customer/add', admin, extra)).toBe('unauthorized');
    expect(decide('/app/customer/cors/123', admin, extra)).toBe('unauthorized');
    // A path under a SuperAdmin area that is no screen: still refused by the area's roles.
    expect(decide('/app/customer/other', admin, extra)).toBe('unauthorized');
    expect(decide('/app/customer/other', superAdmin, extra)).toBe('not-found');
    expect(decide('/app/licenses/license-files', admin, extra)).toBe('unauthorized');
    expect(decide('/app/licenses/license-count', admin, extra)).toBe('allow');
    expect(decide('/dashboards/default/', admin, extra)).toBe('allow');
  });

  it('gates a User by its group page permissions', () => {
    const none = { add: false, update: false, delete: false, view: false };
    const user: Viewer = { role: 'User', permissions: { 'user/add-department': { ...none, view: true }, 'reports/list': none } };
    expect(decide('/app/user/add-department', user, extra)).toBe('allow');
    expect(decide('/app/reports/list', user, extra)).toBe('unauthorized');
    expect(decide('/app/system/default', user, extra)).toBe('unauthorized');
    // Without a group (no permissions claim) a User is not page-gated, like the API on reads.
    expect(decide('/app/system/default', { role: 'User', permissions: {} }, extra)).toBe('allow');
    expect(decide('/app/customer/add', { role: 'User', permissions: {} }, extra)).toBe('unauthorized');
  });

  it('opens the user settings (own name and password) to every logged-in user, whatever its group (issue 27)', () => {
    const none = { add: false, update: false, delete: false, view: false };
    const reader: Viewer = { role: 'User', permissions: { 'account/settings': none, 'reports/list': { ...none, view: true } } };
    expect(decide('/app/account/settings', reader, extra)).toBe('allow');
    expect(decide('/app/account/settings', null, extra)).toBe('login');
    // The matrix does not offer a page whose permission would change nothing.
    expect(GRANTABLE_PAGES.map((p) => p.id)).not.toContain('account/settings');
    expect(GRANTABLE_PAGES.map((p) => p.id)).toContain('reports/list');
  });
});
