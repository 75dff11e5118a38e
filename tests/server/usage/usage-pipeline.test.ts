/**
 * Usage through the server (DESIGN 5.17, issue 17), on PGlite and PostgreSQL: a system period's
 * usage upload (progress, errors with file/line/column, warnings, English and German SM20
 * columns), an analysis with it whose CSV export is byte for byte `segra analyze --usage`, the
 * findings list filtered and sorted by execution, the per-function used tcodes with their last
 * day, and a usage window chosen per analysis.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { generateControls } from '../../../generator/controls.ts';
import { runAnalysis, runAnalysisShard } from '../../../server/analyses/run-analysis.ts';
import { loadAnalysisUsage } from '../../../server/analyses/analysis-usage.ts';
import type { AnalysisShardJob } from '../../../server/jobs/job-names.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { folderFiles, multipart, pipelineApp, seedCustomer, waitFor, zipFolder, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { cliPart } from '../cli-csv.ts';

const BIN = path.resolve('bin/segra.js');
const PERIOD_DATE = '2026-06-30';
const work = mkdtempSync(path.join(tmpdir(), 'wt-f-usage-pipeline-'));
const landscape = path.join(work, 'landscape');
let cliCsv = '';
let usageCsv = '';

beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 17, outDir: landscape });
  await generateControls(landscape, 17);
  usageCsv = readFileSync(path.join(landscape, 'usage.csv'), 'utf8');
  const run = spawnSync(
    process.execPath,
    [BIN, 'analyze', '--system', path.join(landscape, 'system'), '--rules', path.join(landscape, 'rules'), '--date', PERIOD_DATE.replace(/-/g, ''), '--usage', path.join(landscape, 'usage.csv')],
    { encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  cliCsv = run.stdout;
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Finding {
  id: string;
  level: string;
  holder: string;
  riskId: string;
  execution: string | null;
  executionRank: number;
  remediation: string | null;
  usage: {
    functions: Array<{ functionId: string; executed: boolean; tcodes: Array<{ tcode: string; count: number; lastDay: string | null }> }>;
    remediation: Array<{ kind: string; name: string; lostTcodes: number }>;
  } | null;
}

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;
  let other: string;
  let systemId: string;
  let periodId: string;
  let riskPeriodId: string;
  let analysisId: string;

  const call = async (method: string, url: string, body?: unknown, token = admin) => {
    const r = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: r.statusCode, body: r.headers['content-type']?.toString().includes('json') ? r.json() : r.body };
  };
  const upload = async (url: string, files: Record<string, Uint8Array | string>, token = admin) => {
    const form = await multipart(files);
    const r = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
    return { status: r.statusCode, body: r.json() };
  };
  const usageOf = (id: string) => waitFor(() => call('GET', `/api/system-periods/${id}/usage`).then((r) => r.body), (u) => u.status !== 'importing');
  const analyse = async (body: Record<string, unknown>) => {
    const created = await call('POST', '/api/analyses', { name: 'Usage run', systemPeriodId: periodId, riskPeriodId, ...body });
    expect(created.status).toBe(201);
    const done = await waitFor(() => call('GET', `/api/analyses/${created.body.id}`).then((r) => r.body), (a) => ['completed', 'failed', 'canceled'].includes(a.status), 180_000);
    expect(done).toMatchObject({ status: 'completed', error: null });
    return created.body.id as string;
  };
  const page = (filter: Record<string, unknown>, sort: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/findings?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,999]&sort=${encodeURIComponent(sort)}`,
      headers: { authorization: `Bearer ${admin}` },
    });
  const findings = async (filter: Record<string, unknown>, sort = '["holder","ASC"]'): Promise<Finding[]> => (await page(filter, sort)).json();
  const total = async (filter: Record<string, unknown>): Promise<number> =>
    Number(String((await page(filter, '["holder","ASC"]')).headers['content-range']).split('/')[1]);

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    const A = await seedCustomer(db, 'Acme');
    const B = await seedCustomer(db, 'Other');
    systemId = A.systemId;
    admin = t.token('Admin', A.customerId);
    other = t.token('Admin', B.customerId);
    const sp = await call('POST', '/api/system-periods', { name: 'June', periodDate: PERIOD_DATE, systemId });
    periodId = sp.body.id;
    expect((await upload(`/api/system-periods/${periodId}/extract`, { 'extract.zip': zipFolder(path.join(landscape, 'system')) })).status).toBe(202);
    await waitFor(() => call('GET', `/api/system-periods/${periodId}`).then((r) => r.body), (p) => p.status !== 'importing', 120_000);
    const rp = await call('POST', '/api/risk-periods', { name: 'Rules', periodDate: PERIOD_DATE });
    riskPeriodId = rp.body.id;
    expect((await upload(`/api/risk-periods/${riskPeriodId}/ruleset`, folderFiles(path.join(landscape, 'rules')))).status).toBe(202);
    await waitFor(() => call('GET', `/api/risk-periods/${riskPeriodId}`).then((r) => r.body), (p) => p.status !== 'importing');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('refuses an analysis with usage before the period has a usage table, and a broken export names file, line and column', async () => {
    expect((await call('GET', `/api/system-periods/${periodId}/usage`)).body).toMatchObject({ status: 'empty' });
    const early = await call('POST', '/api/analyses', { name: 'x', systemPeriodId: periodId, riskPeriodId, withUsage: true });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('USAGE_EMPTY');
    expect((await upload(`/api/system-periods/${periodId}/usage`, { 'stad.csv': 'BNAME,TCODE,COUNT\nU1,FB01,3\nU1,FB02,many\n' })).status).toBe(202);
    const failed = await usageOf(periodId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ file: 'stad.csv', line: 3, column: 'COUNT', code: 'UNPROCESSABLE_UPLOAD' });
    // Another tenant neither reads nor writes it.
    expect((await call('GET', `/api/system-periods/${periodId}/usage`, undefined, other)).status).toBe(404);
    expect((await upload(`/api/system-periods/${periodId}/usage`, { 'stad.csv': 'BNAME,TCODE\nU1,FB01\n' }, other)).status).toBe(404);
  });

  it('stores the usage export and gives exactly the EXECUTION and REMEDIATION of segra analyze --usage in the CSV export', async () => {
    expect((await upload(`/api/system-periods/${periodId}/usage`, { 'usage.csv': usageCsv })).status).toBe(202);
    const u = await usageOf(periodId);
    expect(u).toMatchObject({ status: 'ready', progress: 100, fileName: 'usage.csv', error: null });
    expect(u.rows).toBe(usageCsv.trim().split('\n').length - 1);
    analysisId = await analyse({ withUsage: true });
    const csv = await call('GET', `/api/analyses/${analysisId}/export?format=csv`);
    expect(csv.body.split('\n')[0]).toMatch(/^LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,EXECUTION,REMEDIATION,/);
    expect(cliPart(csv.body)).toBe(cliCsv);
  }, 240_000);

  it('a sharded analysis with usage stores exactly what one run stores', async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO analyses (customer_id, name, description, system_period_id, risk_period_id, level, mode, include_locked, include_expired, analysis_date, created_by, with_usage)
       SELECT customer_id, 'Sharded', '', system_period_id, risk_period_id, level, mode, include_locked, include_expired, analysis_date, created_by, true FROM analyses WHERE id = $1
       RETURNING id`,
      [analysisId],
    );
    const id = rows[0].id;
    const shards: AnalysisShardJob[] = [];
    expect(await runAnalysis(db, id, { shards: 3, shardMinUsers: 1, enqueueShard: async (job) => shards.push(job) })).toBe('sharded');
    expect(shards.length).toBe(3);
    for (const job of shards.reverse()) expect(await runAnalysisShard(db, job)).toBe('stored');
    expect((await call('GET', `/api/analyses/${id}`)).body).toMatchObject({ status: 'completed' });
    expect(cliPart((await call('GET', `/api/analyses/${id}/export?format=csv`)).body)).toBe(cliCsv);
  }, 240_000);

  it('filters and sorts the findings by execution, and shows per function the used tcodes', async () => {
    const users = await total({ analysisId, level: 'USER' });
    const byExecution = await Promise.all(['FULL', 'PARTIAL', 'NONE'].map((e) => total({ analysisId, execution: [e] })));
    expect(byExecution.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(byExecution.reduce((a, b) => a + b, 0)).toBe(users);
    const full = await findings({ analysisId, execution: ['FULL'] });
    expect(full.length).toBe(Math.min(1000, byExecution[0]));
    expect(full.every((f) => f.execution === 'FULL')).toBe(true);
    const sorted = await findings({ analysisId, level: 'USER' }, '["executionRank","DESC"]');
    const ranks = sorted.map((f) => f.executionRank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(sorted[0].execution).toBe('FULL');
    const executed = full[0].usage!.functions.filter((f) => f.executed);
    expect(executed.length).toBe(full[0].usage!.functions.length);
    for (const f of executed) for (const x of f.tcodes) expect(x.count).toBeGreaterThan(0);
    const roleFindings = await findings({ analysisId, level: 'ROLE' });
    expect(roleFindings.every((f) => f.execution === null && f.remediation === null)).toBe(true);
  });

  it('reads only the analysis window of an SM20 export in German columns, and keeps the last day of each tcode', async () => {
    // One user's findings from the first run: its executed tcodes, run once before and once inside the window.
    const target = (await findings({ analysisId, execution: ['FULL'] }))[0];
    const used = target.usage!.functions.flatMap((f) => f.tcodes.map((x) => x.tcode));
    const lines = ['Datum;Uhrzeit;Benutzer;Transaktionscode;Mandant'];
    for (const tcode of used) {
      lines.push(`02.01.2026;10:00:00;${target.holder};${tcode};100`);
      lines.push(`15.06.2026;11:00:00;${target.holder};${tcode};100`);
    }
    lines.push('15.06.2026;11:00:00;NOBODY_SUCH;FB01;100');
    expect((await upload(`/api/system-periods/${periodId}/usage`, { 'sm20.txt': lines.join('\r\n') + '\r\n' })).status).toBe(202);
    const u = await usageOf(periodId);
    expect(u).toMatchObject({ status: 'ready', firstDay: '2026-01-02', lastDay: '2026-06-15', users: 2 });
    // The time of day is not read: named (issue 29, every column read or named).
    expect(u.warnings).toEqual([
      { code: 'IGNORED_COLUMNS', table: 'USAGE', count: 1, examples: ['Uhrzeit'] },
      { code: 'USER_NOT_IN_USR02', table: 'USAGE', count: 1, examples: ['NOBODY_SUCH'] },
    ]);

    const inside = await analyse({ withUsage: true, usageFrom: '2026-06-01', usageTo: '2026-06-30' });
    const mine = (await findings({ analysisId: inside, holder: target.holder })).find((f) => f.riskId === target.riskId)!;
    expect(mine.execution).toBe('FULL');
    const tcodes = mine.usage!.functions.flatMap((f) => f.tcodes);
    expect(tcodes.length).toBeGreaterThan(0);
    for (const x of tcodes) expect(x).toMatchObject({ count: 1, lastDay: '2026-06-15' });

    const before = await analyse({ withUsage: true, usageFrom: '2026-01-01', usageTo: '2026-01-31' });
    const early = (await findings({ analysisId: before, holder: target.holder })).find((f) => f.riskId === target.riskId)!;
    for (const x of early.usage!.functions.flatMap((f) => f.tcodes)) expect(x.lastDay).toBe('2026-01-02');

    // The dashboard: executed vs potential of the window.
    const dash = await call('GET', `/api/reports/dashboard?analysisId=${inside}`);
    const exec = dash.body.execution as { potential: number; full: number; partial: number; none: number };
    expect(exec.potential).toBe(await total({ analysisId: inside, level: 'USER' }));
    expect(exec.full).toBe(await total({ analysisId: inside, execution: ['FULL'] }));
    expect(exec.full + exec.partial + exec.none).toBe(exec.potential);
    expect(exec.full).toBeGreaterThan(0);

    // The target's remediation plan: resolves every finding of it with a REMEDIATION, by removals from those entries.
    const plan = await call('GET', `/api/analyses/${inside}/remediation-plan?user=${encodeURIComponent(target.holder)}`);
    expect(plan.status).toBe(200);
    const own = (await findings({ analysisId: inside, holder: target.holder })).filter((f) => f.level === 'USER' && f.holder === target.holder);
    expect(plan.body.findings).toBe(own.length);
    expect([...plan.body.resolved, ...plan.body.unresolved].sort()).toEqual(own.map((f) => f.riskId).sort());
    for (const f of own) {
      const names = f.usage!.remediation.map((e) => e.name);
      expect(plan.body.resolved.includes(f.riskId)).toBe(names.some((n) => plan.body.removals.some((r: { name: string }) => r.name === n)));
    }
    expect(plan.body.resolved.length).toBe(own.filter((f) => f.usage!.remediation.length > 0).length);
    expect((await call('GET', `/api/analyses/${analysisId}/remediation-plan?user=X`, undefined, other)).status).toBe(404);

    const none = await analyse({ withUsage: true, usageFrom: '2026-03-01', usageTo: '2026-03-31' });
    const nothing = (await findings({ analysisId: none, holder: target.holder })).find((f) => f.riskId === target.riskId)!;
    expect(nothing.execution).toBe('NONE');

    // Role hygiene: only the target user (and an unknown one) used anything in this window, so
    // every granted value a role keeps as used covers one of the target's tcodes.
    const hygiene = await call('GET', `/api/analyses/${inside}/role-hygiene`);
    expect(hygiene.status).toBe(200);
    const roles = hygiene.body.roles as Array<{ role: string; users: number; granted: number; unused: string[] }>;
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.some((r) => r.unused.length < r.granted)).toBe(true);
    // The target's own roles keep its used tcodes; a role nobody used anything of lists all it grants.
    const targetRoles = new Set(mine.usage!.remediation.filter((e) => e.kind === 'ROLE').map((e) => e.name));
    for (const r of roles.filter((x) => targetRoles.has(x.role))) expect(r.unused.filter((t) => used.includes(t))).toEqual([]);
    for (const r of roles.filter((x) => x.users === 0)) expect(r.unused.length).toBe(r.granted);
    expect(roles.some((r) => r.users === 0 || !targetRoles.has(r.role))).toBe(true);
    const csv = await call('GET', `/api/analyses/${inside}/role-hygiene?format=csv`);
    const csvLines = String(csv.body).trim().split('\n');
    expect(csvLines[0]).toBe('ROLE,ROLE_USERS,GRANTED_TCODES,UNUSED_TCODE');
    expect(csvLines.length - 1).toBe(roles.reduce((n, r) => n + r.unused.length, 0));

    const reversed = await call('POST', '/api/analyses', { name: 'x', systemPeriodId: periodId, riskPeriodId, withUsage: true, usageFrom: '2026-06-30', usageTo: '2026-06-01' });
    expect(reversed.status).toBe(400);
    expect(Object.keys(reversed.body.errors)).toEqual(['usageTo']);
  }, 300_000);

  it('counts rows without a date in every window, and dated rows only inside theirs', async () => {
    const sp = await call('POST', '/api/system-periods', { name: 'Windows', periodDate: PERIOD_DATE, systemId });
    const csv = 'BNAME,TCODE,COUNT,DATE\nU1,FB01,2,\nU1,FB01,3,2026-01-05\nU1,FB02,4,20260620\nU2,FB01,1,05.01.2026\n';
    expect((await upload(`/api/system-periods/${sp.body.id}/usage`, { 'st03n.csv': csv })).status).toBe(202);
    expect(await usageOf(sp.body.id)).toMatchObject({ status: 'ready', rows: 4, users: 2, firstDay: '2026-01-05', lastDay: '2026-06-20' });
    const { rows } = await db.query<{ usage_import_id: string }>('SELECT usage_import_id FROM system_period_usage WHERE system_period_id = $1', [sp.body.id]);
    const rowsOf = async (from: string | null, to: string | null) => {
      const u = await loadAnalysisUsage(db, rows[0].usage_import_id, from, to);
      return [...u.count.keys()].map((i) => `${u.users[u.user[i]]} ${u.tcodes[u.tcode[i]]} ${u.count[i]} ${u.lastDay[i]}`).sort();
    };
    expect(await rowsOf('2026-06-01', '2026-06-30')).toEqual(['U1 FB01 2 0', 'U1 FB02 4 20260620']);
    expect(await rowsOf('2026-01-01', '2026-01-31')).toEqual(['U1 FB01 5 20260105', 'U2 FB01 1 20260105']);
    expect(await rowsOf(null, null)).toEqual(['U1 FB01 5 20260105', 'U1 FB02 4 20260620', 'U2 FB01 1 20260105']);
    expect(await rowsOf('2026-07-01', null)).toEqual(['U1 FB01 2 0']);
  });

  it('removes a usage table\'s rows with it, and with its period', async () => {
    const sp = await call('POST', '/api/system-periods', { name: 'Scratch', periodDate: PERIOD_DATE, systemId });
    const rowsOf = async () => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_rows r JOIN system_period_usage u ON true WHERE u.system_period_id = $1 AND r.import_id = u.usage_import_id', [sp.body.id])).rows[0].n);
    const all = async () => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_rows')).rows[0].n);
    const before = await all();
    expect((await upload(`/api/system-periods/${sp.body.id}/usage`, { 'stad.csv': 'BNAME,TCODE,COUNT\nU1,FB01,3\nU2,FB02,1\n' })).status).toBe(202);
    expect(await usageOf(sp.body.id)).toMatchObject({ status: 'ready', rows: 2 });
    expect(await rowsOf()).toBe(2);
    expect(await all()).toBe(before + 2);
    expect((await call('DELETE', `/api/system-periods/${sp.body.id}/usage`)).body).toMatchObject({ status: 'empty' });
    expect(await all()).toBe(before);
    expect((await upload(`/api/system-periods/${sp.body.id}/usage`, { 'stad.csv': 'BNAME,TCODE,COUNT\nU1,FB01,3\n' })).status).toBe(202);
    await usageOf(sp.body.id);
    expect(await all()).toBe(before + 1);
    expect((await call('DELETE', `/api/system-periods/${sp.body.id}`)).status).toBe(200);
    expect(await all()).toBe(before);
  });
}

describe('usage through the server on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('usage through the server on PostgreSQL', () => suite(postgresDatabase()));
