import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import type { Database } from '../../server/db/database.ts';
import { HEALTH_CHECK_QUEUE, startQueue, type JobQueue } from '../../server/jobs/queue.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase } from './databases.ts';

async function waitForState(
  boss: PgBoss,
  name: string,
  id: string,
  state: string,
): Promise<PgBoss.JobWithMetadata<unknown>> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const job = await boss.getJobById<unknown>(name, id, { includeArchive: true });
    if (job?.state === state) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${job?.state ?? 'missing'}, expected ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The same round trip on both databases. */
function queueSuite(open: () => Promise<Database>, teardown: () => Promise<void> = async () => {}): void {
  let db: Database;
  let queue: JobQueue;
  beforeAll(async () => {
    db = await open();
    queue = await startQueue(db, { work: true });
  });
  afterAll(async () => {
    await queue?.stop();
    await db?.close();
    await teardown();
  });

  it('runs a health-check job to completed', async () => {
    const received: unknown[] = [];
    await queue.work<{ ping: string }>(
      HEALTH_CHECK_QUEUE,
      async (data) => {
        if ('fail' in data) throw new Error('handler failed');
        received.push(data);
      },
      { pollingIntervalSeconds: 0.5 },
    );
    const id = await queue.send(HEALTH_CHECK_QUEUE, { ping: 'pong' });
    expect(id).toEqual(expect.any(String));
    await waitForState(queue.boss, HEALTH_CHECK_QUEUE, id!, 'completed');
    expect(received).toEqual([{ ping: 'pong' }]);
  });

  it('ends a job whose handler throws as failed', async () => {
    const id = await queue.send(HEALTH_CHECK_QUEUE, { ping: 'x', fail: true }, { retryLimit: 0 });
    const job = await waitForState(queue.boss, HEALTH_CHECK_QUEUE, id!, 'failed');
    expect(job.output).toMatchObject({ message: 'handler failed' });
  });

  it('keeps the server database usable alongside the queue', async () => {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pgboss.queue WHERE name = $1', [
      HEALTH_CHECK_QUEUE,
    ]);
    expect(rows[0].n).toBe(1);
  });
}

describe('job queue on PGlite', () => {
  queueSuite(pgliteDatabase().open);
});

describe.skipIf(!postgresAdminUrl)('job queue on PostgreSQL', () => {
  const pg = postgresDatabase();
  queueSuite(pg.open, pg.teardown);
});
