import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/**
 * Taking over the jobs of dead workers (DESIGN 7b; docs/decisions/2026-11-27-job-takeover-and-retry.md).
 * pg-boss 10 retries a failed job (retryLimit, retryDelay) and counts the attempts, but it has no
 * worker heartbeat: its only expiry is a job's whole duration, and that also bounds the handler in
 * the worker itself. So the worker running a job refreshes a row of job_heartbeats (migration
 * 0036), and every live worker hands an active job whose heartbeat is too old back to pg-boss
 * with `fail`: pg-boss retries it on a live worker, or fails it after the last attempt.
 */

/** Attempts of one job: the first and two retries (pg-boss retryLimit 2). */
export const JOB_ATTEMPTS = 3;
/** The wait before a retry, in seconds: also keeps a retried job out of reach of a second sweep of the same round. */
export const RETRY_DELAY_SECONDS = 2;
/** A job without a heartbeat for this long is dead (JOB_DEAD_AFTER_SECONDS). */
export const DEFAULT_DEAD_AFTER_SECONDS = 30;

/**
 * The timings that follow from the dead-after time: a running job beats three times in it, and
 * every worker sweeps as often. The worst takeover after a last heartbeat is dead-after + one
 * sweep + the retry delay + one poll: 30 + 10 + 2 + 2 = 44 s with the defaults (the contract: 60 s).
 */
export interface TakeoverTimings {
  deadAfterSeconds: number;
  heartbeatMs: number;
  sweepMs: number;
}

export function takeoverTimings(deadAfterSeconds = DEFAULT_DEAD_AFTER_SECONDS): TakeoverTimings {
  const third = Math.max(500, Math.round((deadAfterSeconds * 1000) / 3));
  return { deadAfterSeconds, heartbeatMs: third, sweepMs: third };
}

/** Where a job runs, in its heartbeat row (for an operator reading the table). */
const WORKER = `${hostname()}:${process.pid}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Attempt {
  /** True when an earlier attempt of this job started (and died): the handler first removes what it left. */
  restart: boolean;
  /** Aborted when another worker took the job over (this worker's heartbeat went missing for too long). */
  signal: AbortSignal;
}

/**
 * Keeps the heartbeat of one running job (PostgreSQL; on the embedded database the process is
 * the only worker and its start hands back what it left, reclaimJobsOfStoppedProcess). A beat
 * that finds the job no longer this attempt's aborts `signal`.
 */
function startHeartbeat(db: Database, job: PgBoss.JobWithMetadata, everyMs: number, lost: AbortController): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const beat = async (): Promise<void> => {
    try {
      const { rows } = await db.query(
        `INSERT INTO job_heartbeats (job_id, attempt, worker, beat_at)
         SELECT $1, $2, $3, now()
         WHERE EXISTS (SELECT 1 FROM pgboss.job WHERE name = $4 AND id = $1 AND state = 'active' AND retry_count = $2)
         ON CONFLICT (job_id) DO UPDATE SET attempt = EXCLUDED.attempt, worker = EXCLUDED.worker, beat_at = now()
           WHERE job_heartbeats.attempt <= EXCLUDED.attempt
         RETURNING job_id`,
        [job.id, job.retryCount, WORKER, job.name],
      );
      if (rows.length === 0 && !lost.signal.aborted) {
        console.error(`[jobs] ${job.name} ${job.id}: taken over by another worker (no heartbeat from here for too long); this attempt stops`);
        lost.abort();
      }
    } catch (e) {
      // The database away: the next beat tries again; past dead-after the job is handed on.
      if (!isDatabaseUnavailable(e)) console.error('[jobs] heartbeat', e);
    }
    if (!stopped && !lost.signal.aborted) timer = setTimeout(() => void beat(), everyMs);
  };
  const first = beat();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await first;
      await db.query('DELETE FROM job_heartbeats WHERE job_id = $1 AND attempt = $2', [job.id, job.retryCount]).catch(() => {});
    },
  };
}

/** Waits until the database answers again (after a restart), trying every second. */
async function databaseBack(db: Database): Promise<void> {
  for (;;) {
    try {
      await db.query('SELECT 1');
      return;
    } catch {
      await sleep(1000);
    }
  }
}

/**
 * Runs one attempt of a job with its heartbeat. A handler that failed because the database went
 * away waits until it is back and then fails the job, so that pg-boss (which settles a job
 * without waiting) can record it and retry it after RETRY_DELAY_SECONDS instead of losing the
 * outcome, or the process, to the missing connection.
 */
export async function runAttempt(
  db: Database,
  job: PgBoss.JobWithMetadata,
  timings: TakeoverTimings,
  run: (attempt: Attempt) => Promise<void>,
): Promise<void> {
  const lost = new AbortController();
  const heartbeat = db.kind === 'postgres' ? startHeartbeat(db, job, timings.heartbeatMs, lost) : undefined;
  try {
    await run({ restart: job.retryCount > 0, signal: lost.signal });
  } catch (e) {
    if (isDatabaseUnavailable(e)) {
      console.error(`[jobs] ${job.name} ${job.id}: the database went away; retried once it is back`, (e as Error)?.message);
      await databaseBack(db);
    }
    throw e;
  } finally {
    await heartbeat?.stop();
  }
}

/**
 * Hands every active job of `queues` whose heartbeat (or, before its first beat, its start) is
 * older than dead-after back to pg-boss: retried on a live worker, or failed with the reason
 * after its last attempt. Runs on every live worker (PostgreSQL). Returns how many.
 */
export async function sweepDeadJobs(boss: PgBoss, db: Database, queues: readonly string[], deadAfterSeconds: number): Promise<number> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT j.id, j.name FROM pgboss.job j
     LEFT JOIN job_heartbeats h ON h.job_id = j.id AND h.attempt = j.retry_count
     WHERE j.name = ANY($1::text[]) AND j.state = 'active' AND greatest(h.beat_at, j.started_on) < now() - make_interval(secs => $2)`,
    [queues, deadAfterSeconds],
  );
  const reason = `No heartbeat from its worker for ${deadAfterSeconds} s (killed, crashed, its machine gone or cut off from the database)`;
  for (const job of rows) {
    await boss.fail(job.name, job.id, { message: reason });
    console.error(`[jobs] ${job.name} ${job.id}: ${reason}; handed to another attempt`);
  }
  if (rows.length > 0) await db.query('DELETE FROM job_heartbeats WHERE job_id = ANY($1::uuid[])', [rows.map((r) => r.id)]);
  return rows.length;
}

/**
 * At the start of the embedded database (one process, so every active job is this process's and
 * was cut off by its stop): hands them back to pg-boss at once, retried, or failed after their
 * last attempt. Returns how many.
 */
export async function reclaimJobsOfStoppedProcess(boss: PgBoss, db: Database, queues: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ id: string; name: string }>(`SELECT id, name FROM pgboss.job WHERE name = ANY($1::text[]) AND state = 'active'`, [queues]);
  for (const job of rows) await boss.fail(job.name, job.id, { message: 'The process running it stopped (restart or crash)' });
  return rows.length;
}

type JobSql = (queues: readonly string[], key: string, value: string) => string;

/**
 * SQL about the jobs of a record (the job data's `key` = `value`, an SQL expression), for the
 * sweep of records whose work ended without them: `live`, a condition, is true while such a job
 * is still to run or running (created, retry or active); `note`, a text expression, says how
 * the last one failed for good, e.g. " (attempts: 3; last: No heartbeat …)", or ''. When pg-boss
 * never started on this database there are no jobs. Queue names and key are the code's own.
 */
export async function recordJobSql(db: Database): Promise<{ live: JobSql; note: JobSql }> {
  const { rows } = await db.query<{ t: string | null }>(`SELECT to_regclass('pgboss.job')::text AS t`);
  if (!rows[0]?.t) return { live: () => 'false', note: () => `''` };
  const of = (queues: readonly string[], key: string, value: string) =>
    `j.name IN (${queues.map((q) => `'${q}'`).join(', ')}) AND j.data->>'${key}' = (${value})::text`;
  return {
    live: (queues, key, value) => `EXISTS (SELECT 1 FROM pgboss.job j WHERE ${of(queues, key, value)} AND j.state < 'completed')`,
    note: (queues, key, value) =>
      `coalesce((SELECT ' (attempts: ' || (j.retry_count + 1) || coalesce('; last: ' || (j.output->>'message'), '') || ')'
         FROM pgboss.job j WHERE ${of(queues, key, value)} AND j.state = 'failed' ORDER BY j.completed_on DESC NULLS LAST LIMIT 1), '')`,
  };
}

/**
 * The uploads that jobs still to run or running will read (their folder's name, or their stored
 * upload's id): a retried import reads its upload again, so the upload sweeps keep these.
 */
export async function liveJobUploads(db: Database): Promise<Set<string>> {
  const { rows: table } = await db.query<{ t: string | null }>(`SELECT to_regclass('pgboss.job')::text AS t`);
  if (!table[0]?.t) return new Set();
  const { rows } = await db.query<{ upload: string }>(
    `SELECT regexp_replace(data->>'dir', '^.*[\\\\/]', '') AS upload FROM pgboss.job WHERE state < 'completed' AND coalesce(data->>'dir', '') <> ''
     UNION SELECT data->>'storedUpload' FROM pgboss.job WHERE state < 'completed' AND data->>'storedUpload' IS NOT NULL`,
  );
  return new Set(rows.map((r) => r.upload));
}
