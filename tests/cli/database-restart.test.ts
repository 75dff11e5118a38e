import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_CHECK_QUEUE } from '../../server/jobs/queue.ts';
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
    const env = {
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
    };
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
