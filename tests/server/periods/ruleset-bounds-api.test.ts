import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { multipart, pipelineApp, seedCustomer, waitFor, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

// DESIGN 7b through the API: a ruleset past MAX_RULESET_FUNCTIONS or MAX_RULESET_LINES is refused
// naming file, line, column and limit, with nothing kept.
const work = mkdtempSync(path.join(tmpdir(), 'segra-ruleset-bounds-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A flat ruleset of `functions` functions of `actions` actions each, one risk per function (line 2 + f * actions + a). */
function flat(functions: number, actions = 1): string {
  const lines = ['RISK_ID,RISK_TYPE,RISK_LEVEL,FUNCTION_ID,ACTION'];
  for (let f = 0; f < functions; f++) for (let a = 0; a < actions; a++) lines.push(`R${f},CRITICAL_ACTION,HIGH,F${f},T${f}_${a}`);
  return lines.join('\n') + '\n';
}

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
  const upload = async (file: string) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/risk-periods',
      headers: { authorization: `Bearer ${admin}` },
      payload: { name: `Rules ${crypto.randomUUID()}`, periodDate: '2026-06-30' },
    });
    const id = created.json().id as string;
    const form = await multipart({ 'rules.csv': file });
    const r = await t.app.inject({ method: 'POST', url: `/api/risk-periods/${id}/ruleset`, headers: { authorization: `Bearer ${admin}`, ...form.headers }, payload: form.payload });
    expect(r.statusCode, r.body).toBe(202);
    return id;
  };
  const ended = (id: string) => waitFor(() => get(`/api/risk-periods/${id}`).then((x) => x.json()), (p) => p.status !== 'importing', 120_000);

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    admin = t.token('Admin', (await seedCustomer(db, 'Acme')).customerId);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('refuses a ruleset of 100,001 functions (the default bound), naming file, line, column and limit, and keeps nothing', async () => {
    const id = await ended(await upload(flat(100_001)));
    expect(id.status).toBe('failed');
    expect(id.error).toMatchObject({
      code: 'RULESET_TOO_MANY_FUNCTIONS',
      file: 'rules.csv',
      line: 100_002,
      column: 'FUNCTION_ID',
      params: { limit: 100_000 },
      status: 422,
    });
    const risks = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM risks WHERE risk_period_id = $1', [id.id]);
    expect(risks.rows[0].n).toBe(0);
  }, 180_000);

  it('honours MAX_RULESET_LINES from the environment', async () => {
    const before = process.env.MAX_RULESET_LINES;
    process.env.MAX_RULESET_LINES = '10';
    try {
      const p = await ended(await upload(flat(4, 3)));
      expect(p.error).toMatchObject({ code: 'RULESET_TOO_MANY_LINES', file: 'rules.csv', line: 12, params: { limit: 10 } });
    } finally {
      if (before === undefined) delete process.env.MAX_RULESET_LINES;
      else process.env.MAX_RULESET_LINES = before;
    }
  }, 60_000);

  /** Runs `body` with the settings set in the environment (read at each write, as the server reads them). */
  const withSettings = async (settings: Record<string, string>, body: () => Promise<void>) => {
    const before = Object.fromEntries(Object.keys(settings).map((k) => [k, process.env[k]]));
    Object.assign(process.env, settings);
    try {
      await body();
    } finally {
      for (const [k, v] of Object.entries(before)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };
  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}` }, payload });

  it('refuses a function created in the app past MAX_RULESET_FUNCTIONS (409, code and limit), nothing stored', async () => {
    const created = await send('POST', '/api/risk-periods', { name: `Made ${crypto.randomUUID()}`, periodDate: '2026-06-30' });
    const riskPeriodId = created.json().id as string;
    await withSettings({ MAX_RULESET_FUNCTIONS: '2' }, async () => {
      for (const functionId of ['F1', 'F2']) expect((await send('POST', '/api/functions', { riskPeriodId, functionId })).statusCode).toBe(201);
      const third = await send('POST', '/api/functions', { riskPeriodId, functionId: 'F3' });
      expect(third.statusCode).toBe(409);
      expect(third.json()).toMatchObject({ code: 'RULESET_FUNCTIONS_FULL', params: { limit: 2, setting: 'MAX_RULESET_FUNCTIONS' } });
    });
    const stored = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM functions WHERE risk_period_id = $1', [riskPeriodId]);
    expect(stored.rows[0].n).toBe(2);
  });

  it('refuses actions, permission lines and risk functions added in the app past MAX_RULESET_LINES; a change that does not grow it passes', async () => {
    const created = await send('POST', '/api/risk-periods', { name: `Made ${crypto.randomUUID()}`, periodDate: '2026-06-30' });
    const riskPeriodId = created.json().id as string;
    const action = (a: string) => ({ action: a });
    await withSettings({ MAX_RULESET_LINES: '6' }, async () => {
      // F1 with 2 actions: 3 lines; F2 bare: 1 line.
      const f1 = await send('POST', '/api/functions', { riskPeriodId, functionId: 'F1', actions: [action('SU01'), action('SU10')] });
      expect(f1.statusCode, f1.body).toBe(201);
      expect((await send('POST', '/api/functions', { riskPeriodId, functionId: 'F2' })).statusCode).toBe(201);
      // A risk naming both: 3 more lines, 7 in all.
      const risk = await send('POST', '/api/risks', { riskPeriodId, riskId: 'R1', type: 'SOD', level: 'HIGH', functionIds: ['F1', 'F2'] });
      expect(risk.statusCode).toBe(409);
      expect(risk.json()).toMatchObject({ code: 'RULESET_LINES_FULL', params: { limit: 6, setting: 'MAX_RULESET_LINES' } });
      // A permission line for F2: 5 lines, then one more action is the 7th.
      const id2 = (await t.app.inject({ method: 'GET', url: `/api/functions?filter=${encodeURIComponent(JSON.stringify({ riskPeriodId, functionId: 'F2' }))}`, headers: { authorization: `Bearer ${admin}` } })).json()[0].id;
      const permission = { action: 'SU01', object: 'S_USER_GRP', field: 'ACTVT', low: '01' };
      expect((await send('PUT', `/api/functions/${id2}`, { permissions: [permission] })).statusCode).toBe(200);
      const more = await send('PUT', `/api/functions/${id2}`, { permissions: [permission], actions: [action('SU01'), action('PFCG')] });
      expect(more.statusCode).toBe(409);
      expect(more.json().code).toBe('RULESET_LINES_FULL');
      // Swapping an action for another keeps the count: allowed.
      expect((await send('PUT', `/api/functions/${id2}`, { actions: [action('SU01')] })).statusCode).toBe(200);
    });
    // Lowered below what the ruleset has: it can still be shrunk.
    await withSettings({ MAX_RULESET_LINES: '2' }, async () => {
      const f1 = (await t.app.inject({ method: 'GET', url: `/api/functions?filter=${encodeURIComponent(JSON.stringify({ riskPeriodId, functionId: 'F1' }))}`, headers: { authorization: `Bearer ${admin}` } })).json()[0];
      expect((await send('PUT', `/api/functions/${f1.id}`, { actions: [action('SU01')] })).statusCode).toBe(200);
    });
    const risks = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM risks WHERE risk_period_id = $1', [riskPeriodId]);
    expect(risks.rows[0].n).toBe(0);
  });
}

describe('ruleset bounds through the API on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('ruleset bounds through the API on PostgreSQL', () => suite(postgresDatabase()));
