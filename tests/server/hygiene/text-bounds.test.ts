import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { ensureSuperAdmin } from '../../../server/auth/bootstrap.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { MAX_TEXT_LENGTH } from '../../../contracts/text-limits.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { config, licenceFile } from '../resource-samples.ts';

/**
 * DESIGN 7b: every text field of the API has a maximum length (a field a route does not know
 * included), and names refuse zero-width and direction control characters, with a 400 naming
 * the field and nothing stored.
 */
function textBounds(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let root: string;
  let A: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token: string | null = root) =>
    app.inject({ method, url, payload, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(A ? { 'x-customer-id': A } : {}) } });
  const rowCount = async (table: string) => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    await ensureSuperAdmin(db, { email: 'root@segra.test', password: 'root-pass' });
    root = (await call('POST', '/api/auth/login', { email: 'root@segra.test', password: 'root-pass' }, null)).json().token;
    A = (await call('POST', '/api/customers', { name: 'Acme' })).json().id;
    expect((await call('POST', '/api/licences', { customerId: A, file: licenceFile('Acme') })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  const million = 'x'.repeat(1_000_000);

  it('refuses a million characters in the fields the probe found stored, and in any other field, naming it', async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['/api/groups', 'groups', { name: 'G', description: million }, 'description'],
      ['/api/departments', 'departments', { name: 'D', description: million }, 'description'],
      ['/api/mitigating-controls', 'mitigating_controls', { controlId: 'MC-1', name: million }, 'name'],
      ['/api/mitigating-controls', 'mitigating_controls', { controlId: 'MC-1', owner: million }, 'owner'],
      ['/api/mitigating-controls', 'mitigating_controls', { controlId: 'MC-1', description: million }, 'description'],
      ['/api/departments', 'departments', { name: million }, 'name'],
    ];
    for (const [url, table, body, field] of cases) {
      const before = await rowCount(table);
      const r = await call('POST', url, body);
      expect(r.statusCode, `${url} ${field}: ${r.body.slice(0, 200)}`).toBe(400);
      expect(r.json()).toMatchObject({ code: 'TEXT_TOO_LONG', params: { field, limit: MAX_TEXT_LENGTH } });
      expect(r.json().errors).toHaveProperty(field);
      expect(await rowCount(table)).toBe(before);
    }
  });

  it("refuses a text past its own field's maximum, which the API description states", async () => {
    const r = await call('POST', '/api/mitigating-controls', { controlId: 'MC-2', description: 'd'.repeat(2001) });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toHaveProperty('description');
    const doc = (await call('GET', '/api/docs/json', undefined, null)).json();
    const body = doc.paths['/api/mitigating-controls'].post.requestBody.content['application/json'].schema;
    expect(body.properties.description.maxLength).toBe(2000);
    expect(body.properties.controlId.maxLength).toBe(100);
    const departments = doc.paths['/api/departments'].post.requestBody.content['application/json'].schema;
    expect(departments.properties.name.maxLength).toBe(200);
  });

  it('refuses zero-width and direction control characters in names, with a code naming the field', async () => {
    const names: [string, string, (s: string) => Record<string, unknown>, string][] = [
      ['/api/customers', 'customers', (s) => ({ name: s }), 'name'],
      ['/api/departments', 'departments', (s) => ({ name: s }), 'name'],
      ['/api/groups', 'groups', (s) => ({ name: s }), 'name'],
      ['/api/risk-periods', 'risk_periods', (s) => ({ name: s, periodDate: '2026-02-01' }), 'name'],
      ['/api/sql-queries', 'sql_queries', (s) => ({ name: s, type: 'general', rawQuery: 'SELECT 1' }), 'name'],
      ['/api/mitigating-controls', 'mitigating_controls', (s) => ({ controlId: s }), 'controlId'],
      ['/api/app-users', 'app_users', (s) => ({ username: s, email: 'u@x.test', password: 'secret1', role: 'User' }), 'username'],
    ];
    for (const bad of ['Evil\u202Etxt.exe', 'Ad\u200Bmin', 'Na\uFEFFme', 'a\u2066b\u2069', 'x\u200Fy', 'x\u061Cy', 'x\u2060y']) {
      for (const [url, table, body, field] of names) {
        const before = await rowCount(table);
        const r = await call('POST', url, body(bad));
        expect(r.statusCode, `${url} ${JSON.stringify(bad)}: ${r.body}`).toBe(400);
        expect(r.json()).toMatchObject({ code: 'INVISIBLE_CHARACTER', params: { field } });
        expect(r.json().errors).toHaveProperty(field);
        expect(await rowCount(table)).toBe(before);
      }
    }
    // Updates too; descriptions may hold a right-to-left mark (Arabic, Hebrew text), names may not.
    const made = await call('POST', '/api/departments', { name: 'Audit' });
    const r = await call('PUT', `/api/departments/${made.json().id}`, { name: 'Au\u200Bdit' });
    expect(r.json()).toMatchObject({ code: 'INVISIBLE_CHARACTER', params: { field: 'name' } });
    const rtl = await call('POST', '/api/mitigating-controls', { controlId: 'MC-RTL', description: 'שלום\u200F' });
    expect(rtl.statusCode, rtl.body).toBe(201);
  });
}

describe('text bounds on PGlite', () => textBounds(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('text bounds on PostgreSQL', () => textBounds(postgresDatabase()));
