import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { notifyAnalysisEnded, notifyExpiringAcceptances } from '../../../server/modules/notifications/notifications.ts';
import { multipart, seedCustomer, waitFor, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { caller, completedAnalysis, folderFiles, importedRiskPeriod, importedSystemPeriod, reportsApp, type Caller } from '../reports/reports-harness.ts';

// Issue 15 item 8: the bell shows the user's own events from the server, per customer and user.
const work = mkdtempSync(path.join(tmpdir(), 'segra-notifications-'));
const landscape = path.join(work, 'landscape');
beforeAll(() => generateLandscape({ size: 'S', seed: 15, outDir: landscape }), 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Kinds {
  data: { id: string; kind: string; params: Record<string, string>; link: string; read: boolean }[];
  unread: number;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let call: Caller;
  /** Two users of customer A, one of customer B, a SuperAdmin. */
  const u: Record<'a1' | 'a2' | 'b1' | 'root', { id: string; email: string; token: string }> = {} as never;
  let A: { customerId: string; systemId: string };
  let B: { customerId: string; systemId: string };
  let analysisId: string;
  let systemPeriodId: string;

  const addUser = async (key: keyof typeof u, customerId: string | null, role: 'Admin' | 'SuperAdmin') => {
    const email = `${key}-${randomBytes(3).toString('hex')}@test.local`;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO app_users (customer_id, email, username, password_hash, role) VALUES ($1, $2, $3, 'x', $4) RETURNING id`,
      [customerId, email, key, role],
    );
    const id = rows[0].id;
    u[key] = { id, email, token: t.app.signAccessToken({ sub: id, name: key, email, customerId, Role: role, permissions: {} } as never) };
  };
  const list = async (who: keyof typeof u, customer?: string): Promise<Kinds> => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { authorization: `Bearer ${u[who].token}`, ...(customer ? { 'x-customer-id': customer } : {}) },
    });
    expect(r.statusCode).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    db = await target.open();
    t = await reportsApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    call = caller(t);
    A = await seedCustomer(db, 'Bell A');
    B = await seedCustomer(db, 'Bell B');
    await addUser('a1', A.customerId, 'Admin');
    await addUser('a2', A.customerId, 'Admin');
    await addUser('b1', B.customerId, 'Admin');
    await addUser('root', null, 'SuperAdmin');
    systemPeriodId = await importedSystemPeriod(t, u.a1.token, A.systemId, 'PRD June', '2026-06-30', folderFiles(path.join(landscape, 'system')));
    const rules = await importedRiskPeriod(t, u.a1.token, 'Rules June', '2026-06-30', path.join(landscape, 'rules'));
    analysisId = await completedAnalysis(t, u.a1.token, 'June run', systemPeriodId, rules);
    // A broken extract: the import fails, and its uploader is told.
    const broken = await call('POST', '/api/system-periods', u.a1.token, { name: 'PRD broken', periodDate: '2026-07-31', systemId: A.systemId });
    const form = await multipart({ 'extract.zip': zipSync({ 'USR02.csv': new TextEncoder().encode('NOT,A,HEADER\n1,2\n') }) });
    const r = await t.app.inject({ method: 'POST', url: `/api/system-periods/${broken.body.id}/extract`, headers: { authorization: `Bearer ${u.a1.token}`, ...form.headers }, payload: form.payload });
    expect(r.statusCode).toBe(202);
    const failed = await waitFor(() => call('GET', `/api/system-periods/${broken.body.id}`, u.a1.token).then((x) => x.body), (p) => p.status !== 'importing');
    expect(failed.status).toBe('failed');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('tells the user who started them that the import, the ruleset import and the analysis ended', async () => {
    const mine = await list('a1');
    const kinds = mine.data.map((n) => `${n.kind} ${n.params.name}`).sort();
    expect(kinds).toEqual(['analysis.completed June run', 'import.failed PRD broken', 'import.ready PRD June', 'ruleset.ready Rules June']);
    expect(mine.unread).toBe(4);
    expect(mine.data.find((n) => n.kind === 'analysis.completed')?.link).toBe('/app/reports/analyze-request');
    expect(mine.data.find((n) => n.kind === 'import.ready')?.link).toBe('/app/system/period');
  });

  it('shows nobody else the user’s events: not a colleague of the customer, not another customer', async () => {
    expect((await list('a2')).data).toEqual([]);
    expect((await list('b1')).data).toEqual([]);
  });

  it('marks one read, then all; another user cannot mark them', async () => {
    const before = await list('a1');
    const first = before.data[0];
    const other = await t.app.inject({ method: 'POST', url: `/api/notifications/${first.id}/read`, headers: { authorization: `Bearer ${u.a2.token}` } });
    expect(other.statusCode).toBe(404);
    const r = await t.app.inject({ method: 'POST', url: `/api/notifications/${first.id}/read`, headers: { authorization: `Bearer ${u.a1.token}` } });
    expect(r.statusCode).toBe(200);
    expect(r.json().read).toBe(true);
    const after = await list('a1');
    expect(after.unread).toBe(before.unread - 1);
    expect(after.data.find((n) => n.id === first.id)?.read).toBe(true);
    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { authorization: `Bearer ${u.a1.token}` } });
    expect(all.statusCode).toBe(200);
    expect(all.json().unread).toBe(0);
    expect(all.json().data.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('warns once about the user’s own acceptances that expire within two weeks', async () => {
    const insert = (holder: string, validTo: string, by: string) =>
      db.query(
        `INSERT INTO risk_acceptances (customer_id, risk_id, scope, holder, message, valid_to, created_by) VALUES ($1, 'R001', 'user', $2, 'ok', $3, $4)`,
        [A.customerId, holder, validTo, by],
      );
    await insert('SOON', day(3), u.a1.email);
    await insert('LATER', day(60), u.a1.email);
    await insert('PAST', day(-1), u.a1.email);
    await insert('COLLEAGUE', day(2), u.a2.email);
    const expiring = (n: Kinds) => n.data.filter((x) => x.kind === 'acceptance.expiring');
    const first = expiring(await list('a1'));
    expect(first.map((n) => n.params)).toEqual([{ riskId: 'R001', holder: 'SOON', validTo: day(3) }]);
    expect(first[0].read).toBe(false);
    expect(expiring(await list('a1'))).toHaveLength(1);
    expect(expiring(await list('a2')).map((n) => n.params.holder)).toEqual(['COLLEAGUE']);
    expect(expiring(await list('b1'))).toEqual([]);
    // Written idempotently: the same check again adds nothing.
    await notifyExpiringAcceptances(db, u.a1, A.customerId);
    expect(expiring(await list('a1'))).toHaveLength(1);
  });

  it('tells of a failed analysis, once', async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date, created_by, status)
       SELECT customer_id, 'Broken run', system_period_id, risk_period_id, level, mode, analysis_date, created_by, 'failed' FROM analyses WHERE id = $1 RETURNING id`,
      [analysisId],
    );
    await notifyAnalysisEnded(db, rows[0].id, false);
    await notifyAnalysisEnded(db, rows[0].id, false);
    const failed = (await list('a1')).data.filter((n) => n.kind === 'analysis.failed');
    expect(failed.map((n) => n.params.name)).toEqual(['Broken run']);
  });

  it('keeps a SuperAdmin’s view to the active customer', async () => {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM analyses WHERE id = $1', [analysisId]);
    await db.query('UPDATE analyses SET created_by = $2 WHERE id = $1', [rows[0].id, u.root.email]);
    await notifyAnalysisEnded(db, rows[0].id, true);
    expect((await list('root', A.customerId)).data.map((n) => n.kind)).toEqual(['analysis.completed']);
    expect((await list('root', B.customerId)).data).toEqual([]);
    expect((await list('root')).data).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(r.statusCode).toBe(401);
  });
}

describe('notifications on PGlite', () => suite(pgliteDatabase()));
describe.runIf(postgresAdminUrl)('notifications on PostgreSQL', () => suite(postgresDatabase('segra_notifications')));
