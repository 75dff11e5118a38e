import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { PagePermission, Role } from '../../server/auth/roles.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { resources, type ResourceSpec } from '../../server/resources/define-resource.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from './databases.ts';
import { audit } from '../../server/modules/audit/index.ts';
import { config, EVERY_PAGE, licenceFile, SAMPLES } from './resource-samples.ts';

/*
 * Tenant isolation over every resource the server registers: a user of customer A can neither
 * read nor change customer B's records. The tests are generated from the resource registry, so a
 * resource added later is covered automatically — and fails here until it has a sample body.
 */


const missingSample = (name: string): string =>
  `Resource "${name}" is registered and tenant-scoped, but tests/server/tenant-isolation.test.ts has no sample ` +
  `create body for it: add one to SAMPLES so its tenant isolation is tested`;

// The registry fills while the app registers its routes: build one app now (PGlite), so the tests
// below are generated from what the server really registers.
async function registeredResources(): Promise<ResourceSpec[]> {
  const db = await pgliteDatabase().open();
  try {
    await migrate(db);
    const app = await buildApp(config, { db, logger: false });
    await app.ready();
    await app.close();
  } finally {
    await db.close();
  }
  return [...resources.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const REGISTERED = await registeredResources();
const TENANT_SCOPED = REGISTERED.filter((s) => s.tenantScoped);
const GLOBAL = REGISTERED.filter((s) => !s.tenantScoped);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Caller {
  token: string;
  headers?: Record<string, string>;
}

function isolationSuite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let A: string;
  let B: string;
  let n = 0;
  const tokens: Record<string, string> = {};
  const sign = (key: string, role: Role, customerId: string | null, permissions: Record<string, PagePermission> = {}) => {
    tokens[key] = app.signAccessToken({ sub: crypto.randomUUID(), name: key, email: `${key}@iso.test`, customerId, Role: role, permissions });
  };
  const as = (key: string, headers?: Record<string, string>): Caller => ({ token: key, headers });
  const superB = (): Caller => as('super', { 'x-customer-id': B });

  const send = (who: Caller, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who.token]}`, ...who.headers, ...headers } });
  const ids = (r: LightMyRequestResponse): unknown[] => (r.json() as { id: unknown }[]).map((x) => x.id);
  const q = (params: Record<string, unknown>): string =>
    '?' + Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`).join('&');

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    sign('super', 'SuperAdmin', null);
    const customer = async (name: string): Promise<string> => {
      const r = await send(as('super'), 'POST', '/api/customers', { name });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as string;
    };
    A = await customer('Acme');
    B = await customer('Beta');
    sign('adminA', 'Admin', A);
    sign('adminB', 'Admin', B);
    sign('userA', 'User', A, EVERY_PAGE);
    sign('adminNoCustomer', 'Admin', null);
    sign('userNoCustomer', 'User', null, EVERY_PAGE);
    // Both customers are licensed for the installation, so that systems can be created in either.
    for (const [c, name] of [[A, 'Acme'], [B, 'Beta']]) {
      const r = await send(as('super'), 'POST', '/api/licences', { customerId: c, file: licenceFile(name) });
      expect(r.statusCode, r.body).toBe(201);
    }
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  /** Who reads B's records as B: B's Admin, or a SuperAdmin in B where an Admin may not read. */
  const ownerReader = (spec: ResourceSpec): Caller => (spec.access.read.includes('Admin') ? as('adminB') : superB());

  /** Creates a record in B: B's Admin, or SuperAdmin with X-Customer-Id B where B's Admin may not write. Returns it as B reads it. */
  async function createInB(spec: ResourceSpec): Promise<Record<string, unknown>> {
    const sample = SAMPLES[spec.name];
    if (!sample) throw new Error(missingSample(spec.name));
    const base = `/api/${spec.name}`;
    const i = ++n;
    let id: string;
    if (sample.seed) {
      id = await sample.seed(db, B, i);
    } else {
      const by = spec.access.write.includes('Admin') ? as('adminB') : superB();
      const r = await send(by, 'POST', base, sample.body(i));
      expect(r.statusCode, `creating a ${spec.name} record in B: ${r.body}`).toBe(201);
      id = r.json().id as string;
    }
    const read = await send(ownerReader(spec), 'GET', `${base}/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    const record = read.json() as Record<string, unknown>;
    expect(record.customerId).toBe(B);
    return record;
  }

  /** How many records B has, read as SuperAdmin with X-Customer-Id B. */
  async function countInB(spec: ResourceSpec): Promise<number> {
    const r = await send(superB(), 'GET', `/api/${spec.name}${q({ range: [0, 0] })}`);
    expect(r.statusCode, r.body).toBe(200);
    const range = String(r.headers['content-range']);
    return Number(range.slice(range.lastIndexOf('/') + 1));
  }

  /** Every way of reaching B's record as a caller of A: 404 (or 403 where the role may not at all), nothing changes. */
  async function attack(who: Caller, role: Role, spec: ResourceSpec, before: Record<string, unknown>): Promise<void> {
    const sample = SAMPLES[spec.name];
    const base = `/api/${spec.name}`;
    const id = before.id as string;
    const canRead = spec.access.read.includes(role);
    const canWrite = spec.access.write.includes(role);
    // A write the resource does not offer has no route at all: 404 for everyone.
    const offered = (op: 'update' | 'delete') => spec.operations?.[op] !== false;
    const say = (what: string) => `${role} of A, ${what} on ${spec.name} record of B`;

    // X-Customer-Id is only for a SuperAdmin: naming B must change nothing for A's callers.
    for (const headers of [{}, { 'x-customer-id': B }] as Record<string, string>[]) {
      const h = Object.keys(headers).length ? ' with X-Customer-Id B' : '';
      const get = await send(who, 'GET', `${base}/${id}`, undefined, headers);
      expect(get.statusCode, say(`GET /:id${h}: ${get.body}`)).toBe(canRead ? 404 : 403);
      expect(get.body, say(`GET /:id${h} must not reveal B`)).not.toContain(B);

      const put = await send(who, 'PUT', `${base}/${id}`, { ...sample.body(++n), customerId: B }, headers);
      expect(put.statusCode, say(`PUT /:id${h}: ${put.body}`)).toBe(canWrite || !offered('update') ? 404 : 403);

      const del = await send(who, 'DELETE', `${base}/${id}`, undefined, headers);
      expect(del.statusCode, say(`DELETE /:id${h}: ${del.body}`)).toBe(canWrite || !offered('delete') ? 404 : 403);

      const lists = [q({ range: [0, 999] }), q({ filter: { id: [id] } }), q({ filter: { id } })];
      if ('customerId' in spec.filterable) lists.push(q({ filter: { customerId: B } }));
      for (const query of lists) {
        const list = await send(who, 'GET', `${base}${query}`, undefined, headers);
        expect(list.statusCode, say(`GET ${decodeURIComponent(query)}${h}: ${list.body}`)).toBe(canRead ? 200 : 403);
        if (!canRead) continue;
        expect(ids(list), say(`GET ${decodeURIComponent(query)}${h}`)).not.toContain(id);
        for (const record of list.json() as Record<string, unknown>[]) expect(record.customerId).toBe(A);
        if (query !== lists[0]) expect(list.json(), say(`GET ${decodeURIComponent(query)}${h}`)).toEqual([]);
      }
    }

    // A create naming B (body and header) lands in A or is refused; B gets nothing.
    const countBefore = await countInB(spec);
    const post = await send(who, 'POST', base, { ...sample.body(++n), customerId: B }, { 'x-customer-id': B });
    if (!canWrite) expect(post.statusCode, say(`POST with customerId B: ${post.body}`)).toBe(spec.operations?.create === false ? 404 : 403);
    if (post.statusCode === 201) expect(post.json().customerId, say('POST with customerId B')).toBe(A);
    else expect(post.statusCode, say(`POST with customerId B: ${post.body}`)).toBeGreaterThanOrEqual(400);
    expect(await countInB(spec), say('POST with customerId B: count of B')).toBe(countBefore);

    // B's record is exactly as B read it.
    const after = await send(ownerReader(spec), 'GET', `${base}/${id}`);
    expect(after.statusCode, say(`B reading back: ${after.body}`)).toBe(200);
    expect(after.json(), say('B reading back')).toEqual(before);
  }

  it('has a sample body for every registered tenant-scoped resource, and none for unregistered ones', () => {
    expect(TENANT_SCOPED.length).toBeGreaterThan(0);
    const missing = TENANT_SCOPED.filter((s) => !SAMPLES[s.name]).map((s) => missingSample(s.name));
    expect(missing).toEqual([]);
    const stale = Object.keys(SAMPLES).filter((name) => !TENANT_SCOPED.some((s) => s.name === name));
    expect(stale, 'samples for resources that are not registered (or not tenant-scoped)').toEqual([]);
  });

  for (const spec of TENANT_SCOPED) {
    describe(`${spec.name} (tenant-scoped)`, () => {
      it("A's Admin cannot read, change, delete, list or create into B's record", async () => {
        await attack(as('adminA'), 'Admin', spec, await createInB(spec));
      });

      it("A's User with every page permission gets the same 404s (403 where the role may not)", async () => {
        await attack(as('userA'), 'User', spec, await createInB(spec));
      });

      it('a non-SuperAdmin token without a customer gets 403 everywhere', async () => {
        const before = await createInB(spec);
        const base = `/api/${spec.name}`;
        const id = before.id as string;
        for (const key of ['adminNoCustomer', 'userNoCustomer']) {
          for (const headers of [{}, { 'x-customer-id': B }] as Record<string, string>[]) {
            const who = as(key, headers);
            const answers = [
              await send(who, 'GET', base),
              await send(who, 'GET', `${base}${q({ filter: { id: [id] } })}`),
              await send(who, 'GET', `${base}/${id}`),
              await send(who, 'PUT', `${base}/${id}`, SAMPLES[spec.name].body(++n)),
              await send(who, 'DELETE', `${base}/${id}`),
              await send(who, 'POST', base, { ...SAMPLES[spec.name].body(++n), customerId: B }),
            ];
            // Writes the resource does not offer have no route: 404.
            const write = (op: 'create' | 'update' | 'delete') => (spec.operations?.[op] === false ? 404 : 403);
            expect(answers.map((r) => r.statusCode), `${key} on ${spec.name}`).toEqual([403, 403, 403, write('update'), write('delete'), write('create')]);
          }
        }
        expect((await send(ownerReader(spec), 'GET', `${base}/${id}`)).json()).toEqual(before);
      });
    });
  }

  for (const spec of GLOBAL) {
    it(`${spec.name} (not tenant-scoped): A's Admin and User get 403 on every route`, async () => {
      const base = `/api/${spec.name}`;
      for (const key of ['adminA', 'userA', 'adminNoCustomer']) {
        const who = as(key);
        const answers = [
          await send(who, 'GET', base),
          await send(who, 'GET', `${base}/${B}`),
          await send(who, 'PUT', `${base}/${B}`, { name: 'Hijacked' }),
          await send(who, 'DELETE', `${base}/${B}`),
          await send(who, 'POST', base, { name: 'Forged' }),
        ];
        expect(answers.map((r) => r.statusCode), `${key} on ${spec.name}`).toEqual([403, 403, 403, 403, 403]);
      }
      if (spec.name === 'customers') {
        const b = await send(as('super'), 'GET', `/api/customers/${B}`);
        expect(b.json()).toMatchObject({ id: B, name: 'Beta' });
        expect(ids(await send(as('super'), 'GET', '/api/customers'))).toHaveLength(2);
      }
    });
  }

  it("audit-log: A's Admin sees its own entries and none of B's", async () => {
    await audit(db, { customerId: A, action: 'test.mine', entity: 'tests', entityId: 'of-a' });
    await audit(db, { customerId: B, action: 'test.theirs', entity: 'tests', entityId: 'of-b' });
    const mine = await send(as('adminA'), 'GET', `/api/audit-log${q({ range: [0, 999] })}`);
    expect(mine.statusCode).toBe(200);
    const entries = mine.json() as { customerId: string; entityId: string }[];
    expect(entries.map((e) => e.entityId)).toContain('of-a');
    expect(entries.every((e) => e.customerId === A)).toBe(true);
    for (const filter of [{ entityId: 'of-b' }, { action: 'test.theirs' }, { q: 'theirs' }]) {
      expect((await send(as('adminA'), 'GET', `/api/audit-log${q({ filter })}`)).json()).toEqual([]);
    }
    expect(ids(await send(as('adminB'), 'GET', `/api/audit-log${q({ filter: { entityId: 'of-b' } })}`))).toHaveLength(1);
  });

  it('routes beside the registry: group pages, licence counts, licence state and the analysis shown stay within the tenant', async () => {
    const group = await createInB(resources.get('groups')!);
    const add = await send(as('adminA'), 'POST', `/api/groups/${String(group.id)}/pages`, { page: 'admin/sql', view: true });
    expect(add.statusCode, add.body).toBe(404);
    expect((await send(as('adminB'), 'GET', `/api/groups/${String(group.id)}`)).json()).toEqual(group);
    const counts = await send(as('adminA'), 'GET', '/api/licences/counts', undefined, { 'x-customer-id': B });
    expect(counts.statusCode).toBe(200);
    expect((counts.json() as { name: string }[]).map((c) => c.name)).toEqual(['Acme']);
    // The analysis a user looks at (issue 27): B's analysis is no choice of A's users, nor B's default.
    const analysis = await createInB(resources.get('analyses')!);
    for (const [url, who] of [['/api/shown-analysis', 'userA'], ['/api/default-analysis', 'adminA']] as const) {
      const chosen = await send(as(who), 'PUT', url, { analysisId: analysis.id });
      expect(chosen.statusCode, `${url}: ${chosen.body}`).toBe(404);
    }
    expect((await send(as('userA'), 'GET', '/api/shown-analysis')).json()).toEqual({ shown: null, own: null, customerDefault: null });
    // The licence state (the evaluation banner's) is the caller's own customer's, whatever the header says.
    await db.query(`INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'ISB', 'x', 'hw', '0000000077', '00')`, [B]);
    const systemsOf = async (c: string) => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM systems WHERE customer_id = $1', [c])).rows[0].n);
    const state = await send(as('adminA'), 'GET', '/api/licences/state', undefined, { 'x-customer-id': B });
    expect(state.statusCode).toBe(200);
    expect(state.json().systemsUsed).toBe(await systemsOf(A));
    expect(await systemsOf(A)).not.toBe(await systemsOf(B));
  });
}

describe('tenant isolation on PGlite', () => isolationSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('tenant isolation on PostgreSQL', () => isolationSuite(postgresDatabase()));
