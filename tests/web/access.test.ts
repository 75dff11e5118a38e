// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, canAccessResource } from '../../src/providers/authProvider.ts';
import { clearToken, storeToken } from '../../src/providers/token-store.ts';
import { pageAllows } from '../../contracts/pages.ts';
import { canOnScreen, operationOf, type Viewer } from '../../src/routes/access.ts';
import { menuFor } from '../../src/routes/menu-model.ts';
import { SCREENS, screenForPath } from '../../src/routes/route-table.ts';

const none = { add: false, update: false, delete: false, view: false };
const token = (claims: object) => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.c2ln`;
};

describe('page permissions (spec 4: add, update, delete, only view)', () => {
  it('maps react-admin actions to API operations', () => {
    expect(['list', 'show', 'export'].map(operationOf)).toEqual(['read', 'read', 'read']);
    expect(['create', 'clone', 'edit', 'delete'].map(operationOf)).toEqual(['create', 'create', 'update', 'delete']);
  });

  it('reads with any flag, writes only with their own flag', () => {
    expect(pageAllows({ ...none, view: true }, 'read')).toBe(true);
    expect(pageAllows({ ...none, delete: true }, 'read')).toBe(true);
    expect(pageAllows({ ...none, view: true }, 'create')).toBe(false);
    expect(pageAllows({ ...none, add: true }, 'create')).toBe(true);
    expect(pageAllows({ ...none, update: true }, 'update')).toBe(true);
    expect(pageAllows({ ...none, update: true }, 'delete')).toBe(false);
    expect(pageAllows(undefined, 'read')).toBe(false);
  });

  it('a User with only-view may open but not change; Admin is not page-gated', () => {
    const screen = screenForPath('/app/user/add-department')!;
    const user: Viewer = { role: 'User', permissions: { 'user/add-department': { ...none, view: true } } };
    expect(canOnScreen(user, screen, 'read')).toBe(true);
    expect(canOnScreen(user, screen, 'create')).toBe(false);
    expect(canOnScreen(user, screen, 'delete')).toBe(false);
    expect(canOnScreen({ role: 'Admin', permissions: { 'user/add-department': none } }, screen, 'delete')).toBe(true);
  });
});

describe('authProvider.canAccess (from the token)', () => {
  beforeEach(() => clearToken());

  it('refuses everything when logged out', async () => {
    await expect(authProvider.canAccess!({ resource: 'app/user/add-department', action: 'list' })).resolves.toBe(false);
  });

  it('uses the Role claim and the permissions claim; resources are named by spec path', async () => {
    storeToken(token({ sub: 'u', Role: 'User', permissions: { 'user/add-department': { ...none, view: true, add: true } } }));
    await expect(authProvider.canAccess!({ resource: 'app/user/add-department', action: 'list' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'app/user/add-department', action: 'create' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'app/user/add-department', action: 'delete' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ resource: 'app/customer/add', action: 'list' })).resolves.toBe(false);
    storeToken(token({ sub: 's', Role: 'SuperAdmin', permissions: {} }));
    await expect(authProvider.canAccess!({ resource: 'app/customer/add', action: 'delete' })).resolves.toBe(true);
  });

  it('allows logged-in users on resources outside the route table', () => {
    expect(canAccessResource({ role: 'User', permissions: {} }, 'something-else', 'list')).toBe(true);
    expect(canAccessResource(null, 'something-else', 'list')).toBe(false);
  });
});

describe('menus show only reachable entries (spec 6)', () => {
  const paths = (v: Viewer | null) => menuFor(v).flatMap((g) => g.items.map((i) => i.path));

  it('SuperAdmin sees every screen; Admin all but the SuperAdmin ones; a visitor nothing', () => {
    expect(paths({ role: 'SuperAdmin', permissions: {} })).toHaveLength(SCREENS.length + 1);
    const adminPaths = paths({ role: 'Admin', permissions: {} });
    expect(adminPaths).not.toContain('/app/customer/add');
    expect(adminPaths).not.toContain('/app/customer/cors');
    expect(adminPaths).not.toContain('/app/licenses/license-files');
    expect(adminPaths).toContain('/app/licenses/license-count');
    expect(menuFor(null)).toEqual([]);
  });

  it('a User sees only the pages of its group, and areas left empty disappear', () => {
    const groups = menuFor({ role: 'User', permissions: { 'user/add-department': { ...none, view: true }, 'system/default': none } });
    // The user settings are every user's own (issue 27): no group withholds them.
    expect(groups.map((g) => g.key)).toEqual(['home', '/app/account', '/app/user']);
    expect(groups[1].items.map((i) => i.path)).toEqual(['/app/account/settings']);
    expect(groups[2].items.map((i) => i.path)).toEqual(['/app/user/add-department']);
  });

  it('adds the demo apps as their own group', () => {
    const groups = menuFor({ role: 'Admin', permissions: {} }, [{ path: '/app/apps/calendar', labelKey: 'x' }]);
    expect(groups.at(-1)).toEqual({ key: 'apps', labelKey: 'segra.menu.apps', items: [{ path: '/app/apps/calendar', labelKey: 'x' }] });
  });
});
