import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { PAGE_KEYS } from '../../contracts/pages.ts';
import type { PagePermission } from '../../server/auth/roles.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { resources, type ResourceSpec } from '../../server/resources/define-resource.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from './databases.ts';
import { config, licenceFile, SAMPLES } from './resource-samples.ts';

/**
 * The role × page-permission matrix over every registered resource a User may use (DESIGN 6:
 * "the page permissions of a user's group gate the matching API actions"): a group without the
 * page sees nothing, "only view" reads and writes nothing, and each of add, update and delete
 * opens exactly its own action.
 */
async function registered(): Promise<ResourceSpec[]> {
  const db = await pgliteDatabase().open();
  try {
    await migrate(db);
    const app = await buildApp(config, { db, logger: false });
    await app.ready();
    await app.close();
  } finally {
    await db.close();
  }
  return [...resources.values()].filter((s) => s.tenantScoped && s.access.page && s.access.read.includes('User'));
}
const GATED = (await registered()).sort((a, b) => a.name.localeCompare(b.name));

const NONE: PagePermission = { add: false, update: false, delete: false, view: false };
const groupWith = (page: string, flags: Partial<PagePermission>): Record<string, PagePermission> => ({
  ...Object.fromEntries(PAGE_KEYS.map((k) => [k, NONE])),
  [page]: { ...NONE, ...flags },
});

function matrix(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let A: string;
  let n = 0;
  const tokens = new Map<string, string>();
  const token = (role: 'Admin' | 'User' | 'SuperAdmin', permissions: Record<string, PagePermission> = {}, customerId: string | null = A) => {
    const key = `${role}:${JSON.stringify(permissions)}`;
    if (!tokens.has(key)) tokens.set(key, app.signAccessToken({ sub: crypto.randomUUID(), name: role, email: `${role.toLowerCase()}@matrix.test`, customerId, Role: role, permissions }));
    return tokens.get(key)!;
  };
  const send = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${who}`, ...headers } });

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    const made = await send(token('SuperAdmin', {}, null), 'POST', '/api/customers', { name: 'Acme' });
    A = made.json().id;
    const lic = await send(token('SuperAdmin', {}, null), 'POST', '/api/licences', { customerId: A, file: licenceFile('Acme') });
    expect(lic.statusCode, lic.body).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  /** A record of the resource in A, made as the server would. */
  async function record(spec: ResourceSpec): Promise<string> {
    const sample = SAMPLES[spec.name];
    if (!sample) throw new Error(`tests/server/resource-samples.ts has no sample for ${spec.name}`);
    if (sample.seed) return sample.seed(db, A, ++n);
    const r = await send(token('Admin'), 'POST', `/api/${spec.name}`, sample.body(++n));
    expect(r.statusCode, `creating ${spec.name}: ${r.body}`).toBe(201);
    return r.json().id;
  }

  it('covers the resources a User works with', () => {
    expect(GATED.map((s) => s.name)).toEqual(expect.arrayContaining(['analyses', 'findings', 'system-periods', 'risk-periods', 'risks', 'risk-acceptances', 'sql-queries']));
  });

  for (const spec of GATED) {
    it(`${spec.name}: page ${spec.access.page} gates a User's list, get, create, update and delete`, async () => {
      const page = spec.access.page!;
      const base = `/api/${spec.name}`;
      const id = await record(spec);
      const offered = (op: 'create' | 'update' | 'delete') => (spec.operations?.[op] ?? true) === true;
      const userWrites = spec.access.write.includes('User');
      const attempt = async (who: string) => ({
        list: (await send(who, 'GET', base)).statusCode,
        get: (await send(who, 'GET', `${base}/${id}`)).statusCode,
        create: offered('create') ? (await send(who, 'POST', base, SAMPLES[spec.name].body(++n))).statusCode : null,
        update: offered('update') ? (await send(who, 'PUT', `${base}/${id}`, SAMPLES[spec.name].body(++n))).statusCode : null,
      });
      const forbiddenAll = await attempt(token('User', groupWith(page === 'account/settings' ? 'simulation' : 'account/settings', { view: true })));
      expect(forbiddenAll, 'a group without the page').toEqual({ list: 403, get: 403, create: offered('create') ? 403 : null, update: offered('update') ? 403 : null });

      const view = await attempt(token('User', groupWith(page, { view: true })));
      expect(view, 'only view').toEqual({ list: 200, get: 200, create: offered('create') ? 403 : null, update: offered('update') ? 403 : null });

      if (userWrites && offered('create')) {
        const add = (await send(token('User', groupWith(page, { add: true })), 'POST', base, SAMPLES[spec.name].body(++n))).statusCode;
        expect(add, 'add opens create').not.toBe(403);
      }
      if (userWrites && offered('update')) {
        const upd = (await send(token('User', groupWith(page, { update: true })), 'PUT', `${base}/${id}`, SAMPLES[spec.name].body(++n))).statusCode;
        expect(upd, 'update opens update').not.toBe(403);
        expect((await send(token('User', groupWith(page, { add: true, delete: true })), 'PUT', `${base}/${id}`, SAMPLES[spec.name].body(++n))).statusCode).toBe(403);
      }
      if (offered('delete')) {
        expect((await send(token('User', groupWith(page, { view: true, add: true, update: true })), 'DELETE', `${base}/${id}`)).statusCode, 'delete needs its flag').toBe(403);
        if (userWrites) {
          const del = (await send(token('User', groupWith(page, { delete: true })), 'DELETE', `${base}/${id}`)).statusCode;
          expect(del, 'delete opens delete').not.toBe(403);
        }
      }
    });
  }
}

describe('role × page-permission matrix on PGlite', () => matrix(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('role × page-permission matrix on PostgreSQL', () => matrix(postgresDatabase()));
