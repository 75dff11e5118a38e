import { removeFindings } from '../analyses/remove-findings.ts';
import { runAnalysis, runAnalysisShard } from '../analyses/run-analysis.ts';
import type { Database } from '../db/database.ts';
import { failStale } from '../modules/analyses/analyses-store.ts';
import { removeHiddenVersions } from '../periods/ruleset-store.ts';
import { deleteImport } from '../periods/extract-store.ts';
import { runBasisJob, sweepStaleBasisRuns } from './basis-job.ts';
import { runExtractImport } from './import-extract-job.ts';
import { runRulesetImport } from './import-ruleset-job.ts';
import { runUsageImport } from './import-usage-job.ts';
import { startMitigationExpiryJob, type ExpiryJobOptions } from './mitigation-expiry-job.ts';
import { loadConfig } from '../config.ts';
import { admitWorkers } from './admitted-workers.ts';
import { JOBS, type AnalysisJob, type AnalysisShardJob, type BasisJob, type ImportExtractJob, type ImportRulesetJob, type ImportUsageJob } from './job-names.ts';
import { recordJobSql, sweepDeadJobs } from './job-takeover.ts';
import { HEALTH_CHECK_QUEUE, type JobQueue } from './queue.ts';

/**
 * How long a running import, analysis or basis run may go without a sign of life at the upload's
 * folder sweeps (upload-sweep.ts, stored-uploads.ts) before its upload counts as left behind.
 */
export const STALE_AFTER_SECONDS = 300;

const ANALYSIS_QUEUES = [JOBS.analysis, JOBS.analysisShard];

/**
 * Work left "running" that no job will run any more is marked failed with the reason, and what it
 * had stored is removed, so nothing stays running forever (issue 4): a record counts when it has
 * shown no sign of life for `olderThanSeconds` and no job of it is still to run or running (its
 * job failed for good after its last attempt, or was lost). A record whose job waits or is
 * retried stays as it is (DESIGN 7b). With `olderThanSeconds` 0 (the embedded database at start,
 * after reclaimJobsOfStoppedProcess) every such record is stale.
 */
export async function sweepStaleWork(db: Database, olderThanSeconds: number): Promise<{ analyses: number; imports: number }> {
  const { live, note } = await recordJobSql(db);
  const analyses = await failStale(db, olderThanSeconds, 'The process running this analysis stopped (restart or crash)', {
    unless: live(ANALYSIS_QUEUES, 'analysisId', 'a.id'),
    note: note(ANALYSIS_QUEUES, 'analysisId', 'a.id'),
    after: '; run it again',
  });
  // Findings that a stopped run had stored already (the embedded database stores them in steps).
  for (const id of analyses) await removeFindings(db, id);
  const imports = await db.query<{ id: string; importing_id: string | null }>(
    `UPDATE system_periods p SET status = 'failed', progress = 0, importing_id = NULL, updated_at = now(),
       error = jsonb_build_object('message', 'The process running this import stopped (restart or crash)'
         || ${note([JOBS.importExtract], 'importId', 'old.importing_id')} || '; upload the extract again')
     FROM (SELECT id, importing_id FROM system_periods s WHERE status = 'importing' AND updated_at < now() - make_interval(secs => $1)
             AND NOT ${live([JOBS.importExtract], 'importId', 's.importing_id')} FOR UPDATE) old
     WHERE p.id = old.id RETURNING p.id, old.importing_id`,
    [olderThanSeconds],
  );
  // The rows (and partitions) the stopped import had written are invisible to every reader; remove them.
  for (const row of imports.rows) if (row.importing_id) await deleteImport(db, row.importing_id);
  const rulesets = await db.query<{ id: string }>(
    `UPDATE risk_periods r SET status = 'failed', progress = 0, staged_ruleset_id = NULL, updated_at = now(),
       error = jsonb_build_object('message', 'The process running this import stopped (restart or crash)'
         || ${note([JOBS.importRuleset], 'riskPeriodId', 'r.id')} || '; upload the ruleset again')
     WHERE status = 'importing' AND updated_at < now() - make_interval(secs => $1) AND NOT ${live([JOBS.importRuleset], 'riskPeriodId', 'r.id')}
     RETURNING r.id`,
    [olderThanSeconds],
  );
  // The version the stopped import was writing was never shown; remove its rows.
  for (const row of rulesets.rows) await removeHiddenVersions(db, row.id);
  const usage = await db.query<{ importing_id: string }>(
    `UPDATE system_period_usage u SET status = 'failed', progress = 0, importing_id = NULL, updated_at = now(),
       error = jsonb_build_object('message', 'The process running this import stopped (restart or crash)'
         || ${note([JOBS.importUsage], 'importId', 'old.importing_id')} || '; upload the usage export again')
     FROM (SELECT system_period_id, importing_id FROM system_period_usage x WHERE status = 'importing' AND importing_id IS NOT NULL
             AND updated_at < now() - make_interval(secs => $1) AND NOT ${live([JOBS.importUsage], 'importId', 'x.importing_id')} FOR UPDATE) old
     WHERE u.system_period_id = old.system_period_id RETURNING old.importing_id`,
    [olderThanSeconds],
  );
  for (const row of usage.rows) await db.query('DELETE FROM usage_rows WHERE import_id = $1', [row.importing_id]);
  // Basis runs keep their last completed results; only the cut-off run is marked failed.
  await sweepStaleBasisRuns(db, olderThanSeconds, live([JOBS.basis], 'systemPeriodId', 'b.system_period_id'));
  return { analyses: analyses.length, imports: imports.rows.length };
}

/**
 * Registers this process as a worker of every queue. On PostgreSQL, where other workers share
 * the queue, it also sweeps, every third of the dead-after time: jobs whose worker stopped
 * beating go back to pg-boss (retried elsewhere, or failed after their last attempt), and
 * records whose jobs ended for good are failed with the reason. The returned function stops it.
 */
export async function startWorkers(
  plainQueue: JobQueue,
  db: Database,
  options: { pollingIntervalSeconds?: number; shards?: number; shardMinUsers?: number; mitigationExpiry?: ExpiryJobOptions; tenantRunningJobs?: number } = {},
): Promise<() => void> {
  // Fair share (DESIGN 7b): each job's end frees its customer's slot and releases the next waiting jobs.
  const { queue, stop: stopAdmission } = admitWorkers(plainQueue, db, options.tenantRunningJobs ?? loadConfig({}).TENANT_RUNNING_JOBS);
  const work = options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : undefined;
  // Shards pay off only where several processes share the queue: never on the embedded database.
  const shards = db.kind === 'postgres' ? (options.shards ?? 1) : 1;
  await queue.work(HEALTH_CHECK_QUEUE, async () => {}, work);
  await queue.work<ImportExtractJob>(JOBS.importExtract, (data, _job, attempt) => runExtractImport(db, data, attempt), work);
  await queue.work<ImportRulesetJob>(JOBS.importRuleset, (data) => runRulesetImport(db, data), work);
  await queue.work<ImportUsageJob>(JOBS.importUsage, (data, _job, attempt) => runUsageImport(db, data, attempt), work);
  await queue.work<AnalysisJob>(
    JOBS.analysis,
    async (data, _job, attempt) => {
      await runAnalysis(db, data.analysisId, {
        shards,
        shardMinUsers: options.shardMinUsers,
        enqueueShard: (job) => queue.send(JOBS.analysisShard, job),
        restart: attempt.restart,
      });
    },
    work,
  );
  await queue.work<AnalysisShardJob>(
    JOBS.analysisShard,
    async (data) => {
      await runAnalysisShard(db, data);
    },
    work,
  );
  await queue.work<BasisJob>(
    JOBS.basis,
    async (data, _job, attempt) => {
      await runBasisJob(db, data, attempt);
    },
    work,
  );
  const startedExpiry = await startMitigationExpiryJob(queue, db, options.mitigationExpiry);
  const stopExpiry = (): void => {
    startedExpiry();
    stopAdmission();
  };
  if (db.kind !== 'postgres') return stopExpiry;
  const { deadAfterSeconds, sweepMs } = queue.timings;
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepDeadJobs(queue.boss, db, queue.queues, deadAfterSeconds)
      .then(() => sweepStaleWork(db, deadAfterSeconds))
      .catch((e: unknown) => console.error('[sweep]', e))
      .finally(() => (sweeping = false));
  }, sweepMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopExpiry();
  };
}
