import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { config } from '../resource-samples.ts';

/** How long the second node may take to follow: DESIGN 7b "within 1 s". */
const WITHIN_MS = 1000;

/** Asks `attempt` until it answers `expected` or the time is up; resolves to the last answer and the time taken. */
async function until(attempt: () => Promise<number>, expected: number, limitMs = 3000): Promise<{ status: number; ms: number }> {
  const start = Date.now();
  let status = await attempt();
  while (status !== expected && Date.now() - start < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = await attempt();
  }
  return { status, ms: Date.now() - start };
}

/** Two API nodes on one PostgreSQL: an access change made on one is enforced by the other within 1 s. */
function twoNodes(target: TestDatabase): void {
  let db: Database;
  const apps: FastifyInstance[] = [];
  const customerId = crypto.randomUUID();
  let admin: string;
  let superAdmin: string;
  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(config, { db, logger: false });
      await app.ready();
      apps.push(app);
    }
    await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Acme')`, [customerId]);
    admin = apps[0].signAccessToken({ sub: crypto.randomUUID(), name: 'a', email: 'a@test.local', customerId, Role: 'Admin', permissions: {} });
    superAdmin = apps[0].signAccessToken({ sub: crypto.randomUUID(), name: 's', email: 's@test.local', customerId: null, Role: 'SuperAdmin', permissions: {} });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.close();
    await target.teardown();
  });

  const systems = async (app: FastifyInstance, origin: string): Promise<number> =>
    (await app.inject({ method: 'GET', url: '/api/systems', headers: { authorization: `Bearer ${admin}`, origin } })).statusCode;
  const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    apps[0].inject({ method, url, payload, headers: { authorization: `Bearer ${superAdmin}`, 'x-customer-id': customerId } });

  it('an origin added, made passive and removed on one node is enforced by the other within 1 s', async () => {
    expect((await write('POST', '/api/cors-entries', { origin: 'https://one.example' })).statusCode).toBe(201);
    // The second node reads (and keeps) the customer's rules: only one.example may call.
    expect((await until(() => systems(apps[1], 'https://one.example'), 200)).status).toBe(200);
    expect(await systems(apps[1], 'https://two.example')).toBe(403);

    const added = await write('POST', '/api/cors-entries', { origin: 'https://two.example' });
    expect(added.statusCode).toBe(201);
    const allowed = await until(() => systems(apps[1], 'https://two.example'), 200);
    expect(allowed.status).toBe(200);
    expect(allowed.ms).toBeLessThan(WITHIN_MS);

    const first = await db.query<{ id: string }>(`SELECT id FROM cors_entries WHERE origin = 'https://one.example'`);
    expect((await write('PUT', `/api/cors-entries/${first.rows[0].id}`, { status: 'passive' })).statusCode).toBe(200);
    const refused = await until(() => systems(apps[1], 'https://one.example'), 403);
    expect(refused.status).toBe(403);
    expect(refused.ms).toBeLessThan(WITHIN_MS);

    // A change made outside the API (psql) reaches the nodes as well.
    await db.query(`DELETE FROM cors_entries WHERE customer_id = $1`, [customerId]);
    const open = await until(() => systems(apps[1], 'https://one.example'), 200);
    expect(open.status).toBe(200);
    expect(open.ms).toBeLessThan(WITHIN_MS);
  });
}

// Two nodes share a database only on PostgreSQL (PGlite belongs to one process).
describe.skipIf(!postgresAdminUrl)('allowed origins on two API nodes of one PostgreSQL', () => twoNodes(postgresDatabase()));
