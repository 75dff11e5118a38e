/**
 * DESIGN 4.1b and amended rule 8 through the uploads (issue 29): the files of
 * tests/cli/data-as-written-cli.test.ts, posted as they are, give the same findings, and the
 * warnings are on the import records.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { multipart, pipelineApp, seedCustomer, waitFor, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import {
  CONFLICTING_PAIR_SHEET,
  DATED_USAGE,
  FUNCTION_WIDE_RULES,
  LONG_PAIR_SHEET,
  MITIGATIONS_BY_ROLE,
  MITIGATIONS_BY_USER,
  NO_USER_MASTER_EXTRACT,
  PAYMENT_EXTRACT,
  RENAMED_EXTRACT,
  TCODE_LIST_EXTRACT,
  WIDE_PAIR_SHEET,
  type Files,
} from '../../support/data-as-written.ts';

const work = mkdtempSync(path.join(tmpdir(), 'segra-data-as-written-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Warning = { code: string; table: string; count: number; examples: string[] };

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;
  let systemId: string;

  const call = async (method: string, url: string, body?: unknown) => {
    const r = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${admin}` },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: r.statusCode, body: r.headers['content-type']?.toString().includes('json') ? r.json() : r.body };
  };
  const upload = async (url: string, files: Files, fields: Record<string, string> = {}) => {
    const form = await multipart(files, fields);
    const r = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}`, ...form.headers }, payload: form.payload });
    expect(r.statusCode, r.body).toBe(202);
  };
  const systemPeriod = async (files: Files, fields: Record<string, string> = {}) => {
    const id = (await call('POST', '/api/system-periods', { name: `P ${crypto.randomUUID()}`, periodDate: '2026-11-27', systemId })).body.id as string;
    await upload(`/api/system-periods/${id}/extract`, files, fields);
    return waitFor(() => call('GET', `/api/system-periods/${id}`).then((r) => r.body), (p) => p.status !== 'importing', 120_000);
  };
  const riskPeriod = async (files: Files) => {
    const id = (await call('POST', '/api/risk-periods', { name: `R ${crypto.randomUUID()}`, periodDate: '2026-11-27' })).body.id as string;
    await upload(`/api/risk-periods/${id}/ruleset`, files);
    return waitFor(() => call('GET', `/api/risk-periods/${id}`).then((r) => r.body), (p) => p.status !== 'importing', 120_000);
  };
  /** The (LEVEL, ID, RISK_ID) of each finding of an analysis, as the CLI's CSV lines start. */
  const analyse = async (systemPeriodId: string, riskPeriodId: string, body: Record<string, unknown> = {}) => {
    const created = await call('POST', '/api/analyses', { name: 'Run', systemPeriodId, riskPeriodId, ...body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const done = await waitFor(
      () => call('GET', `/api/analyses/${created.body.id}`).then((r) => r.body),
      (a) => ['completed', 'failed', 'canceled'].includes(a.status),
      120_000,
    );
    expect(done).toMatchObject({ status: 'completed' });
    const list = await call('GET', `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId: created.body.id }))}&range=[0,999]`);
    const keys = (list.body as Array<{ level: string; holder: string; riskId: string }>).map((f) => `${f.level},${f.holder},${f.riskId}`).sort();
    return { id: created.body.id as string, keys, findings: list.body as Array<Record<string, unknown>> };
  };

  let payment: { id: string };
  const paymentPeriod = async () => (payment ??= await systemPeriod(PAYMENT_EXTRACT));
  const levels = (findings: Array<Record<string, unknown>>) =>
    findings.map((f) => `${f.level},${f.holder},${f.riskId},${f.riskLevel},${f.riskType}`).sort();

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    const seeded = await seedCustomer(db, 'Acme');
    systemId = seeded.systemId;
    admin = t.token('Admin', seeded.customerId);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('amended rule 8: an empty ACTION is function-wide, and a line under an action the function lacks is on the import record', async () => {
    const sp = await paymentPeriod();
    expect(sp).toMatchObject({ status: 'ready' });
    const rp = await riskPeriod(FUNCTION_WIDE_RULES);
    expect(rp).toMatchObject({ status: 'ready', error: null });
    expect(rp.warnings as Warning[]).toContainEqual({
      code: 'ACTION_NOT_IN_FUNCTION',
      table: 'FUNCTION_PERMISSIONS',
      count: 1,
      examples: ['VEND/FK99/F_LFA1_APP'],
    });
    expect((await analyse(sp.id, rp.id)).keys).toEqual(['ROLE,R_ALL,R1', 'USER,U1,R1']);
  }, 180_000);

  it('pair sheets, long and wide, keep their levels, types and descriptions; one risk with two levels is refused', async () => {
    const sp = await paymentPeriod();
    const long = await riskPeriod(LONG_PAIR_SHEET);
    expect(long).toMatchObject({ status: 'ready' });
    const a = await analyse(sp.id, long.id, { level: 'action' });
    expect(levels(a.findings)).toContain('USER,U1,P01,MEDIUM,SOD');
    expect(levels(a.findings)).toContain('USER,U2,P02,LOW,CRITICAL_ACTION');
    expect(a.findings.find((f) => f.riskId === 'P01')?.riskDescription).toBe('Pay a vendor you maintain');
    const wide = await riskPeriod(WIDE_PAIR_SHEET);
    const w = await analyse(sp.id, wide.id, { level: 'action' });
    expect(levels(w.findings).filter((k) => k.startsWith('USER,U1'))).toEqual(['USER,U1,W01,MEDIUM,SOD', 'USER,U1,W02,CRITICAL,CRITICAL_ACTION']);
    const bad = await riskPeriod(CONFLICTING_PAIR_SHEET);
    expect(bad).toMatchObject({ status: 'failed', error: { status: 422, file: 'pairs.csv', line: 3, column: 'RISK_LEVEL' } });
  }, 180_000);

  it('mitigation files keyed by USER or ROLE, with APPROVED honoured and the rest counted in the answer', async () => {
    const sp = await paymentPeriod();
    const rp = await riskPeriod(FUNCTION_WIDE_RULES);
    const post = async (url: string, files: Files) => {
      const form = await multipart(files);
      const r = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}`, ...form.headers }, payload: form.payload });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    await post('/api/mitigating-controls/import', { 'controls.csv': 'CONTROL_ID,DESCRIPTION\nC1,One\nC2,Two\nC3,Three\nC9,Nine\n' });
    const byUser = await post('/api/mitigations/import', { 'by-user.csv': MITIGATIONS_BY_USER });
    expect(byUser).toMatchObject({ created: 1, warnings: [{ code: 'NOT_APPROVED', table: 'MITIGATIONS', count: 2, examples: ['C9/R1/U1', 'C1/R1/U1'] }] });
    const a = await analyse(sp.id, rp.id);
    expect(a.findings.map((f) => `${f.level},${f.holder},${f.status}`).sort()).toEqual(['ROLE,R_ALL,open', 'USER,U1,mitigated']);
    const byRole = await post('/api/mitigations/import', { 'by-role.csv': MITIGATIONS_BY_ROLE });
    expect(byRole).toMatchObject({ created: 1, warnings: [{ code: 'NOT_APPROVED', count: 1, examples: ['C3/R1/R_ALL'] }] });
    const b = await analyse(sp.id, rp.id);
    expect(b.findings.map((f) => `${f.level},${f.holder},${f.status}`).sort()).toEqual(['ROLE,R_ALL,mitigated', 'USER,U1,mitigated']);
  }, 180_000);

  it('usage rows dated after the analysis date never count, whatever window the analysis asks for; the default window is a year', async () => {
    const sp = (await call('POST', '/api/system-periods', { name: 'Usage', periodDate: '2026-11-27', systemId })).body.id as string;
    await upload(`/api/system-periods/${sp}/extract`, PAYMENT_EXTRACT);
    await waitFor(() => call('GET', `/api/system-periods/${sp}`).then((r) => r.body), (p) => p.status !== 'importing', 120_000);
    const rp = await riskPeriod(FUNCTION_WIDE_RULES);
    await upload(`/api/system-periods/${sp}/usage`, { 'usage.csv': DATED_USAGE });
    const u = await waitFor(() => call('GET', `/api/system-periods/${sp}/usage`).then((r) => r.body), (x) => x.status !== 'importing');
    expect(u).toMatchObject({ status: 'ready', rows: 3 });
    const execution = async (body: Record<string, unknown>) =>
      (await analyse(sp, rp.id, { withUsage: true, ...body })).findings.filter((f) => f.level === 'USER').map((f) => `${f.holder},${f.execution}`);
    expect(await execution({})).toEqual(['U1,PARTIAL']);
    expect(await execution({ usageFrom: '2026-01-01', usageTo: '2026-12-31' })).toEqual(['U1,PARTIAL']);
    expect(await execution({ usageFrom: '2024-01-01' })).toEqual(['U1,FULL']);
  }, 180_000);

  it('tables by header, no user master (the upload choice), role → transaction lists: the findings of the named files, every reading on the import record', async () => {
    const rp = await riskPeriod(FUNCTION_WIDE_RULES);
    const plain = await analyse((await paymentPeriod()).id, rp.id);
    const renamed = await systemPeriod(RENAMED_EXTRACT);
    expect(renamed).toMatchObject({ status: 'ready' });
    expect((renamed.warnings as Warning[]).filter((w) => w.code === 'TABLE_BY_HEADER').map((w) => w.examples[0]).sort()).toEqual([
      'role_auth_values.csv → AGR_1251',
      'user_master.csv → USR02',
      'user_roles.csv → AGR_USERS',
    ]);
    expect((await analyse(renamed.id, rp.id)).keys).toEqual(plain.keys);

    const refused = await systemPeriod(NO_USER_MASTER_EXTRACT);
    expect(refused).toMatchObject({ status: 'failed', error: { status: 422, code: 'UNPROCESSABLE_UPLOAD' } });
    expect(JSON.stringify(refused.error)).toContain('assume-users-valid');
    const assumed = await systemPeriod(NO_USER_MASTER_EXTRACT, { assumeUsersValid: 'true' });
    expect(assumed).toMatchObject({ status: 'ready' });
    expect(assumed.warnings as Warning[]).toContainEqual({ code: 'NO_USER_MASTER', table: 'USR02', count: 2, examples: ['U1', 'U2'] });
    expect((await analyse(assumed.id, rp.id)).keys).toEqual(plain.keys);

    const lists = await systemPeriod(TCODE_LIST_EXTRACT);
    expect(lists).toMatchObject({ status: 'ready' });
    const codes = (lists.warnings as Warning[]).map((w) => `${w.code} ${w.table} ${w.count}`);
    expect(codes).toEqual(expect.arrayContaining(['TCODE_LIST AGR_1251 1', 'USER_NOT_IN_USR02 AGR_USERS 1']));
    expect((await analyse(lists.id, rp.id, { level: 'action' })).keys).toEqual(['ROLE,R_ALL,R1', 'USER,U1,R1']);
  }, 180_000);

  it('names the columns nobody reads on the import records of extracts and rulesets', async () => {
    const sp = await systemPeriod({ ...PAYMENT_EXTRACT, 'AGR_USERS.csv': 'AGR_NAME,UNAME,COMMENT\nR_ALL,U1,x\n' });
    expect(sp.warnings as Warning[]).toContainEqual({ code: 'IGNORED_COLUMNS', table: 'AGR_USERS', count: 1, examples: ['COMMENT'] });
    const rp = await riskPeriod({ ...FUNCTION_WIDE_RULES, 'RISKS.csv': 'RISK_ID,DESCRIPTION,RISK_TYPE,RISK_LEVEL,OWNER\nR1,x,SOD,HIGH,Ann\n' });
    expect(rp.warnings as Warning[]).toContainEqual({ code: 'IGNORED_COLUMNS', table: 'RISKS', count: 1, examples: ['OWNER'] });
  }, 180_000);
}

describe('data as others write it, uploaded, on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('data as others write it, uploaded, on PostgreSQL', () => suite(postgresDatabase()));
