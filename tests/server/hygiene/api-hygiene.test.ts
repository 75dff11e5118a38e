import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { ensureSuperAdmin } from '../../../server/auth/bootstrap.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { MAX_TEXT_LENGTH } from '../../../contracts/text-limits.ts';
import { resources } from '../../../server/resources/define-resource.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { config, licenceFile, SAMPLES } from '../resource-samples.ts';

// Production's password cost in this file, not the server tests' low one (tests/server/password-cost.ts):
// the login timing test below compares a real hash with the stand-in hash for an unknown email,
// which only means something when the hash is what takes the time.
vi.mock('../password-cost.ts', () => import('../../../server/auth/password-cost.ts'));

/**
 * API hygiene (DESIGN 6, 7a): NUL and other control characters in any text field of a create or
 * update body are a 400 naming the field with nothing stored; every API answer carries
 * `Cache-Control: no-store`; login takes as long for an unknown email as for a known one.
 */
function hygiene(target: TestDatabase): void {
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

  /** Every string of `body` (nested too) with its path, e.g. `pages.0.page`. */
  const stringPaths = (value: unknown, path: string[] = []): string[][] => {
    if (typeof value === 'string') return [path];
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  };
  const withText = (body: unknown, path: string[], text: string): unknown => {
    const copy = structuredClone(body) as Record<string, unknown>;
    let at = copy;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
    at[path.at(-1)!] = text;
    return copy;
  };

  it('refuses NUL and other control characters in every text field of every create endpoint, naming the field', async () => {
    const creates = [...resources.values()].filter((s) => (s.operations?.create ?? true) !== false && s.access.write.includes('SuperAdmin'));
    const bodies: [string, string, Record<string, unknown>][] = creates.map((s) => [
      `/api/${s.name}`,
      s.table,
      s.name === 'customers' ? { name: 'Beta', address: 'Street 1' } : s.name === 'licences' ? { customerId: A, file: licenceFile('Acme') } : SAMPLES[s.name].body(1000),
    ]);
    bodies.push(['/api/auth/register', 'app_users', { email: 'new@x.test', username: 'new', password: 'abcd1234' }]);
    expect(bodies.length).toBeGreaterThanOrEqual(16);
    let checked = 0;
    for (const [url, table, body] of bodies) {
      for (const path of stringPaths(body)) {
        const field = path.join('.');
        for (const bad of ['a\u0000b', 'a\u0007b', '\u001b[31m']) {
          const before = await rowCount(table);
          const r = await call('POST', url, withText(body, path, bad) as object);
          expect(r.statusCode, `${url} ${field}: ${r.body}`).toBe(400);
          expect(r.json().errors, `${url} ${field}`).toEqual({ [field]: 'Control characters are not allowed' });
          expect(r.json().message).toContain(field);
          expect(await rowCount(table), `${url} stored nothing`).toBe(before);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('refuses them in updates and query parameters too, and keeps tab, line feed and carriage return', async () => {
    const made = await call('POST', '/api/departments', { name: 'Audit\tTeam' });
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    const r = await call('PUT', `/api/departments/${id}`, { name: 'Audit\u0000' });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ name: 'Control characters are not allowed' });
    expect((await call('GET', `/api/departments/${id}`)).json().name).toBe('Audit\tTeam');
    const q = await call('GET', `/api/departments?filter=${encodeURIComponent(JSON.stringify({ q: 'a\u0000' }))}`);
    expect(q.statusCode).toBe(400);
    expect(q.json().errors).toEqual({ 'filter.q': 'Control characters are not allowed' });
    const raw = await call('GET', `/api/departments?sort=${encodeURIComponent('["name\u0000","ASC"]')}`);
    expect(raw.statusCode).toBe(400);
    expect(raw.json().errors).toEqual({ sort: 'Control characters are not allowed' });
    const sql = await call('POST', '/api/sql-queries', { name: 'Lines', description: 'one\r\ntwo', type: 'general', rawQuery: 'SELECT 1\n\tAS one' });
    expect(sql.statusCode).toBe(201);
  });

  it('marks every API answer Cache-Control: no-store', async () => {
    const answers = [
      await call('GET', '/api/health', undefined, null),
      await call('GET', '/api/departments'),
      await call('GET', '/api/departments', undefined, null),
      await call('GET', '/api/no-such-thing'),
      await call('POST', '/api/departments', { name: '' }),
      await call('POST', '/api/auth/login', { email: 'root@segra.test', password: 'root-pass' }, null),
      await call('POST', '/api/auth/login', { email: 'root@segra.test', password: 'wrong-pass' }, null),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404, 400, 200, 401]);
    for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown email in the same time as a known one', async () => {
    const time = async (email: string) => {
      const start = performance.now();
      const r = await call('POST', '/api/auth/login', { email, password: 'wrong-pass' }, null);
      expect(r.statusCode).toBe(401);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('root@segra.test'));
      unknown.push(await time(`nobody${i}@segra.test`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Without the stand-in hash an unknown email answered some 30 times faster.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.6);
    expect(median(unknown) / median(known)).toBeLessThan(1.7);
  });

  // DESIGN 7b: every text field has a maximum length (a field a route does not know included), and
  // names refuse zero-width and direction control characters, with a 400 naming the field.
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

describe('API hygiene on PGlite', () => hygiene(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('API hygiene on PostgreSQL', () => hygiene(postgresDatabase()));
