import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { dispatchTenantJobs, enqueueTenantJob } from '../../../server/jobs/admission.ts';
import { JOBS } from '../../../server/jobs/job-names.ts';
import { HEALTH_CHECK_QUEUE, startQueue, type JobQueue } from '../../../server/jobs/queue.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { seedCustomer } from '../analysis-pipeline/harness.ts';

// The fair-share dispatcher (server/jobs/admission.ts) without workers: what it releases to the
// queue, in which order, and that two dispatchers at once never release more than the limit.

function suite(target: TestDatabase): void {
  let db: Database;
  let queue: JobQueue;

  /** A waiting job of the customer (on the health-check queue: no record of its own ends it, only pg-boss). */
  const waitingJob = async (customerId: string): Promise<string> => {
    const id = crypto.randomUUID();
    await db.query(`INSERT INTO tenant_jobs (id, customer_id, name, subject, data) VALUES ($1, $2, $3, $4, '{}')`, [id, customerId, HEALTH_CHECK_QUEUE, crypto.randomUUID()]);
    return id;
  };
  const released = async () =>
    (
      await db.query<{ id: string; customer_id: string }>(
        `SELECT t.id, t.customer_id FROM tenant_jobs t JOIN pgboss.job j ON j.id = t.id AND j.name = t.name
         WHERE t.released_at IS NOT NULL ORDER BY j.created_on, t.released_at`,
      )
    ).rows;

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    queue = await startQueue(db, { work: false }); // nothing takes the jobs: they stay on the queue
  }, 60_000);
  afterAll(async () => {
    await queue?.stop();
    await db?.close();
    await target.teardown();
  });

  it('releases in turns, the customer served longest ago first, at most TENANT_RUNNING_JOBS each', async () => {
    const [x, y, z] = await Promise.all(['X', 'Y', 'Z'].map((n) => seedCustomer(db, n).then((c) => c.customerId)));
    await db.query(`INSERT INTO tenant_turns (customer_id, served_at) VALUES ($1, now() - interval '1 minute'), ($2, now() - interval '1 hour')`, [x, z]);
    const xJobs = [await waitingJob(x), await waitingJob(x), await waitingJob(x)];
    const yJobs = [await waitingJob(y)];
    const zJobs = [await waitingJob(z), await waitingJob(z)];

    expect(await dispatchTenantJobs(db, queue, 2)).toBe(5);
    // Y was never served, Z an hour ago, X a minute ago; then round again. pg-boss hands them out in this order.
    expect((await released()).map((r) => r.id)).toEqual([yJobs[0], zJobs[0], xJobs[0], zJobs[1], xJobs[1]]);
    // Every customer is at its limit (or has nothing waiting): nothing more goes.
    expect(await dispatchTenantJobs(db, queue, 2)).toBe(0);

    // A released job that pg-boss no longer holds (cancelled, failed, expired) frees its customer's slot.
    await queue.boss.cancel(HEALTH_CHECK_QUEUE, xJobs[0]);
    expect(await dispatchTenantJobs(db, queue, 2)).toBe(1);
    expect((await released()).map((r) => r.id)).toContain(xJobs[2]);
    expect((await db.query('SELECT 1 FROM tenant_jobs WHERE id = $1', [xJobs[0]])).rows).toHaveLength(0);
  });

  it('two dispatchers at once (two nodes) release no more than the limit', async () => {
    const { customerId } = await seedCustomer(db, 'W');
    for (let i = 0; i < 4; i++) await waitingJob(customerId);
    // Two queue handles stand for two nodes: each runs its own dispatcher.
    const other: JobQueue = { ...queue };
    const counts = await Promise.all([dispatchTenantJobs(db, queue, 1), dispatchTenantJobs(db, other, 1), dispatchTenantJobs(db, queue, 1)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await released()).filter((r) => r.customer_id === customerId)).toHaveLength(1);
  });

  it('reserves places under a lock: of many requests at once, exactly running + queued get one', async () => {
    const { customerId } = await seedCustomer(db, 'V');
    const limits = { running: 1, queued: 2 };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        enqueueTenantJob({ db, queue, limits }, customerId, JOBS.basis, async () => {
          await new Promise((r) => setTimeout(r, 50));
          return { subject: crypto.randomUUID(), data: {} };
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as { statusCode: number; code: string; params: unknown });
    expect(refused).toHaveLength(5);
    for (const e of refused) expect(e).toMatchObject({ statusCode: 429, code: 'TENANT_QUEUED_JOBS', params: { limit: 2 } });
  });
}

describe('fair-share dispatcher on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('fair-share dispatcher on PostgreSQL', () => suite(postgresDatabase('segra_fair')));
