import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Role } from '../../../server/auth/roles.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const EMPTY = 'cccccccc-0000-4000-8000-000000000003';
const MISSING = 'dddddddd-0000-4000-8000-000000000004';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function resourcesSuite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  const config = loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Acme'), ($2, 'Beta'), ($3, 'Empty')`, [A, B, EMPTY]);
    await db.query(
      `INSERT INTO app_users (customer_id, email, username, password_hash, role) VALUES ($1, 'admin@acme.test', 'admin', 'x', 'Admin')`,
      [A],
    );
    const sign = (key: string, role: Role, customerId: string | null) => {
      tokens[key] = app.signAccessToken({
        sub: crypto.randomUUID(),
        name: key,
        email: `${key}@test.local`,
        customerId,
        Role: role,
        permissions: {},
      });
    };
    sign('super', 'SuperAdmin', null);
    sign('adminA', 'Admin', A);
    sign('userA', 'User', A);
    sign('adminB', 'Admin', B);
    sign('orphan', 'Admin', null);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  const call = (
    who: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      payload,
      headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...headers },
    });
  const list = (who: string, resource: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const qs = new URLSearchParams(
      Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();
    return call(who, 'GET', `/api/${resource}${qs ? `?${qs}` : ''}`, undefined, headers);
  };
  const names = (r: LightMyRequestResponse) => (r.json() as { name: string }[]).map((d) => d.name);

  describe('authentication and roles', () => {
    it('answers 401 without a token', async () => {
      for (const [method, url] of [
        ['GET', '/api/departments'],
        ['GET', `/api/departments/${MISSING}`],
        ['POST', '/api/departments'],
        ['PUT', `/api/customers/${A}`],
        ['DELETE', `/api/customers/${A}`],
      ] as const) {
        const r = await call(null, method, url, method === 'POST' || method === 'PUT' ? { name: 'x' } : undefined);
        expect(r.statusCode).toBe(401);
        expect(r.json().code).toBe('UNAUTHORIZED');
      }
    });

    it('answers 403 to an Admin reading customers and to a User writing departments', async () => {
      const r = await list('adminA', 'customers');
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('ROLE_FORBIDDEN');
      expect((await call('adminA', 'GET', `/api/customers/${A}`)).statusCode).toBe(403);
      expect((await call('adminA', 'POST', '/api/customers', { name: 'Mine' })).statusCode).toBe(403);
      const w = await call('userA', 'POST', '/api/departments', { name: 'Sales' });
      expect(w.statusCode).toBe(403);
      expect(w.json().code).toBe('PAGE_FORBIDDEN');
      expect((await list('userA', 'departments')).statusCode).toBe(200);
      const { rows } = await db.query('SELECT 1 FROM departments');
      expect(rows).toHaveLength(0);
    });

    it('answers 403 to an Admin or User without a customer', async () => {
      const r = await list('orphan', 'departments');
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('NO_CUSTOMER');
    });
  });

  describe('customers', () => {
    let created: Record<string, unknown>;

    it('creates with 201 and the record, stamping modifiedBy', async () => {
      const r = await call('super', 'POST', '/api/customers', {
        name: 'Gamma Ltd',
        vkn: '1234567890',
        contactNumber: '+90 212 555 00 00',
        contactPerson: 'Ali',
        mail: 'ali@gamma.test',
        ip: '10.0.0.1',
        address: 'Istanbul',
        modifiedBy: 'forged@x.x',
        id: MISSING,
      });
      expect(r.statusCode).toBe(201);
      created = r.json();
      expect(created).toMatchObject({
        name: 'Gamma Ltd',
        vkn: '1234567890',
        contactNumber: '+90 212 555 00 00',
        contactPerson: 'Ali',
        mail: 'ali@gamma.test',
        status: 'active',
        modifiedBy: 'super@test.local',
      });
      expect(created.id).not.toBe(MISSING);
      expect(created.createdAt).toMatch(ISO);
      expect(created.updatedAt).toMatch(ISO);
      expect((await call('super', 'GET', `/api/customers/${created.id}`)).json()).toEqual(created);
    });

    it('updates with 200 and the updated record', async () => {
      const r = await call('super', 'PUT', `/api/customers/${created.id}`, { ...created, name: 'Gamma AS', status: 'passive' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ id: created.id, name: 'Gamma AS', status: 'passive', vkn: '1234567890' });
      expect(r.json().createdAt).toBe(created.createdAt);
    });

    it('validates with field messages', async () => {
      const r = await call('super', 'POST', '/api/customers', {
        mail: 'not-mail',
        contactNumber: '12-ab',
        vkn: '123',
        status: 'gone',
      });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({
        code: 'FIELDS_INVALID',
        errors: {
          name: 'Name is required',
          mail: 'Email is not valid',
          contactNumber: 'Invalid phone number',
          vkn: 'VKN must be 10 or 11 digits',
          status: "Status must be 'active' or 'passive'",
        },
      });
      const turkish = await call('super', 'POST', '/api/customers', { name: 'Şirket', vkn: '12345678ı0', contactNumber: '+90 ٣' });
      expect(turkish.json().errors).toEqual({
        vkn: 'Only English characters are allowed',
        contactNumber: 'Only English characters are allowed',
      });
      const update = await call('super', 'PUT', `/api/customers/${created.id}`, { name: '' });
      expect(update.statusCode).toBe(400);
      expect(update.json().errors).toEqual({ name: 'Name is required' });
    });

    it('refuses to delete a customer with users (409), deletes one without (200 with the record)', async () => {
      const r = await call('super', 'DELETE', `/api/customers/${A}`);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'CUSTOMER_HAS_USERS' });
      expect(r.json().message).toMatch(/user/);
      expect((await call('super', 'GET', `/api/customers/${A}`)).statusCode).toBe(200);
      const d = await call('super', 'DELETE', `/api/customers/${created.id}`);
      expect(d.statusCode).toBe(200);
      expect(d.json()).toMatchObject({ id: created.id, name: 'Gamma AS' });
      expect((await call('super', 'GET', `/api/customers/${created.id}`)).statusCode).toBe(404);
      expect((await call('super', 'DELETE', `/api/customers/${created.id}`)).statusCode).toBe(404);
    });

    it('lists, sorts and searches customers', async () => {
      const r = await list('super', 'customers', { sort: ['name', 'DESC'], range: [0, 9], filter: {} });
      expect(names(r)).toEqual(['Empty', 'Beta', 'Acme']);
      expect(r.headers['content-range']).toBe('customers 0-2/3');
      expect(names(await list('super', 'customers', { filter: { q: 'ET' } }))).toEqual(['Beta']);
    });
  });

  describe('departments: the simple-rest contract', () => {
    const made: Record<string, string> = {};

    it('creates with 201 into the caller’s customer', async () => {
      for (const name of ['Sales', 'Finance', 'IT', 'Audit', 'Human Resources']) {
        const r = await call('adminA', 'POST', '/api/departments', { name });
        expect(r.statusCode).toBe(201);
        const body = r.json();
        expect(body).toEqual({ id: expect.any(String), customerId: A, name, createdAt: expect.stringMatching(ISO), updatedAt: expect.stringMatching(ISO) });
        made[name] = body.id;
      }
    });

    it('sorts in both directions, with Content-Range and its CORS exposure', async () => {
      const asc = await list('adminA', 'departments', { sort: ['name', 'ASC'], range: [0, 24], filter: {} });
      expect(asc.statusCode).toBe(200);
      expect(names(asc)).toEqual(['Audit', 'Finance', 'Human Resources', 'IT', 'Sales']);
      expect(asc.headers['content-range']).toBe('departments 0-4/5');
      expect(asc.headers['access-control-expose-headers']).toBe('Content-Range');
      const desc = await list('adminA', 'departments', { sort: ['name', 'DESC'], range: [0, 24] });
      expect(names(desc)).toEqual(['Sales', 'IT', 'Human Resources', 'Finance', 'Audit']);
    });

    it('pages with range', async () => {
      const first = await list('adminA', 'departments', { sort: ['name', 'ASC'], range: [0, 1] });
      expect(names(first)).toEqual(['Audit', 'Finance']);
      expect(first.headers['content-range']).toBe('departments 0-1/5');
      const last = await list('adminA', 'departments', { sort: ['name', 'ASC'], range: [3, 9] });
      expect(names(last)).toEqual(['IT', 'Sales']);
      expect(last.headers['content-range']).toBe('departments 3-4/5');
      const past = await list('adminA', 'departments', { sort: ['name', 'ASC'], range: [10, 19] });
      expect(past.json()).toEqual([]);
      expect(past.headers['content-range']).toBe('departments */5');
    });

    it('filters by field, by q and by ids (getMany); */0 when empty', async () => {
      expect(names(await list('adminA', 'departments', { filter: { name: 'an' }, sort: ['name', 'ASC'] }))).toEqual([
        'Finance',
        'Human Resources',
      ]);
      expect(names(await list('adminA', 'departments', { filter: { q: 'AUD' } }))).toEqual(['Audit']);
      expect(names(await list('adminA', 'departments', { filter: { q: '%' } }))).toEqual([]);
      const many = await list('adminA', 'departments', { filter: { id: [made.IT, made.Sales, 'junk'] }, sort: ['name', 'ASC'] });
      expect(names(many)).toEqual(['IT', 'Sales']);
      expect(many.headers['content-range']).toBe('departments 0-1/2');
      const none = await list('adminA', 'departments', { filter: { name: 'nothing like this' } });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
      expect(none.headers['content-range']).toBe('departments */0');
    });

    it('gets, updates (200) and deletes (200) one record', async () => {
      const one = await call('userA', 'GET', `/api/departments/${made.Audit}`);
      expect(one.json()).toMatchObject({ id: made.Audit, name: 'Audit', customerId: A });
      const u = await call('adminA', 'PUT', `/api/departments/${made.Audit}`, { ...one.json(), name: 'Internal Audit' });
      expect(u.statusCode).toBe(200);
      expect(u.json()).toMatchObject({ id: made.Audit, name: 'Internal Audit', customerId: A });
      const d = await call('adminA', 'DELETE', `/api/departments/${made.Audit}`);
      expect(d.statusCode).toBe(200);
      expect(d.json()).toMatchObject({ id: made.Audit, name: 'Internal Audit' });
      expect((await call('adminA', 'GET', `/api/departments/${made.Audit}`)).statusCode).toBe(404);
    });

    it('validates with field messages', async () => {
      const r = await call('adminA', 'POST', '/api/departments', { name: '  ' });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ message: expect.any(String), code: 'FIELDS_INVALID', params: {}, errors: { name: 'Name is required' } });
      expect((await call('adminA', 'POST', '/api/departments', {})).json().errors).toEqual({ name: 'Name is required' });
    });

    it('answers 409 to a duplicate name, but the same name is fine in another customer', async () => {
      const r = await call('adminA', 'POST', '/api/departments', { name: 'Sales' });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ code: 'RECORD_EXISTS', params: { resource: 'departments' }, message: 'A department with this name already exists' });
      const rename = await call('adminA', 'PUT', `/api/departments/${made.IT}`, { name: 'Sales' });
      expect(rename.statusCode).toBe(409);
      expect((await call('adminB', 'POST', '/api/departments', { name: 'Sales' })).statusCode).toBe(201);
    });

    it('answers 404 to a malformed or unknown id', async () => {
      for (const id of ['not-a-uuid', '1', MISSING]) {
        expect((await call('adminA', 'GET', `/api/departments/${id}`)).statusCode).toBe(404);
        expect((await call('adminA', 'PUT', `/api/departments/${id}`, { name: 'X' })).statusCode).toBe(404);
        expect((await call('adminA', 'DELETE', `/api/departments/${id}`)).statusCode).toBe(404);
      }
      expect((await call('super', 'GET', '/api/customers/123')).json().code).toBe('RECORD_NOT_FOUND');
    });

    it('answers 400 naming the parameter to a bad sort, range or filter', async () => {
      const bad: [Record<string, unknown>, string][] = [
        [{ sort: ['password', 'ASC'] }, 'sort'],
        [{ sort: ['name', 'SIDEWAYS'] }, 'sort'],
        [{ sort: '["name"' }, 'sort'],
        [{ sort: 'name' }, 'sort'],
        [{ range: [5, 1] }, 'range'],
        [{ range: [-1, 2] }, 'range'],
        [{ range: [0, 1.5] }, 'range'],
        [{ range: ['0', '9'] }, 'range'],
        [{ range: [0] }, 'range'],
        [{ range: [0, 1000] }, 'range'],
        [{ range: '[0,' }, 'range'],
        [{ filter: { secret: 1 } }, 'filter'],
        [{ filter: '{"name":' }, 'filter'],
        [{ filter: [1] }, 'filter'],
        [{ filter: { name: { $ne: 1 } } }, 'filter'],
        [{ filter: { customerId: 'not-a-uuid' } }, 'filter'],
      ];
      for (const [params, name] of bad) {
        const r = await list('adminA', 'departments', params);
        expect(r.statusCode, JSON.stringify(params)).toBe(400);
        // Issue 31: the refusal names the parameter in its params, for the UI to word.
        expect(r.json()).toMatchObject({ code: 'PARAMETER_INVALID', params: { parameter: name } });
        expect(r.json().message).toContain(name);
      }
      expect((await list('adminA', 'departments', { range: [0, 999] })).statusCode).toBe(200);
    });
  });

  describe('departments: tenant isolation', () => {
    let bId: string;
    let aId: string;

    beforeAll(async () => {
      const r = await call('adminB', 'POST', '/api/departments', { name: 'Beta Secret' });
      bId = r.json().id;
      aId = (await list('adminA', 'departments', { filter: { name: 'Finance' } })).json()[0].id;
    });

    const bRow = async () =>
      (await db.query<{ name: string; customer_id: string }>('SELECT name, customer_id FROM departments WHERE id = $1', [bId])).rows[0];

    it('keeps B’s rows out of A’s lists, even by id or q', async () => {
      const all = await list('adminA', 'departments', { range: [0, 999] });
      expect(all.json().every((d: { customerId: string }) => d.customerId === A)).toBe(true);
      expect(names(all)).not.toContain('Beta Secret');
      expect((await list('adminA', 'departments', { filter: { id: [bId] } })).json()).toEqual([]);
      expect((await list('adminA', 'departments', { filter: { q: 'Secret' } })).json()).toEqual([]);
      expect((await list('adminA', 'departments', { filter: { customerId: B } })).json()).toEqual([]);
    });

    it('answers 404 to A getting, updating or deleting B’s record, and leaves it unchanged', async () => {
      const before = await bRow();
      const g = await call('adminA', 'GET', `/api/departments/${bId}`);
      expect(g.statusCode).toBe(404);
      expect(g.json().code).toBe('RECORD_NOT_FOUND');
      expect((await call('adminA', 'PUT', `/api/departments/${bId}`, { name: 'Hijacked' })).statusCode).toBe(404);
      expect((await call('userA', 'GET', `/api/departments/${bId}`)).statusCode).toBe(404);
      expect((await call('adminA', 'DELETE', `/api/departments/${bId}`)).statusCode).toBe(404);
      expect(await bRow()).toEqual(before);
      expect(before).toEqual({ name: 'Beta Secret', customer_id: B });
    });

    it('never lets the body set or change customerId', async () => {
      const r = await call('adminA', 'POST', '/api/departments', { name: 'Smuggled', customerId: B, customer_id: B });
      expect(r.statusCode).toBe(201);
      expect(r.json().customerId).toBe(A);
      const u = await call('adminA', 'PUT', `/api/departments/${aId}`, { name: 'Finance', customerId: B });
      expect(u.statusCode).toBe(200);
      expect(u.json().customerId).toBe(A);
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM departments WHERE customer_id = $1', [B]);
      expect(Number(rows[0].n)).toBe(2);
    });

    it('ignores X-Customer-Id from an Admin', async () => {
      const r = await list('adminA', 'departments', { filter: { id: [bId] } }, { 'x-customer-id': B });
      expect(r.json()).toEqual([]);
      const c = await call('adminA', 'POST', '/api/departments', { name: 'Via header' }, { 'x-customer-id': B });
      expect(c.json().customerId).toBe(A);
    });

    it('scopes a SuperAdmin to X-Customer-Id, and to all customers on reads without it', async () => {
      const onlyB = await list('super', 'departments', { range: [0, 999] }, { 'x-customer-id': B });
      expect(onlyB.statusCode).toBe(200);
      expect(names(onlyB).sort()).toEqual(['Beta Secret', 'Sales']);
      expect(onlyB.headers['content-range']).toBe('departments 0-1/2');
      expect((await call('super', 'GET', `/api/departments/${aId}`, undefined, { 'x-customer-id': B })).statusCode).toBe(404);
      const empty = await list('super', 'departments', {}, { 'x-customer-id': EMPTY });
      expect(empty.headers['content-range']).toBe('departments */0');
      const all = await list('super', 'departments', { range: [0, 999] });
      const customers = new Set(all.json().map((d: { customerId: string }) => d.customerId));
      expect(customers).toEqual(new Set([A, B]));
      expect((await call('super', 'GET', `/api/departments/${bId}`)).statusCode).toBe(200);
    });

    it('makes a SuperAdmin name an existing customer to create', async () => {
      const none = await call('super', 'POST', '/api/departments', { name: 'Nowhere' });
      expect(none.statusCode).toBe(400);
      expect((await call('super', 'POST', '/api/departments', { name: 'X' }, { 'x-customer-id': 'nope' })).statusCode).toBe(400);
      expect((await call('super', 'POST', '/api/departments', { name: 'X' }, { 'x-customer-id': MISSING })).statusCode).toBe(404);
      const ok = await call('super', 'POST', '/api/departments', { name: 'Made by super', customerId: A }, { 'x-customer-id': EMPTY });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().customerId).toBe(EMPTY);
    });

    it('answers 409 when deleting a customer still referenced by departments', async () => {
      const r = await call('super', 'DELETE', `/api/customers/${EMPTY}`);
      expect(r.statusCode).toBe(409);
      expect((await call('super', 'GET', `/api/customers/${EMPTY}`)).statusCode).toBe(200);
    });
  });
}

describe('resources on PGlite', () => resourcesSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('resources on PostgreSQL', () => resourcesSuite(postgresDatabase()));
