import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIS_CHECKS } from '../../../engine/basis/index.ts';
import { simulate } from '../../../engine/analysis/simulate.ts';
import type { SimulationRequest } from '../../../engine/model/analysis.ts';
import type { SystemExtract } from '../../../engine/model/extract.ts';
import type { Ruleset } from '../../../engine/model/ruleset.ts';
import type { Database } from '../../../server/db/database.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { readSystemExtract } from '../../../server/importers/extract-reader.ts';
import { readRuleset } from '../../../server/importers/ruleset-reader.ts';
import { records } from '../../../server/modules/reports/simulation.ts';
import { threadCount } from '../../../server/workers/thread-client.ts';
import { seedCustomer, waitFor, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { caller, completedAnalysis, folderFiles, importedRiskPeriod, importedSystemPeriod, reportsApp, type Caller } from './reports-harness.ts';

const BIN = path.resolve('bin/segra.js');
const JUNE = '2026-06-30';
const JULY = '2026-07-31';

const work = mkdtempSync(path.join(tmpdir(), 'segra-reports-'));
const landscape = path.join(work, 'landscape');
const systemDir = path.join(landscape, 'system');
const rulesDir = path.join(landscape, 'rules');
let cliBasisCsv = '';
let extract: SystemExtract;
let ruleset: Ruleset;

beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 11, outDir: landscape });
  const run = spawnSync(process.execPath, [BIN, 'basis', '--system', systemDir, '--date', JUNE.replace(/-/g, '')], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  cliBasisCsv = run.stdout;
  extract = await readSystemExtract(systemDir);
  ruleset = await readRuleset(rulesDir);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));
function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let call: Caller;
  let A: { customerId: string; systemId: string };
  let B: { customerId: string; systemId: string };
  let admin: string;
  let otherAdmin: string;
  let june: string;
  let july: string;
  let rules: string;
  let first: string;
  let second: string;
  let emptyPeriod: string;
  // A user with findings, and a role with role-level findings for a risk the user lacks.
  let user: string;
  let role: string;

  const n = async (sql: string, params: unknown[]): Promise<number> => Number((await db.query<{ n: number }>(sql, params)).rows[0].n);
  // The basis checks run as a job: the run record once it has finished.
  const basisDone = (period: string) =>
    waitFor(() => call('GET', `/api/system-periods/${period}/basis`, admin), (r) => r.body.status === 'completed' || r.body.status === 'failed', 60_000);

  beforeAll(async () => {
    db = await target.open();
    t = await reportsApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    call = caller(t);
    A = await seedCustomer(db, 'Acme');
    B = await seedCustomer(db, 'Other');
    admin = t.token('Admin', A.customerId);
    otherAdmin = t.token('Admin', B.customerId);
    june = await importedSystemPeriod(t, admin, A.systemId, 'June', JUNE, folderFiles(systemDir));
    rules = await importedRiskPeriod(t, admin, 'Rules', JUNE, rulesDir);
    first = await completedAnalysis(t, admin, 'June run', june, rules);
    emptyPeriod = (await call('POST', '/api/system-periods', admin, { name: 'Empty', periodDate: JUNE, systemId: A.systemId })).body.id;
    const pair = await db.query<{ user: string; role: string }>(
      `SELECT u.holder AS user, r.holder AS role
       FROM (SELECT DISTINCT holder FROM findings WHERE analysis_id = $1 AND level = 'USER') u
       CROSS JOIN (SELECT DISTINCT holder FROM findings WHERE analysis_id = $1 AND level = 'ROLE') r
       WHERE EXISTS (SELECT 1 FROM findings rf WHERE rf.analysis_id = $1 AND rf.level = 'ROLE' AND rf.holder = r.holder
                     AND NOT EXISTS (SELECT 1 FROM findings uf WHERE uf.analysis_id = $1 AND uf.level = 'USER' AND uf.holder = u.holder AND uf.risk_id = rf.risk_id))
       ORDER BY u.holder COLLATE "C", r.holder COLLATE "C" LIMIT 1`,
      [first],
    );
    ({ user, role } = pair.rows[0]);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  describe('dashboard', () => {
    it('asks for a default analysis when none is chosen', async () => {
      const r = await call('GET', '/api/reports/dashboard', admin);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('A default analysis must be chosen to see the full list');
    });

    it('counts by risk level, level, business process and acceptance exactly as the findings table', async () => {
      // Accept one risk globally so that accepted and open both have findings.
      const some = await db.query<{ risk_id: string }>(`SELECT risk_id FROM findings WHERE analysis_id = $1 ORDER BY risk_id LIMIT 1`, [first]);
      const acc = await call('POST', '/api/risk-acceptances', admin, { riskId: some.rows[0].risk_id, scope: 'global', message: 'reviewed' });
      expect(acc.status).toBe(201);
      const r = await call('GET', `/api/reports/dashboard?analysisId=${first}`, admin);
      expect(r.status).toBe(200);
      const d = r.body;
      const total = await n('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1', [first]);
      const accepted = await n('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND accepted', [first]);
      expect(total).toBeGreaterThan(0);
      expect(accepted).toBeGreaterThan(0);
      // No mitigation here: accepted findings are all status accepted, none is mitigated.
      expect(d.totals).toEqual({ findings: total, accepted, mitigated: 0, deactivated: 0, open: total - accepted });
      expect(d.acceptedVsOpen).toEqual({ accepted, mitigated: 0, deactivated: 0, open: total - accepted });
      for (const row of d.byRiskLevel) {
        expect(row.findings).toBe(await n('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND risk_level = $2', [first, row.riskLevel]));
        expect(row.accepted).toBe(await n('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND risk_level = $2 AND accepted', [first, row.riskLevel]));
      }
      expect(d.byRiskLevel.map((x: { riskLevel: string }) => x.riskLevel)).toEqual(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']);
      expect(d.byLevel.map((x: { level: string }) => x.level)).toEqual(['USER', 'ROLE', 'PROFILE']);
      for (const row of d.byLevel) expect(row.findings).toBe(await n('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND level = $2', [first, row.level]));
      const processes = await db.query<{ business_process: string; n: number }>(
        'SELECT business_process, count(*)::int AS n FROM findings WHERE analysis_id = $1 GROUP BY business_process',
        [first],
      );
      expect(Object.fromEntries(d.byBusinessProcess.map((x: { businessProcess: string; findings: number }) => [x.businessProcess, x.findings]))).toEqual(
        Object.fromEntries(processes.rows.map((x) => [x.business_process, Number(x.n)])),
      );
      expect(d.analysis).toMatchObject({ id: first, name: 'June run', analysisDate: JUNE, systemPeriodName: 'June' });
      await call('DELETE', `/api/risk-acceptances/${acc.body.id}`, admin);
    });

    it('ranks the top 10 users by critical and high findings, then by all findings: dialog users unless other user types are chosen (issue 27 item 6)', async () => {
      const { rows } = await db.query<{ holder: string; risk_level: string; user_type: string }>(
        `SELECT holder, risk_level, user_type FROM findings WHERE analysis_id = $1 AND level = 'USER'`,
        [first],
      );
      const ranked = (types: string[]) => {
        const per = new Map<string, { high: number; all: number }>();
        for (const r of rows.filter((x) => types.includes(x.user_type))) {
          const e = per.get(r.holder) ?? { high: 0, all: 0 };
          e.all++;
          if (r.risk_level === 'CRITICAL' || r.risk_level === 'HIGH') e.high++;
          per.set(r.holder, e);
        }
        return [...per.entries()]
          .filter(([, e]) => e.high > 0)
          .sort(([a, x], [b, y]) => y.high - x.high || y.all - x.all || (a < b ? -1 : 1))
          .map(([h, e]) => [h, e.high, e.all]);
      };
      const top = (d: { topUsers: { holder: string; critical: number; high: number; findings: number }[] }) =>
        d.topUsers.map((u) => [u.holder, u.critical + u.high, u.findings]);
      const all = ['A', 'B', 'C', 'L', 'S', ''];
      // The generated landscape's technical users (WF-BATCH with SAP_ALL, batch, RFC) rank among the first.
      const everyone = ranked(all);
      expect(everyone.slice(0, 10).some(([h]) => rows.find((r) => r.holder === h)!.user_type !== 'A')).toBe(true);
      const d = (await call('GET', `/api/reports/dashboard?analysisId=${first}`, admin)).body;
      const dialog = ranked(['A']);
      expect(dialog.length).toBeGreaterThan(1);
      expect(d.topUserTypes).toEqual(['A']);
      expect(top(d)).toEqual(dialog.slice(0, 10));
      expect(d.topUsers.every((u: { userType: string }) => u.userType === 'A')).toBe(true);
      expect(d.topUsersOfOtherTypes).toBe(everyone.length - dialog.length);
      const chosen = (await call('GET', `/api/reports/dashboard?analysisId=${first}&userTypes=${q(all)}`, admin)).body;
      expect(chosen.topUserTypes).toEqual([...all].sort());
      expect(top(chosen)).toEqual(everyone.slice(0, 10));
      expect(chosen.topUsersOfOtherTypes).toBe(0);
    });

    it('refuses an analysis that has not completed (409) and another tenant’s (404)', async () => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date, status, error)
         VALUES ($1, 'broken', $2, $3, 'permission', 'same-instance', $4, 'failed', 'boom') RETURNING id`,
        [A.customerId, june, rules, JUNE],
      );
      const failed = await call('GET', `/api/reports/dashboard?analysisId=${rows[0].id}`, admin);
      expect(failed).toMatchObject({ status: 409, body: { code: 'NOT_COMPLETED' } });
      expect((await call('GET', `/api/reports/dashboard?analysisId=${first}`, otherAdmin)).status).toBe(404);
      expect((await call('GET', `/api/reports/dashboard?analysisId=nope`, admin)).status).toBe(404);
      const viewer = t.token('User', A.customerId, { 'reports/list': { view: true, add: false, update: false, delete: false } });
      expect((await call('GET', `/api/reports/dashboard?analysisId=${first}`, viewer)).status).toBe(403);
    });
  });

  describe('simulation', () => {
    const request = (body: Record<string, unknown>) => call('POST', '/api/simulations', admin, { systemPeriodId: june, riskPeriodId: rules, ...body });
    const engine = (req: SimulationRequest) => {
      const r = simulate(extract, ruleset, { date: 20260630, level: 'permission', mode: 'same-instance', includeLocked: true, includeExpired: true }, req);
      return { before: records(r.before), after: records(r.after), added: records(r.added), removed: records(r.removed) };
    };

    it('adding a role a user lacks gives the findings of the engine’s simulate(), and before equals the stored findings', async () => {
      const rowsBefore = await n('SELECT (SELECT count(*) FROM analyses) + (SELECT count(*) FROM findings) AS n', []);
      const r = await request({ user, addRoles: [role] });
      expect(r.status).toBe(200);
      const expected = engine({ holder: { kind: 'user', bname: user }, addRoles: [role], removeRoles: [] });
      expect(expected.added.length).toBeGreaterThan(0);
      expect({ before: r.body.before, after: r.body.after, added: r.body.added, removed: r.body.removed }).toEqual(expected);
      expect(r.body.summary).toEqual({ before: expected.before.length, after: expected.after.length, added: expected.added.length, removed: 0, changed: 0 });
      const stored = await db.query<{ risk_id: string; functions: unknown; sources: string }>(
        `SELECT risk_id, provenance AS functions, sources FROM findings WHERE analysis_id = $1 AND level = 'USER' AND holder = $2 ORDER BY risk_id COLLATE "C"`,
        [first, user],
      );
      expect(r.body.before.map((f: { riskId: string; functions: unknown; sources: string }) => ({ risk_id: f.riskId, functions: f.functions, sources: f.sources }))).toEqual(stored.rows);
      // Nothing stored.
      expect(await n('SELECT (SELECT count(*) FROM analyses) + (SELECT count(*) FROM findings) AS n', [])).toBe(rowsBefore);
    });

    it('removing roles and simulating a role match the engine too', async () => {
      const roles = extract.roleAssignments.filter((a) => a.user === user).map((a) => a.role);
      expect(roles.length).toBeGreaterThan(0);
      const removed = await request({ user, removeRoles: [roles[0]] });
      expect(removed.status).toBe(200);
      const e1 = engine({ holder: { kind: 'user', bname: user }, addRoles: [], removeRoles: [roles[0]] });
      expect(removed.body.removed).toEqual(e1.removed);
      expect(removed.body.after).toEqual(e1.after);
      const other = extract.roleDefinitions.map((d) => d.role).find((x) => x !== role)!;
      const auth = { object: 'S_TCODE', auth: 'ZSIM', field: 'TCD', low: '*', high: '' };
      const r = await request({ role: other, addRoles: [role], addAuthorisations: [auth] });
      expect(r.status).toBe(200);
      const e2 = engine({ holder: { kind: 'role', role: other }, addRoles: [role], removeRoles: [], addAuthorisations: [auth] });
      expect({ before: r.body.before, after: r.body.after, added: r.body.added, removed: r.body.removed }).toEqual(e2);
      expect(r.body.holder).toEqual({ kind: 'role', name: other });
    });

    it('answers a warm call in under 200 ms, loading the period once', async () => {
      await request({ user }); // warm (cached by the tests above)
      const started = performance.now();
      const r = await request({ user, addRoles: [role] });
      const ms = performance.now() - started;
      expect(r.status).toBe(200);
      expect(r.body.timings.cached).toBe(true);
      expect(ms).toBeLessThan(200);
      // Concurrent first calls on another preparation (union mode) share one load.
      const [x, y] = await Promise.all([request({ user, mode: 'union' }), request({ user, mode: 'union' })]);
      expect([x.body.timings.cached, y.body.timings.cached].sort()).toEqual([false, true]);
    });

    it('holds each prepared period in a worker thread, at most as many as the cache keeps', async () => {
      // Four preparations (level × mode) through a cache of two: the two pushed out end their threads.
      for (const level of ['permission', 'action'])
        for (const mode of ['same-instance', 'union']) expect((await request({ user, level, mode })).status).toBe(200);
      await waitFor(async () => threadCount('simulation-worker'), (count) => count === 2, 5000);
      // A period prepared again after it was pushed out answers as before.
      const again = await request({ user, addRoles: [role] });
      expect(again.body.added).toEqual(engine({ holder: { kind: 'user', bname: user }, addRoles: [role], removeRoles: [] }).added);
    });

    it('sees a changed ruleset or a deactivated risk at once (the cached preparation is not reused)', async () => {
      const base = await request({ user });
      const riskId: string = base.body.before[0].riskId;
      const level: string = base.body.before[0].riskLevel;
      const risk = (await call('GET', `/api/risks?filter=${q({ riskPeriodId: rules, riskId })}`, admin)).body.find((r: { riskId: string }) => r.riskId === riskId);
      const other = level === 'LOW' ? 'MEDIUM' : 'LOW';
      expect((await call('PUT', `/api/risks/${risk.id}`, admin, { level: other })).status).toBe(200);
      const changed = await request({ user });
      expect(changed.body.timings.cached).toBe(false);
      expect(changed.body.before.find((f: { riskId: string }) => f.riskId === riskId).riskLevel).toBe(other);
      expect((await call('PUT', `/api/risks/${risk.id}`, admin, { level })).status).toBe(200);
      const off = await call('POST', '/api/risk-deactivations', admin, { riskId, message: 'not relevant' });
      expect(off.status).toBe(201);
      const without = await request({ user });
      expect(without.body.before.map((f: { riskId: string }) => f.riskId)).not.toContain(riskId);
      expect(without.body.before).toHaveLength(base.body.before.length - 1);
      expect((await call('DELETE', `/api/risk-deactivations/${off.body.id}`, admin)).status).toBe(200);
      const back = await request({ user });
      expect(back.body.before).toEqual(base.body.before);
    });

    it('applies the customer’s acceptances to simulated findings', async () => {
      const base = await request({ user, addRoles: [role] });
      const riskId = base.body.added[0].riskId;
      const acc = await call('POST', '/api/risk-acceptances', admin, { riskId, scope: 'user', holder: user, message: 'temporary' });
      expect(acc.status).toBe(201);
      const r = await request({ user, addRoles: [role] });
      const f = r.body.after.find((x: { riskId: string }) => x.riskId === riskId);
      expect(f).toMatchObject({ accepted: true, acceptedBy: 'admin@test.local', message: 'temporary' });
      expect(r.body.after.filter((x: { accepted: boolean }) => x.accepted)).toHaveLength(1);
      await call('DELETE', `/api/risk-acceptances/${acc.body.id}`, admin);
      const after = await request({ user, addRoles: [role] });
      expect(after.body.after.every((x: { accepted: boolean }) => !x.accepted)).toBe(true);
    });

    it('answers 404 for unknown users and roles, 409 for a period without data, 400 for bad input', async () => {
      const u = await request({ user: 'NOBODY_XYZ' });
      expect(u).toMatchObject({ status: 404, body: { message: expect.stringContaining('NOBODY_XYZ') } });
      const r = await request({ user, addRoles: ['Z_NO_SUCH_ROLE'] });
      expect(r).toMatchObject({ status: 404, body: { message: expect.stringContaining('Z_NO_SUCH_ROLE') } });
      expect((await request({ role: 'Z_NO_SUCH_ROLE' })).status).toBe(404);
      const empty = await call('POST', '/api/simulations', admin, { systemPeriodId: emptyPeriod, riskPeriodId: rules, user });
      expect(empty).toMatchObject({ status: 409, body: { code: 'PERIOD_EMPTY' } });
      const neither = await request({});
      expect(neither.status).toBe(400);
      expect(Object.keys(neither.body.errors)).toEqual(['user']);
      const both = await request({ user, role });
      expect(Object.keys(both.body.errors)).toEqual(['role']);
      const bad = await call('POST', '/api/simulations', admin, { systemPeriodId: 'x', riskPeriodId: rules, user, addRoles: 'Z' });
      expect(Object.keys(bad.body.errors).sort()).toEqual(['addRoles', 'systemPeriodId']);
      const userAuth = await request({ user, addAuthorisations: [{ object: 'S_TCODE', auth: 'X', field: 'TCD', low: '*' }] });
      expect(Object.keys(userAuth.body.errors)).toEqual(['addAuthorisations']);
    });

    it('refuses another tenant’s periods as unknown, and groups without the simulation page', async () => {
      const r = await call('POST', '/api/simulations', otherAdmin, { systemPeriodId: june, riskPeriodId: rules, user });
      expect(r.status).toBe(404);
      const flags = (view: boolean) => ({ view, add: false, update: false, delete: false });
      const viewer = t.token('User', A.customerId, { simulation: flags(true) });
      expect((await call('POST', '/api/simulations', viewer, { systemPeriodId: june, riskPeriodId: rules, user })).status).toBe(200);
      const outsider = t.token('User', A.customerId, { 'reports/list': flags(true) });
      expect((await call('POST', '/api/simulations', outsider, { systemPeriodId: june, riskPeriodId: rules, user })).status).toBe(403);
    });
  });

  describe('basis analysis', () => {
    it('runs the basis checks on the stored period; the CSV export equals `segra basis`', async () => {
      const started = await call('POST', `/api/system-periods/${june}/basis`, admin);
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ status: 'enqueued', ran: false, requestedBy: 'admin@test.local' });
      const run = await basisDone(june);
      const lines = cliBasisCsv.trim().split('\n').length - 1;
      expect(lines).toBeGreaterThan(5);
      expect(run.body).toMatchObject({ status: 'completed', progress: 100, error: null, ran: true, findings: lines, analysisDate: JUNE, ranBy: 'admin@test.local', stale: false });
      expect(run.body.checks.reduce((s: number, c: { findings: number }) => s + c.findings, 0)).toBe(lines);
      const csv = await call('GET', `/api/system-periods/${june}/basis/export?format=csv`, admin);
      expect(csv.status).toBe(200);
      expect(csv.body).toBe(cliBasisCsv);
      const xlsx = await call('GET', `/api/system-periods/${june}/basis/export?format=xlsx`, admin);
      expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
    }, 60_000);

    it('lists basis findings with the check’s explanation, filtered by check; a new run replaces the old', async () => {
      const checkId = cliBasisCsv.split('\n')[1].split(',')[0];
      const list = await call('GET', `/api/basis-findings?filter=${q({ systemPeriodId: june, checkId })}&range=[0,999]`, admin);
      expect(list.status).toBe(200);
      const expected = cliBasisCsv.split('\n').filter((l) => l.startsWith(`${checkId},`)).length;
      expect(list.body).toHaveLength(expected);
      const catalogue = BASIS_CHECKS.find((c) => c.id === checkId)!;
      for (const f of list.body) expect(f).toMatchObject({ checkId, title: catalogue.title, explanation: catalogue.explanation, severity: catalogue.severity, systemPeriodId: june });
      const before = await n('SELECT count(*)::int AS n FROM basis_findings WHERE system_period_id = $1', [june]);
      const firstRanAt = (await call('GET', `/api/system-periods/${june}/basis`, admin)).body.ranAt;
      expect((await call('POST', `/api/system-periods/${june}/basis`, admin)).status).toBe(202);
      const summary = await basisDone(june);
      expect(await n('SELECT count(*)::int AS n FROM basis_findings WHERE system_period_id = $1', [june])).toBe(before);
      expect(summary.body).toMatchObject({ status: 'completed', ran: true, findings: before });
      expect(summary.body.ranAt > firstRanAt).toBe(true);
      expect((await call('PUT', `/api/basis-findings/${list.body[0].id}`, admin, {})).status).toBe(404);
    }, 60_000);

    it('refuses another tenant’s period, an empty period, and a missing run', async () => {
      expect((await call('POST', `/api/system-periods/${june}/basis`, otherAdmin)).status).toBe(404);
      expect((await call('GET', `/api/system-periods/${june}/basis/export`, otherAdmin)).status).toBe(404);
      expect((await call('GET', `/api/system-periods/${june}/basis`, otherAdmin)).status).toBe(404);
      expect((await call('GET', `/api/basis-findings?filter=${q({ systemPeriodId: june })}`, otherAdmin)).body).toEqual([]);
      expect((await call('POST', `/api/system-periods/${emptyPeriod}/basis`, admin)).body.code).toBe('PERIOD_EMPTY');
      expect((await call('GET', `/api/system-periods/${emptyPeriod}/basis/export`, admin)).status).toBe(409);
      expect((await call('GET', `/api/system-periods/${emptyPeriod}/basis`, admin)).body).toMatchObject({ status: null, ran: false, checks: expect.any(Array) });
      expect((await call('GET', `/api/system-periods/${june}/basis/export?format=pdf`, admin)).status).toBe(400);
      // Reading needs any flag on the basis page; running needs `add`.
      const viewer = t.token('User', A.customerId, { 'report/basis': { view: true, add: false, update: false, delete: false } });
      expect((await call('GET', `/api/basis-findings?filter=${q({ systemPeriodId: june })}&range=[0,0]`, viewer)).status).toBe(200);
      expect((await call('POST', `/api/system-periods/${june}/basis`, viewer)).status).toBe(403);
    });
  });

  describe('comparison', () => {
    let removedUser: string;
    let changedRisk: string;

    it('is not captured by GET /api/analyses/:id and asks for both analyses', async () => {
      const none = await call('GET', '/api/analyses/compare', admin);
      expect(none).toMatchObject({ status: 400, body: { message: 'Both risk results must be chosen to compare' } });
      const one = await call('GET', `/api/analyses/compare?left=${first}`, admin);
      expect(one).toMatchObject({ status: 400, body: { message: 'Both risk results must be chosen to compare', errors: { right: expect.any(String) } } });
      expect((await call('GET', `/api/analyses/${first}`, admin)).body.id).toBe(first);
    });

    it('compares a June and a July analysis: new, resolved, unchanged and level changes as the findings say', async () => {
      // July: one user loses every role, another gains `role`; one risk becomes another level.
      const holders = await db.query<{ holder: string }>(
        `SELECT holder FROM findings WHERE analysis_id = $1 AND level = 'USER' AND holder <> $2
         GROUP BY holder HAVING bool_and(sources NOT LIKE '%U:%' AND sources NOT LIKE '%P:%') ORDER BY holder COLLATE "C" LIMIT 1`,
        [first, user],
      );
      removedUser = holders.rows[0].holder;
      const files = folderFiles(systemDir);
      const lines = new TextDecoder().decode(files['AGR_USERS.csv']).trimEnd().split('\n');
      const mandt = lines[1].split(',')[0];
      const kept = lines.filter((l, i) => i === 0 || l.split(',')[2] !== removedUser);
      expect(kept.length).toBeLessThan(lines.length);
      kept.push(`${mandt},${role},${user},19000101,99991231`);
      files['AGR_USERS.csv'] = new TextEncoder().encode(kept.join('\n') + '\n');
      july = await importedSystemPeriod(t, admin, A.systemId, 'July', JULY, files);
      const risk = await db.query<{ id: string; risk_id: string; risk_level: string }>(
        `SELECT r.id, r.risk_id, r.risk_level FROM risks r WHERE r.risk_period_id = $1
           AND EXISTS (SELECT 1 FROM findings f WHERE f.analysis_id = $2 AND f.risk_id = r.risk_id AND f.holder <> $3)
         ORDER BY r.risk_id LIMIT 1`,
        [rules, first, removedUser],
      );
      changedRisk = risk.rows[0].risk_id;
      const newLevel = risk.rows[0].risk_level === 'LOW' ? 'HIGH' : 'LOW';
      expect((await call('PUT', `/api/risks/${risk.rows[0].id}`, admin, { level: newLevel })).status).toBe(200);
      second = await completedAnalysis(t, admin, 'July run', july, rules);

      const r = await call('GET', `/api/analyses/compare?left=${first}&right=${second}`, admin);
      expect(r.status).toBe(200);
      const expected = await db.query<{ status: string; n: number; changed: number }>(
        `SELECT CASE WHEN l.id IS NULL THEN 'new' WHEN r.id IS NULL THEN 'resolved' ELSE 'unchanged' END AS status, count(*)::int AS n,
                (count(*) FILTER (WHERE l.risk_level <> r.risk_level))::int AS changed
         FROM (SELECT * FROM findings WHERE analysis_id = $1) l
         FULL JOIN (SELECT * FROM findings WHERE analysis_id = $2) r ON l.level = r.level AND l.holder = r.holder AND l.risk_id = r.risk_id
         GROUP BY 1`,
        [first, second],
      );
      const count = (s: string) => Number(expected.rows.find((x) => x.status === s)?.n ?? 0);
      const changed = expected.rows.reduce((s, x) => s + Number(x.changed), 0);
      expect(count('new')).toBeGreaterThan(0);
      expect(count('resolved')).toBeGreaterThan(0);
      expect(changed).toBeGreaterThan(0);
      expect(r.body.summary).toEqual({ new: count('new'), resolved: count('resolved'), unchanged: count('unchanged'), levelChanged: changed, orgValuesChanged: 0, total: count('new') + count('resolved') + count('unchanged') });
      expect(r.body.rows).toHaveLength(r.body.summary.total);
      expect(r.body.left).toMatchObject({ id: first, name: 'June run', analysisDate: JUNE });
      expect(r.body.right).toMatchObject({ id: second, name: 'July run', analysisDate: JULY });
      // By hand: the user who lost every role has only resolved user rows; the changed risk's unchanged rows are flagged.
      const mine = r.body.rows.filter((x: { level: string; holder: string }) => x.level === 'USER' && x.holder === removedUser);
      expect(mine.length).toBeGreaterThan(0);
      for (const row of mine) expect(row).toMatchObject({ status: 'resolved', rightRiskLevel: null, levelChanged: false });
      for (const row of r.body.rows.filter((x: { riskId: string; status: string }) => x.riskId === changedRisk && x.status === 'unchanged')) {
        expect(row).toMatchObject({ leftRiskLevel: risk.rows[0].risk_level, rightRiskLevel: newLevel, levelChanged: true });
      }
      const gained = r.body.rows.filter((x: { level: string; holder: string; status: string }) => x.level === 'USER' && x.holder === user && x.status === 'new');
      expect(gained.length).toBeGreaterThan(0);
    }, 240_000);

    it('filters and pages rows with a Content-Range, and exports CSV and XLSX', async () => {
      const all = (await call('GET', `/api/analyses/compare?left=${first}&right=${second}`, admin)).body;
      const page = await call('GET', `/api/analyses/compare?left=${first}&right=${second}&range=[0,4]&filter=${q({ status: 'new' })}`, admin);
      expect(page.status).toBe(200);
      expect(page.body.rows).toHaveLength(Math.min(5, all.summary.new));
      expect(page.headers['content-range']).toBe(`comparison 0-${page.body.rows.length - 1}/${all.summary.new}`);
      expect(page.body.rows.every((x: { status: string }) => x.status === 'new')).toBe(true);
      expect(page.body.summary).toEqual(all.summary);
      const csv = await call('GET', `/api/analyses/compare?left=${first}&right=${second}&format=csv`, admin);
      expect(csv.status).toBe(200);
      const lines = csv.body.trimEnd().split('\n');
      expect(lines[0]).toBe('LEVEL,ID,RISK_ID,STATUS,LEFT_RISK_LEVEL,RIGHT_RISK_LEVEL,LEVEL_CHANGED,LEFT_ORG_VALUES,RIGHT_ORG_VALUES,ORG_VALUES_CHANGED,LEFT_FINDING_STATUS,RIGHT_FINDING_STATUS,USER_TYPE');
      expect(lines).toHaveLength(all.summary.total + 1);
      expect(lines.filter((l: string) => l.split(',')[3] === 'resolved')).toHaveLength(all.summary.resolved);
      const xlsx = await call('GET', `/api/analyses/compare?left=${first}&right=${second}&format=xlsx`, admin);
      expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
      expect((await call('GET', `/api/analyses/compare?left=${first}&right=${second}&filter=${q({ nope: 1 })}`, admin)).status).toBe(400);
    });

    it('refuses another tenant’s analyses (404) and analyses that have not completed (409)', async () => {
      expect((await call('GET', `/api/analyses/compare?left=${first}&right=${second}`, otherAdmin)).status).toBe(404);
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date, status)
         VALUES ($1, 'canceled', $2, $3, 'permission', 'same-instance', $4, 'canceled') RETURNING id`,
        [A.customerId, june, rules, JUNE],
      );
      expect((await call('GET', `/api/analyses/compare?left=${first}&right=${rows[0].id}`, admin))).toMatchObject({ status: 409, body: { code: 'NOT_COMPLETED' } });
    });

    it('the dashboard trend lists both periods’ analyses in period order with live counts', async () => {
      const d = (await call('GET', `/api/reports/dashboard?analysisId=${second}`, admin)).body;
      expect(d.trend.map((p: { analysisId: string; date: string }) => [p.analysisId, p.date])).toEqual([
        [first, JUNE],
        [second, JULY],
      ]);
      for (const p of d.trend) {
        expect(p.findings).toBe(await n('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1', [p.analysisId]));
        expect(p.accepted).toBe(await n('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND accepted', [p.analysisId]));
      }
    });
  });
}

describe('reports on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('reports on PostgreSQL', () => suite(postgresDatabase()));
