/**
 * Cross-system analyses through the server (DESIGN 5.18, issue 32), on PGlite and PostgreSQL:
 * an analysis picks one period per system of its customer (analysis_systems, migration 0043),
 * refused with field codes for two periods of one system, a SID that cannot name a system, or
 * usage; another customer's period is 404. A multi-system analysis stores what
 * `segra analyze --system A=DIR --system B=DIR --user-map FILE` writes on the same files.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateSystems } from '../../../generator/systems.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { folderFiles, multipart, pipelineApp, seedCustomer, waitFor, zipFolder, type PipelineApp } from './harness.ts';
import { csvField } from '../../../engine/output/findings-csv.ts';
import { readUserMap } from '../../../server/importers/user-map-reader.ts';
import { cliPart } from '../cli-csv.ts';

const BIN = path.resolve('bin/segra.js');
const PERIOD_DATE = '2026-06-30';
const work = mkdtempSync(path.join(tmpdir(), 'segra-cross-system-'));
const landscape = path.join(work, 'landscape');
let cliCsv = '';

beforeAll(async () => {
  await generateSystems({ size: 'S', systems: 2, seed: 11, outDir: landscape });
  const run = spawnSync(
    process.execPath,
    [BIN, 'analyze', '--system', `ERP=${path.join(landscape, 'ERP')}`, '--system', `SRM=${path.join(landscape, 'SRM')}`, '--rules', path.join(landscape, 'rules'),
      '--user-map', path.join(landscape, 'user-map.csv'), '--date', PERIOD_DATE.replace(/-/g, '')],
    { encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  cliCsv = run.stdout;
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;
  let otherAdmin: string;
  const periods: Record<string, string> = {};
  let secondErpPeriod = '';
  let otherCustomerPeriod = '';
  let riskPeriodId = '';
  let crossId = '';

  const call = async (method: string, url: string, body?: unknown, token = admin) => {
    const r = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: r.statusCode, body: r.headers['content-type']?.toString().includes('json') ? r.json() : r.body, headers: r.headers };
  };
  const upload = async (url: string, files: Record<string, Uint8Array | string>, token = admin) => {
    const form = await multipart(files);
    const r = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
    return { status: r.statusCode, body: r.json() };
  };
  const period = async (systemId: string, name: string, dir: string | null, token = admin): Promise<string> => {
    const sp = await call('POST', '/api/system-periods', { name, periodDate: PERIOD_DATE, systemId }, token);
    if (dir) {
      expect((await upload(`/api/system-periods/${sp.body.id}/extract`, { 'extract.zip': zipFolder(dir) }, token)).status).toBe(202);
      const done = await waitFor(() => call('GET', `/api/system-periods/${sp.body.id}`, undefined, token).then((r) => r.body), (p) => p.status !== 'importing', 120_000);
      expect(done.status).toBe('ready');
    }
    return sp.body.id;
  };
  const addSystem = async (customerId: string, sid: string): Promise<string> =>
    (
      await db.query<{ id: string }>(
        `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, $2, 'S/4HANA', 'HW', '0020123457', '01') RETURNING id`,
        [customerId, sid],
      )
    ).rows[0].id;

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    const A = await seedCustomer(db, 'Acme');
    const B = await seedCustomer(db, 'Other');
    admin = t.token('Admin', A.customerId);
    otherAdmin = t.token('Admin', B.customerId);
    await db.query(`UPDATE systems SET sid = 'ERP' WHERE id = $1`, [A.systemId]);
    const srm = await addSystem(A.customerId, 'SRM');
    periods.ERP = await period(A.systemId, 'June ERP', path.join(landscape, 'ERP'));
    periods.SRM = await period(srm, 'June SRM', path.join(landscape, 'SRM'));
    secondErpPeriod = await period(A.systemId, 'July ERP', path.join(landscape, 'ERP'));
    otherCustomerPeriod = await period(B.systemId, 'Theirs', path.join(landscape, 'SRM'), otherAdmin);
    const rp = await call('POST', '/api/risk-periods', { name: 'Cross rules', periodDate: PERIOD_DATE });
    riskPeriodId = rp.body.id;
    expect((await upload(`/api/risk-periods/${riskPeriodId}/ruleset`, folderFiles(path.join(landscape, 'rules')))).status).toBe(202);
    await waitFor(() => call('GET', `/api/risk-periods/${riskPeriodId}`).then((r) => r.body), (p) => p.status !== 'importing');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  const stored = async (id: string) =>
    (await db.query<{ sid: string; system_period_id: string }>('SELECT sid, system_period_id FROM analysis_systems WHERE analysis_id = $1 ORDER BY sid', [id])).rows;

  it('stores one period per system for a cross-system analysis, and none for an analysis of one system', async () => {
    const one = await call('POST', '/api/analyses', { name: 'One', systemPeriodId: periods.ERP, riskPeriodId });
    expect(one.status).toBe(201);
    expect(await stored(one.body.id)).toEqual([]);
    const two = await call('POST', '/api/analyses', { name: 'Two', systemPeriodId: periods.SRM, riskPeriodId, otherSystemPeriodIds: [periods.ERP] });
    expect(two.status).toBe(201);
    expect(await stored(two.body.id)).toEqual([
      { sid: 'ERP', system_period_id: periods.ERP },
      { sid: 'SRM', system_period_id: periods.SRM },
    ]);
    // The answer, the record and the list say which systems and periods it covers, in SID order.
    const covered = [
      { systemId: expect.any(String), systemPeriodId: periods.ERP, sid: 'ERP' },
      { systemId: expect.any(String), systemPeriodId: periods.SRM, sid: 'SRM' },
    ];
    expect(two.body.systems).toEqual(covered);
    expect(one.body.systems).toEqual([]);
    expect((await call('GET', `/api/analyses/${two.body.id}`)).body.systems).toEqual(covered);
    const list = (await call('GET', '/api/analyses?range=[0,99]')).body as Array<{ id: string; systems: unknown }>;
    expect(list.find((a) => a.id === two.body.id)?.systems).toEqual(covered);
    expect(list.find((a) => a.id === one.body.id)?.systems).toEqual([]);
  });

  it('refuses two periods of one system, usage, and a SID that cannot name a system, with field codes', async () => {
    const twice = await call('POST', '/api/analyses', { name: 'Twice', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: [secondErpPeriod] });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ code: 'SYSTEM_PERIODS_SAME_SYSTEM', params: { sid: 'ERP' }, errors: { otherSystemPeriodIds: 'SYSTEM_PERIODS_SAME_SYSTEM' } });
    const same = await call('POST', '/api/analyses', { name: 'Same', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: [periods.ERP] });
    expect(same.body.code).toBe('SYSTEM_PERIODS_SAME_SYSTEM');
    const usage = await call('POST', '/api/analyses', { name: 'Usage', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: [periods.SRM], withUsage: true });
    expect(usage.status).toBe(400);
    expect(usage.body).toMatchObject({ code: 'USAGE_SINGLE_SYSTEM', errors: { otherSystemPeriodIds: 'USAGE_SINGLE_SYSTEM' } });
    const bad = await call('POST', '/api/analyses', { name: 'Bad', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: ['not-a-uuid'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['otherSystemPeriodIds.0']);
    await db.query(`UPDATE systems SET sid = 'S R/M' WHERE sid = 'SRM'`);
    try {
      const sid = await call('POST', '/api/analyses', { name: 'Sid', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: [periods.SRM] });
      expect(sid.status).toBe(400);
      expect(sid.body).toMatchObject({ code: 'SYSTEM_SID_INVALID', params: { sid: 'S R/M' } });
    } finally {
      await db.query(`UPDATE systems SET sid = 'SRM' WHERE sid = 'S R/M'`);
    }
  });

  const run = async (body: Record<string, unknown>) => {
    const created = await call('POST', '/api/analyses', { riskPeriodId, ...body });
    expect(created.status).toBe(201);
    const done = await waitFor(() => call('GET', `/api/analyses/${created.body.id}`).then((r) => r.body), (a) => ['completed', 'failed', 'canceled'].includes(a.status), 180_000);
    expect(done).toMatchObject({ status: 'completed', error: null });
    return created.body.id as string;
  };

  it('keeps one user mapping per customer, uploaded as a file, naming the names that map nowhere', async () => {
    const file = readFileSync(path.join(landscape, 'user-map.csv'), 'utf8');
    const expected = (await readUserMap(path.join(landscape, 'user-map.csv'))).mappings;
    const extra = `${file.trimEnd()}\nHCM,ANYONE,P1\nERP,NOBODY_HERE,P2\n`;
    const first = await upload('/api/user-map', { 'user-map.csv': extra });
    expect(first.status).toBe(200);
    expect(first.body.entries).toHaveLength(expected.length + 2);
    expect(first.body.warnings).toEqual([
      { code: 'USER_MAP_USER_UNKNOWN', params: { system: 'ERP', bname: 'NOBODY_HERE' } },
      { code: 'USER_MAP_SYSTEM_UNKNOWN', params: { system: 'HCM' } },
    ]);
    // The other customer sees none of it.
    expect((await call('GET', '/api/user-map', undefined, otherAdmin)).body).toEqual({ entries: [], warnings: [] });
    const bad = await upload('/api/user-map', { 'user-map.csv': 'SYSTEM,BNAME,PERSON\nERP,,P\n' });
    expect(bad.status).toBe(422);
    expect((await call('GET', '/api/user-map')).body.entries).toHaveLength(expected.length + 2);
    // The mapping the command line reads: replaced whole.
    expect((await upload('/api/user-map', { 'user-map.csv': file })).status).toBe(200);
    const shown = await call('GET', '/api/user-map');
    expect(shown.body.entries).toEqual([...expected].sort((a, b) => (a.system + '\0' + a.bname < b.system + '\0' + b.bname ? -1 : 1)));
    expect(shown.body.warnings).toEqual([]);
  });

  it('stores the findings of a cross-system analysis exactly as the command line writes them, with their cross-system flag', async () => {
    const id = await run({ name: 'Cross', systemPeriodId: periods.ERP, otherSystemPeriodIds: [periods.SRM] });
    crossId = id;
    const { rows } = await db.query<{ line: string[]; cross_system: boolean }>(
      `SELECT ARRAY[level, holder, risk_id, risk_level, risk_type, functions, sources, array_to_string(org_values, ';')] AS line, cross_system
       FROM findings WHERE analysis_id = $1`,
      [id],
    );
    const stored = rows.map((r) => [...r.line, r.cross_system ? 'X' : ''].map(csvField).join(',')).sort();
    const [header, ...cli] = cliCsv.trimEnd().split('\n');
    expect(header).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,ORG_VALUES,CROSS_SYSTEM');
    expect(cli.some((l) => l.endsWith(',X'))).toBe(true);
    expect(stored).toEqual(cli.sort());
    // Each function names the system whose user met it (the engine's functions JSON, kept as provenance).
    const planted = await db.query<{ provenance: Array<{ system: string; user: string }> }>(
      `SELECT provenance FROM findings WHERE analysis_id = $1 AND holder = 'XS_PERSON2' AND risk_id = 'XS_SOD1'`,
      [id],
    );
    expect(planted.rows[0].provenance.map((f) => f.system).sort()).toEqual(['ERP', 'SRM']);
  }, 240_000);

  it('exports CROSS_SYSTEM as the command line writes it, and lists the cross-system findings alone under crossSystem=true', async () => {
    const csv = await call('GET', `/api/analyses/${crossId}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(cliPart(csv.body)).toBe(cliCsv);
    const crossCount = cliCsv.split('\n').filter((l) => l.endsWith(',X')).length;
    const filter = encodeURIComponent(JSON.stringify({ analysisId: crossId, crossSystem: true }));
    const list = await call('GET', `/api/findings?filter=${filter}&range=[0,999]`);
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toMatch(new RegExp(`/${crossCount}$`));
    expect(list.body.length).toBe(crossCount);
    for (const f of list.body as Array<{ crossSystem: boolean; functions: Array<{ system: string }> }>) {
      expect(f.crossSystem).toBe(true);
      for (const m of f.functions) expect(m.system).toMatch(/^(ERP|SRM)$/);
    }
    const filtered = await call('GET', `/api/analyses/${crossId}/export?format=csv&filter=${filter}`);
    expect(filtered.body.trimEnd().split('\n')).toHaveLength(crossCount + 1);
  });

  it('exports an analysis of one system without CROSS_SYSTEM, as before', async () => {
    const id = await run({ name: 'One ERP', systemPeriodId: periods.ERP });
    const csv = await call('GET', `/api/analyses/${id}/export?format=csv`);
    expect(csv.body.split('\n')[0]).not.toContain('CROSS_SYSTEM');
    const stored = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND cross_system', [id]);
    expect(stored.rows[0].n).toBe(0);
  }, 240_000);

  it('deletes a cross-system analysis with any of its periods, never leaving it with fewer systems', async () => {
    const id = await run({ name: 'July ERP + SRM', systemPeriodId: periods.SRM, otherSystemPeriodIds: [secondErpPeriod] });
    const keep = await run({ name: 'June ERP + SRM', systemPeriodId: periods.SRM, otherSystemPeriodIds: [periods.ERP] });
    expect((await call('DELETE', `/api/system-periods/${secondErpPeriod}`)).status).toBe(200);
    expect((await call('GET', `/api/analyses/${id}`)).status).toBe(404);
    expect((await db.query('SELECT 1 FROM findings WHERE analysis_id = $1', [id])).rows).toHaveLength(0);
    expect((await call('GET', `/api/analyses/${keep}`)).status).toBe(200);
    expect(await stored(keep)).toHaveLength(2);
  }, 240_000);

  it("answers 404 for another customer's period, and creates nothing", async () => {
    const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM analyses')).rows[0].n;
    const r = await call('POST', '/api/analyses', { name: 'Theirs', systemPeriodId: periods.ERP, riskPeriodId, otherSystemPeriodIds: [otherCustomerPeriod] });
    expect(r.status).toBe(404);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM analyses')).rows[0].n).toBe(before);
  });
}

describe('cross-system analyses through the server on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('cross-system analyses through the server on PostgreSQL', () => suite(postgresDatabase()));
