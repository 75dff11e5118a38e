/**
 * Cross-system analyses through the server (DESIGN 5.18, issue 32), on PGlite and PostgreSQL:
 * an analysis picks one period per system of its customer (analysis_systems, migration 0043),
 * refused with field codes for two periods of one system, a SID that cannot name a system, or
 * usage; another customer's period is 404. A multi-system analysis stores what
 * `segra analyze --system A=DIR --system B=DIR --user-map FILE` writes on the same files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateSystems } from '../../../generator/systems.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { folderFiles, multipart, pipelineApp, seedCustomer, waitFor, zipFolder, type PipelineApp } from './harness.ts';

const PERIOD_DATE = '2026-06-30';
const work = mkdtempSync(path.join(tmpdir(), 'segra-cross-system-'));
const landscape = path.join(work, 'landscape');

beforeAll(async () => {
  await generateSystems({ size: 'S', systems: 2, seed: 11, outDir: landscape });
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;
  let otherAdmin: string;
  const periods: Record<string, string> = {};
  let secondErpPeriod = '';
  let otherCustomerPeriod = '';
  let riskPeriodId = '';

  const call = async (method: string, url: string, body?: unknown, token = admin) => {
    const r = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: r.statusCode, body: r.headers['content-type']?.toString().includes('json') ? r.json() : r.body, headers: r.headers };
  };
  const upload = async (url: string, files: Record<string, Uint8Array | string>, token = admin) => {
    const form = await multipart(files);
    const r = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
    return { status: r.statusCode, body: r.json() };
  };
  const period = async (systemId: string, name: string, dir: string | null, token = admin): Promise<string> => {
    const sp = await call('POST', '/api/system-periods', { name, periodDate: PERIOD_DATE, systemId }, token);
    if (dir) {
      expect((await upload(`/api/system-periods/${sp.body.id}/extract`, { 'extract.zip': zipFolder(dir) }, token)).status).toBe(202);
      const done = await waitFor(() => call('GET', `/api/system-periods/${sp.body.id}`, undefined, token).then((r) => r.body), (p) => p.status !== 'importing', 120_000);
      expect(done.status).toBe('ready');
    }
    return sp.body.id;
  };
  const addSystem = async (customerId: string, sid: string): Promise<string> =>
    (
      await db.query<{ id: string }>(
        `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, $2, 'S/4HANA', 'HW', '0020123457', '01') RETURNING id`,
        [customerId, sid],
      )
    ).rows[0].id;

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    const A = await seedCustomer(db, 'Acme');
    const B = await seedCustomer(db, 'Other');
    admin = t.token('Admin', A.customerId);
    otherAdmin = t.token('Admin', B.customerId);
    await db.query(`UPDATE systems SET sid = 'ERP' WHERE id = $1`, [A.systemId]);
    const srm = await addSystem(A.customerId, 'SRM');
    periods.ERP = await period(A.systemId, 'June ERP', path.join(landscape, 'ERP'));
    periods.SRM = await period(srm, 'June SRM', path.join(landscape, 'SRM'));
    secondErpPeriod = await period(A.systemId, 'July ERP', path.join(landscape, 'ERP'));
    otherCustomerPeriod = await period(B.systemId, 'Theirs', path.join(landscape, 'SRM'), otherAdmin);
    const rp = await call('POST', '/api/risk-periods', { name: 'Cross rules', periodDate: PERIOD_DATE });
    riskPeriodId = rp.body.id;
    expect((await upload(`/api/risk-periods/${riskPeriodId}/ruleset`, folderFiles(path.join(landscape, 'rules')))).status).toBe(202);
    await waitFor(() => call('GET', `/api/risk-periods/${riskPeriodId}`).then((r) => r.body), (p) => p.status !== 'importing');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  const stored = async (id: string) =>
    (await db.query<{ sid: string; system_period_id: string }>('SELECT sid, system_period_id FROM analysis_systems WHERE analysis_id = $1 ORDER BY sid', [id])).rows;

  it('stores one period per system for a cross-system analysis, and none for an analysis of one system', async () => {
    const one = await call('POST', '/api/analyses', { name: 'One', systemPeriodId: periods.ERP, riskPeriodId });
    expect(one.status).toBe(201);
    expect(await stored(one.body.id)).toEqual([]);
    const two = await call('POST', '/api/analyses', { name: 'Two', systemPeriodId: periods.SRM, riskPeriodId, otherSystemPeriodIds: [periods.ERP] });
    expect(two.status).toBe(201);
    expect(await stored(two.body.id)).toEqual([
      { sid: 'ERP', system_period_id: periods.ERP },
      { sid: 'SRM', system_period_id: periods.SRM },
    ]);
  });

  it('refuses two periods of one system, usage, and a SID that cannot name a system, with field codes', async () => {
    const twice = await call('POST', '/api/analyses', { name: 'Twice', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: [secondErpPeriod] });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ code: 'SYSTEM_PERIODS_SAME_SYSTEM', params: { sid: 'ERP' }, errors: { otherSystemPeriodIds: 'SYSTEM_PERIODS_SAME_SYSTEM' } });
    const same = await call('POST', '/api/analyses', { name: 'Same', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: [periods.ERP] });
    expect(same.body.code).toBe('SYSTEM_PERIODS_SAME_SYSTEM');
    const usage = await call('POST', '/api/analyses', { name: 'Usage', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: [periods.SRM], withUsage: true });
    expect(usage.status).toBe(400);
    expect(usage.body).toMatchObject({ code: 'USAGE_SINGLE_SYSTEM', errors: { otherSystemPeriodIds: 'USAGE_SINGLE_SYSTEM' } });
    const bad = await call('POST', '/api/analyses', { name: 'Bad', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: ['not-a-uuid'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['otherSystemPeriodIds.0']);
    await db.query(`UPDATE systems SET sid = 'S R/M' WHERE sid = 'SRM'`);
    try {
      const sid = await call('POST', '/api/analyses', { name: 'Sid', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: [periods.SRM] });
      expect(sid.status).toBe(400);
      expect(sid.body).toMatchObject({ code: 'SYSTEM_SID_INVALID', params: { sid: 'S R/M' } });
    } finally {
      await db.query(`UPDATE systems SET sid = 'SRM' WHERE sid = 'S R/M'`);
    }
  });

  it("answers 404 for another customer's period, and creates nothing", async () => {
    const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM analyses')).rows[0].n;
    const r = await call('POST', '/api/analyses', { name: 'Theirs', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: [otherCustomerPeriod] });
    expect(r.status).toBe(404);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM analyses')).rows[0].n).toBe(before);
  });
}

describe('cross-system analyses through the server on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('cross-system analyses through the server on PostgreSQL', () => suite(postgresDatabase()));
