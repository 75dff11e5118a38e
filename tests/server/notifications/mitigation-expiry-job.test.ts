/**
 * The daily notice of expiring mitigations (issue 16, rule 16), on PGlite and PostgreSQL with a
 * controlled clock: each control owner is told once per mitigation expiring within 30 days (a
 * prolonged one again, at its new end), never of an inactive control's or a past or far one;
 * the job runs from a pg-boss schedule on PostgreSQL and from a timer on PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { JOBS } from '../../../server/jobs/job-names.ts';
import { MITIGATION_EXPIRY_CRON, notifyExpiringMitigations } from '../../../server/jobs/mitigation-expiry-job.ts';
import { startQueue, type JobQueue } from '../../../server/jobs/queue.ts';
import { startWorkers } from '../../../server/jobs/workers.ts';
import { seedCustomer, waitFor } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

const TODAY = new Date('2026-11-25T06:00:00Z');

interface Notice {
  user_id: string;
  kind: string;
  params: Record<string, string>;
  link: string;
}

function suite(target: TestDatabase): void {
  let db: Database;
  let customerId: string;
  let owner: string;
  let otherOwner: string;
  let control: string;
  const mitigation: Record<string, string> = {};

  const notices = async (): Promise<Notice[]> =>
    (await db.query<Notice>(`SELECT user_id, kind, params, link FROM notifications WHERE kind = 'mitigation.expiring' ORDER BY params->>'holder'`)).rows.map((r) => ({
      ...r,
      params: typeof r.params === 'string' ? JSON.parse(r.params) : r.params,
    }));
  const user = async (email: string): Promise<string> =>
    (await db.query<{ id: string }>(`INSERT INTO app_users (customer_id, email, username, password_hash, role) VALUES ($1, $2, $2, 'x', 'User') RETURNING id`, [customerId, email])).rows[0].id;
  const addControl = async (controlId: string, ownerId: string | null, status = 'active'): Promise<string> =>
    (await db.query<{ id: string }>(`INSERT INTO mitigating_controls (customer_id, control_id, owner_id, status) VALUES ($1, $2, $3, $4) RETURNING id`, [customerId, controlId, ownerId, status])).rows[0].id;
  const addMitigation = async (controlRecord: string, holder: string, validTo: string | null): Promise<string> =>
    (await db.query<{ id: string }>(`INSERT INTO mitigations (customer_id, mitigating_control_id, risk_id, level, holder, valid_to) VALUES ($1, $2, 'R1', 'USER', $3, $4) RETURNING id`, [customerId, controlRecord, holder, validTo])).rows[0].id;

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    ({ customerId } = await seedCustomer(db, 'Acme'));
    owner = await user('owner@test.local');
    otherOwner = await user('other@test.local');
    control = await addControl('MC-1', owner);
    const inactive = await addControl('MC-OFF', owner, 'inactive');
    const orphan = await addControl('MC-NOBODY', null);
    const others = await addControl('MC-2', otherOwner);
    mitigation.today = await addMitigation(control, 'U_TODAY', '2026-11-25');
    mitigation.in30 = await addMitigation(control, 'U_IN30', '2026-12-25');
    await addMitigation(control, 'U_IN31', '2026-12-26');
    await addMitigation(control, 'U_PAST', '2026-11-24');
    await addMitigation(control, 'U_OPEN', null);
    await addMitigation(inactive, 'U_INACTIVE', '2026-12-01');
    await addMitigation(orphan, 'U_ORPHAN', '2026-12-01');
    mitigation.other = await addMitigation(others, 'U_OTHER', '2026-12-10');
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await target.teardown();
  });

  it('tells each owner once per mitigation of an active control expiring within 30 days, and counts those without an owner', async () => {
    expect(await notifyExpiringMitigations(db, TODAY)).toEqual({ notified: 3, withoutOwner: 1 });
    const list = await notices();
    expect(list.map((n) => [n.params.holder, n.user_id === owner ? 'owner' : n.user_id === otherOwner ? 'other' : '?'])).toEqual([
      ['U_IN30', 'owner'],
      ['U_OTHER', 'other'],
      ['U_TODAY', 'owner'],
    ]);
    expect(list.find((n) => n.params.holder === 'U_IN30')).toMatchObject({
      params: { controlId: 'MC-1', riskId: 'R1', level: 'USER', holder: 'U_IN30', validTo: '2026-12-25' },
      link: '/app/risk/mitigations',
    });
  });

  it('is idempotent: run again the same or the next day, nobody is told twice', async () => {
    expect(await notifyExpiringMitigations(db, TODAY)).toMatchObject({ notified: 0 });
    // The next day U_IN31 comes within 30 days; the others were told already.
    expect(await notifyExpiringMitigations(db, new Date('2026-11-26T06:00:00Z'))).toMatchObject({ notified: 1 });
    expect((await notices()).map((n) => n.params.holder)).toEqual(['U_IN30', 'U_IN31', 'U_OTHER', 'U_TODAY']);
  });

  it('a prolonged mitigation is told again when its new end comes near', async () => {
    await db.query(`UPDATE mitigations SET valid_to = '2026-12-20' WHERE id = $1`, [mitigation.today]);
    expect(await notifyExpiringMitigations(db, new Date('2026-11-26T06:00:00Z'))).toMatchObject({ notified: 1 });
    const told = (await notices()).filter((n) => n.params.holder === 'U_TODAY').map((n) => n.params.validTo).sort();
    expect(told).toEqual(['2026-11-25', '2026-12-20']);
  });

  describe('scheduled', () => {
    let queue: JobQueue;
    let stop: () => void = () => {};
    afterAll(async () => {
      stop();
      await queue?.stop();
    });

    it(target === pgliteTarget ? 'runs from a daily timer on PGlite, at start and then each period' : 'runs from a daily pg-boss schedule on PostgreSQL, and at start', async () => {
      // The clock moves to 14 December: U_AFTER's mitigation (end 2027-01-10) is due by then.
      await addMitigation(control, 'U_AFTER', '2027-01-10');
      let now = new Date('2026-11-27T06:00:00Z');
      queue = await startQueue(db, { work: true });
      stop = await startWorkers(queue, db, { pollingIntervalSeconds: 0.5, mitigationExpiry: { now: () => now, intervalMs: 200 } });
      if (db.kind === 'postgres') {
        const schedules = await queue.boss.getSchedules();
        expect(schedules.find((s) => s.name === JOBS.mitigationExpiry)).toMatchObject({ cron: MITIGATION_EXPIRY_CRON, timezone: 'UTC' });
      }
      now = new Date('2026-12-14T06:00:00Z');
      // On PostgreSQL the day's job comes from the schedule; here it is sent as the schedule would send it.
      if (db.kind === 'postgres') await queue.send(JOBS.mitigationExpiry, {});
      await waitFor(notices, (list) => list.some((n) => n.params.holder === 'U_AFTER'), 20_000);
      expect((await notices()).filter((n) => n.params.holder === 'U_AFTER')).toHaveLength(1);
    }, 60_000);
  });
}

const pgliteTarget = pgliteDatabase();
describe('daily notice of expiring mitigations on PGlite', () => suite(pgliteTarget));
describe.skipIf(!postgresAdminUrl)('daily notice of expiring mitigations on PostgreSQL', () => suite(postgresDatabase('segra_expiry')));
