/**
 * The daily notice of expiring mitigations (issue 16, DESIGN 5 rule 16): each control's owner is
 * told, in their notifications, of every mitigation of the control whose validity ends within
 * EXPIRY_DAYS. Once per mitigation and end date: a prolonged mitigation is told again when its
 * new end comes near. The button on the expiring report still mails the owners on demand.
 */
import type { Database } from '../db/database.ts';
import { EXPIRY_DAYS } from '../modules/mitigations/mitigation-reports.ts';
import { JOBS } from './job-names.ts';
import type { JobQueue } from './queue.ts';

/** 05:00 UTC, before the working day in the customers' time zones (Europe, Türkiye). */
export const MITIGATION_EXPIRY_CRON = '0 5 * * *';
const DAY_MS = 86_400_000;

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * Writes the notices due on `today` for every customer; returns how many were new and how many
 * expiring mitigations have a control without an owner (nobody to tell; counted, not dropped
 * silently). Controls that are not active mitigate nothing, so their mitigations are not told.
 */
export async function notifyExpiringMitigations(db: Database, today: Date, days = EXPIRY_DAYS): Promise<{ notified: number; withoutOwner: number }> {
  const from = isoDay(today);
  const until = isoDay(new Date(today.getTime() + days * DAY_MS));
  const inserted = await db.query(
    `INSERT INTO notifications (customer_id, user_id, kind, params, link, event_key)
     SELECT m.customer_id, c.owner_id, 'mitigation.expiring',
            jsonb_build_object('controlId', c.control_id, 'riskId', m.risk_id, 'level', m.level, 'holder', m.holder, 'validTo', m.valid_to),
            '/app/risk/mitigations', 'mitigation.expiring:' || m.id || ':' || m.valid_to
       FROM mitigations m JOIN mitigating_controls c ON c.id = m.mitigating_control_id
      WHERE c.owner_id IS NOT NULL AND c.status = 'active' AND m.valid_to BETWEEN $1::text AND $2::text
     ON CONFLICT (user_id, event_key) DO NOTHING
     RETURNING id`,
    [from, until],
  );
  const orphans = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mitigations m JOIN mitigating_controls c ON c.id = m.mitigating_control_id
      WHERE c.owner_id IS NULL AND c.status = 'active' AND m.valid_to BETWEEN $1::text AND $2::text`,
    [from, until],
  );
  return { notified: inserted.rows.length, withoutOwner: Number(orphans.rows[0].n) };
}

export interface ExpiryJobOptions {
  /** The clock (tests set it). */
  now?: () => Date;
  /** PGlite's timer period; a day by default. */
  intervalMs?: number;
}

/**
 * Runs the notice daily. On PostgreSQL a pg-boss schedule puts one job a day on the shared queue
 * (whichever worker takes it runs it; several nodes do not each run it); on the embedded
 * database, which only this process uses, a timer does the same. Both also run it once at start,
 * so a server started after the hour does not wait a day. Returns the function that stops it.
 */
export async function startMitigationExpiryJob(queue: JobQueue, db: Database, options: ExpiryJobOptions = {}): Promise<() => void> {
  const now = options.now ?? (() => new Date());
  const run = async (): Promise<void> => {
    const r = await notifyExpiringMitigations(db, now());
    if (r.withoutOwner > 0) console.warn(`[mitigation-expiry] ${r.withoutOwner} expiring mitigation(s) have a control without an owner: nobody was told`);
  };
  const logged = (): void => void run().catch((e: unknown) => console.error('[mitigation-expiry]', e));
  if (db.kind === 'postgres') {
    await queue.work(JOBS.mitigationExpiry, run);
    await queue.boss.schedule(JOBS.mitigationExpiry, MITIGATION_EXPIRY_CRON, {}, { tz: 'UTC' });
    logged();
    return () => {};
  }
  const timer = setInterval(logged, options.intervalMs ?? DAY_MS);
  timer.unref();
  logged();
  return () => clearInterval(timer);
}
