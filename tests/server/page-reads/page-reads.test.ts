import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { PAGE_KEYS } from '../../../contracts/pages.ts';
import type { PagePermission, Role } from '../../../server/auth/roles.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { config, fixtures, insertedId } from '../resource-samples.ts';

const NONE: PagePermission = { add: false, update: false, delete: false, view: false };
const only = (pages: Record<string, Partial<PagePermission>>): Record<string, PagePermission> => ({
  ...Object.fromEntries(PAGE_KEYS.map((k) => [k, NONE])),
  ...Object.fromEntries(Object.entries(pages).map(([k, v]) => [k, { ...NONE, ...v }])),
});

/**
 * DESIGN 6: a page's read permission covers every read the page needs (the risk analysis list
 * reads analyses, findings and the customer's default analysis, kept on the server); writes
 * stay exactly as strict.
 */
function pageReads(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let A: string;
  let B: string;
  let analysisId: string;
  let otherAnalysis: string;
  let running: string;
  let bAnalysis: string;

  const sign = (role: Role, permissions: Record<string, PagePermission> = {}, customerId: string | null = A) =>
    app.signAccessToken({ sub: crypto.randomUUID(), name: role, email: `${role.toLowerCase()}@reads.test`, customerId, Role: role, permissions });
  const send = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const status = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => (await send(token, method, url, payload)).statusCode;

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    A = await insertedId(db, `INSERT INTO customers (name) VALUES ('Acme') RETURNING id`, []);
    B = await insertedId(db, `INSERT INTO customers (name) VALUES ('Beta') RETURNING id`, []);
    const f = await fixtures(db, A);
    analysisId = f.analysisId;
    const analysis = (name: string, state: string, customer = A, sp = f.systemPeriodId, rp = f.riskPeriodId) =>
      insertedId(
        db,
        `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date, status)
         VALUES ($1, $2, $3, $4, 'permission', 'same-instance', '2026-01-01', $5) RETURNING id`,
        [customer, name, sp, rp, state],
      );
    otherAnalysis = await analysis('second', 'completed');
    running = await analysis('third', 'running');
    const fb = await fixtures(db, B);
    bAnalysis = fb.analysisId;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  it('a group that may only view the risk analysis list reads analyses, findings and the default analysis, and writes nothing', async () => {
    const viewer = sign('User', only({ 'reports/list': { view: true } }));
    expect(await status(sign('Admin'), 'PUT', '/api/default-analysis', { analysisId })).toBe(200);
    const list = await send(viewer, 'GET', '/api/analyses?filter=' + encodeURIComponent(JSON.stringify({ status: ['completed'] })));
    expect(list.statusCode).toBe(200);
    expect((list.json() as { id: string }[]).map((a) => a.id).sort()).toEqual([analysisId, otherAnalysis].sort());
    expect(await status(viewer, 'GET', `/api/analyses/${analysisId}`)).toBe(200);
    expect(await status(viewer, 'GET', `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId }))}`)).toBe(200);
    const chosen = await send(viewer, 'GET', '/api/default-analysis');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ analysisId, name: 'fixture', setBy: 'admin@reads.test' });
    // Writes stay gated by their own pages and flags.
    expect(await status(viewer, 'PUT', '/api/default-analysis', { analysisId: otherAnalysis })).toBe(403);
    expect(await status(viewer, 'POST', `/api/analyses/${running}/cancel`)).toBe(403);
    expect(await status(viewer, 'DELETE', `/api/analyses/${otherAnalysis}`)).toBe(403);
    expect(await status(viewer, 'POST', '/api/analyses', { name: 'x', systemPeriodId: crypto.randomUUID(), riskPeriodId: crypto.randomUUID() })).toBe(403);
    expect((await send(viewer, 'GET', '/api/default-analysis')).json().analysisId).toBe(analysisId);
  });

  it('each report page reads what its screen picks from, and nothing beyond', async () => {
    const dashboard = sign('User', only({ 'reports/dashboard': { view: true } }));
    expect(await status(dashboard, 'GET', '/api/analyses')).toBe(200);
    expect(await status(dashboard, 'GET', '/api/default-analysis')).toBe(200);
    expect(await status(dashboard, 'GET', '/api/findings')).toBe(403);
    const simulation = sign('User', only({ simulation: { view: true } }));
    expect(await status(simulation, 'GET', '/api/system-periods')).toBe(200);
    expect(await status(simulation, 'GET', '/api/risk-periods')).toBe(200);
    expect(await status(simulation, 'GET', '/api/analyses')).toBe(403);
    expect(await status(simulation, 'POST', '/api/system-periods', { name: 'p', periodDate: '2026-01-01', systemId: crypto.randomUUID() })).toBe(403);
    const create = sign('User', only({ 'reports/create': { view: true, add: true } }));
    expect(await status(create, 'GET', '/api/system-periods')).toBe(200);
    expect(await status(create, 'GET', '/api/risk-periods')).toBe(200);
    // The create screen adds the other systems of a cross-system analysis (issue 32); it creates none.
    expect(await status(create, 'GET', '/api/systems')).toBe(200);
    expect(await status(create, 'POST', '/api/systems', { sid: 'ERP', sapVersion: 'S4', hwKey: 'H', installationNumber: '0020123456', systemNumber: '01' })).toBe(403);
    const special = sign('User', only({ 'report/special': { view: true } }));
    expect(await status(special, 'GET', '/api/sql-queries')).toBe(200);
    expect(await status(special, 'POST', '/api/sql-queries', { name: 'q', type: 'general', rawQuery: 'SELECT 1' })).toBe(403);
    const periods = sign('User', only({ 'system/period': { view: true } }));
    expect(await status(periods, 'GET', '/api/systems')).toBe(200);
    const elsewhere = sign('User', only({ 'user/add-department': { view: true, add: true, update: true, delete: true } }));
    for (const url of ['/api/analyses', '/api/findings', '/api/default-analysis', '/api/system-periods', '/api/risk-periods', '/api/systems', '/api/sql-queries']) {
      expect(await status(elsewhere, 'GET', url), url).toBe(403);
    }
  });

  it('keeps one default analysis per customer on the server, set with the analysis requests page\u2019s update flag', async () => {
    const setter = sign('User', only({ 'reports/analyze-request': { view: true, update: true } }));
    const reader = sign('User', only({ 'reports/list': { view: true } }));
    const put = (token: string, body: object) => send(token, 'PUT', '/api/default-analysis', body);
    expect((await put(setter, { analysisId: otherAnalysis })).json()).toMatchObject({ analysisId: otherAnalysis, name: 'second' });
    expect((await send(reader, 'GET', '/api/default-analysis')).json().analysisId).toBe(otherAnalysis);
    // Bad input names the field; a running analysis or another customer's cannot be chosen; nothing changes.
    const bad = await put(setter, { analysisId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['analysisId']);
    expect((await put(setter, { analysisId: running })).statusCode).toBe(409);
    expect((await put(setter, { analysisId: bAnalysis })).statusCode).toBe(404);
    expect((await send(reader, 'GET', '/api/default-analysis')).json().analysisId).toBe(otherAnalysis);
    // Another customer sees its own (none yet).
    expect((await send(sign('Admin', {}, B), 'GET', '/api/default-analysis')).json()).toEqual({ analysisId: null, name: null, setBy: null, setAt: null });
    const superAdmin = sign('SuperAdmin', {}, null);
    const forA = await app.inject({ method: 'GET', url: '/api/default-analysis', headers: { authorization: `Bearer ${superAdmin}`, 'x-customer-id': A } });
    expect(forA.json().analysisId).toBe(otherAnalysis);
    // Deleting the analysis clears the choice; null clears it too.
    expect(await status(sign('Admin'), 'DELETE', `/api/analyses/${otherAnalysis}`)).toBe(200);
    expect((await send(reader, 'GET', '/api/default-analysis')).json().analysisId).toBeNull();
    expect((await put(setter, { analysisId })).statusCode).toBe(200);
    expect((await put(setter, { analysisId: null })).json().analysisId).toBeNull();
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'analysis.default-set'`);
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(3);
  });
}

describe('page reads on PGlite', () => pageReads(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('page reads on PostgreSQL', () => pageReads(postgresDatabase()));
