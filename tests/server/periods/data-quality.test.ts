import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersByScope } from '../../../contracts/data-quality.ts';
import { scopeUsers } from '../../../engine/analysis/scope.ts';
import type { Database } from '../../../server/db/database.ts';
import { readSystemExtract } from '../../../server/importers/extract-reader.ts';
import { multipart, pipelineApp, seedCustomer, waitFor, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

// Issue 13 item 4: the data-quality view of a system period — rows per table, the import's
// warnings, users in and out of scope with the reason for each, paged; read like the period.
const work = mkdtempSync(path.join(tmpdir(), 'segra-data-quality-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PERIOD_DATE = '2026-06-30';
const MANY = Array.from({ length: 30 }, (_, i) => `U${String(i + 1).padStart(3, '0')}`);
const FILES: Record<string, string> = {
  'USR02.csv': [
    'BNAME,USTYP,UFLAG,GLTGV,GLTGB',
    'ACTIVE,A,0,20240101,99991231',
    'LOCKED,B,64,20240101,99991231',
    'EXPIRED,c,0,20200101,20250101',
    'FUTURE,S,0,20270101,00000000',
    'LOCKEXP,X,32,00000000,20200101',
    // A second row of a name: the first one counts, as in the engine.
    'ACTIVE,A,64,20240101,99991231',
    ...MANY.map((u) => `${u},A,0,00000000,00000000`),
  ].join('\n'),
  'AGR_USERS.csv': ['AGR_NAME,UNAME', 'Z_ROLE,ACTIVE', 'Z_ROLE,GHOST1', 'Z_ROLE,LOCKED'].join('\n'),
  'UST04.csv': ['BNAME,PROFILE', 'GHOST1,Z_PROF', 'GHOST2,Z_PROF'].join('\n'),
  'AGR_1251.csv': ['AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH', 'Z_ROLE,S_TCODE,T-1,TCD,FB60,'].join('\n'),
};
const bytes = (): Record<string, Uint8Array> => Object.fromEntries(Object.entries(FILES).map(([n, t]) => [n, new TextEncoder().encode(`${t}\n`)]));

type Users = { bname: string; userType: string; inScope: boolean; reasons: string[]; namedIn: string[] }[];

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;
  let periodId: string;
  let emptyPeriodId: string;
  let customerId: string;

  const get = async (url: string, token = admin) => {
    const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: r.statusCode, body: r.json(), range: r.headers['content-range'] };
  };
  const users = (query: string) => get(`/api/system-periods/${periodId}/data-quality/users?${query}`);

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    const seeded = await seedCustomer(db, 'Acme');
    customerId = seeded.customerId;
    admin = t.token('Admin', customerId);
    const create = async (name: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/system-periods',
          headers: { authorization: `Bearer ${admin}` },
          payload: { name, periodDate: PERIOD_DATE, systemId: seeded.systemId },
        })
      ).json().id as string;
    periodId = await create('Q2');
    emptyPeriodId = await create('Not imported');
    const form = await multipart(bytes());
    const r = await t.app.inject({ method: 'POST', url: `/api/system-periods/${periodId}/extract`, headers: { authorization: `Bearer ${admin}`, ...form.headers }, payload: form.payload });
    expect(r.statusCode).toBe(202);
    const done = await waitFor(() => get(`/api/system-periods/${periodId}`).then((x) => x.body), (p) => p.status !== 'importing', 120_000);
    expect(done).toMatchObject({ status: 'ready' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('sums up the period: rows per table, the import warnings, users in and out of scope per reason', async () => {
    const r = await get(`/api/system-periods/${periodId}/data-quality`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ periodId, periodDate: PERIOD_DATE, status: 'ready' });
    const rows = Object.fromEntries((r.body.tables as { table: string; rows: number }[]).map((x) => [x.table, x.rows]));
    expect(rows).toMatchObject({ USR02: 36, AGR_USERS: 3, UST04: 2, AGR_1251: 1, AGR_DEFINE: 0 });
    const missing = (r.body.warnings as { code: string; table: string; count: number; examples: string[] }[]).filter((w) => w.code === 'USER_NOT_IN_USR02');
    expect(missing).toEqual(
      expect.arrayContaining([
        { code: 'USER_NOT_IN_USR02', table: 'AGR_USERS', count: 1, examples: ['GHOST1'] },
        expect.objectContaining({ code: 'USER_NOT_IN_USR02', table: 'UST04', count: 2 }),
      ]),
    );
    expect(r.body.users).toEqual({
      inUsr02: 35,
      inScope: 31,
      outOfScope: 6,
      byReason: { locked: 2, expired: 2, 'not-yet-valid': 1, 'missing-from-usr02': 2 },
    });
  });

  it('lists the users out of scope with the reasons for each, as the engine scopes them on the period date', async () => {
    const r = await users('filter={"scope":"out"}&range=[0,99]');
    expect(r.status).toBe(200);
    expect(r.range).toBe('users 0-5/6');
    const out = r.body as Users;
    expect(out.map((u) => [u.bname, u.reasons, u.namedIn])).toEqual([
      ['EXPIRED', ['expired'], []],
      ['FUTURE', ['not-yet-valid'], []],
      ['GHOST1', ['missing-from-usr02'], ['AGR_USERS', 'UST04']],
      ['GHOST2', ['missing-from-usr02'], ['UST04']],
      ['LOCKED', ['locked'], []],
      ['LOCKEXP', ['locked', 'expired'], []],
    ]);
    expect(out.every((u) => !u.inScope)).toBe(true);
    // The same reasons as the engine's own scoping of the same files (DESIGN 5.2).
    const extract = await readSystemExtract(Object.entries(bytes()).map(([name, data]) => ({ name, data })));
    const engine = scopeUsers(extract.users, { date: 20260630, includeLocked: false, includeExpired: false });
    expect(out.filter((u) => !u.reasons.includes('missing-from-usr02')).map((u) => ({ bname: u.bname, reasons: u.reasons }))).toEqual(
      [...engine.excluded].sort((a, b) => a.bname.localeCompare(b.bname)),
    );
    const inScope = await users('filter={"scope":"in"}&range=[0,99]');
    expect((inScope.body as Users).map((u) => u.bname)).toEqual(engine.inScope.map((u) => u.bname).sort());
  });

  it('answers every user exactly as the in-memory scoping the demo uses (contracts/data-quality.ts)', async () => {
    const extract = await readSystemExtract(Object.entries(bytes()).map(([name, data]) => ({ name, data })));
    const all = await users('range=[0,999]');
    expect(all.body).toEqual(usersByScope(extract, 20260630));
  });

  it('pages, sorts and filters by reason and name', async () => {
    const first = await users('range=[0,9]');
    expect(first.range).toBe('users 0-9/37');
    expect((first.body as Users).map((u) => u.bname)).toEqual(['ACTIVE', 'EXPIRED', 'FUTURE', 'GHOST1', 'GHOST2', 'LOCKED', 'LOCKEXP', 'U001', 'U002', 'U003']);
    const last = await users('range=[30,39]&sort=["bname","DESC"]');
    expect(last.range).toBe('users 30-36/37');
    expect((last.body as Users).map((u) => u.bname)).toEqual(['LOCKEXP', 'LOCKED', 'GHOST2', 'GHOST1', 'FUTURE', 'EXPIRED', 'ACTIVE']);
    const past = await users('range=[50,59]');
    expect(past.range).toBe('users */37');
    expect(past.body).toEqual([]);
    const locked = await users('filter={"reason":"locked"}');
    expect((locked.body as Users).map((u) => u.bname)).toEqual(['LOCKED', 'LOCKEXP']);
    const named = await users('filter={"q":"ghost","scope":"out"}');
    expect((named.body as Users).map((u) => u.bname)).toEqual(['GHOST1', 'GHOST2']);
    expect((await users('filter={"reason":"sleepy"}')).status).toBe(400);
    expect((await users('filter={"scope":"maybe"}')).status).toBe(400);
    expect((await users('sort=["reasons","ASC"]')).status).toBe(400);
  });

  it('shows each user’s SAP user type (unknown for a type SAP does not define and for users missing from USR02) and filters by it (issue 27 item 6)', async () => {
    const out = await users('filter={"scope":"out"}&range=[0,99]');
    expect((out.body as Users).map((u) => [u.bname, u.userType])).toEqual([
      ['EXPIRED', 'C'],
      ['FUTURE', 'S'],
      ['GHOST1', ''],
      ['GHOST2', ''],
      ['LOCKED', 'B'],
      ['LOCKEXP', ''],
    ]);
    const system = await users('filter={"userType":["B","S"]}&range=[0,99]');
    expect(system.range).toBe('users 0-1/2');
    expect((system.body as Users).map((u) => u.bname)).toEqual(['FUTURE', 'LOCKED']);
    const unknown = await users('filter={"userType":"","scope":"out"}&range=[0,99]');
    expect((unknown.body as Users).map((u) => u.bname)).toEqual(['GHOST1', 'GHOST2', 'LOCKEXP']);
    const dialog = await users('filter={"userType":["A"]}&range=[0,0]');
    expect(dialog.range).toBe('users 0-0/31');
    expect((await users('filter={"userType":["Q"]}')).status).toBe(400);
    expect((await users('filter={"userType":[]}')).status).toBe(400);
  });

  it('answers a period without an import with empty counts', async () => {
    const r = await get(`/api/system-periods/${emptyPeriodId}/data-quality`);
    expect(r.status).toBe(200);
    expect(r.body.users).toEqual({ inUsr02: 0, inScope: 0, outOfScope: 0, byReason: { locked: 0, expired: 0, 'not-yet-valid': 0, 'missing-from-usr02': 0 } });
    expect(r.body.warnings).toEqual([]);
    const u = await get(`/api/system-periods/${emptyPeriodId}/data-quality/users`);
    expect(u.range).toBe('users */0');
  });

  it('is read like the system period: another customer sees no such period, a group without the page is refused', async () => {
    const other = await seedCustomer(db, 'Other');
    const stranger = t.token('Admin', other.customerId);
    expect((await get(`/api/system-periods/${periodId}/data-quality`, stranger)).status).toBe(404);
    expect((await get(`/api/system-periods/${periodId}/data-quality/users`, stranger)).status).toBe(404);
    const none = { view: false, add: false, update: false, delete: false };
    const withoutPage = t.token('User', customerId, { 'risk/period': { ...none, view: true } });
    expect((await get(`/api/system-periods/${periodId}/data-quality`, withoutPage)).status).toBe(403);
    expect((await get(`/api/system-periods/${periodId}/data-quality/users`, withoutPage)).status).toBe(403);
    const withPage = t.token('User', customerId, { 'system/period': { ...none, view: true } });
    expect((await get(`/api/system-periods/${periodId}/data-quality`, withPage)).status).toBe(200);
    expect((await get(`/api/system-periods/${periodId}/data-quality/users`, withPage)).status).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/system-periods/${periodId}/data-quality` });
    expect(anonymous.statusCode).toBe(401);
  });
}

describe('data-quality view on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('data-quality view on PostgreSQL', () => suite(postgresDatabase('segra_data_quality')));
