import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLandscape } from '../../../generator/index.ts';
import type { Database } from '../../../server/db/database.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { folderFiles, pipelineApp, seedCustomer, waitFor, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { caller, importedRiskPeriod, importedSystemPeriod, type Caller } from '../reports/reports-harness.ts';

// Issue 28 item 3, DESIGN 7b: fair share of the job queue across customers, and per-user limits
// of simulations and stored queries.

const DATE = '2026-06-30';
const QUEUED = 40;
const ENDED = ['completed', 'failed', 'canceled'];
const work = mkdtempSync(path.join(tmpdir(), 'segra-fair-share-'));
// A tiny system (4 users) keeps each analysis short; the ruleset is a generated one.
const TINY_SYSTEM = path.resolve('tests/fixtures/exports/canonical');
const rules = path.join(work, 'landscape', 'rules');

beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 5, outDir: path.join(work, 'landscape') });
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Timing {
  id: string;
  status: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let call: Caller;
  const customers: Record<'A' | 'B', { id: string; token: string; systemPeriodId: string; riskPeriodId: string }> = {} as never;

  const analyse = (who: 'A' | 'B', name: string) => {
    const c = customers[who];
    return call('POST', '/api/analyses', c.token, { name, systemPeriodId: c.systemPeriodId, riskPeriodId: c.riskPeriodId });
  };
  const timings = async (customerId: string): Promise<Timing[]> =>
    (
      await db.query<Timing>('SELECT id, status, created_at, started_at, finished_at FROM analyses WHERE customer_id = $1 ORDER BY created_at', [customerId])
    ).rows;
  const waiting = async (customerId: string): Promise<number> =>
    Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenant_jobs WHERE customer_id = $1 AND released_at IS NULL', [customerId])).rows[0].n);
  /** Cancels whatever of the customer has not ended, and waits until nothing of it holds a place. */
  const cancelAll = async (who: 'A' | 'B') => {
    const c = customers[who];
    for (const a of await timings(c.id)) if (!ENDED.includes(a.status)) await call('POST', `/api/analyses/${a.id}/cancel`, c.token);
    await waitFor(() => db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenant_jobs WHERE customer_id = $1', [c.id]), (r) => Number(r.rows[0].n) === 0, 30_000);
  };

  beforeAll(async () => {
    db = await target.open();
    // Room for A's 40 (1 running + 40 waiting) so that the fairness is measured, not the 429.
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`), { TENANT_QUEUED_JOBS: String(QUEUED) });
    call = caller(t);
    for (const who of ['A', 'B'] as const) {
      const { customerId, systemId } = await seedCustomer(db, `Customer ${who}`);
      const token = t.token('Admin', customerId);
      customers[who] = {
        id: customerId,
        token,
        systemPeriodId: await importedSystemPeriod(t, token, systemId, 'June', DATE, folderFiles(TINY_SYSTEM)),
        riskPeriodId: await importedRiskPeriod(t, token, 'Rules', DATE, rules),
      };
    }
  }, 180_000);
  afterAll(async () => {
    delete process.env.SEGRA_TEST_ANALYSIS_PAUSE_MS;
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it("customer B's analysis, enqueued after customer A's 40, completes within the time of two of A's", async () => {
    for (let i = 0; i < 40; i++) {
      const r = await analyse('A', `A ${i}`);
      expect(r.status).toBe(201);
      // Waiting for its turn it shows as enqueued (the UI's "queued").
      expect(r.body.status).toMatch(/^(enqueued|running|completed)$/);
    }
    const b = await analyse('B', 'B 1');
    expect(b.status).toBe(201);
    const done = await waitFor(() => call('GET', `/api/analyses/${b.body.id}`, customers.B.token).then((r) => r.body), (a) => ENDED.includes(a.status), 120_000);
    expect(done.status).toBe('completed');
    const bRow = (await timings(customers.B.id))[0];
    const bFinished = bRow.finished_at!.getTime();
    const bWait = bFinished - bRow.created_at.getTime();

    const a = await timings(customers.A.id);
    // Between B's request and its end no more than one of A's started (A's ran meanwhile while the 40 were sent).
    const bCreated = bRow.created_at.getTime();
    const aStartedMeanwhile = a.filter((x) => x.started_at && x.started_at.getTime() > bCreated && x.started_at.getTime() < bFinished);
    expect(aStartedMeanwhile.length).toBeLessThanOrEqual(1);
    // The time of two of A's: its slowest run twice, and a worker's poll (0.5 s) for each.
    const aDurations = a.filter((x) => x.status === 'completed').map((x) => x.finished_at!.getTime() - x.started_at!.getTime());
    expect(aDurations.length).toBeGreaterThan(0);
    expect(bWait).toBeLessThanOrEqual(2 * Math.max(...aDurations) + 1_000);

    // TENANT_RUNNING_JOBS 1: A's analyses never overlap; each starts after the one before ended.
    const ran = a.filter((x) => x.started_at && x.finished_at).sort((x, y) => x.started_at!.getTime() - y.started_at!.getTime());
    for (let i = 1; i < ran.length; i++) expect(ran[i].started_at!.getTime()).toBeGreaterThanOrEqual(ran[i - 1].finished_at!.getTime());
    expect(await waiting(customers.A.id)).toBeGreaterThan(30);

    // Canceling A's waiting analyses takes them out of the queue at once.
    const before = await timings(customers.A.id);
    const waitingOne = before.filter((x) => x.status === 'enqueued').at(-1)!; // the last enqueued waits for sure
    const w0 = await waiting(customers.A.id);
    expect((await call('POST', `/api/analyses/${waitingOne.id}/cancel`, customers.A.token)).status).toBe(200);
    expect(await waiting(customers.A.id)).toBe(w0 - 1);
    await cancelAll('A');
  }, 240_000);

  it('answers 429 TENANT_QUEUED_JOBS past the running and waiting jobs of a customer, storing nothing; other customers go on', async () => {
    // Each analysis pauses, so that A's first still runs while the others are enqueued.
    process.env.SEGRA_TEST_ANALYSIS_PAUSE_MS = '10000';
    try {
      for (let i = 0; i < QUEUED + 1; i++) expect((await analyse('A', `full ${i}`)).status).toBe(201);
      const stored = (await timings(customers.A.id)).length;
      const refused = await analyse('A', 'one too many');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'TENANT_QUEUED_JOBS', params: { limit: QUEUED } });
      expect((await timings(customers.A.id)).length).toBe(stored);
      const places = await db.query<{ released: number; waiting: number }>(
        `SELECT (count(*) FILTER (WHERE released_at IS NOT NULL))::int AS released, (count(*) FILTER (WHERE released_at IS NULL))::int AS waiting
         FROM tenant_jobs WHERE customer_id = $1`,
        [customers.A.id],
      );
      expect(places.rows[0]).toEqual({ released: 1, waiting: QUEUED });
      // Only one of A's runs at a time.
      expect((await timings(customers.A.id)).filter((x) => x.status === 'running').length).toBeLessThanOrEqual(1);
      // B's queue is its own.
      const b = await analyse('B', 'B while A is full');
      expect(b.status).toBe(201);
      // A ruleset upload of A counts in the same queue: refused before anything is read or stored.
      const upload = await call('POST', '/api/risk-periods', customers.A.token, { name: 'More rules', periodDate: DATE });
      const form = new FormData();
      form.append('files', new Blob(['{}']), 'ruleset.json');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/risk-periods/${upload.body.id}/ruleset`,
        headers: { authorization: `Bearer ${customers.A.token}`, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(r.statusCode).toBe(429);
      expect(r.json()).toMatchObject({ code: 'TENANT_QUEUED_JOBS', params: { limit: QUEUED } });
      expect((await call('GET', `/api/risk-periods/${upload.body.id}`, customers.A.token)).body.status).toBe('empty');
    } finally {
      delete process.env.SEGRA_TEST_ANALYSIS_PAUSE_MS;
      await cancelAll('A');
      await cancelAll('B');
    }
  }, 240_000);

  it('limits the simulations and stored queries running at once per user (429 beyond), on every API node', async () => {
    const c = customers.A;
    const sub = crypto.randomUUID();
    const token = t.app.signAccessToken({ sub, name: 'u', email: 'u@test.local', customerId: c.id, Role: 'Admin', permissions: {} } as never);
    const simulate = () =>
      call('POST', '/api/simulations', token, { systemPeriodId: c.systemPeriodId, riskPeriodId: c.riskPeriodId, user: 'JMUELLER', addRoles: [] });
    const query = (
      await db.query<{ id: string }>(`INSERT INTO sql_queries (customer_id, name, raw_query) VALUES ($1, 'users', 'SELECT bname FROM usr02') RETURNING id`, [c.id])
    ).rows[0].id;
    const runQuery = () => call('POST', `/api/sql-queries/${query}/run`, token, { systemPeriodId: c.systemPeriodId });
    const held = (kind: string, seconds: number) =>
      db.query(`INSERT INTO user_slots (id, user_id, kind, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [crypto.randomUUID(), sub, kind, seconds]);

    const free = await simulate();
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect((await runQuery()).status).toBe(200);
    // Each run gave its slot back.
    expect(Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_slots WHERE user_id = $1', [sub])).rows[0].n)).toBe(0);

    // Two simulations of the user running (on this node or another): the third is refused.
    await held('USER_RUNNING_SIMULATIONS', 60);
    await held('USER_RUNNING_SIMULATIONS', 60);
    const refused = await simulate();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'USER_RUNNING_SIMULATIONS', params: { limit: 2 } });
    // Queries are counted apart, and so are other users.
    expect((await runQuery()).status).toBe(200);
    const other = t.token('Admin', c.id);
    expect((await call('POST', '/api/simulations', other, { systemPeriodId: c.systemPeriodId, riskPeriodId: c.riskPeriodId, user: 'JMUELLER', addRoles: [] })).status).toBe(200);

    await held('USER_RUNNING_QUERIES', 60);
    await held('USER_RUNNING_QUERIES', 60);
    const queryRefused = await runQuery();
    expect(queryRefused.status).toBe(429);
    expect(queryRefused.body).toMatchObject({ code: 'USER_RUNNING_QUERIES', params: { limit: 2 } });

    // A slot whose node stopped counts no more once it expired.
    await db.query(`UPDATE user_slots SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [sub]);
    expect((await simulate()).status).toBe(200);
    expect((await runQuery()).status).toBe(200);
    expect(Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_slots WHERE user_id = $1', [sub])).rows[0].n)).toBe(0);
  }, 120_000);
}

describe('fair share on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('fair share on PostgreSQL', () => suite(postgresDatabase('segra_fair')));
