import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { PAGE_KEYS, SUPERADMIN_ONLY_PAGES } from '../../../contracts/pages.ts';
import type { PagePermission, Role } from '../../../server/auth/roles.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { permissionsForUser } from '../../../server/modules/groups/index.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const MISSING = 'dddddddd-0000-4000-8000-000000000004';
const DEPT_PAGE = 'user/add-department';

const flags = (s: string): PagePermission => ({ add: s.includes('a'), update: s.includes('u'), delete: s.includes('d'), view: s.includes('v') });

function usersGroupsSuite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  const config = loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '1000' } as NodeJS.ProcessEnv);
  const tokens: Record<string, string> = {};
  const sign = (key: string, role: Role, customerId: string | null, permissions: Record<string, PagePermission> = {}) => {
    tokens[key] = app.signAccessToken({ sub: crypto.randomUUID(), name: key, email: `${key}@test.local`, customerId, Role: role, permissions });
  };

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Acme'), ($2, 'Beta')`, [A, B]);
    sign('super', 'SuperAdmin', null);
    sign('adminA', 'Admin', A);
    sign('adminB', 'Admin', B);
    sign('userA', 'User', A);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  const call = (who: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, payload, headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...headers } });
  const json = (r: LightMyRequestResponse) => r.json() as Record<string, unknown>;

  describe('groups', () => {
    let groupId: string;
    let deptA: string;

    beforeAll(async () => {
      deptA = json(await call('adminA', 'POST', '/api/departments', { name: 'Finance' })).id as string;
    });

    it('creates a group with embedded pages, reads, lists and updates it', async () => {
      // The group's system is one of the customer's systems (group-system.test.ts).
      const systemA = (
        await db.query<{ id: string }>(
          `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'PRD', 'x', 'hw', '0000000001', '00') RETURNING id`,
          [A],
        )
      ).rows[0].id;
      const r = await call('adminA', 'POST', '/api/groups', {
        name: 'Auditors',
        departmentId: deptA,
        systemId: systemA,
        pages: [{ page: 'reports/list', view: true }, { page: DEPT_PAGE, add: true, view: true }],
        customerId: B,
      });
      expect(r.statusCode).toBe(201);
      const g = json(r);
      groupId = g.id as string;
      expect(g).toMatchObject({ name: 'Auditors', departmentId: deptA, systemId: systemA, customerId: A });
      expect(g.pages).toEqual([
        { page: 'reports/list', add: false, update: false, delete: false, view: true },
        { page: DEPT_PAGE, add: true, update: false, delete: false, view: true },
      ]);
      expect(json(await call('adminA', 'GET', `/api/groups/${groupId}`))).toEqual(g);
      const l = await call('adminA', 'GET', '/api/groups?sort=["name","ASC"]&range=[0,9]');
      expect(l.statusCode).toBe(200);
      expect(l.headers['content-range']).toBe('groups 0-0/1');
      expect(l.json()).toEqual([g]);
      const u = await call('adminA', 'PUT', `/api/groups/${groupId}`, { ...g, name: 'Auditors 2', pages: [{ page: 'reports/list', view: true, add: true }] });
      expect(u.statusCode).toBe(200);
      expect(u.json()).toMatchObject({ name: 'Auditors 2', pages: [{ page: 'reports/list', add: true, view: true, update: false, delete: false }] });
      const keep = await call('adminA', 'PUT', `/api/groups/${groupId}`, { name: 'Auditors' });
      expect(keep.json().pages).toHaveLength(1);
    });

    it('answers 400 to unknown or SuperAdmin-only page keys and duplicates, 409 to a duplicate name', async () => {
      const unknown = await call('adminA', 'POST', '/api/groups', { name: 'X', pages: [{ page: 'nope/page', view: true }] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ 'pages.0.page': 'Unknown page' });
      expect((await call('adminA', 'POST', '/api/groups', { name: 'X', pages: [{ page: 'customer/add', view: true }] })).statusCode).toBe(400);
      const twice = await call('adminA', 'POST', '/api/groups', { name: 'X', pages: [{ page: 'simulation' }, { page: 'simulation' }] });
      expect(twice.statusCode).toBe(400);
      expect((await call('adminA', 'POST', '/api/groups/' + groupId + '/pages', { page: 'bogus' })).statusCode).toBe(400);
      const dup = await call('adminA', 'POST', '/api/groups', { name: 'Auditors' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toContain('already exists');
      const { rows } = await db.query("SELECT 1 FROM groups WHERE name = 'X'");
      expect(rows).toHaveLength(0);
    });

    it('adds a page; 409 GROUP_PAGE_EXISTS when present unless mode=override or mode=update', async () => {
      const add = await call('adminA', 'POST', `/api/groups/${groupId}/pages`, { page: 'simulation', view: true });
      expect(add.statusCode).toBe(201);
      expect(add.json().pages).toContainEqual({ page: 'simulation', add: false, update: false, delete: false, view: true });
      const again = await call('adminA', 'POST', `/api/groups/${groupId}/pages`, { page: 'simulation', add: true });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('GROUP_PAGE_EXISTS');
      expect(again.json().message).toMatch(/override or update/);
      const merged = await call('adminA', 'POST', `/api/groups/${groupId}/pages?mode=update`, { page: 'simulation', add: true });
      expect(merged.statusCode).toBe(200);
      expect(merged.json().pages).toContainEqual({ page: 'simulation', add: true, update: false, delete: false, view: true });
      const replaced = await call('adminA', 'POST', `/api/groups/${groupId}/pages?mode=override`, { page: 'simulation', delete: true });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().pages).toContainEqual({ page: 'simulation', add: false, update: false, delete: true, view: false });
      expect((await call('adminA', 'POST', `/api/groups/${groupId}/pages?mode=merge`, { page: 'simulation' })).statusCode).toBe(400);
      expect((await call('userA', 'POST', `/api/groups/${groupId}/pages`, { page: 'admin/sql' })).statusCode).toBe(403);
      expect((await call('adminA', 'POST', `/api/groups/${MISSING}/pages`, { page: 'admin/sql' })).statusCode).toBe(404);
    });

    it('keeps groups within the tenant', async () => {
      const gB = json(await call('adminB', 'POST', '/api/groups', { name: 'Beta group', pages: [{ page: 'simulation', view: true }] }));
      expect((await call('adminA', 'GET', `/api/groups/${gB.id}`)).statusCode).toBe(404);
      expect((await call('adminA', 'PUT', `/api/groups/${gB.id}`, { name: 'Hijacked', pages: [] })).statusCode).toBe(404);
      expect((await call('adminA', 'DELETE', `/api/groups/${gB.id}`)).statusCode).toBe(404);
      expect((await call('adminA', 'POST', `/api/groups/${gB.id}/pages`, { page: 'admin/sql', view: true })).statusCode).toBe(404);
      expect((await call('adminA', 'GET', `/api/groups?filter=${encodeURIComponent(JSON.stringify({ id: [gB.id] }))}`)).json()).toEqual([]);
      expect(json(await call('adminB', 'GET', `/api/groups/${gB.id}`))).toEqual(gB);
      const bad = await call('adminB', 'POST', '/api/groups', { name: 'Uses A dept', departmentId: deptA });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('departmentId');
      expect((await call('adminA', 'GET', '/api/groups', undefined)).statusCode).toBe(200);
      expect((await call('userA', 'GET', '/api/groups')).statusCode).toBe(403);
    });

    it('deletes a group unless a user has it (409 GROUP_IN_USE)', async () => {
      const spare = json(await call('adminA', 'POST', '/api/groups', { name: 'Spare', pages: [{ page: 'simulation', view: true }] }));
      const del = await call('adminA', 'DELETE', `/api/groups/${spare.id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toMatchObject({ id: spare.id, name: 'Spare' });
      expect((await db.query('SELECT 1 FROM group_pages WHERE group_id = $1', [spare.id])).rows).toHaveLength(0);
      const used = json(await call('adminA', 'POST', '/api/groups', { name: 'Used' }));
      await call('adminA', 'POST', '/api/app-users', { username: 'holder', email: 'holder@acme.test', password: 'pass1', groupId: used.id });
      const refused = await call('adminA', 'DELETE', `/api/groups/${used.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'GROUP_IN_USE', message: 'A group cannot be deleted while it is assigned to a user' });
      expect((await call('adminA', 'GET', `/api/groups/${used.id}`)).statusCode).toBe(200);
    });
  });

  describe('app-users', () => {
    let userId: string;
    let groupA: string;
    let groupB: string;
    let deptB: string;

    beforeAll(async () => {
      groupA = json(await call('adminA', 'POST', '/api/groups', { name: 'Dept viewers', pages: [{ page: DEPT_PAGE, view: true }] })).id as string;
      groupB = json(await call('adminB', 'POST', '/api/groups', { name: 'B viewers' })).id as string;
      deptB = json(await call('adminB', 'POST', '/api/departments', { name: 'B dept' })).id as string;
    });

    it('creates a user: password hashed with argon2id, never returned; login works', async () => {
      const r = await call('adminA', 'POST', '/api/app-users', {
        username: 'jane',
        fullName: 'Jane Doe',
        email: 'Jane@Acme.test',
        password: 'secret1',
        passwordHash: 'forged',
        groupId: groupA,
        systemId: 'PRD',
        customerId: B,
      });
      expect(r.statusCode).toBe(201);
      const u = json(r);
      userId = u.id as string;
      expect(u).toMatchObject({ username: 'jane', fullName: 'Jane Doe', email: 'jane@acme.test', role: 'User', status: 'active', groupId: groupA, customerId: A, systemId: 'PRD' });
      expect(u).not.toHaveProperty('password');
      expect(u).not.toHaveProperty('passwordHash');
      expect(r.body).not.toMatch(/argon2|secret1|forged/);
      const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM app_users WHERE id = $1', [userId]);
      expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
      for (const res of [await call('adminA', 'GET', `/api/app-users/${userId}`), await call('adminA', 'GET', '/api/app-users')]) {
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toMatch(/argon2|passwordHash/);
      }
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'jane@acme.test', password: 'secret1' } });
      expect(login.statusCode).toBe(200);
      const claims = app.jwt.decode<{ permissions: Record<string, PagePermission> }>(login.json().token)!;
      expect(claims.permissions[DEPT_PAGE]).toEqual(flags('v'));
      expect(claims.permissions['user/add']).toEqual(flags(''));
      expect(Object.keys(claims.permissions).sort()).toEqual([...PAGE_KEYS].sort());
    });

    it('updates a user (whole record, no password keeps it; a new password is hashed)', async () => {
      const current = json(await call('adminA', 'GET', `/api/app-users/${userId}`));
      const u = await call('adminA', 'PUT', `/api/app-users/${userId}`, { ...current, fullName: 'Jane D', role: 'Admin' });
      expect(u.statusCode).toBe(200);
      expect(u.json()).toMatchObject({ fullName: 'Jane D', role: 'Admin' });
      const login = (password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'jane@acme.test', password } });
      expect((await login('secret1')).statusCode).toBe(200);
      const p = await call('adminA', 'PUT', `/api/app-users/${userId}`, { password: 'newpass' });
      expect(p.statusCode).toBe(200);
      expect(p.body).not.toMatch(/argon2/);
      expect((await login('secret1')).statusCode).toBe(401);
      expect((await login('newpass')).statusCode).toBe(200);
      const back = await call('adminA', 'PUT', `/api/app-users/${userId}`, { role: 'User', status: 'passive' });
      expect(back.json()).toMatchObject({ role: 'User', status: 'passive' });
      expect((await login('newpass')).statusCode).toBe(401);
    });

    it('validates with the spec messages', async () => {
      const none = await call('adminA', 'POST', '/api/app-users', { username: 'x', password: 'abcd' });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors.email).toBe('Email is required');
      const empty = await call('adminA', 'POST', '/api/app-users', { username: 'x', email: '', password: 'abcd' });
      expect(empty.json().errors.email).toBe('Email is required');
      const bad = await call('adminA', 'POST', '/api/app-users', { username: 'x', email: 'not-an-email', password: 'abcd' });
      expect(bad.json().errors.email).toBe('Email is not valid');
      const short = await call('adminA', 'POST', '/api/app-users', { username: 'x', email: 'x@acme.test', password: 'abc' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors.password).toBe('Password must be at least 4 characters');
      expect((await call('adminA', 'PUT', `/api/app-users/${userId}`, { password: 'abc' })).json().errors.password).toBe(
        'Password must be at least 4 characters',
      );
      const roles = await call('adminA', 'POST', '/api/app-users', { username: 'x', email: 'x@acme.test', password: 'abcd', role: 'SuperAdmin' });
      expect(roles.statusCode).toBe(400);
      expect(roles.json().errors).toHaveProperty('role');
      const raise = await call('adminA', 'PUT', `/api/app-users/${userId}`, { role: 'SuperAdmin' });
      expect(raise.statusCode).toBe(400);
      const bySuper = await call('super', 'POST', '/api/app-users', { username: 'x', email: 'x@acme.test', password: 'abcd', role: 'SuperAdmin' }, { 'x-customer-id': A });
      expect(bySuper.statusCode).toBe(400);
      expect((await db.query("SELECT 1 FROM app_users WHERE email = 'x@acme.test'")).rows).toHaveLength(0);
    });

    it('answers 409 to a duplicate email', async () => {
      const r = await call('adminB', 'POST', '/api/app-users', { username: 'dup', email: 'JANE@acme.test', password: 'abcd' });
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toContain('already exists');
    });

    it('keeps users within the tenant', async () => {
      const b = json(await call('adminB', 'POST', '/api/app-users', { username: 'bob', email: 'bob@beta.test', password: 'abcd', groupId: groupB }));
      const bRow = async () => (await db.query('SELECT username, email, password_hash, customer_id, role FROM app_users WHERE id = $1', [b.id])).rows[0];
      const before = await bRow();
      expect((await call('adminA', 'GET', `/api/app-users/${b.id}`)).statusCode).toBe(404);
      expect((await call('adminA', 'PUT', `/api/app-users/${b.id}`, { username: 'hijacked', password: 'owned' })).statusCode).toBe(404);
      expect((await call('adminA', 'DELETE', `/api/app-users/${b.id}`)).statusCode).toBe(404);
      const list = await call('adminA', 'GET', '/api/app-users?range=[0,99]');
      expect(list.json().every((u: { customerId: string }) => u.customerId === A)).toBe(true);
      expect(await bRow()).toEqual(before);
      // A's user cannot get B's group or department.
      const g = await call('adminA', 'PUT', `/api/app-users/${userId}`, { groupId: groupB });
      expect(g.statusCode).toBe(400);
      expect(g.json().errors).toEqual({ groupId: 'The group does not exist in this customer' });
      const d = await call('adminA', 'POST', '/api/app-users', { username: 'y', email: 'y@acme.test', password: 'abcd', departmentId: deptB });
      expect(d.statusCode).toBe(400);
      expect(d.json().errors).toEqual({ departmentId: 'The department does not exist in this customer' });
      expect((await db.query('SELECT group_id FROM app_users WHERE id = $1', [userId])).rows[0]).toEqual({ group_id: groupA });
    });

    it('limits users to Admin and SuperAdmin; SuperAdmin accounts are untouchable', async () => {
      expect((await call('userA', 'GET', '/api/app-users')).statusCode).toBe(403);
      expect((await call('userA', 'POST', '/api/app-users', { username: 'z', email: 'z@acme.test', password: 'abcd' })).statusCode).toBe(403);
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO app_users (email, username, password_hash, role) VALUES ('root@segra.test', 'root', 'x', 'SuperAdmin') RETURNING id`,
      );
      const rootId = rows[0].id;
      expect((await call('adminA', 'DELETE', `/api/app-users/${rootId}`)).statusCode).toBe(404);
      expect((await call('super', 'PUT', `/api/app-users/${rootId}`, { role: 'Admin' })).statusCode).toBe(403);
      expect((await call('super', 'DELETE', `/api/app-users/${rootId}`)).statusCode).toBe(403);
      expect((await db.query('SELECT role FROM app_users WHERE id = $1', [rootId])).rows[0]).toEqual({ role: 'SuperAdmin' });
    });

    it('deletes a user', async () => {
      const tmp = json(await call('adminA', 'POST', '/api/app-users', { username: 'tmp', email: 'tmp@acme.test', password: 'abcd' }));
      const r = await call('adminA', 'DELETE', `/api/app-users/${tmp.id}`);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ id: tmp.id, email: 'tmp@acme.test' });
      expect(r.body).not.toMatch(/argon2/);
      expect((await call('adminA', 'GET', `/api/app-users/${tmp.id}`)).statusCode).toBe(404);
    });
  });

  describe('page permissions', () => {
    it('gates departments by the group page user/add-department for a User (role × page matrix)', async () => {
      const cases: [string, Role, string | null, number, number, number, number][] = [
        // key, role, flags on the page (null: no group), list, create, update, delete
        ['pSuper', 'SuperAdmin', null, 200, 201, 200, 200],
        ['pAdmin', 'Admin', null, 200, 201, 200, 200],
        ['pAdminNone', 'Admin', '', 200, 201, 200, 200],
        ['pUserV', 'User', 'v', 200, 403, 403, 403],
        ['pUserA', 'User', 'a', 200, 201, 403, 403],
        ['pUserU', 'User', 'u', 200, 403, 200, 403],
        ['pUserD', 'User', 'd', 200, 403, 403, 200],
        ['pUserAll', 'User', 'auvd', 200, 201, 200, 200],
        ['pUserNone', 'User', '', 403, 403, 403, 403],
        ['pUserNoGroup', 'User', null, 200, 403, 403, 403],
      ];
      for (const [key, role, f, list, create, update, del] of cases) {
        const permissions: Record<string, PagePermission> = {};
        if (f !== null) {
          for (const page of PAGE_KEYS) permissions[page] = flags('');
          permissions[DEPT_PAGE] = flags(f);
        }
        sign(key, role, A, permissions);
        const headers: Record<string, string> = role === 'SuperAdmin' ? { 'x-customer-id': A } : {};
        const victim = json(await call('adminA', 'POST', '/api/departments', { name: `victim ${key}` })).id;
        expect((await call(key, 'GET', '/api/departments', undefined, headers)).statusCode, `${key} list`).toBe(list);
        expect((await call(key, 'GET', `/api/departments/${victim}`, undefined, headers)).statusCode, `${key} get`).toBe(list === 200 ? 200 : 403);
        expect((await call(key, 'POST', '/api/departments', { name: `made by ${key}` }, headers)).statusCode, `${key} create`).toBe(create);
        expect((await call(key, 'PUT', `/api/departments/${victim}`, { name: `renamed ${key}` }, headers)).statusCode, `${key} update`).toBe(update);
        expect((await call(key, 'DELETE', `/api/departments/${victim}`, undefined, headers)).statusCode, `${key} delete`).toBe(del);
      }
      const { rows } = await db.query<{ name: string }>("SELECT name FROM departments WHERE name LIKE 'made by%' ORDER BY name");
      expect(rows.map((r) => r.name)).toEqual(['made by pAdmin', 'made by pAdminNone', 'made by pSuper', 'made by pUserA', 'made by pUserAll']);
    });

    it('puts the group permissions in the login token: view lists, lacking add is 403', async () => {
      const g = json(await call('adminA', 'POST', '/api/groups', { name: 'Dept readers', pages: [{ page: DEPT_PAGE, view: true }] }));
      await call('adminA', 'POST', '/api/app-users', { username: 'reader', email: 'reader@acme.test', password: 'read1', groupId: g.id });
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'reader@acme.test', password: 'read1' } });
      const auth = { authorization: `Bearer ${login.json().token}` };
      expect((await app.inject({ method: 'GET', url: '/api/departments', headers: auth })).statusCode).toBe(200);
      const create = await app.inject({ method: 'POST', url: '/api/departments', headers: auth, payload: { name: 'Reader made' } });
      expect(create.statusCode).toBe(403);
      expect(create.json().code).toBe('PAGE_FORBIDDEN');
      // Granting add (mode=update) takes effect at the next login.
      await call('adminA', 'POST', `/api/groups/${g.id}/pages?mode=update`, { page: DEPT_PAGE, add: true });
      const again = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'reader@acme.test', password: 'read1' } });
      const ok = await app.inject({
        method: 'POST',
        url: '/api/departments',
        headers: { authorization: `Bearer ${again.json().token}` },
        payload: { name: 'Reader made' },
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().customerId).toBe(A);
    });

    it('permissionsForUser: {} without a group, every page with one', async () => {
      const { rows } = await db.query<{ id: string }>("SELECT id FROM app_users WHERE email = 'holder@acme.test'");
      const withGroup = await permissionsForUser(db, rows[0].id);
      expect(Object.keys(withGroup)).toHaveLength(PAGE_KEYS.length);
      const { rows: none } = await db.query<{ id: string }>(
        `INSERT INTO app_users (customer_id, email, username, password_hash, role) VALUES ($1, 'nogroup@acme.test', 'n', 'x', 'User') RETURNING id`,
        [A],
      );
      expect(await permissionsForUser(db, none[0].id)).toEqual({});
      expect(await permissionsForUser(db, MISSING)).toEqual({});
      expect(SUPERADMIN_ONLY_PAGES).toEqual(['customer/add', 'customer/cors', 'licenses/license-files']);
    });
  });
}

describe('users and groups on PGlite', () => usersGroupsSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('users and groups on PostgreSQL', () => usersGroupsSuite(postgresDatabase()));
