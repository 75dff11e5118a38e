import type { Database } from '../db/database.ts';
import { dispatchTenantJobs, tenantJobEnded } from './admission.ts';
import { JOBS } from './job-names.ts';
import type { JobHandler, JobQueue } from './queue.ts';

/** How often a working process runs the fair-share dispatcher besides at each job's end (a crashed node's slots, failed jobs). */
export const DISPATCH_EVERY_MS = 5_000;

// The end of a job of these queues may free a customer's slot (an analysis's last shard ends the analysis).
const FREES_A_SLOT = new Set<string>([JOBS.importExtract, JOBS.importRuleset, JOBS.importUsage, JOBS.analysis, JOBS.analysisShard, JOBS.basis]);

/**
 * The worker side of fair share (server/jobs/admission.ts): the returned queue's workers free
 * their job's slot when the handler returns and release the next waiting jobs; a handler that
 * throws leaves the slot to pg-boss's verdict (a retry keeps it), which the dispatcher reads a
 * moment later. The dispatcher also runs at start and every DISPATCH_EVERY_MS.
 */
export function admitWorkers(queue: JobQueue, db: Database, running: number): { queue: JobQueue; stop: () => void } {
  let stopped = false;
  // After stop (a shutdown) a handler that still ends finds its database closing: the next process dispatches.
  const dispatch = async (): Promise<void> => {
    if (stopped) return;
    await dispatchTenantJobs(db, queue, running).catch((e: unknown) => console.error('[fair-share] dispatch', e));
  };
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void dispatch();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const freeing = <T>(handler: JobHandler<T>): JobHandler<T> =>
    async (data, job, attempt) => {
      let returned = false;
      try {
        await handler(data, job, attempt);
        returned = true;
      } finally {
        if (returned && !stopped) await tenantJobEnded(db, job.id).catch((e: unknown) => console.error('[fair-share] job end', e));
        else later(1_000); // pg-boss records the failure after the handler threw
        await dispatch();
      }
    };
  const interval = setInterval(() => void dispatch(), DISPATCH_EVERY_MS);
  interval.unref();
  void dispatch();
  return {
    queue: {
      ...queue,
      work: (name, handler, options) => queue.work(name, FREES_A_SLOT.has(name) ? freeing(handler) : handler, options),
    },
    stop() {
      stopped = true;
      clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
