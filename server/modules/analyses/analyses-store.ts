import type { Database } from '../../db/database.ts';

/**
 * The analysis status machine (spec 4, DESIGN 5): the only code that writes an analysis's row
 * after its request is stored. Every status change is guarded by the table below, so a late
 * worker (a shard finishing after a cancel, a sweep racing a completion) cannot revive or
 * overwrite an analysis that already ended: its write matches no row and the caller learns it.
 */
export type AnalysisStatus = 'enqueued' | 'running' | 'completed' | 'failed' | 'canceled';

/** The statuses each status may move to; the last three are final. */
export const ANALYSIS_TRANSITIONS: Readonly<Record<AnalysisStatus, readonly AnalysisStatus[]>> = {
  enqueued: ['running', 'canceled'],
  running: ['completed', 'failed', 'canceled'],
  completed: [],
  failed: [],
  canceled: [],
};

/** The statuses an analysis may be in to move to `to`. */
export function statusesBefore(to: AnalysisStatus): AnalysisStatus[] {
  return (Object.keys(ANALYSIS_TRANSITIONS) as AnalysisStatus[]).filter((from) => ANALYSIS_TRANSITIONS[from].includes(to));
}

// The guard as SQL: the statuses are the constants above, never input.
const from = (to: AnalysisStatus): string => `status IN (${statusesBefore(to).map((s) => `'${s}'`).join(', ')})`;
// Progress, phase and shard bookkeeping are written only while the analysis runs.
const RUNNING = `status = 'running'`;

const changed = (rows: unknown[]): boolean => rows.length > 0;

export interface NewAnalysis {
  customerId: string;
  name: string;
  description: string;
  systemPeriodId: string;
  riskPeriodId: string;
  level: string;
  mode: string;
  includeLocked: boolean;
  includeExpired: boolean;
  analysisDate: string;
  createdBy: string | null;
  /** With usage: the window of usage the analysis reads (null ends: the whole table). */
  usage?: { from: string | null; to: string | null };
}

/** Stores an analysis request (status `enqueued`); returns its id. */
export async function insertAnalysis(db: Database, a: NewAnalysis): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO analyses (customer_id, name, description, system_period_id, risk_period_id, level, mode, include_locked, include_expired, analysis_date, created_by,
       with_usage, usage_from, usage_to)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [a.customerId, a.name, a.description, a.systemPeriodId, a.riskPeriodId, a.level, a.mode, a.includeLocked, a.includeExpired, a.analysisDate, a.createdBy,
      a.usage !== undefined, a.usage?.from ?? null, a.usage?.to ?? null],
  );
  return rows[0].id;
}

/** Records the queue job that will run the analysis. */
export async function attachJob(db: Database, id: string, jobId: string | null): Promise<void> {
  await db.query('UPDATE analyses SET job_id = $2 WHERE id = $1', [id, jobId]);
}

/** enqueued → running, for one worker only: false when it was canceled before or another worker took it. */
export async function markRunning(db: Database, id: string, restart = false): Promise<boolean> {
  // A restart (the attempt before it died, DESIGN 7b) takes over the analysis that attempt left running; a cancel stays.
  const { rows } = await db.query(
    `UPDATE analyses SET status = 'running', started_at = now(), heartbeat_at = now(), progress = 1, phase = 'starting', error = NULL,
       shards = 1, shards_done = 0, shard_log = '[]', updated_at = now()
     WHERE id = $1 AND (${from('running')}${restart ? ` OR ${RUNNING}` : ''}) RETURNING id`,
    [id],
  );
  return changed(rows);
}

/** The input warnings that apply to the running analysis (analyses/analysis-warnings.ts); false when it no longer runs. */
export async function recordWarnings(db: Database, id: string, warnings: readonly unknown[]): Promise<boolean> {
  const { rows } = await db.query(`UPDATE analyses SET warnings = $2::jsonb WHERE id = $1 AND ${RUNNING} RETURNING id`, [id, JSON.stringify(warnings)]);
  return changed(rows);
}

/** Adds warnings known only once the analysis is evaluated (a cross-system run's) after those recorded when it started. */
export async function appendWarnings(db: Database, id: string, warnings: readonly unknown[]): Promise<boolean> {
  const { rows } = await db.query(`UPDATE analyses SET warnings = coalesce(warnings, '[]'::jsonb) || $2::jsonb WHERE id = $1 AND ${RUNNING} RETURNING id`, [
    id,
    JSON.stringify(warnings),
  ]);
  return changed(rows);
}

/**
 * Records a phase and its progress, or with `phase` null only a sign of life (shards count
 * their progress per shard). False when the analysis no longer runs.
 */
export async function reportProgress(db: Database, id: string, phase: string | null, progress: number): Promise<boolean> {
  const { rows } = await db.query(
    phase === null
      ? `UPDATE analyses SET heartbeat_at = now() WHERE id = $1 AND ${RUNNING} RETURNING id`
      : `UPDATE analyses SET phase = $2, progress = $3, heartbeat_at = now(), updated_at = now() WHERE id = $1 AND ${RUNNING} RETURNING id`,
    phase === null ? [id] : [id, phase, progress],
  );
  return changed(rows);
}

/** A running analysis is split into `shards` parts for the workers to share. False when it no longer runs. */
export async function splitIntoShards(db: Database, id: string, shards: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE analyses SET shards = $2, phase = 'evaluating in shards', progress = 5, heartbeat_at = now(), updated_at = now()
     WHERE id = $1 AND ${RUNNING} RETURNING id`,
    [id, shards],
  );
  return changed(rows);
}

/**
 * One more part stored (`entry` its shard-log line, a JSON array): counts it and moves the
 * progress. Returns the parts done and expected, or null when the analysis no longer runs.
 */
export async function recordPartStored(tx: Database, id: string, entry: string): Promise<{ done: number; shards: number } | null> {
  const { rows } = await tx.query<{ shards_done: number; shards: number }>(
    `UPDATE analyses SET shards_done = shards_done + 1, shard_log = shard_log || $2::jsonb, heartbeat_at = now(), updated_at = now(),
       progress = LEAST(99, 15 + (80 * (shards_done + 1)) / shards)
     WHERE id = $1 AND ${RUNNING} RETURNING shards_done, shards`,
    [id, entry],
  );
  return rows[0] ? { done: rows[0].shards_done, shards: rows[0].shards } : null;
}

/** The whole analysis stored as its only part (the embedded database's stepwise store). False when it no longer runs. */
export async function recordWholeStored(tx: Database, id: string, entry: string): Promise<boolean> {
  const { rows } = await tx.query(`UPDATE analyses SET shards_done = 1, shard_log = shard_log || $2::jsonb WHERE id = $1 AND ${RUNNING} RETURNING id`, [id, entry]);
  return changed(rows);
}

/** running → completed with its counts. False when it no longer runs. */
export async function complete(tx: Database, id: string, counts: Record<string, number>, excludedUsers: unknown): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE analyses SET status = 'completed', progress = 100, phase = NULL, finished_at = now(), updated_at = now(),
       counts = $2, excluded_users = $3 WHERE id = $1 AND ${from('completed')} RETURNING id`,
    [id, JSON.stringify(counts), JSON.stringify(excludedUsers)],
  );
  return changed(rows);
}

/** running → failed with the reason. False when it no longer runs. */
export async function fail(db: Database, id: string, error: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE analyses SET status = 'failed', error = $2, phase = NULL, finished_at = now(), updated_at = now() WHERE id = $1 AND ${from('failed')} RETURNING id`,
    [id, error],
  );
  return changed(rows);
}

/**
 * running → failed for every analysis without a sign of life for `olderThanSeconds` (its
 * process stopped); returns their ids. `jobs` (server/jobs/workers.ts) keeps those whose job is
 * still to run (`unless`, an SQL condition on the row) and puts what their last job said
 * (`note`, an SQL text expression) between the error and `after`.
 */
export async function failStale(
  db: Database,
  olderThanSeconds: number,
  error: string,
  jobs: { unless?: string; note?: string; after?: string } = {},
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE analyses a SET status = 'failed', phase = NULL, finished_at = now(), updated_at = now(), error = $2 || ${jobs.note ?? "''"} || $3
     WHERE ${from('failed')} AND coalesce(heartbeat_at, started_at, created_at) < now() - make_interval(secs => $1)
       ${jobs.unless ? `AND NOT ${jobs.unless}` : ''} RETURNING id`,
    [olderThanSeconds, error, jobs.after ?? ''],
  );
  return rows.map((r) => r.id);
}

/** enqueued or running → canceled. False when it had already ended. */
export async function cancel(db: Database, id: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE analyses SET status = 'canceled', phase = NULL, finished_at = now(), updated_at = now() WHERE id = $1 AND ${from('canceled')} RETURNING id`,
    [id],
  );
  return changed(rows);
}
