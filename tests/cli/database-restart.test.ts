import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/database.ts';
import { generateLandscape } from '../../generator/index.ts';
import { HEALTH_CHECK_QUEUE } from '../../server/jobs/queue.ts';
import { cliPart } from '../server/cli-csv.ts';
import { folderFiles, seedCustomer, zipFolder } from '../server/analysis-pipeline/harness.ts';
import { freePort, pgBinariesPresent, PrivateCluster } from './private-postgres.ts';

// DESIGN 7b / issue 28: no Segra process exits because PostgreSQL went away; meanwhile the API
// answers 503 DATABASE_UNAVAILABLE with Retry-After (never 401), and afterwards the same token
// and the job queue work again. On a cluster of the test's own, killed with kill -9.
const BIN = path.resolve('bin/segra.js');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Segra {
  child: ChildProcess;
  output: () => string;
}

function startSegra(args: string[], env: NodeJS.ProcessEnv): Segra {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>, limitMs: number): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() - start > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(200);
  }
}

/** The settings of the Segra processes on the test's cluster (jobs polled every half second). */
const segraEnv = (cluster: PrivateCluster, port: number, dataDir: string): NodeJS.ProcessEnv => ({
  DATABASE_URL: cluster.url,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  JWT_SECRET: 'chaos-test-secret-chaos-test-secret-0123',
  SEGRA_ADMIN_EMAIL: 'admin@chaos.test',
  SEGRA_ADMIN_PASSWORD: 'chaos1234',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  JOB_POLL_SECONDS: '0.5',
});

const alive = (segra: Segra): boolean => segra.child.exitCode === null && segra.child.signalCode === null;

describe.skipIf(!pgBinariesPresent)('segra serve and segra worker through a PostgreSQL kill -9', () => {
  let cluster: PrivateCluster;
  let dataDir: string;
  let base: string;
  let serve: Segra;
  let worker: Segra;
  let token: string;

  beforeAll(async () => {
    cluster = await PrivateCluster.create();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'segra-chaos-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = segraEnv(cluster, port, dataDir);
    // The API alone (no jobs in it), and one worker process: the queue's jobs can only be its.
    serve = startSegra(['serve', '--no-worker'], env);
    await waitFor('segra serve up', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), 60_000);
    worker = startSegra(['worker'], env);
    await waitFor('segra worker taking jobs', async () => (worker.output().includes('taking jobs') ? true : undefined), 60_000);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@chaos.test', password: 'chaos1234' }),
    });
    token = ((await login.json()) as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    for (const segra of [serve, worker]) {
      if (segra && alive(segra)) {
        segra.child.kill('SIGTERM');
        await new Promise((resolve) => segra.child.once('exit', resolve));
      }
    }
    cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const me = () => fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });

  it('keeps both processes, answers 503 DATABASE_UNAVAILABLE with Retry-After meanwhile, and works again with the same token', async () => {
    expect((await me()).status).toBe(200);
    // Requests under way when the database goes: reads and writes of the API, a checked-out
    // connection in the middle of its transaction among them.
    const load = Array.from({ length: 30 }, (_, i) =>
      sleep(i * 20).then(() =>
        fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status, () => 0),
      ),
    );
    await sleep(150);
    cluster.killHard();
    const during = await Promise.all(load);
    expect(during.filter((status) => status === 401)).toEqual([]);

    await sleep(1500);
    const away = await me();
    expect(away.status).toBe(503);
    expect(((await away.json()) as { code: string }).code).toBe('DATABASE_UNAVAILABLE');
    expect(Number(away.headers.get('retry-after'))).toBeGreaterThan(0);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(alive(serve), serve.output()).toBe(true);
    expect(alive(worker), worker.output()).toBe(true);

    cluster.start();
    const back = await waitFor('the same token accepted again', async () => ((await me()).status === 200 ? true : undefined), 20_000);
    expect(back).toBe(true);
    await waitFor('ready again', async () => ((await fetch(`${base}/api/ready`)).status === 200 ? true : undefined), 20_000);
    expect(alive(serve), serve.output()).toBe(true);
    expect(alive(worker), worker.output()).toBe(true);
  }, 60_000);

  it('the surviving worker takes and completes a job sent after the restart', async () => {
    const boss = new PgBoss({ connectionString: cluster.url, supervise: false, schedule: false, migrate: false });
    boss.on('error', () => {});
    await boss.start();
    try {
      const id = (await boss.send(HEALTH_CHECK_QUEUE, {}))!;
      const state = await waitFor(
        'the job completed',
        async () => {
          const job = await boss.getJobById(HEALTH_CHECK_QUEUE, id);
          return job?.state === 'completed' ? job.state : undefined;
        },
        20_000,
      );
      expect(state).toBe('completed');
      expect(alive(worker), worker.output()).toBe(true);
    } finally {
      await boss.stop({ graceful: false, close: true, wait: true });
    }
  }, 30_000);
});

// DESIGN 7b / issue 28 item 2: work cut off by a PostgreSQL kill -9 is retried once the database
// is back and completes; a job whose worker was killed is taken over by the other worker within
// 60 s of its last heartbeat (the default timings) and completes with the findings of an
// uninterrupted run (`segra analyze` on the same files).
describe.skipIf(!pgBinariesPresent)('jobs through a PostgreSQL kill -9 and a worker kill -9', () => {
  const DATE = '2026-06-30';
  let cluster: PrivateCluster;
  let dataDir: string;
  let landscape: string;
  let cliCsv: string;
  let base: string;
  let serve: Segra;
  const workers: Segra[] = [];
  let db: Database;
  let token: string;
  let customerId: string;
  let systemId: string;
  let periodId: string;
  let riskPeriodId: string;
  let env: NodeJS.ProcessEnv;

  const headers = () => ({ authorization: `Bearer ${token}`, 'x-customer-id': customerId });
  const api = async (method: string, url: string, body?: object): Promise<{ status: number; body: { id: string; status: string } & Record<string, unknown> }> => {
    const r = await fetch(`${base}${url}`, { method, headers: { ...headers(), ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const text = await r.text();
    return { status: r.status, body: r.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  };
  const upload = async (url: string, files: Record<string, Uint8Array>): Promise<number> => {
    const form = new FormData();
    for (const [name, data] of Object.entries(files)) form.append('files', new Blob([data as BlobPart]), name);
    return (await fetch(`${base}${url}`, { method: 'POST', headers: headers(), body: form })).status;
  };
  const query = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query<T & object>(sql, params)).rows as T[];
  const everyoneAlive = () => {
    for (const segra of [serve, ...workers]) expect(alive(segra), segra.output()).toBe(true);
  };
  const analysisJob = async (analysisId: string) =>
    (await query<{ id: string; state: string; retry_count: number; started_on: Date }>(`SELECT id, state, retry_count, started_on FROM pgboss.job WHERE name = 'analysis' AND data->>'analysisId' = $1`, [analysisId]))[0];
  const analysisJobCompleted = (analysisId: string) =>
    waitFor('the analysis job completed', async () => {
      const job = await analysisJob(analysisId);
      return job?.state === 'completed' ? job : undefined;
    }, 10_000);
  const finished = (analysisId: string, limitMs: number) =>
    waitFor(
      'the analysis ended',
      async () => {
        const a = (await api('GET', `/api/analyses/${analysisId}`)).body;
        return ['completed', 'failed', 'canceled'].includes(a.status) ? a : undefined;
      },
      limitMs,
    );
  const sameFindingsAsCli = async (analysisId: string) => {
    const csv = await api('GET', `/api/analyses/${analysisId}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(cliPart(csv.body as unknown as string)).toBe(cliCsv);
  };

  beforeAll(async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'segra-chaos-jobs-'));
    landscape = path.join(work, 'landscape');
    dataDir = path.join(work, 'data');
    await generateLandscape({ size: 'S', seed: 11, outDir: landscape });
    const cli = spawnSync(process.execPath, [BIN, 'analyze', '--system', path.join(landscape, 'system'), '--rules', path.join(landscape, 'rules'), '--date', DATE.replace(/-/g, '')], { encoding: 'utf8' });
    if (cli.status !== 0) throw new Error(cli.stderr);
    cliCsv = cli.stdout;
    cluster = await PrivateCluster.create();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = segraEnv(cluster, port, dataDir);
    serve = startSegra(['serve', '--no-worker'], env);
    await waitFor('segra serve up', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), 60_000);
    // Two workers with the default takeover timings; each import and analysis pauses 3 s in the
    // middle (rows written, not yet complete), where the kills land.
    for (let i = 0; i < 2; i++) {
      const worker = startSegra(['worker'], { ...env, SEGRA_TEST_IMPORT_PAUSE_MS: '3000', SEGRA_TEST_ANALYSIS_PAUSE_MS: '3000' });
      workers.push(worker);
      await waitFor('segra worker taking jobs', async () => (worker.output().includes('taking jobs') ? true : undefined), 60_000);
    }
    db = await openPostgres(cluster.url);
    ({ customerId, systemId } = await seedCustomer(db, 'Chaos'));
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@chaos.test', password: 'chaos1234' }),
    });
    token = ((await login.json()) as { token: string }).token;
    riskPeriodId = (await api('POST', '/api/risk-periods', { name: 'Rules', periodDate: DATE })).body.id;
    expect(await upload(`/api/risk-periods/${riskPeriodId}/ruleset`, folderFiles(path.join(landscape, 'rules')))).toBe(202);
    await waitFor('the ruleset imported', async () => ((await api('GET', `/api/risk-periods/${riskPeriodId}`)).body.status === 'ready' ? true : undefined), 60_000);
  }, 180_000);

  afterAll(async () => {
    await db?.close().catch(() => {});
    for (const segra of [serve, ...workers]) {
      if (segra && alive(segra)) {
        segra.child.kill('SIGTERM');
        await new Promise((resolve) => segra.child.once('exit', resolve));
      }
    }
    cluster?.destroy();
    if (landscape) rmSync(path.dirname(landscape), { recursive: true, force: true });
  }, 30_000);

  it('an import cut off by a kill -9 of the postmaster is retried when the database is back, completes and keeps nothing of the cut-off attempt', async () => {
    periodId = (await api('POST', '/api/system-periods', { name: 'June', periodDate: DATE, systemId })).body.id;
    expect(await upload(`/api/system-periods/${periodId}/extract`, { 'extract.zip': zipFolder(path.join(landscape, 'system')) })).toBe(202);
    // Its rows are written and the import has not completed: the database goes.
    await waitFor(
      'the import wrote its rows',
      async () => {
        const rows = await query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sap_agr_1251 a JOIN system_periods p ON p.importing_id = a.import_id WHERE p.id = $1 AND p.status = 'importing'`,
          [periodId],
        );
        return Number(rows[0]?.n) > 0 ? true : undefined;
      },
      60_000,
    );
    cluster.killHard();
    await sleep(4000); // longer than the pause: the import meets the missing database
    everyoneAlive();
    cluster.start();
    const period = await waitFor(
      'the import completed',
      async () => {
        const p = (await api('GET', `/api/system-periods/${periodId}`)).body;
        return p.status === 'ready' || p.status === 'failed' ? p : undefined;
      },
      90_000,
    );
    expect(period).toMatchObject({ status: 'ready' });
    const job = await waitFor(
      'the import job completed',
      async () => (await query<{ retry_count: number; state: string }>(`SELECT retry_count, state FROM pgboss.job WHERE name = 'import-extract' AND state = 'completed'`))[0],
      10_000,
    );
    expect(job.retry_count).toBe(1); // the cut-off attempt and its retry
    // One import's rows, no second set left by the cut-off attempt.
    const imports = await query<{ import_id: string }>('SELECT DISTINCT import_id FROM sap_agr_1251');
    const current = await query<{ data_import_id: string }>('SELECT data_import_id FROM system_periods WHERE id = $1', [periodId]);
    expect(imports.map((r) => r.import_id)).toEqual([current[0].data_import_id]);
    everyoneAlive();
  }, 150_000);

  it('an analysis cut off by a kill -9 of the postmaster is retried when the database is back and completes with the findings of an uninterrupted run', async () => {
    const created = await api('POST', '/api/analyses', { name: 'through a restart', systemPeriodId: periodId, riskPeriodId });
    expect(created.status).toBe(201);
    // Loaded and paused before it evaluates: the database goes.
    await waitFor(
      'the analysis loaded its data',
      async () => {
        const a = (await api('GET', `/api/analyses/${created.body.id}`)).body;
        return a.status === 'running' && Number(a.progress) >= 45 ? true : undefined;
      },
      60_000,
    );
    cluster.killHard();
    await sleep(4000); // longer than the pause: the analysis meets the missing database
    everyoneAlive();
    cluster.start();
    const done = await finished(created.body.id, 90_000);
    expect(done).toMatchObject({ status: 'completed' });
    expect((await analysisJobCompleted(created.body.id)).retry_count).toBe(1);
    await sameFindingsAsCli(created.body.id);
    everyoneAlive();
  }, 150_000);

  it('a worker killed with kill -9 mid-analysis: the other worker takes the job over within 60 s of its last heartbeat and completes it with the same findings', async () => {
    const created = await api('POST', '/api/analyses', { name: 'through a worker kill', systemPeriodId: periodId, riskPeriodId });
    const beat = await waitFor(
      'the analysis job beating',
      async () =>
        (
          await query<{ worker: string }>(
            `SELECT h.worker FROM job_heartbeats h JOIN pgboss.job j ON j.id = h.job_id WHERE j.name = 'analysis' AND j.data->>'analysisId' = $1`,
            [created.body.id],
          )
        )[0],
      60_000,
    );
    const pid = Number(beat.worker.split(':').pop());
    const victim = workers.find((w) => w.child.pid === pid)!;
    expect(victim).toBeDefined();
    victim.child.kill('SIGKILL');
    await new Promise((resolve) => victim.child.once('exit', resolve));
    workers.splice(workers.indexOf(victim), 1);
    const [last] = await query<{ beat_at: Date }>(
      `SELECT h.beat_at FROM job_heartbeats h JOIN pgboss.job j ON j.id = h.job_id WHERE j.name = 'analysis' AND j.data->>'analysisId' = $1`,
      [created.body.id],
    );
    const taken = await waitFor(
      'the job taken over',
      async () => {
        const job = await analysisJob(created.body.id);
        return job && job.retry_count >= 1 && job.state !== 'retry' ? job : undefined;
      },
      90_000,
    );
    const takeoverSeconds = (new Date(taken.started_on).getTime() - new Date(last.beat_at).getTime()) / 1000;
    expect(takeoverSeconds).toBeGreaterThan(0);
    expect(takeoverSeconds).toBeLessThan(60);
    const done = await finished(created.body.id, 60_000);
    expect(done).toMatchObject({ status: 'completed' });
    expect((await analysisJobCompleted(created.body.id)).retry_count).toBe(1);
    await sameFindingsAsCli(created.body.id);
    everyoneAlive();
    console.log(`[chaos] takeover ${takeoverSeconds.toFixed(1)} s after the killed worker's last heartbeat`);
  }, 150_000);
});
