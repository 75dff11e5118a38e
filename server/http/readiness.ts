import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { WORKER_APPLICATION_NAME, type JobQueue } from '../jobs/queue.ts';

type Readiness =
  | { ready: true; database: 'up'; worker: 'this process' | 'another process' | 'not expected' }
  | { ready: false; reason: 'DATABASE_UNAVAILABLE' | 'NO_WORKER'; message: string };

/**
 * Whether this node can serve now (DESIGN 7b): the database answers and, when jobs are enqueued
 * here, some worker takes them. A worker is this process when it works jobs itself; on
 * PostgreSQL another process counts while its presence connection (server/jobs/queue.ts) is open;
 * an app without a queue enqueues nothing and needs none.
 */
export async function checkReadiness(db: Database, queue: JobQueue | undefined): Promise<Readiness> {
  try {
    await db.query('SELECT 1');
  } catch (e) {
    if (!isDatabaseUnavailable(e)) throw e;
    return { ready: false, reason: 'DATABASE_UNAVAILABLE', message: 'The database is not reachable' };
  }
  if (!queue) return { ready: true, database: 'up', worker: 'not expected' };
  if (queue.working) return { ready: true, database: 'up', worker: 'this process' };
  if (db.kind === 'postgres') {
    const { rows } = await db.query(
      `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() LIMIT 1`,
      [WORKER_APPLICATION_NAME],
    );
    if (rows.length > 0) return { ready: true, database: 'up', worker: 'another process' };
  }
  return { ready: false, reason: 'NO_WORKER', message: 'No worker takes jobs: start `segra worker` (or `segra serve` without --no-worker)' };
}

/** `GET /api/ready` for supervisors and load balancers, beside `/api/health` (the process is up). */
export function readiness(app: FastifyInstance, options: { db: Database; queue?: JobQueue }): void {
  app.get('/api/ready', async (_request, reply) => {
    const answer = await checkReadiness(options.db, options.queue);
    if (answer.ready) return { status: 'ready', database: answer.database, worker: answer.worker };
    reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return reply.status(503).send({ status: 'not ready', code: answer.reason, message: answer.message });
  });
}
