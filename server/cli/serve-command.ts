import path from 'node:path';
import { buildApp } from '../app.ts';
import { ensureSuperAdmin } from '../auth/bootstrap.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { abandonActiveAnalyses } from '../analyses/run-analysis.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { reclaimJobsOfStoppedProcess } from '../jobs/job-takeover.ts';
import { startQueue } from '../jobs/queue.ts';
import { STALE_AFTER_SECONDS, startWorkers, sweepStaleWork } from '../jobs/workers.ts';
import { sweepUploads } from '../jobs/upload-sweep.ts';
import { sweepStoredUploads } from '../uploads/stored-uploads.ts';
import { startBackupSocket } from '../backup/backup-socket.ts';
import { parseFlags } from './options.ts';

/** `segra serve`: the API and the built SPA on PORT (8081), until SIGINT/SIGTERM. */
export async function serveCommand(args: string[]): Promise<number> {
  const flags = parseFlags(args, { 'no-worker': { type: 'boolean' } });
  const config = loadConfig();
  const db = await openDatabase(config);
  let queue: Awaited<ReturnType<typeof startQueue>> | undefined;
  let backups: Awaited<ReturnType<typeof startBackupSocket>> | undefined;
  try {
    await applyMigrations(db, config);
    // `segra backup` while this process holds the embedded database: it asks this process (DESIGN 7b).
    if (db.kind === 'pglite' && !config.DATA_DIR.startsWith('memory://')) {
      backups = await startBackupSocket(db, config.DATA_DIR, (message) => process.stdout.write(`${message}\n`));
    }
    const admin = await ensureSuperAdmin(db, { email: config.SEGRA_ADMIN_EMAIL, password: config.SEGRA_ADMIN_PASSWORD });
    if (admin) {
      process.stdout.write(
        admin.generatedPassword
          ? `First start: SuperAdmin ${admin.email} created with the password ${admin.generatedPassword} (shown once; change it after logging in)\n`
          : `First start: SuperAdmin ${admin.email} created with SEGRA_ADMIN_PASSWORD\n`,
      );
    }
    // Every process may enqueue; this one also works jobs unless --no-worker (DESIGN 3).
    if (admin && config.SEED_DEMO) {
      const demo = await seedDemo(db, { today: new Date().toISOString().slice(0, 10) });
      if (demo) process.stdout.write(`First start: demo customer created with a completed analysis (${demo.findings} findings)\n`);
    }
    queue = await startQueue(db, { work: !flags['no-worker'], deadAfterSeconds: config.JOB_DEAD_AFTER_SECONDS });
    if (db.kind === 'pglite') {
      // The embedded database belongs to this process alone: whatever is still "running" was cut
      // off. Its jobs go back to pg-boss (retried, restarting cleanly; failed after their last
      // attempt), and work no job will run any more is marked failed.
      await reclaimJobsOfStoppedProcess(queue.boss, db, queue.queues);
      await sweepStaleWork(db, 0);
    }
    // Uploads of imports a crash or stop cut off are never read again (DESIGN 7a).
    await sweepUploads(db, path.join(config.DATA_DIR, 'uploads'), db.kind === 'pglite' ? 0 : STALE_AFTER_SECONDS);
    if (db.kind === 'postgres') await sweepStoredUploads(db, STALE_AFTER_SECONDS);
    if (!flags['no-worker']) await startWorkers(queue, db, { shards: config.ANALYSIS_SHARDS, shardMinUsers: config.ANALYSIS_SHARD_MIN_USERS, pollingIntervalSeconds: config.JOB_POLL_SECONDS, tenantRunningJobs: config.TENANT_RUNNING_JOBS });
    const app = await buildApp(config, { db, queue });
    await app.listen({ port: config.PORT, host: config.HOST });
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        app.log.info('shutting down');
        void app.close().then(resolve);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  } finally {
    await backups?.close();
    await queue?.stop();
    await abandonActiveAnalyses(db).catch(() => 0);
    await db.close();
    exitSoon();
  }
  return 0;
}

/**
 * After a shutdown's cleanup, work that did not stop in time (a job's handler still computing)
 * must not keep the process alive: it exits within two seconds whatever is left.
 */
function exitSoon(): void {
  setTimeout(() => process.exit(process.exitCode ?? 0), 2000).unref();
}

/** Applies pending migrations and says on stdout what was applied. */
export async function applyMigrations(db: Database, config: Config, out: NodeJS.WritableStream = process.stdout): Promise<string[]> {
  const applied = await migrate(db);
  const where = db.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.DATA_DIR})`;
  out.write(
    applied.length === 0
      ? `migrations: ${where} is up to date\n`
      : `migrations: applied ${applied.length} migration(s) on ${where}: ${applied.join(', ')}\n`,
  );
  return applied;
}

/**
 * `segra worker`: takes jobs from the shared PostgreSQL queue until SIGINT/SIGTERM. The
 * embedded database belongs to one process, so on PGlite the worker runs inside `segra serve`.
 */
export async function workerCommand(args: string[]): Promise<number> {
  parseFlags(args, {});
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    process.stderr.write(
      'segra worker: needs DATABASE_URL (PostgreSQL); with the embedded database, segra serve works the jobs itself\n',
    );
    return 2;
  }
  const db = await openDatabase(config);
  await applyMigrations(db, config);
  await sweepStoredUploads(db, STALE_AFTER_SECONDS);
  const queue = await startQueue(db, { work: true, deadAfterSeconds: config.JOB_DEAD_AFTER_SECONDS });
  try {
    await startWorkers(queue, db, { shards: config.ANALYSIS_SHARDS, shardMinUsers: config.ANALYSIS_SHARD_MIN_USERS, pollingIntervalSeconds: config.JOB_POLL_SECONDS, tenantRunningJobs: config.TENANT_RUNNING_JOBS });
    process.stdout.write('segra worker: taking jobs\n');
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
  } finally {
    await queue.stop();
    await abandonActiveAnalyses(db).catch(() => 0);
    await db.close();
    exitSoon();
  }
  return 0;
}

/** `segra migrate`: applies pending migrations to the configured database and exits. */
export async function migrateCommand(args: string[]): Promise<number> {
  parseFlags(args, {});
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await applyMigrations(db, config);
  } finally {
    await db.close();
  }
  return 0;
}
