import { removeFindings } from '../analyses/remove-findings.ts';
import { runAnalysis, runAnalysisShard } from '../analyses/run-analysis.ts';
import type { Database } from '../db/database.ts';
import { failStale } from '../modules/analyses/analyses-store.ts';
import { deleteImport } from '../periods/extract-store.ts';
import { runBasisJob, sweepStaleBasisRuns } from './basis-job.ts';
import { runExtractImport } from './import-extract-job.ts';
import { runRulesetImport } from './import-ruleset-job.ts';
import { runUsageImport } from './import-usage-job.ts';
import { startMitigationExpiryJob, type ExpiryJobOptions } from './mitigation-expiry-job.ts';
import { loadConfig } from '../config.ts';
import { admitWorkers } from './admitted-workers.ts';
import { JOBS, type AnalysisJob, type AnalysisShardJob, type BasisJob, type ImportExtractJob, type ImportRulesetJob, type ImportUsageJob } from './job-names.ts';
import { HEALTH_CHECK_QUEUE, type JobQueue } from './queue.ts';

/** How long a running import, analysis or basis run may go without a sign of life before it is declared dead. */
export const STALE_AFTER_SECONDS = 300;

/**
 * Work that a stopped process left "running" is marked failed with the reason, so nothing
 * stays running forever (issue 4). With `olderThanSeconds` 0 (the embedded database, which
 * only this process can use) everything running is stale at start.
 */
export async function sweepStaleWork(db: Database, olderThanSeconds: number): Promise<{ analyses: number; imports: number }> {
  const analyses = await failStale(db, olderThanSeconds, 'The process running this analysis stopped (restart or crash); run it again');
  // Findings that a stopped run had stored already (the embedded database stores them in steps).
  for (const id of analyses) await removeFindings(db, id);
  const imports = await db.query<{ id: string; importing_id: string | null }>(
    `UPDATE system_periods p SET status = 'failed', progress = 0, importing_id = NULL, updated_at = now(),
       error = '{"message":"The process running this import stopped (restart or crash); upload the extract again"}'
     FROM (SELECT id, importing_id FROM system_periods WHERE status = 'importing' AND updated_at < now() - make_interval(secs => $1) FOR UPDATE) old
     WHERE p.id = old.id RETURNING p.id, old.importing_id`,
    [olderThanSeconds],
  );
  // The rows (and partitions) the stopped import had written are invisible to every reader; remove them.
  for (const row of imports.rows) if (row.importing_id) await deleteImport(db, row.importing_id);
  await db.query(
    `UPDATE risk_periods SET status = 'failed', progress = 0, updated_at = now(),
       error = '{"message":"The process running this import stopped (restart or crash); upload the ruleset again"}'
     WHERE status = 'importing' AND updated_at < now() - make_interval(secs => $1)`,
    [olderThanSeconds],
  );
  // Basis runs keep their last completed results; only the cut-off run is marked failed.
  await sweepStaleBasisRuns(db, olderThanSeconds);
  return { analyses: analyses.length, imports: imports.rows.length };
}

/**
 * Registers this process as a worker of every queue. On PostgreSQL, where other workers share
 * the queue, it also sweeps work whose worker stopped sending signs of life; the returned
 * function stops that sweep.
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
  await queue.work<ImportExtractJob>(JOBS.importExtract, (data) => runExtractImport(db, data), work);
  await queue.work<ImportRulesetJob>(JOBS.importRuleset, (data) => runRulesetImport(db, data), work);
  await queue.work<ImportUsageJob>(JOBS.importUsage, (data) => runUsageImport(db, data), work);
  await queue.work<AnalysisJob>(
    JOBS.analysis,
    async (data) => {
      await runAnalysis(db, data.analysisId, {
        shards,
        shardMinUsers: options.shardMinUsers,
        enqueueShard: (job) => queue.send(JOBS.analysisShard, job),
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
    async (data) => {
      await runBasisJob(db, data);
    },
    work,
  );
  const startedExpiry = await startMitigationExpiryJob(queue, db, options.mitigationExpiry);
  const stopExpiry = (): void => {
    startedExpiry();
    stopAdmission();
  };
  if (db.kind !== 'postgres') return stopExpiry;
  const timer = setInterval(() => {
    sweepStaleWork(db, STALE_AFTER_SECONDS).catch((e: unknown) => console.error('[sweep]', e));
  }, 60_000);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopExpiry();
  };
}
