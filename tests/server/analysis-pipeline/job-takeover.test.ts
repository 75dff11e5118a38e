import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyExtract } from '../../../engine/model/extract.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { sweepDeadJobs } from '../../../server/jobs/job-takeover.ts';
import { JOBS } from '../../../server/jobs/job-names.ts';
import { startQueue, type JobQueue } from '../../../server/jobs/queue.ts';
import { startWorkers, sweepStaleWork } from '../../../server/jobs/workers.ts';
import { writeExtract } from '../../../server/periods/extract-store.ts';
import { cliPart } from '../cli-csv.ts';
import { postgresAdminUrl, postgresDatabase } from '../databases.ts';
import { folderFiles, multipart, seedCustomer, waitFor, zipFolder } from './harness.ts';

const BIN = path.resolve('bin/segra.js');
const DATE = '2026-06-30';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * DESIGN 7b: a job whose worker died is handed back to pg-boss by the heartbeat sweep, restarted
 * cleanly (nothing of the dead attempt kept), at most 3 attempts, then failed with the reason;
 * the period it was importing is free again at once. A "dead worker" here is a pg-boss client
 * that takes a job and never beats: a worker killed the moment it took it.
 */
describe.skipIf(!postgresAdminUrl)('jobs of dead workers on PostgreSQL', () => {
  const target = postgresDatabase();
  const work = mkdtempSync(path.join(tmpdir(), 'segra-takeover-'));
  const landscape = path.join(work, 'landscape');
  let cliCsv: string;
  let db: Database;
  let api: JobQueue;
  let app: FastifyInstance;
  let dead: PgBoss;
  let token: string;
  let systemId: string;
  let periodId: string;
  let riskPeriodId: string;
  let live: { queue: JobQueue; stop: () => void } | undefined;

  const call = async (method: 'GET' | 'POST', url: string, body?: object) => {
    const r = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
    return { status: r.statusCode, body: r.headers['content-type']?.toString().includes('json') ? r.json() : r.body };
  };
  const upload = async (url: string, files: Record<string, Uint8Array>) => {
    const form = await multipart(files);
    return (await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload })).statusCode;
  };
  const uploadExtract = (id: string) => upload(`/api/system-periods/${id}/extract`, { 'extract.zip': zipFolder(path.join(landscape, 'system')) });
  const period = async (id: string) => (await call('GET', `/api/system-periods/${id}`)).body;
  const rowsOf = async (importId: string) => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sap_agr_1251 WHERE import_id = $1', [importId])).rows[0].n);
  /** A worker takes the next job of `name` and dies at once (it never beats). */
  const takeAndDie = async (name: string): Promise<PgBoss.JobWithMetadata<Record<string, string>>> => {
    const jobs = await waitFor(() => dead.fetch<Record<string, string>>(name, { includeMetadata: true }), (j) => (j?.length ?? 0) > 0, 15_000);
    return jobs![0];
  };
  /** What every live worker's sweep does once the heartbeat is older than dead-after (1 s here). */
  const sweepAfterDeadline = async () => {
    await sleep(1100);
    return sweepDeadJobs(api.boss, db, api.queues, 1);
  };
  const startLiveWorker = async () => {
    const queue = await startQueue(db, { work: true, deadAfterSeconds: 3 });
    live = { queue, stop: await startWorkers(queue, db, { pollingIntervalSeconds: 0.5, tenantRunningJobs: 2 }) };
  };
  const stopLiveWorker = async () => {
    live?.stop();
    await live?.queue.stop();
    live = undefined;
  };

  beforeAll(async () => {
    await generateLandscape({ size: 'S', seed: 5, outDir: landscape });
    const cli = spawnSync(process.execPath, [BIN, 'analyze', '--system', path.join(landscape, 'system'), '--rules', path.join(landscape, 'rules'), '--date', DATE.replace(/-/g, '')], { encoding: 'utf8' });
    if (cli.status !== 0) throw new Error(cli.stderr);
    cliCsv = cli.stdout;
    db = await target.open();
    await migrate(db);
    api = await startQueue(db, { work: false }); // the API only enqueues: no worker unless a test starts one
    // Two of the customer's jobs at once: the analysis test hands two analyses to dying workers (fair share, DESIGN 7b).
    app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(work, 'data'), TENANT_RUNNING_JOBS: '2' } as NodeJS.ProcessEnv), { db, queue: api, logger: false });
    const seeded = await seedCustomer(db, 'Acme');
    systemId = seeded.systemId;
    token = app.signAccessToken({ sub: crypto.randomUUID(), name: 'a', email: 'a@test.local', customerId: seeded.customerId, Role: 'Admin', permissions: {} } as never);
    dead = new PgBoss({ connectionString: (db as Database & { connectionString: string }).connectionString, supervise: false, schedule: false, migrate: false });
    dead.on('error', () => {});
    await dead.start();
  }, 180_000);

  afterAll(async () => {
    await stopLiveWorker();
    await dead?.stop({ graceful: false, close: true, wait: true });
    await app?.close();
    await api?.stop();
    await db?.close();
    await target.teardown();
    rmSync(work, { recursive: true, force: true });
  });

  it('an import whose worker dies in each of its 3 attempts fails with the reason, keeps none of its rows, and the period takes a new upload at once', async () => {
    periodId = (await call('POST', '/api/system-periods', { name: 'June', periodDate: DATE, systemId })).body.id;
    expect(await uploadExtract(periodId)).toBe(202);
    const partial = emptyExtract();
    partial.roleAuthorisations.push({ role: 'ZDEAD', object: 'S_TCODE', auth: 'A', field: 'TCD', low: 'SU01', high: '', deleted: false });
    let importId = '';
    for (let attempt = 0; attempt < 3; attempt++) {
      const job = await takeAndDie(JOBS.importExtract);
      expect(job.retryCount).toBe(attempt);
      importId = job.data.importId;
      // What the attempt wrote before it died.
      if (attempt === 0) await writeExtract(db, importId, partial);
      expect(await sweepAfterDeadline()).toBe(1);
      // Retried: the period still imports (a re-upload would be refused while a retry is due).
      if (attempt < 2) expect(await period(periodId)).toMatchObject({ status: 'importing' });
    }
    const job = await api.boss.getJobById(JOBS.importExtract, (await db.query<{ id: string }>(`SELECT id FROM pgboss.job WHERE name = $1`, [JOBS.importExtract])).rows[0].id);
    expect(job).toMatchObject({ state: 'failed', retryCount: 2, output: { message: expect.stringContaining('No heartbeat') } });
    // Every live worker's sweep: the record whose job is failed for good fails with the reason.
    expect(await sweepStaleWork(db, 0)).toEqual({ analyses: 0, imports: 1 });
    const failed = await period(periodId);
    expect(failed.status).toBe('failed');
    expect(failed.error.message).toContain('stopped');
    expect(failed.error.message).toContain('attempts: 3');
    expect(failed.error.message).toContain('No heartbeat from its worker');
    expect(await rowsOf(importId)).toBe(0);
    // Not 409 for hours: the next upload is taken now.
    expect(await uploadExtract(periodId)).toBe(202);
  }, 90_000);

  it('a retried import restarts cleanly on a live worker: what the dead attempt wrote goes, and the import equals an uninterrupted one', async () => {
    // The upload accepted at the end of the test before: its first worker dies after writing a row.
    const job = await takeAndDie(JOBS.importExtract);
    const partial = emptyExtract();
    partial.roleAuthorisations.push({ role: 'ZDEAD', object: 'S_TCODE', auth: 'A', field: 'TCD', low: 'SU01', high: '', deleted: false });
    await writeExtract(db, job.data.importId, partial);
    expect(await sweepAfterDeadline()).toBe(1);
    await startLiveWorker();
    const ready = await waitFor(() => period(periodId), (p) => p.status !== 'importing', 90_000);
    expect(ready.status).toBe('ready');
    // pg-boss records the completion a moment after the handler stored the period (and freed the customer's slot).
    const retried = await waitFor(
      async () => (await db.query<{ retry_count: number; state: string }>(`SELECT retry_count, state FROM pgboss.job WHERE id = $1`, [job.id])).rows[0],
      (row) => row.state !== 'active',
      10_000,
    );
    expect(retried).toEqual({ retry_count: 1, state: 'completed' });
    // The same upload imported without a death in between.
    const other = (await call('POST', '/api/system-periods', { name: 'July', periodDate: DATE, systemId })).body.id;
    expect(await uploadExtract(other)).toBe(202);
    const clean = await waitFor(() => period(other), (p) => p.status !== 'importing', 90_000);
    expect(clean.status).toBe('ready');
    const ids = await db.query<{ id: string; data_import_id: string }>('SELECT id, data_import_id FROM system_periods WHERE id IN ($1, $2)', [periodId, other]);
    const [mine, theirs] = [periodId, other].map((id) => ids.rows.find((r) => r.id === id)!.data_import_id);
    expect(mine).toBe(job.data.importId);
    expect(await rowsOf(mine)).toBe(await rowsOf(theirs));
  }, 200_000);

  it('an analysis whose worker died is restarted and completes with the findings of segra analyze; one canceled meanwhile stays canceled', async () => {
    riskPeriodId = (await call('POST', '/api/risk-periods', { name: 'Rules', periodDate: DATE })).body.id;
    expect(await upload(`/api/risk-periods/${riskPeriodId}/ruleset`, folderFiles(path.join(landscape, 'rules')))).toBe(202);
    await waitFor(async () => (await call('GET', `/api/risk-periods/${riskPeriodId}`)).body, (p) => p.status === 'ready', 60_000);
    await stopLiveWorker();

    const restarted = (await call('POST', '/api/analyses', { name: 'restarted', systemPeriodId: periodId, riskPeriodId })).body.id;
    const canceled = (await call('POST', '/api/analyses', { name: 'canceled', systemPeriodId: periodId, riskPeriodId })).body.id;
    const jobs = [await takeAndDie(JOBS.analysis), await takeAndDie(JOBS.analysis)];
    // The dead attempts had set them running.
    await db.query(`UPDATE analyses SET status = 'running', started_at = now(), heartbeat_at = now() WHERE id IN ($1, $2)`, [restarted, canceled]);
    expect((await call('POST', `/api/analyses/${canceled}/cancel`)).status).toBe(200);
    await sleep(1100);
    expect(await sweepDeadJobs(api.boss, db, api.queues, 1)).toBe(2);
    await startLiveWorker();
    const done = await waitFor(async () => (await call('GET', `/api/analyses/${restarted}`)).body, (a) => ['completed', 'failed'].includes(a.status), 120_000);
    expect(done.status).toBe('completed');
    expect(cliPart((await call('GET', `/api/analyses/${restarted}/export?format=csv`)).body as string)).toBe(cliCsv);
    // The canceled one's retry ended without running it.
    const retriedCancel = jobs.find((j) => j.data.analysisId === canceled)!;
    await waitFor(async () => (await db.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [retriedCancel.id])).rows[0].state, (s) => s === 'completed', 15_000);
    expect((await call('GET', `/api/analyses/${canceled}`)).body.status).toBe('canceled');
    expect(Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1', [canceled])).rows[0].n)).toBe(0);
  }, 200_000);
});
