import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Role } from '../../../server/auth/roles.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const MISSING = 'dddddddd-0000-4000-8000-000000000004';

// Issue 15 leftovers: a group's system is one of its own customer's systems.
function groupSystemSuite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let systemA: string;
  let systemB: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), { db, logger: false });
    await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Acme'), ($2, 'Beta')`, [A, B]);
    const system = async (customerId: string, sid: string) =>
      (
        await db.query<{ id: string }>(
          `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, $2, 'x', 'hw', '0000000001', '00') RETURNING id`,
          [customerId, sid],
        )
      ).rows[0].id;
    systemA = await system(A, 'PRD');
    systemB = await system(B, 'QAS');
    const sign = (key: string, role: Role, customerId: string | null) => {
      tokens[key] = app.signAccessToken({ sub: crypto.randomUUID(), name: key, email: `${key}@test.local`, customerId, Role: role, permissions: {} });
    };
    sign('adminA', 'Admin', A);
    sign('super', 'SuperAdmin', null);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  const call = (who: string, method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}`, ...headers } });
  const groupCount = async () => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM groups')).rows[0].n);

  it('creates a group with a system of its own customer', async () => {
    const r = await call('adminA', 'POST', '/api/groups', { name: 'With system', systemId: systemA });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ systemId: systemA, customerId: A });
  });

  it('refuses on create another customer’s system, a missing one and a text that is no id: 400 naming systemId, nothing stored', async () => {
    const before = await groupCount();
    for (const systemId of [systemB, MISSING, 'PRD']) {
      const r = await call('adminA', 'POST', '/api/groups', { name: `Bad ${systemId}`, systemId, pages: [{ page: 'reports/list', view: true }] });
      expect(r.statusCode, systemId).toBe(400);
      expect(r.json().errors).toEqual({ systemId: 'The system does not exist in this customer' });
    }
    expect(await groupCount()).toBe(before);
    const pages = await db.query(`SELECT 1 FROM group_pages gp JOIN groups g ON g.id = gp.group_id WHERE g.name LIKE 'Bad %'`);
    expect(pages.rows).toEqual([]);
  });

  it('refuses on update another customer’s or a missing system, and keeps the stored one', async () => {
    const id = (await call('adminA', 'POST', '/api/groups', { name: 'To update', systemId: systemA })).json().id as string;
    for (const systemId of [systemB, MISSING]) {
      const r = await call('adminA', 'PUT', `/api/groups/${id}`, { name: 'Changed', systemId });
      expect(r.statusCode).toBe(400);
      expect(Object.keys(r.json().errors)).toEqual(['systemId']);
    }
    const { rows } = await db.query<{ name: string; system_id: string }>('SELECT name, system_id FROM groups WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ name: 'To update', system_id: systemA });
    const cleared = await call('adminA', 'PUT', `/api/groups/${id}`, { systemId: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().systemId).toBeNull();
  });

  it('checks a SuperAdmin’s write against the customer it acts in (X-Customer-Id, else the group’s own)', async () => {
    const other = await call('super', 'POST', '/api/groups', { name: 'Super bad', systemId: systemA }, { 'x-customer-id': B });
    expect(other.statusCode).toBe(400);
    expect(Object.keys(other.json().errors)).toEqual(['systemId']);
    const ok = await call('super', 'POST', '/api/groups', { name: 'Super good', systemId: systemB }, { 'x-customer-id': B });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().id as string;
    const cross = await call('super', 'PUT', `/api/groups/${id}`, { systemId: systemA });
    expect(cross.statusCode).toBe(400);
    expect((await call('super', 'PUT', `/api/groups/${id}`, { systemId: systemB })).statusCode).toBe(200);
  });
}

describe('a group’s system on PGlite', () => groupSystemSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('a group’s system on PostgreSQL', () => groupSystemSuite(postgresDatabase('segra_group_system')));
