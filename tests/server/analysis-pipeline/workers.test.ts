import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { startQueue, type JobQueue } from '../../../server/jobs/queue.ts';
import { sweepStaleWork } from '../../../server/jobs/workers.ts';
import { postgresAdminUrl, postgresDatabase } from '../databases.ts';
import { folderFiles, multipart, seedCustomer, waitFor, zipFolder } from './harness.ts';
import { cliPart } from '../cli-csv.ts';

const BIN = path.resolve('bin/segra.js');
const DATE = '2026-06-30';

/**
 * `segra worker` processes sharing one PostgreSQL (DESIGN 3): an API that only enqueues, workers
 * that take imports, analyses and analysis shards, a worker killed in the middle of a run.
 */
describe.skipIf(!postgresAdminUrl)('segra worker processes on PostgreSQL', () => {
  const target = postgresDatabase();
  const work = mkdtempSync(path.join(tmpdir(), 'segra-workers-'));
  const landscape = path.join(work, 'landscape');
  let db: Database;
  let url: string;
  let app: FastifyInstance;
  let queue: JobQueue;
  let token: string;
  let periodId: string;
  let riskPeriodId: string;
  let cliCsv: string;
  const workers: ChildProcess[] = [];

  const startWorker = (env: Record<string, string> = {}): ChildProcess => {
    const child = spawn(process.execPath, [BIN, 'worker'], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn', JOB_POLL_SECONDS: '0.5', ANALYSIS_SHARDS: '2', ANALYSIS_SHARD_MIN_USERS: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    workers.push(child);
    return child;
  };
  const ready = (child: ChildProcess): Promise<void> =>
    new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('taking jobs')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`worker exited ${code}: ${out}`)));
    });
  const call = async (method: 'GET' | 'POST', url: string, body?: object) => {
    const r = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
    return r.headers['content-type']?.toString().includes('json') ? r.json() : r.body;
  };
  const analysis = (id: string) => call('GET', `/api/analyses/${id}`);
  const shardLog = async (id: string) =>
    (await db.query<{ shard_log: { shard: number; worker: string }[]; shards: number }>('SELECT shard_log, shards FROM analyses WHERE id = $1', [id])).rows[0];

  beforeAll(async () => {
    await generateLandscape({ size: 'S', seed: 3, outDir: landscape });
    const cli = spawnSync(process.execPath, [BIN, 'analyze', '--system', path.join(landscape, 'system'), '--rules', path.join(landscape, 'rules'), '--date', DATE.replace(/-/g, '')], { encoding: 'utf8' });
    cliCsv = cli.stdout;
    db = await target.open();
    url = (db as Database & { connectionString: string }).connectionString;
    await migrate(db);
    queue = await startQueue(db, { work: false }); // the API only enqueues, like `segra serve --no-worker`
    app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(work, 'data') } as NodeJS.ProcessEnv), { db, queue, logger: false });
    const { customerId, systemId } = await seedCustomer(db, 'Acme');
    token = app.signAccessToken({ sub: crypto.randomUUID(), name: 'a', email: 'a@test.local', customerId, Role: 'Admin', permissions: {} } as never);
    // Pauses make each shard outlast the other worker's polling, so both workers get one.
    const two = [startWorker({ SEGRA_TEST_ANALYSIS_PAUSE_MS: '1500' }), startWorker({ SEGRA_TEST_ANALYSIS_PAUSE_MS: '1500' })];
    await Promise.all(two.map(ready));

    periodId = (await call('POST', '/api/system-periods', { name: 'June', periodDate: DATE, systemId })).id;
    const form = await multipart({ 'extract.zip': zipFolder(path.join(landscape, 'system')) });
    await app.inject({ method: 'POST', url: `/api/system-periods/${periodId}/extract`, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
    riskPeriodId = (await call('POST', '/api/risk-periods', { name: 'Rules', periodDate: DATE })).id;
    const rules = await multipart(folderFiles(path.join(landscape, 'rules')));
    await app.inject({ method: 'POST', url: `/api/risk-periods/${riskPeriodId}/ruleset`, headers: { authorization: `Bearer ${token}`, ...rules.headers }, payload: rules.payload });
    await waitFor(() => call('GET', `/api/system-periods/${periodId}`), (p) => p.status === 'ready', 90_000);
    await waitFor(() => call('GET', `/api/risk-periods/${riskPeriodId}`), (p) => p.status === 'ready', 30_000);
  }, 180_000);

  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await app?.close();
    await queue?.stop();
    await db?.close();
    await target.teardown();
    rmSync(work, { recursive: true, force: true });
  });

  it('two workers evaluate the two shards of an analysis; the merged findings equal one run of segra analyze', async () => {
    const created = await call('POST', '/api/analyses', { name: 'sharded', systemPeriodId: periodId, riskPeriodId });
    const done = await waitFor(() => analysis(created.id), (a) => ['completed', 'failed', 'canceled'].includes(a.status), 120_000);
    expect(done.status).toBe('completed');
    const log = await shardLog(created.id);
    expect(log.shards).toBe(2);
    expect(log.shard_log.map((e) => e.shard).sort()).toEqual([0, 1]);
    expect(new Set(log.shard_log.map((e) => e.worker)).size).toBe(2);
    const csv = await call('GET', `/api/analyses/${created.id}/export?format=csv`);
    expect(cliPart(csv)).toBe(cliCsv);
    expect(done.counts.findings).toBe(cliCsv.trim().split('\n').length - 1);
  }, 150_000);

  it('a worker stopped with SIGTERM mid-run marks its analysis failed before it exits', async () => {
    for (const w of workers.splice(0)) w.kill('SIGKILL');
    const slow = startWorker({ SEGRA_TEST_ANALYSIS_PAUSE_MS: '60000', ANALYSIS_SHARDS: '1' });
    await ready(slow);
    const created = await call('POST', '/api/analyses', { name: 'stopped', systemPeriodId: periodId, riskPeriodId });
    await waitFor(() => analysis(created.id), (a) => a.status === 'running', 30_000);
    const exited = new Promise<number | null>((resolve) => slow.once('exit', (code) => resolve(code)));
    const stoppedAt = Date.now();
    slow.kill('SIGTERM');
    expect(await exited).toBe(0);
    // pg-boss waits up to 5 s for the running job, then the process goes without waiting for it.
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    expect(await analysis(created.id)).toMatchObject({ status: 'failed', error: expect.stringContaining('server stopped') });
  }, 120_000);

  it('a worker killed mid-run: a live worker takes its analysis over and completes it with the findings of segra analyze', async () => {
    for (const w of workers.splice(0)) w.kill('SIGKILL');
    // Short takeover timings (JOB_DEAD_AFTER_SECONDS); the default's 60 s bound is the chaos test's (tests/cli/database-restart.test.ts).
    const fast = { ANALYSIS_SHARDS: '1', JOB_DEAD_AFTER_SECONDS: '3' };
    const slow = startWorker({ ...fast, SEGRA_TEST_ANALYSIS_PAUSE_MS: '20000' });
    await ready(slow);
    const created = await call('POST', '/api/analyses', { name: 'killed', systemPeriodId: periodId, riskPeriodId });
    await waitFor(() => analysis(created.id), (a) => a.status === 'running', 30_000);
    slow.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await analysis(created.id)).status).toBe('running');
    // No job of it will run any more? It has one: the sweep leaves it to the takeover.
    expect((await sweepStaleWork(db, 1)).analyses).toBe(0);
    await ready(startWorker(fast));
    const done = await waitFor(() => analysis(created.id), (a) => ['completed', 'failed'].includes(a.status), 120_000);
    expect(done.status).toBe('completed');
    expect(cliPart(await call('GET', `/api/analyses/${created.id}/export?format=csv`))).toBe(cliCsv);
    const job = await db.query<{ retry_count: number }>(`SELECT retry_count FROM pgboss.job WHERE name = 'analysis' AND data->>'analysisId' = $1`, [created.id]);
    expect(job.rows[0].retry_count).toBe(1);
  }, 200_000);
});
