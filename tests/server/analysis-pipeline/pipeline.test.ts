import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import Papa from 'papaparse';
import { generateLandscape } from '../../../generator/index.ts';
import { emptyExtract } from '../../../engine/model/extract.ts';
import { sweepStaleWork } from '../../../server/jobs/workers.ts';
import { writeExtract } from '../../../server/periods/extract-store.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { folderFiles, multipart, pipelineApp, seedCustomer, waitFor, zipFolder, type PipelineApp } from './harness.ts';
import { cliPart } from '../cli-csv.ts';

const BIN = path.resolve('bin/segra.js');
const PERIOD_DATE = '2026-06-30';

const work = mkdtempSync(path.join(tmpdir(), 'segra-pipeline-'));
const landscape = path.join(work, 'landscape');
let cliCsv = '';

beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 7, outDir: landscape });
  const run = spawnSync(process.execPath, [BIN, 'analyze', '--system', path.join(landscape, 'system'), '--rules', path.join(landscape, 'rules'), '--date', PERIOD_DATE.replace(/-/g, '')], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  cliCsv = run.stdout;
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let A: { customerId: string; systemId: string };
  let B: { customerId: string; systemId: string };
  let admin: string;
  let otherAdmin: string;
  let periodId: string;
  let riskPeriodId: string;
  let analysisId: string;

  const call = async (method: string, url: string, token: string, body?: unknown, extra: Record<string, string> = {}) => {
    const r = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}`, ...extra }, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: r.statusCode, body: r.headers['content-type']?.toString().includes('json') ? r.json() : r.body, headers: r.headers, raw: r.rawPayload };
  };
  const upload = async (url: string, token: string, files: Record<string, Uint8Array | string>) => {
    const form = await multipart(files);
    const r = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
    return { status: r.statusCode, body: r.json() };
  };
  const period = (id: string, token = admin) => call('GET', `/api/system-periods/${id}`, token).then((r) => r.body);
  const countImportRows = async () =>
    Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sap_agr_1251')).rows[0].n);

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    A = await seedCustomer(db, 'Acme');
    B = await seedCustomer(db, 'Other');
    admin = t.token('Admin', A.customerId);
    otherAdmin = t.token('Admin', B.customerId);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('imports an extract uploaded as a .zip through a job, with progress, into a ready period', async () => {
    const created = await call('POST', '/api/system-periods', admin, { name: 'June', periodDate: PERIOD_DATE, systemId: A.systemId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'empty', progress: 0 });
    periodId = created.body.id;
    const accepted = await upload(`/api/system-periods/${periodId}/extract`, admin, { 'extract.zip': zipFolder(path.join(landscape, 'system')) });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'importing', jobId: expect.any(String) });
    const ready = await waitFor(() => period(periodId), (p) => p.status !== 'importing');
    expect(ready).toMatchObject({ status: 'ready', progress: 100, error: null });
    const agr1251Lines = readFileSync(path.join(landscape, 'system', 'AGR_1251.csv'), 'utf8').trim().split('\n').length - 1;
    expect(ready.rowCounts.AGR_1251).toBe(agr1251Lines);
    expect(await countImportRows()).toBe(agr1251Lines);
  }, 120_000);

  it('pages the period data with the simple-rest contract', async () => {
    const r = await call('GET', `/api/system-periods/${periodId}/tables/USR02?range=[0,9]&sort=["BNAME","ASC"]`, admin);
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(10);
    const total = Number(String(r.headers['content-range']).split('/')[1]);
    expect(total).toBeGreaterThan(100);
    const names = r.body.map((u: { BNAME: string }) => u.BNAME);
    expect([...names].sort()).toEqual(names);
    const one = await call('GET', `/api/system-periods/${periodId}/tables/AGR_1251?filter=${encodeURIComponent(JSON.stringify({ OBJECT: 'S_TCODE', q: 'F110' }))}&range=[0,4]`, admin);
    expect(one.status).toBe(200);
    for (const row of one.body) expect(row.OBJECT).toBe('S_TCODE');
    // Unfiltered pages in file order: each page is the file's rows at that place, the total the import's count.
    const csv = readFileSync(path.join(landscape, 'system', 'AGR_1251.csv'), 'utf8').trim().split('\n');
    const header = csv[0].split(',');
    const last = csv.length - 2;
    for (const [from, to] of [[0, 2], [1000, 1002], [last - 1, last + 5]]) {
      const page = await call('GET', `/api/system-periods/${periodId}/tables/AGR_1251?range=[${from},${to}]`, admin);
      expect(page.status).toBe(200);
      expect(page.headers['content-range']).toBe(`AGR_1251 ${from}-${Math.min(to, last)}/${last + 1}`);
      const expected = csv.slice(from + 1, Math.min(to, last) + 2).map((line) => line.split(',')[header.indexOf('AGR_NAME')]);
      expect(page.body.map((row: { AGR_NAME: string }) => row.AGR_NAME)).toEqual(expected);
      // `id`, a row's place (react-admin's default sort), is the file order too.
      const byId = await call('GET', `/api/system-periods/${periodId}/tables/AGR_1251?range=[${from},${to}]&sort=["id","ASC"]`, admin);
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual(page.body);
    }
    expect((await call('GET', `/api/system-periods/${periodId}/tables/NOPE`, admin)).status).toBe(404);
    expect((await call('GET', `/api/system-periods/${periodId}/tables/USR02?filter={"NOPE":1}`, admin)).status).toBe(400);
  });

  it('imports a ruleset uploaded as several table files and exports it again', async () => {
    const created = await call('POST', '/api/risk-periods', admin, { name: 'Rules 2026', periodDate: PERIOD_DATE });
    expect(created.status).toBe(201);
    riskPeriodId = created.body.id;
    const accepted = await upload(`/api/risk-periods/${riskPeriodId}/ruleset`, admin, folderFiles(path.join(landscape, 'rules')));
    expect(accepted.status).toBe(202);
    const ready = await waitFor(() => call('GET', `/api/risk-periods/${riskPeriodId}`, admin).then((r) => r.body), (p) => p.status !== 'importing');
    expect(ready).toMatchObject({ status: 'ready', error: null });
    const risks = await call('GET', `/api/risks?filter=${encodeURIComponent(JSON.stringify({ riskPeriodId }))}&range=[0,999]`, admin);
    const riskLines = readFileSync(path.join(landscape, 'rules', 'RISKS.csv'), 'utf8').trim().split('\n').length - 1;
    expect(Number(String(risks.headers['content-range']).split('/')[1])).toBe(riskLines);
    const zip = await call('GET', `/api/risk-periods/${riskPeriodId}/ruleset?format=zip`, admin);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.raw.subarray(0, 2).toString()).toBe('PK');
  }, 60_000);

  it('runs an analysis through the queue whose CSV export equals `segra analyze` for the same files', async () => {
    const created = await call('POST', '/api/analyses', admin, { name: 'June run', systemPeriodId: periodId, riskPeriodId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'enqueued', analysisDate: PERIOD_DATE, level: 'permission', mode: 'same-instance' });
    analysisId = created.body.id;
    const done = await waitFor(() => call('GET', `/api/analyses/${analysisId}`, admin).then((r) => r.body), (a) => ['completed', 'failed', 'canceled'].includes(a.status), 120_000);
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null });
    const csv = await call('GET', `/api/analyses/${analysisId}/export?format=csv`, admin);
    expect(csv.status).toBe(200);
    expect(csv.body.split('\n').length).toBeGreaterThan(10);
    // The columns of `segra analyze`, exactly; what was decided after them (issue 27).
    expect(cliPart(csv.body)).toBe(cliCsv);
    expect(done.counts.findings).toBe(cliCsv.trim().split('\n').length - 1);
    const xlsx = await call('GET', `/api/analyses/${analysisId}/export?format=xlsx`, admin);
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
  }, 180_000);

  it('lists findings filtered, sorted and paged, with provenance', async () => {
    const filter = encodeURIComponent(JSON.stringify({ analysisId, level: 'USER' }));
    const r = await call('GET', `/api/findings?filter=${filter}&sort=["holder","ASC"]&range=[0,4]`, admin);
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(5);
    for (const f of r.body) {
      expect(f).toMatchObject({ analysisId, level: 'USER', accepted: false });
      // DESIGN 6: functions with their action, paths and permissions (rule 11), as the CLI's JSON has them.
      expect(f.functions.length).toBeGreaterThan(0);
      expect(f.functions[0]).toMatchObject({ functionId: expect.any(String), sources: expect.any(Array), permissions: expect.any(Array) });
      expect(f).not.toHaveProperty('provenance');
      expect(f.sources).not.toBe('');
    }
    const userLines = cliCsv.split('\n').filter((l) => l.startsWith('USER,')).length;
    expect(Number(String(r.headers['content-range']).split('/')[1])).toBe(userLines);
  });

  it("names each finding's holder and risk: USER_ADDR, AGR_TEXTS and the risk's description (issue 15)", async () => {
    const csv = (file: string) => Papa.parse<string[]>(readFileSync(path.join(landscape, file), 'utf8').trim()).data.slice(1);
    const users = new Map(csv('system/USER_ADDR.csv').map((c) => [c[1], c[4]]));
    const roles = new Map(csv('system/AGR_TEXTS.csv').map((c) => [c[1], c[2]]));
    const risks = new Map(csv('rules/RISKS.csv').map((c) => [c[0], c[1]]));
    for (const level of ['USER', 'ROLE']) {
      const r = await call('GET', `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId, level }))}&range=[0,49]`, admin);
      expect(r.body.length).toBeGreaterThan(0);
      for (const f of r.body) {
        expect(f.holderName, `${level} ${f.holder}`).toBe((level === 'USER' ? users : roles).get(f.holder));
        expect(f.riskDescription, f.riskId).toBe(risks.get(f.riskId));
      }
      const one = await call('GET', `/api/findings/${r.body[0].id}`, admin);
      expect(one.body).toMatchObject({ holderName: r.body[0].holderName, riskDescription: r.body[0].riskDescription });
    }
    // The xlsx carries the same names beside the codes.
    const xlsx = await call('GET', `/api/analyses/${analysisId}/export?format=xlsx&filter=${encodeURIComponent('{"level":"USER"}')}`, admin);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw as never);
    const sheet = book.getWorksheet('FINDINGS')!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const at = (name: string) => header.indexOf(name) + 1;
    expect(at('HOLDER_NAME')).toBeGreaterThan(0);
    const row = sheet.getRow(2);
    expect(row.getCell(at('HOLDER_NAME')).value).toBe(users.get(String(row.getCell(at('ID')).value)));
    expect(row.getCell(at('RISK_DESCRIPTION')).value).toBe(risks.get(String(row.getCell(at('RISK_ID')).value)));
  });

  it('stores the names with each finding, and migration 0021 fills them for findings stored before it (issue 11)', async () => {
    const names = async () =>
      (await db.query<{ id: string; holder_name: string; risk_description: string }>(
        'SELECT id, holder_name, risk_description FROM findings WHERE analysis_id = $1 ORDER BY id',
        [analysisId],
      )).rows;
    const stored = await names();
    expect(stored.filter((f) => f.holder_name !== '').length).toBeGreaterThan(0);
    expect(stored.every((f) => f.risk_description !== '')).toBe(true);
    // As a database migrated before 0021 holds them: no names; the migration's updates restore them.
    await db.query("UPDATE findings SET holder_name = '', risk_description = '' WHERE analysis_id = $1", [analysisId]);
    const sql = readFileSync(path.resolve('server/db/migrations/0021_finding_name_columns.sql'), 'utf8');
    for (const statement of sql.split(';').filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(s))) await db.query(statement);
    expect(await names()).toEqual(stored);
  });

  it('exports exactly the rows the findings list shows under its filter (issue 15)', async () => {
    const listed = async (filter: object) => {
      const r = await call('GET', `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId, ...filter }))}&range=[0,999]`, admin);
      return (r.body as { level: string; holder: string; riskId: string }[]).map((f) => `${f.level},${f.holder},${f.riskId}`).sort();
    };
    const exported = async (filter: object) => {
      const r = await call('GET', `/api/analyses/${analysisId}/export?format=csv&filter=${encodeURIComponent(JSON.stringify(filter))}`, admin);
      expect(r.status).toBe(200);
      return (r.body as string).trim().split('\n').slice(1).map((l) => l.split(',').slice(0, 3).join(',')).sort();
    };
    const some = (await call('GET', `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId, level: 'USER' }))}&range=[0,0]`, admin)).body[0];
    for (const filter of [{ level: 'ROLE' }, { riskLevel: ['CRITICAL'] }, { riskId: [some.riskId] }, { q: some.holder.slice(0, 4) }, { level: 'USER', riskLevel: ['HIGH', 'MEDIUM'] }]) {
      const want = await listed(filter);
      expect(want.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(await exported(filter), JSON.stringify(filter)).toEqual(want);
    }
    // Fewer rows than the whole export, so the filter really applied.
    expect((await exported({ level: 'ROLE' })).length).toBeLessThan(cliCsv.trim().split('\n').length - 1);
    const bad = await call('GET', `/api/analyses/${analysisId}/export?format=csv&filter=${encodeURIComponent('{"nope":1}')}`, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/unknown field: nope/);
  });

  it('pages of the findings list, under each filter and order, join up to the whole list in order', async () => {
    const risk = (await db.query<{ risk_id: string }>('SELECT risk_id FROM findings WHERE analysis_id = $1 GROUP BY risk_id ORDER BY count(*) DESC LIMIT 1', [analysisId])).rows[0].risk_id;
    const cases: [Record<string, unknown>, [string, string], string, unknown[]][] = [
      [{}, ['holder', 'ASC'], 'ORDER BY holder, id', []],
      [{ level: ['USER'] }, ['holder', 'ASC'], "AND level = 'USER' ORDER BY holder, id", []],
      [{ riskId: [risk] }, ['holder', 'ASC'], 'AND risk_id = $2 ORDER BY holder, id', [risk]],
      [{ riskLevel: ['HIGH'] }, ['riskId', 'DESC'], "AND risk_level = 'HIGH' ORDER BY risk_id DESC, id DESC", []],
    ];
    for (const [filter, sort, sql, params] of cases) {
      const expected = (await db.query<{ id: string }>(`SELECT id FROM findings WHERE analysis_id = $1 ${sql}`, [analysisId, ...params])).rows.map((r) => r.id);
      expect(expected.length).toBeGreaterThan(0);
      const seen: string[] = [];
      for (let from = 0; from < expected.length; from += 40) {
        const q = `filter=${encodeURIComponent(JSON.stringify({ analysisId, ...filter }))}&sort=${encodeURIComponent(JSON.stringify(sort))}&range=[${from},${from + 39}]`;
        const page = await call('GET', `/api/findings?${q}`, admin);
        expect(page.status).toBe(200);
        expect(page.headers['content-range']).toBe(`findings ${from}-${from + page.body.length - 1}/${expected.length}`);
        seen.push(...page.body.map((f: { id: string }) => f.id));
      }
      expect(seen).toEqual(expected);
    }
  });

  it('applies acceptances to stored findings at once: global, then removed', async () => {
    const first = (await call('GET', `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId }))}&range=[0,0]`, admin)).body[0];
    const riskCount = async (accepted: boolean) =>
      Number(String((await call('GET', `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId, riskId: first.riskId, accepted }))}&range=[0,0]`, admin)).headers['content-range']).split('/')[1]);
    const before = await riskCount(false);
    expect(before).toBeGreaterThan(0);
    const acc = await call('POST', '/api/risk-acceptances', admin, { riskId: first.riskId, scope: 'global', message: 'Mitigated by monthly review' });
    expect(acc.status).toBe(201);
    expect(acc.body).toMatchObject({ createdBy: 'admin@test.local', holder: '' });
    expect(await riskCount(true)).toBe(before);
    expect(await riskCount(false)).toBe(0);
    const audit = await db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = $1`, [acc.body.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['risk.accepted']);
    expect((await call('DELETE', `/api/risk-acceptances/${acc.body.id}`, admin)).status).toBe(200);
    expect(await riskCount(true)).toBe(0);
  });

  it('a role acceptance covers the role finding and users holding that role, not other users', async () => {
    const roleFinding = (await call('GET', `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId, level: 'ROLE' }))}&range=[0,0]`, admin)).body[0];
    const acc = await call('POST', '/api/risk-acceptances', admin, { riskId: roleFinding.riskId, scope: 'role', holder: roleFinding.holder, message: 'ok' });
    expect(acc.status).toBe(201);
    const all = (await call('GET', `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId, riskId: roleFinding.riskId }))}&range=[0,999]`, admin)).body;
    for (const f of all) {
      const expected = f.level === 'ROLE' ? f.holder === roleFinding.holder : f.level === 'USER' ? f.meetingRoles.includes(roleFinding.holder) : false;
      expect(f.accepted, `${f.level} ${f.holder}`).toBe(expected);
    }
    expect(all.some((f: { level: string; accepted: boolean }) => f.level === 'USER' && f.accepted)).toBe(true);
    await call('DELETE', `/api/risk-acceptances/${acc.body.id}`, admin);
  });

  it('a bad extract fails with file, line and column and leaves the ready data as it was', async () => {
    const rowsBefore = await countImportRows();
    const files = folderFiles(path.join(landscape, 'system'));
    const text = new TextDecoder().decode(files['AGR_USERS.csv']).split('\n');
    text[3] = text[3].replace(/,[^,]*$/, ',2026-13-45');
    files['AGR_USERS.csv'] = new TextEncoder().encode(text.join('\n'));
    const accepted = await upload(`/api/system-periods/${periodId}/extract`, admin, files);
    expect(accepted.status).toBe(202);
    const failed = await waitFor(() => period(periodId), (p) => p.status !== 'importing');
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ file: expect.stringContaining('AGR_USERS'), line: 4, column: 'TO_DAT' });
    expect(await countImportRows()).toBe(rowsBefore);
    // The earlier data still serves analyses and browsing.
    expect((await call('GET', `/api/system-periods/${periodId}/tables/USR02?range=[0,0]`, admin)).body).toHaveLength(1);
  }, 60_000);

  it('refuses uploads without files, of the wrong kind, or an archive mixed with tables', async () => {
    const none = await upload(`/api/system-periods/${periodId}/extract`, admin, {});
    expect(none).toMatchObject({ status: 400, body: { message: expect.stringContaining('Select a file') } });
    const exe = await upload(`/api/system-periods/${periodId}/extract`, admin, { 'x.exe': 'MZ' });
    expect(exe).toMatchObject({ status: 400, body: { message: expect.stringContaining('x.exe') } });
    const mixed = await upload(`/api/system-periods/${periodId}/extract`, admin, { 'a.zip': zipFolder(path.join(landscape, 'rules')), 'USR02.csv': 'BNAME\nA\n' });
    expect(mixed.status).toBe(400);
    expect((await period(periodId)).status).not.toBe('importing');
  });

  it('cancels an enqueued analysis: it never runs and stores nothing', async () => {
    const created = await call('POST', '/api/analyses', admin, { name: 'to cancel', systemPeriodId: periodId, riskPeriodId });
    const canceled = await call('POST', `/api/analyses/${created.body.id}/cancel`, admin);
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');
    await new Promise((r) => setTimeout(r, 1500));
    const after = (await call('GET', `/api/analyses/${created.body.id}`, admin)).body;
    expect(after.status).toBe('canceled');
    const n = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1', [created.body.id]);
    expect(Number(n.rows[0].n)).toBe(0);
    expect((await call('POST', `/api/analyses/${created.body.id}/cancel`, admin)).status).toBe(409);
  });

  it('cancels a running analysis: it stops at its next step and stores nothing', async () => {
    process.env.SEGRA_TEST_ANALYSIS_PAUSE_MS = '2500';
    try {
      const created = await call('POST', '/api/analyses', admin, { name: 'cancel while running', systemPeriodId: periodId, riskPeriodId });
      await waitFor(() => call('GET', `/api/analyses/${created.body.id}`, admin).then((r) => r.body), (a) => a.status === 'running', 30_000);
      const canceled = await call('POST', `/api/analyses/${created.body.id}/cancel`, admin);
      expect(canceled.body.status).toBe('canceled');
      await new Promise((r) => setTimeout(r, 4000));
      const after = (await call('GET', `/api/analyses/${created.body.id}`, admin)).body;
      expect(after).toMatchObject({ status: 'canceled', counts: null });
      const n = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1', [created.body.id]);
      expect(Number(n.rows[0].n)).toBe(0);
    } finally {
      delete process.env.SEGRA_TEST_ANALYSIS_PAUSE_MS;
    }
  }, 60_000);

  it('marks work of a stopped worker as failed instead of running forever', async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date, status, started_at, heartbeat_at)
       VALUES ($1, 'orphan', $2, $3, 'permission', 'same-instance', $4, 'running', now() - interval '1 hour', now() - interval '1 hour') RETURNING id`,
      [A.customerId, periodId, riskPeriodId, PERIOD_DATE],
    );
    // An import cut off after writing part of its rows.
    const cut = crypto.randomUUID();
    const partial = emptyExtract();
    partial.roleAuthorisations.push({ role: 'Z', object: 'S_TCODE', auth: 'A', field: 'TCD', low: 'SU01', high: '', deleted: false });
    await writeExtract(db, cut, partial);
    const importing = (await call('POST', '/api/system-periods', admin, { name: 'cut off', periodDate: PERIOD_DATE, systemId: A.systemId })).body.id;
    await db.query(`UPDATE system_periods SET status = 'importing', importing_id = $2, updated_at = now() - interval '1 hour' WHERE id = $1`, [importing, cut]);

    const swept = await sweepStaleWork(db, 300);
    expect(swept).toEqual({ analyses: 1, imports: 1 });
    const a = (await call('GET', `/api/analyses/${rows[0].id}`, admin)).body;
    expect(a).toMatchObject({ status: 'failed', error: expect.stringContaining('stopped') });
    expect(await period(importing)).toMatchObject({ status: 'failed', error: { message: expect.stringContaining('stopped') } });
    const left = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sap_agr_1251 WHERE import_id = $1', [cut]);
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it("refuses another tenant's periods, analyses, findings and exports as unknown", async () => {
    expect((await call('GET', `/api/system-periods/${periodId}`, otherAdmin)).status).toBe(404);
    expect((await call('GET', `/api/system-periods/${periodId}/tables/USR02`, otherAdmin)).status).toBe(404);
    expect((await upload(`/api/system-periods/${periodId}/extract`, otherAdmin, { 'USR02.csv': 'BNAME\nX\n' })).status).toBe(404);
    expect((await call('GET', `/api/analyses/${analysisId}/export`, otherAdmin)).status).toBe(404);
    expect((await call('POST', `/api/analyses/${analysisId}/cancel`, otherAdmin)).status).toBe(404);
    const findings = await call('GET', `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId }))}`, otherAdmin);
    expect(findings.body).toEqual([]);
    const forged = await call('POST', '/api/analyses', otherAdmin, { name: 'x', systemPeriodId: periodId, riskPeriodId });
    expect(forged.status).toBe(404);
    const noImport = await call('POST', '/api/system-periods', otherAdmin, { name: 'B1', periodDate: PERIOD_DATE, systemId: B.systemId });
    const empty = await call('POST', '/api/analyses', otherAdmin, { name: 'x', systemPeriodId: noImport.body.id, riskPeriodId });
    expect(empty).toMatchObject({ status: 409, body: { code: 'PERIOD_EMPTY' } }); // B's own period has no data yet
    await db.query(`UPDATE system_periods SET data_import_id = gen_random_uuid() WHERE id = $1`, [noImport.body.id]);
    const foreignRules = await call('POST', '/api/analyses', otherAdmin, { name: 'x', systemPeriodId: noImport.body.id, riskPeriodId });
    expect(foreignRules.status).toBe(404); // the risk period is A's
    expect((await call('POST', '/api/system-periods', otherAdmin, { name: 'B2', periodDate: PERIOD_DATE, systemId: A.systemId })).status).toBe(400);
  });

  it('validates analysis requests field by field', async () => {
    const r = await call('POST', '/api/analyses', admin, { name: '', systemPeriodId: 'nope', riskPeriodId, level: 'deep' });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['level', 'name', 'systemPeriodId']);
  });
}

describe('analysis pipeline on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('analysis pipeline on PostgreSQL', () => suite(postgresDatabase()));

