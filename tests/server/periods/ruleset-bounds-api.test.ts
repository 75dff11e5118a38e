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
}

describe('ruleset bounds through the API on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('ruleset bounds through the API on PostgreSQL', () => suite(postgresDatabase()));
