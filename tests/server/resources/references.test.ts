import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';

// Issue 15, item 6: a risk names only functions of its risk period; acceptances and
// deactivations name only risks the customer has. Before, each of these answered 201/200.
function referencesSuite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let admin: string;
  let adminB: string;
  let periodA: string;
  let periodB: string;

  const call = async (token: string, method: 'POST' | 'PUT', url: string, payload: object) => {
    const r = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    return { status: r.statusCode, body: r.json() };
  };
  const count = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0].n);

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), { db, logger: false });
    await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Acme'), ($2, 'Beta')`, [A, B]);
    const token = async (customerId: string, email: string) => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO app_users (customer_id, email, username, password_hash, role) VALUES ($1, $2, $2, 'x', 'Admin') RETURNING id`,
        [customerId, email],
      );
      return app.signAccessToken({ sub: rows[0].id, name: email, email, customerId, Role: 'Admin', permissions: {} } as never);
    };
    admin = await token(A, 'admin@a.test');
    adminB = await token(B, 'admin@b.test');
    const period = async (customerId: string) =>
      (
        await db.query<{ id: string }>(
          `INSERT INTO risk_periods (customer_id, name, period_date, status) VALUES ($1, 'rules', '2026-01-01', 'ready') RETURNING id`,
          [customerId],
        )
      ).rows[0].id;
    periodA = await period(A);
    periodB = await period(B);
    await db.query(`INSERT INTO functions (customer_id, risk_period_id, function_id) VALUES ($1, $2, 'F1'), ($1, $2, 'F2')`, [A, periodA]);
    // Beta has a function F3 in its own period: it must not count for Acme.
    await db.query(`INSERT INTO functions (customer_id, risk_period_id, function_id) VALUES ($1, $2, 'F3')`, [B, periodB]);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  const risk = (over: object = {}) => ({ riskPeriodId: periodA, riskId: 'R1', type: 'SOD', level: 'HIGH', functionIds: ['F1', 'F2'], ...over });

  it('refuses a risk naming a function its period lacks, naming the function, and stores nothing', async () => {
    const r = await call(admin, 'POST', '/api/risks', risk({ functionIds: ['F1', 'F9', 'F3'] }));
    expect(r.status).toBe(400);
    expect(r.body.errors.functionIds).toBe('Unknown function in this risk period: F9, F3');
    expect(await count('SELECT count(*)::int AS n FROM risks')).toBe(0);
  });

  it('refuses a risk in a risk period of another customer', async () => {
    const r = await call(admin, 'POST', '/api/risks', risk({ riskPeriodId: periodB, functionIds: ['F3'] }));
    expect(r.status).toBe(400);
    expect(r.body.errors.riskPeriodId).toBe('The risk period does not exist');
  });

  it('creates a risk with existing functions and refuses an update to unknown ones', async () => {
    const created = await call(admin, 'POST', '/api/risks', risk());
    expect(created.status).toBe(201);
    const updated = await call(admin, 'PUT', `/api/risks/${created.body.id}`, { ...created.body, functionIds: ['F1', 'NOPE'] });
    expect(updated.status).toBe(400);
    expect(updated.body.errors.functionIds).toBe('Unknown function in this risk period: NOPE');
    const ok = await call(admin, 'PUT', `/api/risks/${created.body.id}`, { ...created.body, functionIds: ['F2'] });
    expect(ok.status).toBe(200);
    expect(ok.body.functionIds).toEqual(['F2']);
  });

  it('accepts and deactivates only risks the customer has', async () => {
    const unknown = await call(admin, 'POST', '/api/risk-acceptances', { riskId: 'R404', scope: 'global', message: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.riskId).toBe('Unknown risk: R404');
    const known = await call(admin, 'POST', '/api/risk-acceptances', { riskId: 'R1', scope: 'global', message: 'x' });
    expect(known.status).toBe(201);
    // R1 is Acme's: Beta cannot accept or deactivate it.
    expect((await call(adminB, 'POST', '/api/risk-acceptances', { riskId: 'R1', scope: 'global', message: 'x' })).status).toBe(400);
    const deactivation = await call(admin, 'POST', '/api/risk-deactivations', { riskId: 'R404' });
    expect(deactivation.status).toBe(400);
    expect(deactivation.body.errors.riskId).toBe('Unknown risk: R404');
    expect((await call(admin, 'POST', '/api/risk-deactivations', { riskId: 'R1' })).status).toBe(201);
  });
}

describe('referential checks (PGlite)', () => referencesSuite(pgliteDatabase()));
describe.runIf(postgresAdminUrl)('referential checks (PostgreSQL)', () => referencesSuite(postgresDatabase()));
