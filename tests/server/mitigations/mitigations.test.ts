/**
 * Mitigating controls through the server (DESIGN 5.16, 6; issue 16), on PGlite and PostgreSQL:
 * the two resources (tenant scope, page permissions, referential checks, audit), findings that
 * turn `mitigated` with their controls when a mitigation is made, changed, expired or removed,
 * at analysis time and afterwards exactly as `segra analyze --mitigations` says, the status
 * filter, the dashboard's mitigated count, CSV/xlsx import and export, the expiring and invalid
 * reports and the decision trail.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../../server/db/database.ts';
import { loadExcelJs } from '../../../server/importers/table-source.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { folderFiles, multipart, pipelineApp, seedCustomer, waitFor, zipFolder, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { cliPart } from '../cli-csv.ts';

const BIN = path.resolve('bin/segra.js');
const PERIOD_DATE = '2026-06-30';
const work = mkdtempSync(path.join(tmpdir(), 'wt-e-mitigations-'));
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' }, maxBuffer: 1 << 28 });
const analyzeCli = (...extra: string[]): string => {
  const r = cli('analyze', '--system', path.join(work, 'system'), '--rules', path.join(work, 'rules'), '--date', '20260630', ...extra);
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
};

let generatedMitigations = '';
let cliWithMitigations = '';

beforeAll(() => {
  const g = cli('generate', '--size', 'S', '--out', work, '--seed', '7', '--controls');
  if (g.status !== 0) throw new Error(g.stderr);
  generatedMitigations = readFileSync(path.join(work, 'mitigations.csv'), 'utf8');
  cliWithMitigations = analyzeCli('--mitigations', path.join(work, 'mitigations.csv'));
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Finding {
  id: string;
  level: string;
  holder: string;
  riskId: string;
  status: string;
  controls: string[];
  accepted: boolean;
}

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;
  let other: string;
  let customerId: string;
  let systemPeriodId: string;
  let riskPeriodId: string;
  let analysisId: string;
  let ownerId: string;
  let foreignUserId: string;
  let dataDir: string;

  const call = async (method: string, url: string, body?: unknown, token = admin) => {
    const r = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: r.statusCode, body: r.headers['content-type']?.toString().includes('json') ? r.json() : r.body, headers: r.headers, raw: r.rawPayload };
  };
  const upload = async (url: string, files: Record<string, Uint8Array | string>, token = admin) => {
    const form = await multipart(files);
    const r = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
    return { status: r.statusCode, body: r.json() };
  };
  const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
  const findings = async (filter: Record<string, unknown>, id = analysisId): Promise<Finding[]> => {
    const r = await call('GET', `/api/findings?filter=${q({ analysisId: id, ...filter })}&range=[0,999]`);
    expect(r.status).toBe(200);
    return r.body;
  };
  const newAnalysis = async (name: string): Promise<string> => {
    const created = await call('POST', '/api/analyses', { name, systemPeriodId, riskPeriodId });
    expect(created.status).toBe(201);
    const done = await waitFor(() => call('GET', `/api/analyses/${created.body.id}`).then((r) => r.body), (a) => ['completed', 'failed', 'canceled'].includes(a.status), 180_000);
    expect(done).toMatchObject({ status: 'completed', error: null });
    return created.body.id;
  };

  beforeAll(async () => {
    db = await target.open();
    dataDir = path.join(work, `data-${crypto.randomUUID()}`);
    t = await pipelineApp(db, dataDir);
    const A = await seedCustomer(db, 'Acme');
    const B = await seedCustomer(db, 'Other');
    customerId = A.customerId;
    admin = t.token('Admin', A.customerId);
    other = t.token('Admin', B.customerId);
    const insertUser = async (customer: string, email: string) =>
      (await db.query<{ id: string }>(`INSERT INTO app_users (customer_id, email, username, password_hash, role) VALUES ($1, $2, $2, 'x', 'User') RETURNING id`, [customer, email])).rows[0].id;
    ownerId = await insertUser(A.customerId, 'owner@acme.test');
    await insertUser(A.customerId, 'monitor@acme.test');
    foreignUserId = await insertUser(B.customerId, 'someone@other.test');

    const sp = await call('POST', '/api/system-periods', { name: 'June', periodDate: PERIOD_DATE, systemId: A.systemId });
    systemPeriodId = sp.body.id;
    expect((await upload(`/api/system-periods/${systemPeriodId}/extract`, { 'extract.zip': zipFolder(path.join(work, 'system')) })).status).toBe(202);
    await waitFor(() => call('GET', `/api/system-periods/${systemPeriodId}`).then((r) => r.body), (p) => p.status !== 'importing', 180_000);
    const rp = await call('POST', '/api/risk-periods', { name: 'Rules', periodDate: PERIOD_DATE });
    riskPeriodId = rp.body.id;
    expect((await upload(`/api/risk-periods/${riskPeriodId}/ruleset`, folderFiles(path.join(work, 'rules')))).status).toBe(202);
    await waitFor(() => call('GET', `/api/risk-periods/${riskPeriodId}`).then((r) => r.body), (p) => p.status !== 'importing');
    analysisId = await newAnalysis('Before controls');
  }, 400_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  let controlA: string;
  let controlB: string;

  it('keeps controls per customer, with owner and monitor users of the customer, and refuses unknown references', async () => {
    const created = await call('POST', '/api/mitigating-controls', { controlId: 'MC-A', description: 'Monthly review of vendor payments', businessProcess: 'Procure to pay', ownerId, frequency: 'monthly' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ controlId: 'MC-A', ownerId, status: 'active', createdBy: 'admin@test.local' });
    controlA = created.body.id;
    controlB = (await call('POST', '/api/mitigating-controls', { controlId: 'MC-B' })).body.id;
    expect((await call('POST', '/api/mitigating-controls', { controlId: 'MC-A' })).status).toBe(409);
    const foreignOwner = await call('POST', '/api/mitigating-controls', { controlId: 'MC-X', ownerId: foreignUserId });
    expect(foreignOwner.status).toBe(400);
    expect(Object.keys(foreignOwner.body.errors)).toEqual(['ownerId']);
    expect((await call('POST', '/api/mitigating-controls', { controlId: 'MC-Y', frequency: 'hourly' })).status).toBe(400);
    // Another customer sees none of them.
    expect((await call('GET', `/api/mitigating-controls/${controlA}`, undefined, other)).status).toBe(404);
    expect((await call('GET', '/api/mitigating-controls', undefined, other)).body).toEqual([]);
    const [finding] = await findings({ level: 'USER' });
    const badRisk = await call('POST', '/api/mitigations', { mitigatingControlId: controlA, riskId: 'NO_SUCH_RISK', level: 'USER', holder: finding.holder });
    expect(badRisk.status).toBe(400);
    expect(badRisk.body.errors).toEqual({ riskId: 'No risk period of the customer has this risk' });
    const foreignControl = await call('POST', '/api/mitigations', { mitigatingControlId: controlA, riskId: finding.riskId, level: 'USER', holder: finding.holder }, other);
    expect(foreignControl.status).toBe(400);
    expect(Object.keys(foreignControl.body.errors)).toContain('mitigatingControlId');
    const backwards = await call('POST', '/api/mitigations', { mitigatingControlId: controlA, riskId: finding.riskId, level: 'USER', holder: finding.holder, validFrom: '2026-07-01', validTo: '2026-06-01' });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.errors)).toEqual(['validTo']);
  });

  it('gates both resources by their group pages', async () => {
    const viewer = t.token('User', customerId, { 'risk/mitigations': { view: true, add: false, update: false, delete: false } });
    expect((await call('GET', '/api/mitigations', undefined, viewer)).status).toBe(200);
    expect((await call('POST', '/api/mitigations', { mitigatingControlId: controlA, riskId: 'X', level: 'USER', holder: 'U' }, viewer)).status).toBe(403);
    // The mitigations page picks controls, so it reads them (DESIGN 6), but writes none.
    expect((await call('GET', '/api/mitigating-controls', undefined, viewer)).status).toBe(200);
    expect((await call('POST', '/api/mitigating-controls', { controlId: 'MC-V' }, viewer)).status).toBe(403);
    const trailOnly = t.token('User', customerId, { 'reports/decision-trail': { view: true, add: false, update: false, delete: false } });
    expect((await call('GET', '/api/risk-decision-trail', undefined, trailOnly)).status).toBe(200);
    expect((await call('GET', '/api/mitigations', undefined, trailOnly)).status).toBe(403);
    expect((await call('GET', '/api/risk-decision-trail', undefined, viewer)).status).toBe(403);
    // A SuperAdmin without an active customer: no report rows, the trail of every customer.
    const superAdmin = t.token('SuperAdmin', null);
    expect((await call('GET', '/api/reports/mitigations/expiring', undefined, superAdmin)).body).toEqual({ days: 30, rows: [] });
    expect((await call('GET', '/api/reports/mitigations/invalid', undefined, superAdmin)).body).toEqual({ analysisId: null, rows: [] });
    const all = await call('GET', '/api/risk-decision-trail?range=[0,99]', undefined, superAdmin);
    expect(all.status).toBe(200);
    expect((all.body as Array<{ action: string }>).map((e) => e.action)).toContain('control.created');
  });

  it('turns a finding mitigated with its control, back open when the mitigation expires, and open when it is removed', async () => {
    const [f] = await findings({ level: 'USER', status: ['open'] });
    expect(f).toMatchObject({ status: 'open', controls: [] });
    const created = await call('POST', '/api/mitigations', { mitigatingControlId: controlA, riskId: f.riskId, level: 'USER', holder: f.holder, validFrom: '2026-01-01', reason: 'Reviewed monthly' });
    expect(created.status).toBe(201);
    const mitigated = (await findings({ id: f.id }))[0];
    expect(mitigated).toMatchObject({ status: 'mitigated', controls: ['MC-A'] });
    expect((await findings({ status: ['mitigated'] })).map((x) => x.id)).toEqual([f.id]);
    // A second control on the same finding: both, sorted.
    const second = await call('POST', '/api/mitigations', { mitigatingControlId: controlB, riskId: f.riskId, level: 'USER', holder: f.holder });
    expect((await findings({ id: f.id }))[0].controls).toEqual(['MC-A', 'MC-B']);
    expect((await call('DELETE', `/api/mitigations/${second.body.id}`)).status).toBe(200);
    // Valid until the day before the analysis date: expired on D.
    const expired = await call('PUT', `/api/mitigations/${created.body.id}`, { ...created.body, validTo: '2026-06-29' });
    expect(expired.status).toBe(200);
    expect((await findings({ id: f.id }))[0]).toMatchObject({ status: 'open', controls: [] });
    await call('PUT', `/api/mitigations/${created.body.id}`, { ...created.body, validTo: null });
    expect((await findings({ id: f.id }))[0].status).toBe('mitigated');
    // Mitigation wins over acceptance; when it goes, the acceptance shows again.
    const acc = await call('POST', '/api/risk-acceptances', { riskId: f.riskId, scope: 'user', holder: f.holder, message: 'ok' });
    expect(acc.status).toBe(201);
    expect((await findings({ id: f.id }))[0]).toMatchObject({ status: 'mitigated', accepted: true });
    expect((await call('DELETE', `/api/mitigations/${created.body.id}`)).status).toBe(200);
    expect((await findings({ id: f.id }))[0]).toMatchObject({ status: 'accepted', controls: [] });
    expect((await call('DELETE', `/api/risk-acceptances/${acc.body.id}`)).status).toBe(200);
    expect((await findings({ id: f.id }))[0]).toMatchObject({ status: 'open', controls: [] });

    // The trail lists the decisions, deletions included, newest first.
    const trail = await call('GET', `/api/risk-decision-trail?range=[0,99]`);
    expect(trail.status).toBe(200);
    const actions = (trail.body as Array<{ action: string; entity: string }>).map((e) => e.action);
    expect(actions.slice(0, 8)).toEqual([
      'risk.acceptance-removed',
      'risk.mitigation-removed',
      'risk.accepted',
      'risk.mitigation-updated',
      'risk.mitigation-updated',
      'risk.mitigation-removed',
      'risk.mitigated',
      'risk.mitigated',
    ]);
    expect(actions).toContain('control.created');
    expect((await call('GET', '/api/risk-decision-trail', undefined, other)).body).toEqual([]);
  });

  it('imports the control register and the command line mitigation file, and every finding gets the STATUS and CONTROLS of segra analyze --mitigations', async () => {
    const ids = [...new Set(generatedMitigations.trimEnd().split('\n').slice(1).map((l) => l.split(',')[0]))].sort();
    const register = ['CONTROL_ID,DESCRIPTION,OWNER,FREQUENCY', ...ids.map((id) => `${id},Control ${id},owner@acme.test,weekly`)].join('\n');
    const imported = await upload('/api/mitigating-controls/import', { 'controls.csv': register });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ created: ids.length, updated: 0 });
    const m = await upload('/api/mitigations/import', { 'mitigations.csv': generatedMitigations });
    expect(m.status).toBe(200);
    expect(m.body.unknownRisks).toEqual(['RISK_RETIRED']);
    const known = generatedMitigations.trimEnd().split('\n').slice(1).filter((l) => l.split(',')[1] !== 'RISK_RETIRED');
    expect(m.body.created + m.body.skipped).toBe(known.length);
    expect(m.body.created).toBeGreaterThan(10);
    // Stored findings re-applied after the import, and a new analysis that applies them itself.
    const reapplied = await call('GET', `/api/analyses/${analysisId}/export?format=csv`);
    expect(reapplied.body.split('\n')[0]).toMatch(/^LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,STATUS,CONTROLS,/);
    expect(cliPart(reapplied.body)).toBe(cliWithMitigations);
    expect(cliWithMitigations).toContain(',MITIGATED,');
    const fresh = await newAnalysis('With controls');
    expect(cliPart((await call('GET', `/api/analyses/${fresh}/export?format=csv`)).body)).toBe(cliWithMitigations);
    // The exported mitigations are a file the command line reads to the same result.
    const exported = await call('GET', '/api/mitigations/export?format=csv');
    expect(exported.body.split('\n')[0]).toBe('CONTROL_ID,RISK_ID,LEVEL,ID,VALID_FROM,VALID_TO,REASON');
    writeFileSync(path.join(work, `exported-${customerId}.csv`), exported.body);
    expect(analyzeCli('--mitigations', path.join(work, `exported-${customerId}.csv`))).toBe(cliWithMitigations);
    // The xlsx carries STATUS and CONTROLS too.
    const ExcelJS = await loadExcelJs();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await call('GET', `/api/analyses/${fresh}/export?format=xlsx`)).raw as never);
    const sheet = book.getWorksheet('FINDINGS')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const statusAt = header.indexOf('STATUS') + 1;
    expect(statusAt).toBeGreaterThan(0);
    expect(header[statusAt]).toBe('CONTROLS');
    const statuses = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) statuses.add(String(row.getCell(statusAt).value));
    });
    expect(statuses).toEqual(new Set(['MITIGATED', 'OPEN']));
    // The dashboard counts mitigated findings apart.
    const dash = await call('GET', `/api/reports/dashboard?analysisId=${fresh}`);
    const mitigated = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND status = 'mitigated'`, [fresh])).rows[0].n;
    expect(mitigated).toBe(cliWithMitigations.split('\n').filter((l) => l.includes(',MITIGATED,')).length);
    expect(dash.body.totals).toEqual({ findings: dash.body.totals.findings, accepted: 0, mitigated, deactivated: 0, open: dash.body.totals.findings - mitigated });
    // So does the xlsx's SUMMARY sheet.
    const summary = new Map<unknown, unknown>();
    book.getWorksheet('SUMMARY')!.eachRow((row) => {
      const v = row.values as unknown[];
      if (!summary.has(v[1])) summary.set(v[1], v[2]);
    });
    expect([summary.get('MITIGATED'), summary.get('ACCEPTED'), summary.get('OPEN')]).toEqual([mitigated, 0, dash.body.totals.findings - mitigated]);
  }, 400_000);

  it('exports and re-imports the control register as xlsx; an inactive control mitigates nothing and is reported invalid', async () => {
    const x = await call('GET', '/api/mitigating-controls/export?format=xlsx');
    expect(x.status).toBe(200);
    const ExcelJS = await loadExcelJs();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.raw as never);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['CONTROL_ID', 'DESCRIPTION', 'BUSINESS_PROCESS', 'OWNER', 'MONITOR', 'FREQUENCY', 'STATUS']);
    const some = (await findings({ status: ['mitigated'] }))[0];
    const control = some.controls[0];
    // Set that control inactive through the sheet.
    sheet.eachRow((row, n) => {
      if (n > 1 && row.getCell(1).value === control) row.getCell(7).value = 'inactive';
    });
    const again = await upload('/api/mitigating-controls/import', { 'controls.xlsx': new Uint8Array(await book.xlsx.writeBuffer()) });
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(0);
    expect((await findings({ id: some.id }))[0].controls).not.toContain(control);
    const invalid = await call('GET', `/api/reports/mitigations/invalid?analysisId=${analysisId}`);
    expect(invalid.status).toBe(200);
    const rows = invalid.body.rows as Array<{ controlId: string; holder: string; reasons: string[] }>;
    expect(rows.filter((r) => r.controlId === control).every((r) => r.reasons.includes('CONTROL_INACTIVE'))).toBe(true);
    expect(rows.find((r) => r.holder === 'LEFT_THE_COMPANY')?.reasons).toContain('RISK_NOT_HELD');
    expect(rows.find((r) => r.holder === 'Z_RETIRED_ROLE')?.reasons).toContain('RISK_NOT_HELD');
    // A bad file names file, line and column, and changes nothing.
    const bad = await upload('/api/mitigating-controls/import', { 'controls.csv': 'CONTROL_ID,STATUS\nMC-A,sometimes\n' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/controls\.csv.*2.*STATUS/);
  });

  it('reports the mitigations that expire within 30 days', async () => {
    const [f] = await findings({ level: 'ROLE' });
    const today = new Date();
    const day = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const soon = await call('POST', '/api/mitigations', { mitigatingControlId: controlA, riskId: f.riskId, level: 'ROLE', holder: f.holder, validTo: day(10) });
    const later = await call('POST', '/api/mitigations', { mitigatingControlId: controlA, riskId: f.riskId, level: 'ROLE', holder: f.holder, validTo: day(45) });
    expect([soon.status, later.status]).toEqual([201, 201]);
    const r = await call('GET', '/api/reports/mitigations/expiring');
    expect(r.status).toBe(200);
    const ids = (r.body.rows as Array<{ id: string; daysLeft: number; ownerEmail: string }>).map((x) => x.id);
    expect(ids).toContain(soon.body.id);
    expect(ids).not.toContain(later.body.id);
    expect(r.body.rows.find((x: { id: string }) => x.id === soon.body.id)).toMatchObject({ daysLeft: 10, controlId: 'MC-A', ownerEmail: 'owner@acme.test' });
    expect((await call('GET', '/api/reports/mitigations/expiring?days=60')).body.rows.map((x: { id: string }) => x.id)).toContain(later.body.id);
    // The owner is told by mail (the outbox without SMTP_URL), and the trail says so.
    const told = await call('POST', '/api/reports/mitigations/expiring/notify', {});
    expect(told.status).toBe(200);
    expect(told.body).toMatchObject({ owners: 1 });
    const mails = readdirSync(path.join(dataDir, 'outbox')).map((f) => JSON.parse(readFileSync(path.join(dataDir, 'outbox', f), 'utf8')) as { to: string; text: string });
    const mail = mails.find((m) => m.to === 'owner@acme.test')!;
    expect(mail.text).toContain(`MC-A: ${f.riskId} ROLE ${f.holder}, valid to ${day(10)} (10 days)`);
    expect(mail.text).not.toContain(day(45));
    expect((await call('GET', '/api/risk-decision-trail?range=[0,0]')).body[0].action).toBe('risk.mitigation-expiry-notified');
    // A control in use cannot be deleted.
    expect((await call('DELETE', `/api/mitigating-controls/${controlA}`)).status).toBe(409);
  });
}

describe('mitigating controls through the server on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('mitigating controls through the server on PostgreSQL', () => suite(postgresDatabase('segra_mitigations')));
