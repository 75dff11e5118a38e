import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import * as store from '../../../server/modules/analyses/analyses-store.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { seedCustomer } from './harness.ts';

describe('the analysis status table', () => {
  it('lets only enqueued analyses start and only running ones end, and nothing leave a final status', () => {
    expect(store.statusesBefore('running')).toEqual(['enqueued']);
    expect(store.statusesBefore('completed')).toEqual(['running']);
    expect(store.statusesBefore('failed')).toEqual(['running']);
    expect(store.statusesBefore('canceled')).toEqual(['enqueued', 'running']);
    expect(store.statusesBefore('enqueued')).toEqual([]);
  });
});

/** The store refuses every transition the table does not allow, on both databases. */
function storeSuite(target: TestDatabase): void {
  let db: Database;
  let request: Omit<store.NewAnalysis, 'name'>;
  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    const { customerId, systemId } = await seedCustomer(db, 'store');
    const sp = await db.query<{ id: string }>(
      `INSERT INTO system_periods (customer_id, system_id, name, period_date, status) VALUES ($1, $2, 'p', '2026-06-30', 'ready') RETURNING id`,
      [customerId, systemId],
    );
    const rp = await db.query<{ id: string }>(`INSERT INTO risk_periods (customer_id, name, period_date, status) VALUES ($1, 'r', '2026-06-30', 'ready') RETURNING id`, [customerId]);
    request = {
      customerId, description: '', systemPeriodId: sp.rows[0].id, riskPeriodId: rp.rows[0].id, level: 'permission', mode: 'same-instance',
      includeLocked: false, includeExpired: false, analysisDate: '2026-06-30', createdBy: 'test',
    };
  });
  afterAll(async () => {
    await db?.close();
    await target.teardown();
  });

  const statusOf = async (id: string): Promise<string> => (await db.query<{ status: string }>('SELECT status FROM analyses WHERE id = $1', [id])).rows[0].status;

  it('keeps an enqueued analysis from completing, failing or reporting progress', async () => {
    const id = await store.insertAnalysis(db, { ...request, name: 'enqueued' });
    expect(await store.complete(db, id, {}, [])).toBe(false);
    expect(await store.fail(db, id, 'x')).toBe(false);
    expect(await store.reportProgress(db, id, 'evaluating', 50)).toBe(false);
    expect(await statusOf(id)).toBe('enqueued');
  });

  it('starts an analysis once, and a canceled one never', async () => {
    const id = await store.insertAnalysis(db, { ...request, name: 'twice' });
    expect(await store.markRunning(db, id)).toBe(true);
    expect(await store.markRunning(db, id)).toBe(false);
    const canceled = await store.insertAnalysis(db, { ...request, name: 'canceled first' });
    expect(await store.cancel(db, canceled)).toBe(true);
    expect(await store.markRunning(db, canceled)).toBe(false);
    expect(await statusOf(canceled)).toBe('canceled');
  });

  it('lets no late writer change an analysis that was canceled while it ran', async () => {
    const id = await store.insertAnalysis(db, { ...request, name: 'late' });
    await store.markRunning(db, id);
    expect(await store.cancel(db, id)).toBe(true);
    expect(await store.recordPartStored(db, id, '[]')).toBeNull();
    expect(await store.complete(db, id, { findings: 1 }, [])).toBe(false);
    expect(await store.fail(db, id, 'late')).toBe(false);
    expect(await store.failStale(db, 0, 'stale')).not.toContain(id);
    expect(await store.cancel(db, id)).toBe(false);
    expect(await statusOf(id)).toBe('canceled');
  });

  it('keeps a completed analysis completed', async () => {
    const id = await store.insertAnalysis(db, { ...request, name: 'done' });
    await store.markRunning(db, id);
    expect(await store.complete(db, id, { findings: 0 }, [])).toBe(true);
    expect(await store.cancel(db, id)).toBe(false);
    expect(await store.fail(db, id, 'x')).toBe(false);
    expect(await statusOf(id)).toBe('completed');
  });
}

describe('analyses store on PGlite', () => storeSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('analyses store on PostgreSQL', () => storeSuite(postgresDatabase('segra_a2_store')));
