import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Role } from '../../server/auth/roles.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from './databases.ts';
import { config, EVERY_PAGE, licenceFile } from './resource-samples.ts';

/*
 * The one tenant resolver (server/platform/resource/tenant.ts, issue 31): the routes beside the
 * resource registry (notifications, licence counts, SQL runs, group pages, a system's create)
 * resolve X-Customer-Id exactly as the registry's routes do. tenant-isolation.test.ts walks the
 * registry; this suite samples the others and the SuperAdmin's answers without a header.
 */

const SERVER = path.resolve(import.meta.dirname, '../../server');
const RESOLVER = path.join(SERVER, 'platform/resource/tenant.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('one tenant resolver', () => {
  it('reads the X-Customer-Id header in one file only', () => {
    const readers = sourceFiles(SERVER).filter((f) => /headers\s*\[\s*['"]x-customer-id['"]\s*\]|headers\s*\.\s*['"]?x-customer-id/i.test(readFileSync(f, 'utf8')));
    expect(readers.map((f) => path.relative(SERVER, f))).toEqual([path.relative(SERVER, RESOLVER)]);
  });
});

function suite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let A: string;
  let B: string;
  const tokens: Record<string, string> = {};
  const userIds: Record<string, string> = {};
  const send = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}`, ...headers } });
  const inB = { 'x-customer-id': '' };

  /** A real user (notifications reference app_users) with a token of the given role and customer. */
  async function user(key: string, role: Role, customerId: string | null): Promise<void> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO app_users (customer_id, email, username, password_hash, role) VALUES ($1, $2, $3, 'x', $4) RETURNING id`,
      [customerId, `${key}@tenant.test`, key, role],
    );
    userIds[key] = rows[0].id;
    tokens[key] = app.signAccessToken({ sub: rows[0].id, name: key, email: `${key}@tenant.test`, customerId, Role: role, permissions: role === 'User' ? EVERY_PAGE : {} });
  }

  const notify = (customerId: string, userKey: string, key: string) =>
    db.query(`INSERT INTO notifications (customer_id, user_id, kind, event_key) VALUES ($1, $2, 'import.ready', $3)`, [customerId, userIds[userKey], key]);

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    await user('super', 'SuperAdmin', null);
    const customer = async (name: string): Promise<string> => {
      const r = await send('super', 'POST', '/api/customers', {}, { name });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as string;
    };
    A = await customer('Acme');
    B = await customer('Beta');
    inB['x-customer-id'] = B;
    for (const [c, name] of [[A, 'Acme'], [B, 'Beta']]) {
      const r = await send('super', 'POST', '/api/licences', {}, { customerId: c, file: licenceFile(name) });
      expect(r.statusCode, r.body).toBe(201);
    }
    await user('adminA', 'Admin', A);
    await user('userA', 'User', A);
    await user('adminB', 'Admin', B);
    await user('adminNone', 'Admin', null);
    for (const [c, sid] of [[A, 'ISA'], [B, 'ISB']] as const) {
      await db.query(`INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, $2, 'x', 'hw', '0000000001', '00')`, [c, sid]);
    }
    // Each caller has a notification in its own customer and one in B (the SuperAdmin: one in each).
    for (const key of ['adminA', 'userA']) {
      await notify(A, key, `${key}-own`);
      await notify(B, key, `${key}-in-b`);
    }
    await notify(A, 'super', 'super-a');
    await notify(B, 'super', 'super-b');
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  it("an Admin or User of A naming B in X-Customer-Id stays in A on every sampled route", async () => {
    for (const who of ['adminA', 'userA']) {
      const systems = await send(who, 'GET', '/api/systems', inB);
      expect(systems.statusCode, systems.body).toBe(200);
      expect((systems.json() as { sid: string }[]).map((s) => s.sid), who).toEqual(['ISA']);

      const bell = await send(who, 'GET', '/api/notifications', inB);
      expect(bell.statusCode, bell.body).toBe(200);
      expect((bell.json() as { data: unknown[] }).data, who).toHaveLength(1);

      const counts = await send(who, 'GET', '/api/licences/counts', inB);
      expect(counts.statusCode, counts.body).toBe(200);
      expect((counts.json() as { name: string }[]).map((c) => c.name), who).toEqual(['Acme']);
    }
    // A group of B is not found through the header; a system created with it lands in A.
    const group = await send('adminB', 'POST', '/api/groups', {}, { name: 'Auditors of B' });
    expect(group.statusCode, group.body).toBe(201);
    const page = await send('adminA', 'POST', `/api/groups/${String(group.json().id)}/pages`, inB, { page: 'admin/sql', view: true });
    expect(page.statusCode, page.body).toBe(404);
    const created = await send('adminA', 'POST', '/api/systems', inB, { sid: 'NEW', sapVersion: '7.5', installationNumber: '0020123456', hwKey: 'HW-ISO-1', systemNumber: '00' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().customerId).toBe(A);
  });

  it('a SuperAdmin without X-Customer-Id reads every customer and must choose one to create', async () => {
    const systems = await send('super', 'GET', '/api/systems');
    expect((systems.json() as { sid: string }[]).map((s) => s.sid).sort()).toEqual(expect.arrayContaining(['ISA', 'ISB']));
    expect((await send('super', 'GET', '/api/notifications')).json().data).toHaveLength(2);
    expect(((await send('super', 'GET', '/api/licences/counts')).json() as { name: string }[]).map((c) => c.name).sort()).toEqual(['Acme', 'Beta']);
    const create = await send('super', 'POST', '/api/systems', {}, { sid: 'NOC', sapVersion: '7.5', installationNumber: '0020123456', hwKey: 'HW-ISO-1', systemNumber: '00' });
    expect(create.statusCode, create.body).toBe(400);
    // With B chosen, B's alone.
    expect((await send('super', 'GET', '/api/notifications', inB)).json().data).toHaveLength(1);
    expect(((await send('super', 'GET', '/api/systems', inB)).json() as { sid: string }[]).map((s) => s.sid)).toEqual(['ISB']);
  });

  it('a malformed or unknown X-Customer-Id is the same coded answer on every sampled route', async () => {
    const urls = ['/api/systems', '/api/notifications', '/api/licences/counts', '/api/app-users'];
    for (const url of urls) {
      const bad = await send('super', 'GET', url, { 'x-customer-id': 'not-a-uuid' });
      expect([bad.statusCode, bad.json().code], url).toEqual([400, 'CUSTOMER_HEADER_INVALID']);
      const unknown = await send('super', 'GET', url, { 'x-customer-id': crypto.randomUUID() });
      expect([unknown.statusCode, unknown.json().code], url).toEqual([404, 'CUSTOMER_NOT_FOUND']);
      // The header is the SuperAdmin's alone: an Admin's malformed header is not even read.
      expect((await send('adminA', 'GET', url, { 'x-customer-id': 'not-a-uuid' })).statusCode, url).toBe(200);
      const none = await send('adminNone', 'GET', url);
      expect([none.statusCode, none.json().code], url).toEqual([403, 'NO_CUSTOMER']);
    }
  });
}

describe('tenant resolver on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('tenant resolver on PostgreSQL', () => suite(postgresDatabase()));
