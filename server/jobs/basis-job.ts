import type { Database } from '../db/database.ts';
import { BasisRunCanceled, runBasis, type BasisPhase } from '../modules/reports/basis.ts';
import type { BasisJob } from './job-names.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Attempt } from './job-takeover.ts';

// Periods whose basis run this process is working on: a shutdown that cannot wait marks them failed.
const active = new Set<string>();

/** The reason a stopped process leaves on a basis run (shutdown here, the stale-work sweep elsewhere). */
export const BASIS_STOPPED = 'The server stopped while the basis checks ran; run them again';
export const BASIS_STALE = 'The process running the basis checks stopped (restart or crash); run them again';

/**
 * Records a phase (name null: only proves the worker alive, between the tables it loads);
 * throws BasisRunCanceled when the run no longer runs (swept or abandoned meanwhile).
 */
async function phase(db: Database, systemPeriodId: string, name: BasisPhase | null, progress: number): Promise<void> {
  const { rows } = await db.query(
    name === null
      ? `UPDATE basis_runs SET heartbeat_at = now() WHERE system_period_id = $1 AND status = 'running' RETURNING system_period_id`
      : `UPDATE basis_runs SET phase = $2, progress = $3, heartbeat_at = now(), updated_at = now()
         WHERE system_period_id = $1 AND status = 'running' RETURNING system_period_id`,
    name === null ? [systemPeriodId] : [systemPeriodId, name, progress],
  );
  if (rows.length === 0) throw new BasisRunCanceled();
  // Fault injection for the tests (a run cut off, a period re-imported while the checks run).
  const pause = Number(process.env.SEGRA_TEST_BASIS_PAUSE_MS ?? 0);
  if (name === 'checking' && pause > 0) await new Promise((r) => setTimeout(r, pause));
}

/**
 * Runs one enqueued basis run: claims the period's run record, runs the checks with phases
 * and heartbeats, and completes the record in the transaction that stores the findings. Any
 * error marks the run failed with the reason; the last completed results stay as they were.
 */
export async function runBasisJob(db: Database, job: BasisJob, attempt?: Pick<Attempt, 'restart'>): Promise<'completed' | 'failed' | 'canceled' | 'skipped'> {
  const { systemPeriodId } = job;
  // A restart (DESIGN 7b) takes over the run its dead attempt left running; its findings are stored only at the end.
  const claimed = await db.query<{ requested_by: string | null }>(
    `UPDATE basis_runs SET status = 'running', phase = 'starting', progress = 1, error = NULL, started_at = now(), heartbeat_at = now(), updated_at = now()
     WHERE system_period_id = $1 AND status ${attempt?.restart ? "IN ('enqueued', 'running')" : "= 'enqueued'"} RETURNING requested_by`,
    [systemPeriodId],
  );
  if (claimed.rows.length === 0) return 'skipped'; // taken already, or the period was deleted
  active.add(systemPeriodId);
  try {
    await runBasis(db, systemPeriodId, claimed.rows[0].requested_by, (name, progress) => phase(db, systemPeriodId, name, progress));
    return 'completed';
  } catch (e) {
    if (e instanceof BasisRunCanceled) return 'canceled';
    if (isDatabaseUnavailable(e)) throw e; // retried once the database is back
    await db.query(
      `UPDATE basis_runs SET status = 'failed', phase = NULL, error = $2, finished_at = now(), updated_at = now()
       WHERE system_period_id = $1 AND status = 'running'`,
      [systemPeriodId, (e as Error)?.message ?? String(e)],
    );
    // Conflicts (no data, re-imported meanwhile) are the user's to resolve, not the operator's.
    if ((e as { statusCode?: number }).statusCode !== 409) console.error('[basis]', systemPeriodId, e);
    return 'failed';
  } finally {
    active.delete(systemPeriodId);
  }
}

/**
 * Marks the basis runs still running in this process as failed (a shutdown that did not wait
 * for them), so that none stays `running` until a sweep finds it.
 */
export async function abandonActiveBasisRuns(db: Database): Promise<number> {
  let n = 0;
  for (const id of active) {
    const { rows } = await db.query(
      `UPDATE basis_runs SET status = 'failed', phase = NULL, error = $2, finished_at = now(), updated_at = now()
       WHERE system_period_id = $1 AND status = 'running' RETURNING system_period_id`,
      [id, BASIS_STOPPED],
    );
    n += rows.length;
  }
  active.clear();
  return n;
}

/**
 * Fails the basis runs whose worker has not shown a sign of life for `olderThanSeconds` (0: every
 * running one); `unless`, an SQL condition on the row `b`, keeps those whose job is still to run.
 */
export async function sweepStaleBasisRuns(db: Database, olderThanSeconds: number, unless = 'false'): Promise<number> {
  const { rows } = await db.query(
    `UPDATE basis_runs b SET status = 'failed', phase = NULL, error = $2, finished_at = now(), updated_at = now()
     WHERE status = 'running' AND coalesce(heartbeat_at, started_at, updated_at) < now() - make_interval(secs => $1) AND NOT (${unless})
     RETURNING system_period_id`,
    [olderThanSeconds, BASIS_STALE],
  );
  return rows.length;
}
