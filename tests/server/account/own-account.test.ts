import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

const A = 'aaaaaaaa-0000-4000-8000-0000000000a1';
const B = 'bbbbbbbb-0000-4000-8000-0000000000b2';

/**
 * What is the user's own (issue 27): its name and password. Any logged-in user changes them,
 * whatever its group's pages; the account-settings page permission does not gate them.
 */
function ownAccountSuite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '1000' } as NodeJS.ProcessEnv), { db, logger: false });
    await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Acme'), ($2, 'Beta')`, [A, B]);
    // A group that may only read the risk list: no account-settings page.
    const { rows: groups } = await db.query<{ id: string }>(`INSERT INTO groups (customer_id, name) VALUES ($1, 'Readers') RETURNING id`, [A]);
    await db.query(`INSERT INTO group_pages (group_id, page, can_view) VALUES ($1, 'reports/list', true)`, [groups[0].id]);
    await db.query(
      `INSERT INTO app_users (customer_id, email, username, full_name, password_hash, role, group_id)
       VALUES ($1, 'okur@acme.test', 'okur', 'Okur', $2, 'User', $3)`,
      [A, await hashPassword('old-pass'), groups[0].id],
    );
    await db.query(
      `INSERT INTO app_users (customer_id, email, username, password_hash, role)
       VALUES (NULL, 'root@segra.test', 'root', $1, 'SuperAdmin'), ($2, 'ayse@acme.test', 'ayse', $1, 'Admin')`,
      [await hashPassword('pass1234'), A],
    );
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  const login = async (password: string, email = 'okur@acme.test') => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const choose = (token: string, customerId: unknown) =>
    app.inject({ method: 'PUT', url: '/api/auth/active-customer', payload: { customerId }, headers: { authorization: `Bearer ${token}` } });

  it('a User whose group lacks the account-settings page changes its own name and password', async () => {
    const { token } = (await login('old-pass')).json();
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.permissions['account/settings']).toEqual({ add: false, update: false, delete: false, view: false });
    expect(claims.permissions['reports/list'].view).toBe(true);

    const renamed = await app.inject({ method: 'PATCH', url: '/api/auth/me', payload: { fullName: 'Okur Yazar' }, headers: { authorization: `Bearer ${token}` } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'old-pass', newPassword: 'new-pass' },
      headers: { authorization: `Bearer ${renamed.json().token}` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await login('new-pass');
    expect(again.statusCode).toBe(200);
    expect(again.json().user.name).toBe('Okur Yazar');
  });

  it("keeps a SuperAdmin's active customer for its next login; a customer deleted meanwhile is forgotten", async () => {
    const first = (await login('pass1234', 'root@segra.test')).json();
    expect(first.user.activeCustomerId).toBeNull();
    const chosen = await choose(first.token, A);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ customerId: A });
    // Remembering a choice ends no session.
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${first.token}` } })).statusCode).toBe(200);
    expect((await login('pass1234', 'root@segra.test')).json().user.activeCustomerId).toBe(A);

    expect((await choose(first.token, null)).json()).toEqual({ customerId: null });
    expect((await login('pass1234', 'root@segra.test')).json().user.activeCustomerId).toBeNull();

    expect((await choose(first.token, B)).statusCode).toBe(200);
    await db.query('DELETE FROM customers WHERE id = $1', [B]);
    expect((await login('pass1234', 'root@segra.test')).json().user.activeCustomerId).toBeNull();
  });

  it('refuses an unknown customer, a malformed id and anyone but a SuperAdmin', async () => {
    const root = (await login('pass1234', 'root@segra.test')).json().token;
    const unknown = await choose(root, 'cccccccc-0000-4000-8000-0000000000c3');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('CUSTOMER_NOT_FOUND');
    const malformed = await choose(root, 'acme');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveProperty('customerId');
    expect((await app.inject({ method: 'PUT', url: '/api/auth/active-customer', payload: { customerId: A } })).statusCode).toBe(401);
    const admin = (await login('pass1234', 'ayse@acme.test')).json();
    expect(admin.user.activeCustomerId).toBeNull();
    expect((await choose(admin.token, A)).statusCode).toBe(403);
  });
}

describe('the own account on PGlite', () => ownAccountSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('the own account on PostgreSQL', () => ownAccountSuite(postgresDatabase()));
