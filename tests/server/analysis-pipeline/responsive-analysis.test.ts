import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisThreadCount } from '../../../server/analyses/analysis-thread.ts';
import type { Database } from '../../../server/db/database.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { folderFiles, multipart, pipelineApp, seedCustomer, waitFor, zipFolder, type PipelineApp } from './harness.ts';

/**
 * Issue 12 / DESIGN 10: an analysis evaluates in a worker thread. While it runs, the API
 * answers at once, the record shows `running` with a phase and a moving progress, and a
 * cancel stops the thread within 2 s with nothing stored.
 */
const work = mkdtempSync(path.join(tmpdir(), 'segra-responsive-'));
const landscape = path.join(work, 'landscape');
const DATE = '2026-06-30';
// The evaluation keeps its thread's CPU busy this long (a stand-in for a large analysis).
const SPIN_MS = 4000;

beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 11, outDir: landscape });
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let token: string;
  let periodId: string;
  let riskPeriodId: string;

  const call = async (method: 'GET' | 'POST', url: string, body?: object) => {
    const r = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
    return { status: r.statusCode, body: r.json() };
  };
  const timed = async (url: string): Promise<number> => {
    const started = performance.now();
    expect((await call('GET', url)).status).toBe(200);
    return performance.now() - started;
  };
  const findingsOf = async (id: string) => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1', [id])).rows[0].n);

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    const { customerId, systemId } = await seedCustomer(db, 'Acme');
    token = t.token('Admin', customerId);
    periodId = (await call('POST', '/api/system-periods', { name: 'June', periodDate: DATE, systemId })).body.id;
    const extract = await multipart({ 'extract.zip': zipFolder(path.join(landscape, 'system')) });
    await t.app.inject({ method: 'POST', url: `/api/system-periods/${periodId}/extract`, headers: { authorization: `Bearer ${token}`, ...extract.headers }, payload: extract.payload });
    riskPeriodId = (await call('POST', '/api/risk-periods', { name: 'Rules', periodDate: DATE })).body.id;
    const rules = await multipart(folderFiles(path.join(landscape, 'rules')));
    await t.app.inject({ method: 'POST', url: `/api/risk-periods/${riskPeriodId}/ruleset`, headers: { authorization: `Bearer ${token}`, ...rules.headers }, payload: rules.payload });
    await waitFor(() => call('GET', `/api/system-periods/${periodId}`).then((r) => r.body), (p) => p.status === 'ready', 90_000);
    await waitFor(() => call('GET', `/api/risk-periods/${riskPeriodId}`).then((r) => r.body), (p) => p.status === 'ready', 30_000);
  }, 120_000);
  afterAll(async () => {
    delete process.env.SEGRA_TEST_EVALUATION_SPIN_MS;
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('shows running with a moving progress, answers requests while it evaluates, and a cancel stops the thread within 2 s storing nothing', async () => {
    process.env.SEGRA_TEST_EVALUATION_SPIN_MS = String(SPIN_MS);
    const created = (await call('POST', '/api/analyses', { name: 'busy', systemPeriodId: periodId, riskPeriodId })).body;
    const seen = new Set<string>();
    // Polled every few milliseconds: loading an S period takes a fraction of a second, which a
    // coarser poll (harness waitFor, 200 ms) can miss whole on a quiet machine.
    let evaluating: { status: string; phase: string | null; progress: number };
    for (const end = Date.now() + 60_000; ; ) {
      evaluating = (await call('GET', `/api/analyses/${created.id}`)).body;
      if (evaluating.status === 'running') seen.add(`${evaluating.phase} ${evaluating.progress}`);
      if ((evaluating.status !== 'enqueued' && evaluating.status !== 'running') || evaluating.phase === 'evaluating') break;
      if (Date.now() > end) throw new Error(`timed out waiting; last: ${JSON.stringify(evaluating)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(evaluating).toMatchObject({ status: 'running', phase: 'evaluating', progress: 50 });
    // The load before the evaluation was seen moving (some step of it), not only the evaluation.
    expect([...seen].some((s) => s.startsWith('loading'))).toBe(true);
    expect(analysisThreadCount()).toBe(1);

    // The evaluation keeps a CPU busy for seconds: requests meanwhile answer in a fraction of that.
    const times = [];
    for (let i = 0; i < 5; i++) times.push(await timed('/api/health'), await timed(`/api/analyses/${created.id}`));
    expect(Math.max(...times)).toBeLessThan(SPIN_MS / 4);

    expect((await call('POST', `/api/analyses/${created.id}/cancel`)).body.status).toBe('canceled');
    const canceledAt = Date.now();
    await waitFor(async () => analysisThreadCount(), (n) => n === 0, 2000);
    expect(Date.now() - canceledAt).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 500));
    expect((await call('GET', `/api/analyses/${created.id}`)).body).toMatchObject({ status: 'canceled', counts: null });
    expect(await findingsOf(created.id)).toBe(0);
  }, 90_000);

  it('after a canceled run the next analysis completes and stores its findings once', async () => {
    delete process.env.SEGRA_TEST_EVALUATION_SPIN_MS;
    const created = (await call('POST', '/api/analyses', { name: 'after', systemPeriodId: periodId, riskPeriodId })).body;
    const done = await waitFor(() => call('GET', `/api/analyses/${created.id}`).then((r) => r.body), (a) => !['enqueued', 'running'].includes(a.status), 60_000);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    expect(done.counts.findings).toBeGreaterThan(0);
    expect(await findingsOf(created.id)).toBe(done.counts.findings);
    // The thread goes right after the analysis completed: none is left behind.
    await waitFor(async () => analysisThreadCount(), (n) => n === 0, 2000);
  }, 90_000);
}

describe('an analysis never blocks the API (embedded PGlite)', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('an analysis never blocks the API (PostgreSQL)', () => suite(postgresDatabase()));
