import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { abandonActiveAnalyses } from '../../../server/analyses/run-analysis.ts';
import type { Database } from '../../../server/db/database.ts';
import { renderBasisDetail, type BasisDetailPart } from '../../../engine/basis/index.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { loadMigrations, migrate } from '../../../server/db/migrate.ts';
import { JOBS } from '../../../server/jobs/job-names.ts';
import { sweepStaleWork } from '../../../server/jobs/workers.ts';
import { threadCount } from '../../../server/workers/thread-client.ts';
import { seedCustomer, waitFor, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { caller, folderFiles, importedSystemPeriod, reportsApp, type Caller } from './reports-harness.ts';

const BIN = path.resolve('bin/segra.js');
const JUNE = '2026-06-30';
// Holds a run in its `checking` phase (server/jobs/basis-job.ts) so a test can act while it runs.
const PAUSE = 'SEGRA_TEST_BASIS_PAUSE_MS';

const work = mkdtempSync(path.join(tmpdir(), 'segra-basis-job-'));
const landscape = path.join(work, 'landscape');
const systemDir = path.join(landscape, 'system');
let cliBasisCsv = '';

beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 11, outDir: landscape });
  const run = spawnSync(process.execPath, [BIN, 'basis', '--system', systemDir, '--date', JUNE.replace(/-/g, '')], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  cliBasisCsv = run.stdout;
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => {
  delete process.env[PAUSE];
});

interface RunRecord {
  status: string | null;
  phase: string | null;
  progress: number | null;
  error: string | null;
  ran: boolean;
  ranAt: string | null;
  findings: number;
  stale: boolean;
}

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let call: Caller;
  let admin: string;
  let otherAdmin: string;
  let june: string;
  const lines = () => cliBasisCsv.trim().split('\n').length - 1;

  const record = async (): Promise<RunRecord> => {
    const r = await call('GET', `/api/system-periods/${june}/basis`, admin);
    expect(r.status).toBe(200);
    return r.body as RunRecord;
  };
  const until = (done: (r: RunRecord) => boolean) => waitFor(record, done, 60_000);
  const finished = () => until((r) => r.status === 'completed' || r.status === 'failed');
  const csv = () => call('GET', `/api/system-periods/${june}/basis/export?format=csv`, admin);
  const storedFindings = async () =>
    Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM basis_findings WHERE system_period_id = $1', [june])).rows[0].n);
  /** Waits until the pg-boss job of the period's latest run has ended (its handler returned). */
  const jobEnded = async () => {
    const { rows } = await db.query<{ job_id: string }>('SELECT job_id FROM basis_runs WHERE system_period_id = $1', [june]);
    await waitFor(() => t.queue.boss.getJobById(JOBS.basis, rows[0].job_id), (j) => j?.state === 'completed' || j?.state === 'failed', 60_000);
  };

  beforeAll(async () => {
    db = await target.open();
    t = await reportsApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    call = caller(t);
    const A = await seedCustomer(db, 'Acme');
    const B = await seedCustomer(db, 'Other');
    admin = t.token('Admin', A.customerId);
    otherAdmin = t.token('Admin', B.customerId);
    june = await importedSystemPeriod(t, admin, A.systemId, 'June', JUNE, folderFiles(systemDir));
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('answers 202 enqueued, refuses a second run meanwhile (409), then completes with the CSV of `segra basis`', async () => {
    process.env[PAUSE] = '1500';
    const started = await call('POST', `/api/system-periods/${june}/basis`, admin);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'enqueued', progress: 0, error: null, ran: false, requestedBy: 'admin@test.local' });
    const again = await call('POST', `/api/system-periods/${june}/basis`, admin);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'BASIS_RUNNING', message: expect.stringContaining('already running') });
    // No results until a run has completed once.
    expect((await csv()).body.code).toBe('NOT_RUN');
    const running = await until((r) => r.status === 'running' && r.phase === 'checking');
    expect(running).toMatchObject({ progress: 60, ran: false });
    expect((await call('POST', `/api/system-periods/${june}/basis`, admin)).body.code).toBe('BASIS_RUNNING');
    const done = await finished();
    expect(done).toMatchObject({ status: 'completed', phase: null, progress: 100, error: null, ran: true, findings: lines(), stale: false });
    const exported = await csv();
    expect(exported.status).toBe(200);
    expect(exported.body).toBe(cliBasisCsv);
    const audited = await db.query("SELECT 1 FROM audit_log WHERE action = 'basis.run' AND entity_id = $1", [june]);
    expect(audited.rows).toHaveLength(1);
  }, 90_000);

  it('stores each finding’s DETAIL as parts, which the findings list returns (the English DETAIL said from them)', async () => {
    const rows: { checkId: string; holder: string; detail: string; detailParts: BasisDetailPart[] | null }[] = [];
    for (let start = 0; start < lines(); start += 1000) {
      const page = await call('GET', `/api/basis-findings?filter=${encodeURIComponent(JSON.stringify({ systemPeriodId: june }))}&sort=["id","ASC"]&range=[${start},${start + 999}]`, admin);
      expect(page.status).toBe(200);
      rows.push(...page.body);
    }
    expect(rows).toHaveLength(lines());
    for (const r of rows) {
      expect(Array.isArray(r.detailParts), `${r.checkId} ${r.holder}`).toBe(true);
      expect(renderBasisDetail(r.detailParts!), `${r.checkId} ${r.holder}`).toBe(r.detail);
    }
    // User-master parts (not only the source paths of the C checks) come back with their values.
    const userMaster = rows.filter((r) => r.checkId.startsWith('U'));
    expect(userMaster.length).toBeGreaterThan(0);
    expect(userMaster.every((r) => r.detailParts!.every((p) => p.key !== 'paths'))).toBe(true);
  }, 30_000);

  it('keeps the last completed results readable while a new run is in progress', async () => {
    const before = await record();
    process.env[PAUSE] = '1500';
    expect((await call('POST', `/api/system-periods/${june}/basis`, admin)).status).toBe(202);
    const running = await until((r) => r.status === 'running');
    expect(running).toMatchObject({ ran: true, ranAt: before.ranAt, findings: lines() });
    expect((await csv()).body).toBe(cliBasisCsv);
    expect(await storedFindings()).toBe(lines());
    const done = await finished();
    expect(done.status).toBe('completed');
    expect(done.ranAt! > before.ranAt!).toBe(true);
    expect((await csv()).body).toBe(cliBasisCsv);
  }, 90_000);

  it('fails with the reason when the period is re-imported while the checks run; the old results stay', async () => {
    const before = await record();
    const { rows } = await db.query<{ data_import_id: string }>('SELECT data_import_id FROM system_periods WHERE id = $1', [june]);
    process.env[PAUSE] = '2000';
    expect((await call('POST', `/api/system-periods/${june}/basis`, admin)).status).toBe(202);
    await until((r) => r.status === 'running' && r.phase === 'checking');
    // What a finished re-import does to the period (a new data_import_id), without the upload.
    await db.query('UPDATE system_periods SET data_import_id = gen_random_uuid() WHERE id = $1', [june]);
    try {
      const failed = await finished();
      expect(failed).toMatchObject({ status: 'failed', phase: null, error: 'The period was imported again meanwhile; run the basis checks again' });
      expect(failed).toMatchObject({ ran: true, ranAt: before.ranAt, findings: lines(), stale: true });
      expect(await storedFindings()).toBe(lines());
    } finally {
      await db.query('UPDATE system_periods SET data_import_id = $2 WHERE id = $1', [june, rows[0].data_import_id]);
    }
    // A failed run does not block the next one.
    expect((await call('POST', `/api/system-periods/${june}/basis`, admin)).status).toBe(202);
    expect((await finished()).status).toBe('completed');
  }, 90_000);

  it('a run cut off by a shutdown is marked failed and stores nothing when its handler goes on', async () => {
    const before = await record();
    process.env[PAUSE] = '2000';
    expect((await call('POST', `/api/system-periods/${june}/basis`, admin)).status).toBe(202);
    await until((r) => r.status === 'running' && r.phase === 'checking');
    // What `segra serve` and `segra worker` call after stopping the queue.
    expect(await abandonActiveAnalyses(db)).toBe(1);
    expect(await record()).toMatchObject({ status: 'failed', error: expect.stringContaining('server stopped'), ran: true, ranAt: before.ranAt });
    await jobEnded();
    expect(await record()).toMatchObject({ status: 'failed', ranAt: before.ranAt });
    expect(await storedFindings()).toBe(lines());
  }, 90_000);

  it('the stale-work sweep fails runs without a heartbeat; at a PGlite start every running one', async () => {
    const set = (sql: string) => db.query(`UPDATE basis_runs SET status = 'running', phase = 'checking', progress = 60, ${sql} WHERE system_period_id = $1`, [june]);
    // A worker that died an hour ago.
    await set("heartbeat_at = now() - interval '1 hour'");
    await sweepStaleWork(db, 300);
    expect(await record()).toMatchObject({ status: 'failed', phase: null, error: expect.stringContaining('restart or crash'), ran: true });
    // Alive a moment ago: only the start of `segra serve` on PGlite (nothing else can run on it) fails it.
    await set("heartbeat_at = now() - interval '1 second'");
    await sweepStaleWork(db, 300);
    expect((await record()).status).toBe('running');
    await sweepStaleWork(db, 0);
    expect(await record()).toMatchObject({ status: 'failed', error: expect.stringContaining('restart or crash') });
    // The failed run does not block the next one.
    expect((await call('POST', `/api/system-periods/${june}/basis`, admin)).status).toBe(202);
    expect((await finished()).status).toBe('completed');
  }, 90_000);

  it('checks in a worker thread: while the checks keep a CPU busy, the API answers at once', async () => {
    process.env.SEGRA_TEST_EVALUATION_SPIN_MS = '3000';
    try {
      expect((await call('POST', `/api/system-periods/${june}/basis`, admin)).status).toBe(202);
      await until((r) => r.status === 'running' && r.phase === 'checking');
      expect(threadCount('basis-worker')).toBe(1);
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        expect((await call('GET', `/api/system-periods/${june}/basis`, admin)).status).toBe(200);
        times.push(performance.now() - started);
      }
      expect(Math.max(...times)).toBeLessThan(750);
      expect(await finished()).toMatchObject({ status: 'completed', findings: lines() });
      expect((await csv()).body).toBe(cliBasisCsv);
      expect(threadCount('basis-worker')).toBe(0);
    } finally {
      delete process.env.SEGRA_TEST_EVALUATION_SPIN_MS;
    }
  }, 90_000);

  it('keeps another customer out of the period’s basis run (404), without touching it', async () => {
    const before = await record();
    expect((await call('POST', `/api/system-periods/${june}/basis`, otherAdmin)).status).toBe(404);
    expect((await call('GET', `/api/system-periods/${june}/basis`, otherAdmin)).status).toBe(404);
    expect((await call('GET', `/api/system-periods/${june}/basis/export?format=csv`, otherAdmin)).status).toBe(404);
    expect(await record()).toEqual(before);
  });
}

describe('basis job on PGlite', () => suite(pgliteDatabase()));

describe('migration 0013 (basis runs become jobs)', () => {
  it('turns a run stored before it into a completed run whose results read as before', async () => {
    const db = await pgliteDatabase({ migrated: false }).open();
    try {
      const all = loadMigrations();
      const at = all.findIndex((m) => m.version === '0013_basis_jobs');
      expect(at).toBeGreaterThan(0);
      await migrate(db, all.slice(0, at));
      const customer = (await db.query<{ id: string }>("INSERT INTO customers (name) VALUES ('Acme') RETURNING id")).rows[0].id;
      const system = (await db.query<{ id: string }>(
        `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'PRD', 'S/4HANA', 'HW', '0020123456', '00') RETURNING id`,
        [customer],
      )).rows[0].id;
      const period = (await db.query<{ id: string }>(
        "INSERT INTO system_periods (customer_id, system_id, name, period_date) VALUES ($1, $2, 'June', '2026-06-30') RETURNING id",
        [customer, system],
      )).rows[0].id;
      await db.query(
        `INSERT INTO basis_runs (system_period_id, customer_id, analysis_date, data_import_id, findings, checks, run_by, run_at, duration_ms)
         VALUES ($1, $2, '2026-06-30', gen_random_uuid(), 7, '[]', 'admin@test.local', '2026-07-01T10:00:00Z', 1234)`,
        [period, customer],
      );
      expect(await migrate(db)).toEqual(all.slice(at).map((m) => m.version));
      const { rows } = await db.query<Record<string, unknown>>('SELECT status, progress, error, requested_by, finished_at, run_at, findings FROM basis_runs');
      expect(rows).toEqual([
        { status: 'completed', progress: 100, error: null, requested_by: 'admin@test.local', finished_at: new Date('2026-07-01T10:00:00Z'), run_at: new Date('2026-07-01T10:00:00Z'), findings: 7 },
      ]);
      // A completed row without results is refused; a new request starts enqueued.
      await expect(db.query("UPDATE basis_runs SET run_at = NULL")).rejects.toThrow(/check constraint/i);
      await db.query('DELETE FROM basis_runs');
      await db.query('INSERT INTO basis_runs (system_period_id, customer_id) VALUES ($1, $2)', [period, customer]);
      expect((await db.query('SELECT status, progress, run_at FROM basis_runs')).rows).toEqual([{ status: 'enqueued', progress: 0, run_at: null }]);
    } finally {
      await db.close();
    }
  });
});
describe.skipIf(!postgresAdminUrl)('basis job on PostgreSQL', () => suite(postgresDatabase()));
