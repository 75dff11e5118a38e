import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import { listenChannel } from '../db/listen-channel.ts';
import { JOBS } from './job-names.ts';
import { JOB_ATTEMPTS, RETRY_DELAY_SECONDS, runAttempt, takeoverTimings, type Attempt, type TakeoverTimings } from './job-takeover.ts';

/** The queue that proves the round trip (send → worker → completed) on both databases. */
export const HEALTH_CHECK_QUEUE = 'health-check';

/**
 * The name a working process's presence connection carries on PostgreSQL: `/api/ready` of a node
 * without workers of its own sees a live worker in pg_stat_activity (server/http/readiness.ts).
 * A killed worker's connection closes with it; a lost one is made again with the others.
 */
export const WORKER_APPLICATION_NAME = 'segra worker';

/** A job's handler; `attempt` says whether an earlier attempt died (restart cleanly) and when this one was taken over. */
export type JobHandler<T> = (data: T, job: PgBoss.JobWithMetadata<T>, attempt: Attempt) => Promise<void>;

export interface JobQueue {
  boss: PgBoss;
  /** Whether this process works the jobs (`work: true`). */
  working: boolean;
  /** Heartbeat, dead-after and sweep intervals of the takeover of dead workers' jobs (job-takeover.ts). */
  timings: TakeoverTimings;
  /** Every queue this process's workers take jobs from (the dead-job sweep looks at these). */
  queues: readonly string[];
  /** Enqueues a job; resolves to its id (null when a singleton/throttle rule dropped it). */
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Registers a worker (one job at a time) that beats while it runs a job; a throwing handler
   * fails the attempt (pg-boss retries it). Only with `work: true`.
   */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: PgBoss.WorkOptions): Promise<string>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** true: this process runs workers and maintenance; false: it only sends jobs. */
  work: boolean;
  /** Extra pg-boss constructor options (tests shorten intervals). */
  boss?: Omit<PgBoss.ConstructorOptions, 'db' | 'connectionString'>;
  /** A job without a heartbeat for this long is taken over (JOB_DEAD_AFTER_SECONDS, default 30). */
  deadAfterSeconds?: number;
}

/** True when the text holds more than one statement (a `;` before the end). */
function hasSeveralStatements(text: string): boolean {
  return text.replace(/[\s;]+$/, '').includes(';');
}

/**
 * pg-boss's `db` option on PGlite: parameterless multi-statement text (migrations, locked
 * command blocks) goes through exec, everything else through query.
 */
export function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((!values || values.length === 0) && hasSeveralStatements(text)) {
        const results = await pglite.exec(text);
        const last = results[results.length - 1];
        return { rows: last?.rows ?? [] };
      }
      const result = await pglite.query(text, values ?? []);
      return { rows: result.rows };
    },
  };
}

function connection(db: Database): Pick<PgBoss.ConstructorOptions, 'db' | 'connectionString'> {
  if (db.kind === 'pglite') {
    if (!db.pglite) throw new Error('startQueue needs the top-level PGlite database, not a transaction handle');
    return { db: pgliteExecutor(db.pglite) };
  }
  if (!db.connectionString)
    throw new Error('startQueue needs the top-level PostgreSQL database, not a transaction handle');
  return { connectionString: db.connectionString };
}

/** Starts pg-boss on the server's database (its own `pgboss` schema) and creates the known queues. */
export async function startQueue(db: Database, options: QueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    ...connection(db),
    // PGlite is a single connection: keep pg-boss's own pool small on PostgreSQL too.
    max: 2,
    supervise: options.work,
    schedule: options.work,
    ...options.boss,
  });
  // Without a listener an 'error' event would crash the process; pg-boss retries on its own.
  boss.on('error', (error) => {
    console.error('[jobs]', error);
  });
  await boss.start();
  // The presence of a working process, seen by the readiness check of every node (PostgreSQL only).
  const presence = options.work ? listenChannel(db, 'segra_workers', { message: () => {}, up: () => {}, down: () => {} }, { applicationName: WORKER_APPLICATION_NAME }) : undefined;
  await presence?.ready;
  await boss.createQueue(HEALTH_CHECK_QUEUE);
  // An attempt whose worker died (or lost the database) is retried, JOB_ATTEMPTS in all (DESIGN 7b);
  // a failure of the work itself (a bad file) is reported on the record and ends the job without
  // an error, so it is not retried. The expiry (also the handler's bound in pg-boss) only caps a
  // job's whole run: a dead worker is found by its heartbeat (job-takeover.ts). Queues made by an
  // earlier version are brought to these settings (createQueue leaves an existing one alone).
  const settings = { retryLimit: JOB_ATTEMPTS - 1, retryDelay: RETRY_DELAY_SECONDS, retryBackoff: false, expireInSeconds: 6 * 3600 };
  for (const name of Object.values(JOBS)) {
    await boss.createQueue(name, { name, ...settings });
    await boss.updateQueue(name, { name, ...settings });
  }
  const timings = takeoverTimings(options.deadAfterSeconds);

  return {
    boss,
    working: options.work,
    timings,
    queues: [HEALTH_CHECK_QUEUE, ...Object.values(JOBS)],
    send: (name, data, sendOptions) => boss.send(name, data, sendOptions ?? {}),
    async work<T extends object>(name: string, handler: JobHandler<T>, workOptions?: PgBoss.WorkOptions) {
      if (!options.work) throw new Error('This queue was started with work: false');
      return boss.work<T>(name, { ...workOptions, batchSize: 1, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) await runAttempt(db, job, timings, (attempt) => handler(job.data, job, attempt));
      });
    },
    async stop() {
      await presence?.close();
      await boss.stop({ graceful: true, close: true, wait: true, timeout: 5000 });
    },
  };
}
