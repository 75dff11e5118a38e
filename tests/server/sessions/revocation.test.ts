import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { ensureSuperAdmin } from '../../../server/auth/bootstrap.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { hashResetToken } from '../../../server/modules/account/account-routes.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

/**
 * DESIGN 6, "sessions end when access ends": a token stops working at once (401) after logout,
 * a password change or reset, the user set passive or deleted, its role or group or the group's
 * pages changing, or its customer set passive; users of a passive customer cannot log in.
 */
function revocation(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let root: string;
  let A: string;
  let n = 0;
  const config = loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '1000' } as NodeJS.ProcessEnv);

  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, customer?: string) =>
    app.inject({
      method,
      url,
      payload,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(customer ? { 'x-customer-id': customer } : {}) },
    });
  const login = (email: string, password = 'pass1234') => call(null, 'POST', '/api/auth/login', { email, password });
  const tokenOf = async (email: string, password = 'pass1234'): Promise<string> => {
    const r = await login(email, password);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().token as string;
  };
  /** A user of customer A made through the API, with its token from a real login. */
  async function user(role: 'Admin' | 'User', extra: Record<string, unknown> = {}, customer = A): Promise<{ id: string; email: string; token: string }> {
    const email = `u${++n}@acme.test`;
    const r = await call(root, 'POST', '/api/app-users', { username: `u${n}`, email, password: 'pass1234', role, ...extra }, customer);
    expect(r.statusCode, r.body).toBe(201);
    return { id: r.json().id, email, token: await tokenOf(email) };
  }
  const me = async (token: string) => (await call(token, 'GET', '/api/auth/me')).statusCode;

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    await ensureSuperAdmin(db, { email: 'root@segra.test', password: 'root-pass' });
    root = await tokenOf('root@segra.test', 'root-pass');
    A = (await call(root, 'POST', '/api/customers', { name: 'Acme' })).json().id;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  it('logout ends the session on the server: the same token is a 401, a new login works', async () => {
    const u = await user('User');
    expect(await me(u.token)).toBe(200);
    const out = await call(u.token, 'POST', '/api/auth/logout');
    expect(out.statusCode).toBe(204);
    const after = await call(u.token, 'GET', '/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_ENDED');
    expect((await call(null, 'POST', '/api/auth/logout')).statusCode).toBe(401);
    expect(await me(await tokenOf(u.email))).toBe(200);
  });

  it('a password change ends the old token; the answer carries a working new one', async () => {
    const u = await user('User');
    const other = await tokenOf(u.email); // a second device
    const r = await call(u.token, 'POST', '/api/auth/change-password', { currentPassword: 'pass1234', newPassword: 'next-pass' });
    expect(r.statusCode).toBe(200);
    expect(await me(u.token)).toBe(401);
    expect(await me(other)).toBe(401);
    expect(await me(r.json().token)).toBe(200);
  });

  it('a password reset ends the old token', async () => {
    const u = await user('User');
    await db.query(`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [
      hashResetToken('reset-me'),
      u.id,
    ]);
    const r = await call(null, 'POST', '/api/auth/reset-password', { token: 'reset-me', email: u.email, password: 'fresh-pass', confirmPassword: 'fresh-pass' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await me(u.token)).toBe(401);
    expect(await me(await tokenOf(u.email, 'fresh-pass'))).toBe(200);
  });

  it('a user set passive can no longer write with its token; other users are untouched', async () => {
    const u = await user('Admin');
    const bystander = await user('Admin');
    expect((await call(u.token, 'POST', '/api/departments', { name: `before ${n}` })).statusCode).toBe(201);
    expect((await call(root, 'PUT', `/api/app-users/${u.id}`, { status: 'passive' }, A)).statusCode).toBe(200);
    expect((await call(u.token, 'POST', '/api/departments', { name: `after ${n}` })).statusCode).toBe(401);
    expect(await me(bystander.token)).toBe(200);
  });

  it("a deleted Admin's token no longer creates Admin users", async () => {
    const u = await user('Admin');
    expect((await call(root, 'DELETE', `/api/app-users/${u.id}`, undefined, A)).statusCode).toBe(200);
    const r = await call(u.token, 'POST', '/api/app-users', { username: 'ghost', email: `ghost${n}@acme.test`, password: 'pass1234', role: 'Admin' });
    expect(r.statusCode).toBe(401);
    const { rows } = await db.query('SELECT 1 FROM app_users WHERE username = $1', ['ghost']);
    expect(rows).toEqual([]);
  });

  it('an Admin downgraded to User loses the Admin token', async () => {
    const u = await user('Admin');
    expect((await call(u.token, 'GET', '/api/app-users')).statusCode).toBe(200);
    expect((await call(root, 'PUT', `/api/app-users/${u.id}`, { role: 'User' }, A)).statusCode).toBe(200);
    expect((await call(u.token, 'GET', '/api/app-users')).statusCode).toBe(401);
    // A save that changes nothing that grants access keeps the session.
    const again = await tokenOf(u.email);
    expect((await call(root, 'PUT', `/api/app-users/${u.id}`, { role: 'User', fullName: 'Renamed' }, A)).statusCode).toBe(200);
    expect(await me(again)).toBe(200);
  });

  it("a group that lost a page, or a user moved to another group, ends the members' tokens", async () => {
    const pages = (add: boolean) => [{ page: 'user/add-department', add, view: true }];
    const g1 = (await call(root, 'POST', '/api/groups', { name: `writers ${n}`, pages: pages(true) }, A)).json().id as string;
    const g2 = (await call(root, 'POST', '/api/groups', { name: `readers ${n}`, pages: pages(false) }, A)).json().id as string;
    const member = await user('User', { groupId: g1 });
    const mover = await user('User', { groupId: g1 });
    expect((await call(member.token, 'POST', '/api/departments', { name: `dept ${n}` })).statusCode).toBe(201);
    // Saving the group unchanged keeps the sessions.
    expect((await call(root, 'PUT', `/api/groups/${g1}`, { name: `writers ${n - 1}`, pages: pages(true) }, A)).statusCode).toBe(200);
    expect(await me(member.token)).toBe(200);

    expect((await call(root, 'PUT', `/api/app-users/${mover.id}`, { groupId: g2 }, A)).statusCode).toBe(200);
    expect(await me(mover.token)).toBe(401);
    expect(await me(member.token)).toBe(200);

    expect((await call(root, 'PUT', `/api/groups/${g1}`, { pages: pages(false) }, A)).statusCode).toBe(200);
    expect((await call(member.token, 'POST', '/api/departments', { name: `dept2 ${n}` })).statusCode).toBe(401);
    const fresh = await tokenOf(member.email);
    expect((await call(fresh, 'POST', '/api/departments', { name: `dept3 ${n}` })).statusCode).toBe(403);
    // The page added through POST /api/groups/:id/pages ends them too.
    const r = await call(root, 'POST', `/api/groups/${g1}/pages`, { page: 'system/period', view: true }, A);
    expect(r.statusCode).toBe(201);
    expect(await me(fresh)).toBe(401);
  });

  it('a customer set passive ends its users\u2019 tokens and refuses their login with 403 saying why', async () => {
    const B = (await call(root, 'POST', '/api/customers', { name: `Passive ${n}` })).json().id as string;
    const u = await user('Admin', {}, B);
    const other = await user('Admin'); // of customer A
    expect((await call(root, 'PUT', `/api/customers/${B}`, { status: 'passive' })).statusCode).toBe(200);
    expect(await me(u.token)).toBe(401);
    expect(await me(other.token)).toBe(200);
    const refused = await login(u.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CUSTOMER_PASSIVE' });
    expect(refused.json().message).toMatch(/customer is passive/);
    // A wrong password still says nothing about the customer.
    expect((await login(u.email, 'wrong-pass')).statusCode).toBe(401);
    expect((await call(root, 'PUT', `/api/customers/${B}`, { status: 'active' })).statusCode).toBe(200);
    expect(await me(u.token)).toBe(401); // the old session stays ended
    expect(await me(await tokenOf(u.email))).toBe(200);
  });

  it('refuses a validly signed token without exp', async () => {
    const u = await user('User');
    const secret = (await db.query<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'jwt_secret'`)).rows[0].value;
    const sign = (claims: object): string => {
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
      return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    };
    const claims = { sub: u.id, name: 'x', email: u.email, customerId: A, Role: 'User', permissions: {}, iat: Math.floor(Date.now() / 1000) };
    const r = await call(sign(claims), 'GET', '/api/auth/me');
    expect(r.statusCode).toBe(401);
    expect(await me(sign({ ...claims, exp: claims.iat + 60 }))).toBe(200);
  });
}

/**
 * Several `segra serve --no-worker` nodes on one PostgreSQL: a node that did not serve the
 * write learns of it through the triggers' NOTIFY, not only when its cache entry runs out.
 */
function twoNodes(target: TestDatabase): void {
  let db: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;
  const config = loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '1000' } as NodeJS.ProcessEnv);
  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    first = await buildApp(config, { db, logger: false });
    second = await buildApp(config, { db, logger: false });
    await first.ready();
    await second.ready();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await db?.close();
    await target.teardown();
  });

  it('a logout on one node ends the token on the other well before the cache would expire', async () => {
    await ensureSuperAdmin(db, { email: 'root@segra.test', password: 'root-pass' });
    const token = (await first.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'root@segra.test', password: 'root-pass' } })).json().token;
    const me = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(second)).statusCode).toBe(200); // now cached on the second node
    expect((await first.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(204);
    const start = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - start < 4000) {
      status = (await me(second)).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(401);
    expect(Date.now() - start).toBeLessThan(1000);
  });
}

describe('sessions end when access ends, on PGlite', () => revocation(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('sessions end when access ends, on PostgreSQL', () => revocation(postgresDatabase()));
describe.skipIf(!postgresAdminUrl)('sessions end on every API node of one PostgreSQL', () => twoNodes(postgresDatabase()));
