/**
 * Org-level risks (DESIGN 5.15) and provenance down to the value (5.11) through the server,
 * on PGlite and PostgreSQL: a ruleset upload keeps RISKS.ORG_FIELDS (risks.org_fields), an
 * analysis uses it, the CSV export equals `segra analyze` (ORG_VALUES included), and
 * GET /api/findings carries orgValues and the permission provenance.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { readRuleset } from '../../../server/importers/ruleset-reader.ts';
import { writeRuleset } from '../../../server/importers/ruleset-writer.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { folderFiles, multipart, pipelineApp, seedCustomer, waitFor, zipFolder, type PipelineApp } from './harness.ts';
import { cliPart } from '../cli-csv.ts';

const BIN = path.resolve('bin/segra.js');
const PERIOD_DATE = '2026-06-30';
const work = mkdtempSync(path.join(tmpdir(), 'segra-org-pipeline-'));
const landscape = path.join(work, 'landscape');
const orgRules = path.join(work, 'org-rules');
let cliCsv = '';
let orgRiskIds: string[] = [];

beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 5, outDir: landscape });
  const ruleset = await readRuleset(path.join(landscape, 'rules'));
  ruleset.risks = ruleset.risks.map((r, i) => (i % 2 === 0 ? { ...r, orgFields: ['BUKRS'] } : r));
  orgRiskIds = ruleset.risks.filter((r) => r.orgFields).map((r) => r.id);
  await writeRuleset(ruleset, orgRules, 'dir');
  const run = spawnSync(process.execPath, [BIN, 'analyze', '--system', path.join(landscape, 'system'), '--rules', orgRules, '--date', PERIOD_DATE.replace(/-/g, '')], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  cliCsv = run.stdout;
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;
  let systemId: string;
  let analysisId: string;
  let riskPeriodId: string;

  const call = async (method: string, url: string, body?: unknown) => {
    const r = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${admin}` }, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: r.statusCode, body: r.headers['content-type']?.toString().includes('json') ? r.json() : r.body, headers: r.headers };
  };
  const upload = async (url: string, files: Record<string, Uint8Array | string>) => {
    const form = await multipart(files);
    const r = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}`, ...form.headers }, payload: form.payload });
    return { status: r.statusCode, body: r.json() };
  };

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    const A = await seedCustomer(db, 'Acme');
    systemId = A.systemId;
    admin = t.token('Admin', A.customerId);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('keeps ORG_FIELDS on upload, analyses with it, and exports ORG_VALUES exactly as the command line', async () => {
    const sp = await call('POST', '/api/system-periods', { name: 'June', periodDate: PERIOD_DATE, systemId });
    expect((await upload(`/api/system-periods/${sp.body.id}/extract`, { 'extract.zip': zipFolder(path.join(landscape, 'system')) })).status).toBe(202);
    await waitFor(() => call('GET', `/api/system-periods/${sp.body.id}`).then((r) => r.body), (p) => p.status !== 'importing', 120_000);
    const rp = await call('POST', '/api/risk-periods', { name: 'Org rules', periodDate: PERIOD_DATE });
    riskPeriodId = rp.body.id;
    expect((await upload(`/api/risk-periods/${rp.body.id}/ruleset`, folderFiles(orgRules))).status).toBe(202);
    await waitFor(() => call('GET', `/api/risk-periods/${rp.body.id}`).then((r) => r.body), (p) => p.status !== 'importing');
    const risks = await call('GET', `/api/risks?filter=${encodeURIComponent(JSON.stringify({ riskPeriodId: rp.body.id }))}&range=[0,999]`);
    const stored = (risks.body as Array<{ riskId: string; orgFields: string[] }>).filter((r) => r.orgFields.length > 0);
    expect(stored.map((r) => r.riskId).sort()).toEqual([...orgRiskIds].sort());
    for (const r of stored) expect(r.orgFields).toEqual(['BUKRS']);

    const created = await call('POST', '/api/analyses', { name: 'Org run', systemPeriodId: sp.body.id, riskPeriodId: rp.body.id });
    analysisId = created.body.id;
    const done = await waitFor(() => call('GET', `/api/analyses/${analysisId}`).then((r) => r.body), (a) => ['completed', 'failed', 'canceled'].includes(a.status), 120_000);
    expect(done).toMatchObject({ status: 'completed', error: null });
    const csv = await call('GET', `/api/analyses/${analysisId}/export?format=csv`);
    expect(csv.body.split('\n')[0]).toMatch(/^LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,ORG_VALUES,/);
    expect(cliPart(csv.body)).toBe(cliCsv);
  }, 240_000);

  it('lists findings with their org values and the instance that met each permission', async () => {
    const riskIds = orgRiskIds;
    const filter = encodeURIComponent(JSON.stringify({ analysisId, level: 'USER', riskId: riskIds }));
    const r = await call('GET', `/api/findings?filter=${filter}&range=[0,49]`);
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(0);
    for (const f of r.body as Array<{ orgValues: string[] }>) {
      expect(f.orgValues.length).toBeGreaterThan(0);
      for (const v of f.orgValues) expect(v).toMatch(/^BUKRS=/);
    }
    // DESIGN 5.11: "the API's findings carry the same" `functions[].permissions[]` as the CLI's JSON.
    const withPermissions = (r.body as Array<{ functions: Array<{ permissions: unknown[] }> }>).flatMap((f) => f.functions.flatMap((m) => m.permissions));
    expect(withPermissions.length).toBeGreaterThan(0);
    expect(withPermissions[0]).toMatchObject({ object: expect.any(String), auth: expect.any(String), source: expect.stringMatching(/^[RP]:/), fields: expect.any(Object) });
  });

  it('edits a risk\'s org fields, and rejects a repeated field naming it, leaving the risk as it was', async () => {
    const list = await call('GET', `/api/risks?filter=${encodeURIComponent(JSON.stringify({ riskPeriodId }))}&range=[0,0]&sort=["riskId","ASC"]`);
    const risk = list.body[0] as { id: string; orgFields: string[] };
    const ok = await call('PUT', `/api/risks/${risk.id}`, { orgFields: ['BUKRS', 'WERKS'] });
    expect(ok.status).toBe(200);
    expect(ok.body.orgFields).toEqual(['BUKRS', 'WERKS']);
    const bad = await call('PUT', `/api/risks/${risk.id}`, { orgFields: ['BUKRS', 'BUKRS'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['orgFields']);
    expect((await call('GET', `/api/risks/${risk.id}`)).body.orgFields).toEqual(['BUKRS', 'WERKS']);
  });
}

describe('org-level risks through the server on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('org-level risks through the server on PostgreSQL', () => suite(postgresDatabase()));
