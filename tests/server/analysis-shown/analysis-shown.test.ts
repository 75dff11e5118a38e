import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownAnalysisSchema, type ShownAnalysis } from '../../../contracts/analysis-shown.ts';
import { PAGE_KEYS } from '../../../contracts/pages.ts';
import { buildApp } from '../../../server/app.ts';
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
 * Issue 27 item 1: which analysis a user looks at is the user's own choice, beside the
 * customer's default. Choosing needs only the read permission of the risk analysis list (or the
 * dashboard); it never changes the customer's default or another user's choice, and another
 * customer's analysis is a 404.
 */
function analysisShown(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let A: string;
  let B: string;
  let first: string;
  let second: string;
  let running: string;
  let bAnalysis: string;
  let n = 0;

  /** A user of the customer in the database (a choice belongs to a user row) and its token. */
  async function user(role: Role, permissions: Record<string, PagePermission> = {}, customerId: string | null = A): Promise<string> {
    const email = `u${++n}@shown.test`;
    const id = await insertedId(db, `INSERT INTO app_users (customer_id, email, username, password_hash, role) VALUES ($1, $2, $2, 'x', $3) RETURNING id`, [customerId, email, role]);
    return app.signAccessToken({ sub: id, name: email, email, customerId, Role: role, permissions });
  }
  const send = (token: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, ...headers } });
  /** The answer, checked against the one declaration of its shape. */
  async function shown(token: string, headers: Record<string, string> = {}): Promise<ShownAnalysis> {
    const r = await send(token, 'GET', '/api/shown-analysis', undefined, headers);
    expect(r.statusCode, r.body).toBe(200);
    return shownAnalysisSchema.parse(r.json());
  }
  const choose = (token: string, analysisId: string | null, headers: Record<string, string> = {}) => send(token, 'PUT', '/api/shown-analysis', { analysisId }, headers);
  const customerDefault = async () => (await send(await user('Admin'), 'GET', '/api/default-analysis')).json().analysisId as string | null;
  const listViewer = () => user('User', only({ 'reports/list': { view: true } }));

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    A = await insertedId(db, `INSERT INTO customers (name) VALUES ('Acme') RETURNING id`, []);
    B = await insertedId(db, `INSERT INTO customers (name) VALUES ('Beta') RETURNING id`, []);
    const f = await fixtures(db, A);
    first = f.analysisId;
    const analysis = (name: string, state: string) =>
      insertedId(
        db,
        `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date, status)
         VALUES ($1, $2, $3, $4, 'permission', 'same-instance', '2026-01-01', $5) RETURNING id`,
        [A, name, f.systemPeriodId, f.riskPeriodId, state],
      );
    second = await analysis('second', 'completed');
    running = await analysis('third', 'running');
    bAnalysis = (await fixtures(db, B)).analysisId;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  it('a view-only user of the list, with no default analysis, chooses its own and reads it back; the default stays unset', async () => {
    const auditor = await listViewer();
    expect(await shown(auditor)).toEqual({ shown: null, own: null, customerDefault: null });
    const r = await choose(auditor, first);
    expect(r.statusCode, r.body).toBe(200);
    const answer = shownAnalysisSchema.parse(r.json());
    expect(answer.shown).toEqual({ analysisId: first, name: 'fixture', source: 'own' });
    expect(answer.own).toMatchObject({ analysisId: first, name: 'fixture' });
    expect(answer.customerDefault).toBeNull();
    expect(await shown(auditor)).toEqual(answer);
    expect(await customerDefault()).toBeNull();
    // The customer's default stays the analysis requests page's update flag.
    expect((await send(auditor, 'PUT', '/api/default-analysis', { analysisId: first })).statusCode).toBe(403);
    // Another user of the customer still sees none.
    expect((await shown(await listViewer())).shown).toBeNull();
  });

  it('the own choice comes before the customer default; clearing it shows the default again', async () => {
    const auditor = await listViewer();
    const colleague = await listViewer();
    const setter = await user('User', only({ 'reports/analyze-request': { view: true, update: true } }));
    expect((await send(setter, 'PUT', '/api/default-analysis', { analysisId: first })).statusCode).toBe(200);
    expect((await shown(auditor)).shown).toEqual({ analysisId: first, name: 'fixture', source: 'customer-default' });
    expect((await choose(auditor, second)).statusCode).toBe(200);
    const mine = await shown(auditor);
    expect(mine.shown).toEqual({ analysisId: second, name: 'second', source: 'own' });
    expect(mine.customerDefault).toMatchObject({ analysisId: first, setBy: expect.stringMatching(/@shown\.test$/) });
    // Neither the default nor the colleague moved.
    expect(await customerDefault()).toBe(first);
    expect((await shown(colleague)).shown).toEqual({ analysisId: first, name: 'fixture', source: 'customer-default' });
    // The default's page shows it to whom may set it, without the own choice changing it.
    expect((await shown(setter)).shown).toEqual({ analysisId: first, name: 'fixture', source: 'customer-default' });
    const back = await choose(auditor, null);
    expect(back.statusCode).toBe(200);
    expect(shownAnalysisSchema.parse(back.json())).toMatchObject({ shown: { analysisId: first, source: 'customer-default' }, own: null });
    expect((await send(setter, 'PUT', '/api/default-analysis', { analysisId: null })).statusCode).toBe(200);
  });

  it('the dashboard page may choose too; reading needs a page that shows it, choosing the list or the dashboard', async () => {
    const dashboard = await user('User', only({ 'reports/dashboard': { view: true } }));
    expect((await choose(dashboard, second)).statusCode).toBe(200);
    expect((await shown(dashboard)).shown).toMatchObject({ analysisId: second, source: 'own' });
    const requests = await user('User', only({ 'reports/analyze-request': { view: true } }));
    expect((await send(requests, 'GET', '/api/shown-analysis')).statusCode).toBe(200);
    expect((await choose(requests, second)).statusCode).toBe(403);
    const elsewhere = await user('User', only({ 'user/add-department': { view: true, add: true, update: true, delete: true } }));
    expect((await send(elsewhere, 'GET', '/api/shown-analysis')).statusCode).toBe(403);
    expect((await choose(elsewhere, second)).statusCode).toBe(403);
  });

  it('another customer\u2019s analysis is a 404, a running one a 409, a bad id a 400 naming the field; nothing changes', async () => {
    const auditor = await listViewer();
    expect((await choose(auditor, first)).statusCode).toBe(200);
    const other = await choose(auditor, bAnalysis);
    expect(other.statusCode).toBe(404);
    const busy = await choose(auditor, running);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'ANALYSIS_NOT_SHOWABLE', params: { name: 'third', status: 'running' } });
    const bad = await choose(auditor, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['analysisId']);
    expect((await send(auditor, 'PUT', '/api/shown-analysis', [])).statusCode).toBe(400);
    expect((await shown(auditor)).shown).toMatchObject({ analysisId: first, source: 'own' });
    // B's users see B's answer only.
    expect(await shown(await user('Admin', {}, B))).toEqual({ shown: null, own: null, customerDefault: null });
  });

  it('a choice that is no longer a completed analysis of the customer is not shown; deleting the analysis drops it', async () => {
    const auditor = await listViewer();
    const setter = await user('Admin');
    expect((await send(setter, 'PUT', '/api/default-analysis', { analysisId: first })).statusCode).toBe(200);
    expect((await choose(auditor, second)).statusCode).toBe(200);
    await db.query(`UPDATE analyses SET status = 'running' WHERE id = $1`, [second]);
    expect(await shown(auditor)).toMatchObject({ shown: { analysisId: first, source: 'customer-default' }, own: null });
    await db.query(`UPDATE analyses SET status = 'completed' WHERE id = $1`, [second]);
    expect((await shown(auditor)).shown).toMatchObject({ analysisId: second, source: 'own' });
    expect((await send(setter, 'DELETE', `/api/analyses/${second}`)).statusCode).toBe(200);
    expect(await shown(auditor)).toMatchObject({ shown: { analysisId: first, source: 'customer-default' }, own: null });
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_analysis_choices WHERE analysis_id = $1', [second]);
    expect(Number(rows[0].n)).toBe(0);
    expect((await send(setter, 'PUT', '/api/default-analysis', { analysisId: null })).statusCode).toBe(200);
  });

  it('a SuperAdmin keeps one choice per customer it works in; without a customer it sees none and cannot choose', async () => {
    const root = await user('SuperAdmin', {}, null);
    const inA = { 'x-customer-id': A };
    const inB = { 'x-customer-id': B };
    expect((await choose(root, first, inA)).statusCode).toBe(200);
    expect((await choose(root, bAnalysis, inB)).statusCode).toBe(200);
    expect((await shown(root, inA)).shown).toMatchObject({ analysisId: first, source: 'own' });
    expect((await shown(root, inB)).shown).toMatchObject({ analysisId: bAnalysis, source: 'own' });
    expect((await choose(root, first, inB)).statusCode).toBe(404);
    expect(await shown(root)).toEqual({ shown: null, own: null, customerDefault: null });
    expect((await choose(root, first)).statusCode).toBe(400);
  });
}

describe('the analysis shown on PGlite', () => analysisShown(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('the analysis shown on PostgreSQL', () => analysisShown(postgresDatabase()));
