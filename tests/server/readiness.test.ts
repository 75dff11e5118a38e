import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { startQueue, type JobQueue } from '../../server/jobs/queue.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from './databases.ts';
import { config } from './resource-samples.ts';

/** The database, and a switch that makes every query fail as when PostgreSQL is down (the connection refused). */
function switchable(db: Database): { db: Database; down: (yes: boolean) => void } {
  let isDown = false;
  return {
    db: {
      ...db,
      query: async <T>(sql: string, params?: unknown[]) => {
        if (isDown) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        return db.query<T>(sql, params);
      },
    },
    down: (yes) => (isDown = yes),
  };
}

function readinessSuite(target: TestDatabase): void {
  let db: Database;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await db?.close();
    await target.teardown();
  });
  const ready = async (options: { queue?: JobQueue; db?: Database }) => {
    const app = await buildApp(config, { db: options.db ?? db, logger: false, queue: options.queue });
    try {
      return await app.inject({ method: 'GET', url: '/api/ready' });
    } finally {
      await app.close();
    }
  };

  it('is 200 when the database answers and this process works the jobs', async () => {
    const working = await startQueue(db, { work: true });
    queues.push(working);
    const answer = await ready({ queue: working });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ready', database: 'up', worker: 'this process' });
  });

  it('a node that only enqueues is ready while a worker elsewhere runs (PostgreSQL), else 503 NO_WORKER', async () => {
    const sending = await startQueue(db, { work: false });
    queues.push(sending);
    const answer = await ready({ queue: sending });
    if (db.kind === 'postgres') {
      // The working queue of the test before holds its presence connection, as a `segra worker` does.
      expect(answer.json()).toEqual({ status: 'ready', database: 'up', worker: 'another process' });
    } else {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ status: 'not ready', code: 'NO_WORKER' });
    }
  });

  it('is 503 DATABASE_UNAVAILABLE with Retry-After when the database is away, and /api/health stays 200', async () => {
    const link = switchable(db);
    const app = await buildApp(config, { db: link.db, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      link.down(true);
      const answer = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ status: 'not ready', code: 'DATABASE_UNAVAILABLE' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      link.down(false);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
}

describe('readiness on PGlite', () => readinessSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('readiness on PostgreSQL', () => {
  readinessSuite(postgresDatabase());
});
