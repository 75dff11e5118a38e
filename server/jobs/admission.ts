import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import { coded } from '../errors.ts';
import { JOBS } from './job-names.ts';
import type { JobQueue } from './queue.ts';

/**
 * Fair share of the job queue across customers (DESIGN 7b; docs/decisions/2026-11-27-fair-share.md).
 * pg-boss has no notion of a customer, so a customer's heavy jobs wait in `tenant_jobs` (0037)
 * and are released to pg-boss at most `running` at a time per customer, the customer served
 * longest ago first. A released row stays until its work ends; a customer holds at most
 * `running + queued` rows, more is a 429 TENANT_QUEUED_JOBS and nothing is stored.
 */
export interface TenantLimits {
  /** Heavy jobs of one customer released to the queue at once (TENANT_RUNNING_JOBS). */
  running: number;
  /** Heavy jobs of one customer waiting for a slot (TENANT_QUEUED_JOBS). */
  queued: number;
}

export const tenantLimits = (config: { TENANT_RUNNING_JOBS: number; TENANT_QUEUED_JOBS: number }): TenantLimits => ({
  running: config.TENANT_RUNNING_JOBS,
  queued: config.TENANT_QUEUED_JOBS,
});

/** The jobs counted per customer; analysis shards belong to their analysis. */
export const TENANT_JOBS: readonly string[] = [JOBS.importExtract, JOBS.importRuleset, JOBS.importUsage, JOBS.analysis, JOBS.basis];

/** What a request needs to enqueue a customer's heavy job. */
export interface TenantJobContext {
  db: Database;
  queue: JobQueue;
  limits: TenantLimits;
}

/** The job a reservation becomes: `subject` is the record that says when its work ended (see WORK_ENDED). */
export interface TenantJob {
  subject: string;
  data: object;
}

// pg-boss's schema (startQueue leaves its default): the dispatcher reads whether a released job still lives.
const PGBOSS = 'pgboss';
// Advisory lock keys: one dispatcher at a time over all nodes; one enqueue at a time per customer.
const DISPATCH_LOCK = `hashtext('segra tenant_jobs dispatch')`;
const CUSTOMER_LOCK = `hashtext('segra tenant_jobs customer')`;
// A reservation whose request never stored its job (its node stopped mid-upload) frees its place after this.
const RESERVATION_HOURS = 6;

/**
 * Per queue, when the work a row stands for has ended by its own record (the job's names are
 * constants, never input): an analysis no longer enqueued or running, an import no longer
 * importing, a basis run no longer enqueued or running. A waiting row whose work ended (a
 * cancel, a delete, a sweep after a restart) is dropped; a released one frees its slot.
 */
const WORK_ENDED = `CASE t.name
  WHEN '${JOBS.analysis}' THEN NOT EXISTS (SELECT 1 FROM analyses a WHERE a.id = t.subject AND a.status IN ('enqueued', 'running'))
  WHEN '${JOBS.importExtract}' THEN NOT EXISTS (SELECT 1 FROM system_periods p WHERE p.importing_id = t.subject AND p.status = 'importing')
  WHEN '${JOBS.importUsage}' THEN NOT EXISTS (SELECT 1 FROM system_period_usage u WHERE u.importing_id = t.subject AND u.status = 'importing')
  WHEN '${JOBS.importRuleset}' THEN NOT EXISTS (SELECT 1 FROM risk_periods r WHERE r.id = t.subject AND r.status = 'importing')
  WHEN '${JOBS.basis}' THEN NOT EXISTS (SELECT 1 FROM basis_runs b WHERE b.system_period_id = t.subject AND b.status IN ('enqueued', 'running'))
  ELSE false END`;

/**
 * A released job ended when its work did, or when pg-boss no longer holds it as created, retried
 * or active (it failed, was cancelled or expired) — except an analysis split into shards, which
 * runs on after its own job.
 */
const ENDED = `DELETE FROM tenant_jobs t WHERE
     (t.data IS NOT NULL AND ${WORK_ENDED})
  OR (t.released_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM ${PGBOSS}.job j WHERE j.name = t.name AND j.id = t.id AND j.state IN ('created', 'retry', 'active'))
      AND NOT EXISTS (SELECT 1 FROM analyses a WHERE t.name = '${JOBS.analysis}' AND a.id = t.subject AND a.status = 'running'))
  OR (t.data IS NULL AND t.created_at < now() - make_interval(hours => ${RESERVATION_HOURS}))
  RETURNING t.data IS NULL AS reservation`;

/**
 * The waiting job to release next: of the customers with a free slot, the one served longest ago
 * (or never), its oldest job. Each release makes its customer the last served, so releases go
 * round the customers in turn.
 */
const NEXT = `WITH running AS (SELECT customer_id, count(*)::int AS n FROM tenant_jobs WHERE released_at IS NOT NULL GROUP BY customer_id),
  waiting AS (SELECT id, customer_id, name, data, seq, row_number() OVER (PARTITION BY customer_id ORDER BY seq) AS k
              FROM tenant_jobs WHERE released_at IS NULL AND data IS NOT NULL)
SELECT w.id, w.customer_id, w.name, w.data FROM waiting w
  LEFT JOIN running r ON r.customer_id = w.customer_id
  LEFT JOIN tenant_turns s ON s.customer_id = w.customer_id
WHERE w.k = 1 AND coalesce(r.n, 0) < $1
ORDER BY s.served_at NULLS FIRST, w.seq
LIMIT 1`;

const queuedFull = (limit: number): Error =>
  coded(
    429,
    'TENANT_QUEUED_JOBS',
    { limit },
    `Your organisation already has ${limit} job(s) waiting (TENANT_QUEUED_JOBS) besides the running ones; start this one when some have ended`,
  );

async function countOf(db: Database, customerId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenant_jobs WHERE customer_id = $1', [customerId]);
  return Number(rows[0].n);
}

/**
 * Enqueues a heavy job of a customer: reserves its place (429 TENANT_QUEUED_JOBS when the
 * customer has `running + queued` already, before `prepare` stores anything), lets `prepare`
 * store what the job needs (it gets the job's id, the id pg-boss will run it under), then
 * records the job and releases what may run. A throwing `prepare` gives the place back.
 */
export async function enqueueTenantJob<R extends TenantJob>(
  ctx: TenantJobContext,
  customerId: string,
  name: string,
  prepare: (jobId: string) => Promise<R>,
): Promise<R & { jobId: string }> {
  const { db, limits } = ctx;
  if (!TENANT_JOBS.includes(name)) throw new Error(`${name} is not a job counted per customer`);
  const jobId = randomUUID();
  await db.transaction(async (tx) => {
    // Two requests of one customer at once: the second counts the first's place.
    await tx.query(`SELECT pg_advisory_xact_lock(${CUSTOMER_LOCK}, hashtext($1))`, [customerId]);
    if ((await countOf(tx, customerId)) >= limits.running + limits.queued) throw queuedFull(limits.queued);
    await tx.query('INSERT INTO tenant_jobs (id, customer_id, name) VALUES ($1, $2, $3)', [jobId, customerId, name]);
  });
  let job: R;
  try {
    job = await prepare(jobId);
  } catch (e) {
    await db.query('DELETE FROM tenant_jobs WHERE id = $1 AND released_at IS NULL', [jobId]);
    throw e;
  }
  const { rows } = await db.query('UPDATE tenant_jobs SET subject = $2, data = $3 WHERE id = $1 RETURNING id', [jobId, job.subject, JSON.stringify(job.data)]);
  if (rows.length === 0) throw new Error(`The place of job ${jobId} was given up before its request stored it (after ${RESERVATION_HOURS} h)`);
  // A failing dispatch leaves the job waiting; the workers' periodic dispatch releases it.
  await dispatchTenantJobs(db, ctx.queue, limits.running).catch((e: unknown) => console.error('[fair-share] dispatch', e));
  return { ...job, jobId };
}

/** 429 TENANT_QUEUED_JOBS at once, before a long upload, when the customer has no place left (enqueueTenantJob checks again). */
export async function assertTenantRoom(db: Database, limits: TenantLimits, customerId: string): Promise<void> {
  if ((await countOf(db, customerId)) >= limits.running + limits.queued) throw queuedFull(limits.queued);
}

/** A canceled job that still waits leaves the customer's queue (a released one ends with its work). */
export async function withdrawTenantJob(db: Database, subject: string): Promise<number> {
  const { rows } = await db.query('DELETE FROM tenant_jobs WHERE subject = $1 AND released_at IS NULL RETURNING id', [subject]);
  return rows.length;
}

/** The handler of job `jobId` returned: its slot is free, unless it is an analysis running on in shards. */
export async function tenantJobEnded(db: Database, jobId: string): Promise<void> {
  await db.query(
    `DELETE FROM tenant_jobs t WHERE t.id = $1
       AND NOT EXISTS (SELECT 1 FROM analyses a WHERE t.name = '${JOBS.analysis}' AND a.id = t.subject AND a.status = 'running')`,
    [jobId],
  );
}

/**
 * One step of the dispatcher, in one transaction under an advisory lock (one dispatcher at a time
 * on all nodes): frees the slots of ended jobs (`sweep`) and releases the next waiting job that
 * may run. The job is sent to pg-boss inside that transaction (its `db` option), so it is on the
 * queue exactly when its row says released; one release per transaction gives each its own
 * creation time, the order in which pg-boss hands them out. True when a job was released.
 */
async function releaseNext(db: Database, queue: JobQueue, running: number, sweep: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${DISPATCH_LOCK})`);
    if (sweep) {
      const ended = await tx.query<{ reservation: boolean }>(ENDED);
      const abandoned = ended.rows.filter((r) => r.reservation).length;
      if (abandoned > 0) console.warn(`[fair-share] ${abandoned} place(s) reserved more than ${RESERVATION_HOURS} h ago by requests that never stored their job were given up`);
    }
    const { rows } = await tx.query<{ id: string; customer_id: string; name: string; data: object }>(NEXT, [running]);
    const next = rows[0];
    if (!next) return false;
    const inTransaction: PgBoss.Db = { executeSql: (text, values) => tx.query(text, values ?? []) };
    await queue.send(next.name, next.data, { id: next.id, db: inTransaction });
    await tx.query('UPDATE tenant_jobs SET released_at = now() WHERE id = $1', [next.id]);
    await tx.query(
      `INSERT INTO tenant_turns (customer_id, served_at) VALUES ($1, clock_timestamp())
       ON CONFLICT (customer_id) DO UPDATE SET served_at = EXCLUDED.served_at`,
      [next.customer_id],
    );
    return true;
  });
}

/** Frees the slots of ended jobs, then releases waiting jobs one by one while any may run; returns how many. */
async function dispatchOnce(db: Database, queue: JobQueue, running: number): Promise<number> {
  let released = 0;
  while (await releaseNext(db, queue, running, released === 0)) released++;
  return released;
}

// Dispatches of one process run one after another (each would wait for the lock anyway).
const lastDispatch = new WeakMap<JobQueue, Promise<unknown>>();

/** Runs the dispatcher (on enqueue, at every job's end, periodically); resolves to how many jobs it released. */
export function dispatchTenantJobs(db: Database, queue: JobQueue, running: number): Promise<number> {
  const next = (lastDispatch.get(queue) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => dispatchOnce(db, queue, running));
  lastDispatch.set(queue, next);
  return next;
}
