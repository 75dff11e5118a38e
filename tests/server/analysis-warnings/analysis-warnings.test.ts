/**
 * Every warning shown where the result is read (DESIGN 4.1b, issue 29): an analysis carries the
 * warnings of what it read (the extract's import, the ruleset, the last mitigation file, the
 * usage with the lines its own window leaves out), on its record, in the xlsx export, beside the
 * CSV and in the PDF, worded in the reader's language; `segra analyze` prints the same set for
 * the same files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARNING_TEXTS } from '../../../contracts/warning-texts.ts';
import type { Database } from '../../../server/db/database.ts';
import { multipart, pipelineApp, seedCustomer, waitFor, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { FUNCTION_WIDE_RULES, MITIGATIONS_BY_USER, PAYMENT_EXTRACT, writeFiles, type Files } from '../../support/data-as-written.ts';

const work = mkdtempSync(path.join(tmpdir(), 'segra-analysis-warnings-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Warning = { code: string; table: string; count: number; examples: string[] };

/** PAYMENT_EXTRACT with a column nobody reads in AGR_USERS. */
const EXTRACT_WITH_COMMENT: Files = { ...PAYMENT_EXTRACT, 'AGR_USERS.csv': 'AGR_NAME,UNAME,FROM_DAT,TO_DAT,COMMENT\nR_ALL,U1,,,x\nR_DISP,U2,,,y\n' };
/**
 * U1's usage around the analysis date 27.11.2026: one line in the default window (a year back),
 * two lines of one day after the date, one line two years back.
 */
const USAGE = 'BNAME,TCODE,DATE\nU1,FK01,20261101\nU1,F110,20261201\nU1,F110,20261201\nU1,F110,20241201\n';
const UNDATED_USAGE = 'BNAME,TCODE,COUNT\nU1,FK01,3\nU1,F110,1\n';

const brief = (warnings: Warning[]) => warnings.map((w) => `${w.code} ${w.table} ${w.count}`).sort();

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;
  let systemId: string;

  const call = async (method: string, url: string, body?: unknown) => {
    const r = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${admin}` }, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: r.statusCode, headers: r.headers, body: r.headers['content-type']?.toString().includes('json') ? r.json() : r.body, raw: r.rawPayload };
  };
  const upload = async (url: string, files: Files, fields: Record<string, string> = {}, status = 202) => {
    const form = await multipart(files, fields);
    const r = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}`, ...form.headers }, payload: form.payload });
    expect(r.statusCode, r.body).toBe(status);
    return r.json();
  };
  const systemPeriod = async (files: Files) => {
    const id = (await call('POST', '/api/system-periods', { name: `P ${crypto.randomUUID()}`, periodDate: '2026-11-27', systemId })).body.id as string;
    await upload(`/api/system-periods/${id}/extract`, files);
    return waitFor(() => call('GET', `/api/system-periods/${id}`).then((r) => r.body), (p) => p.status !== 'importing', 120_000);
  };
  const riskPeriod = async (files: Files) => {
    const id = (await call('POST', '/api/risk-periods', { name: `R ${crypto.randomUUID()}`, periodDate: '2026-11-27' })).body.id as string;
    await upload(`/api/risk-periods/${id}/ruleset`, files);
    return waitFor(() => call('GET', `/api/risk-periods/${id}`).then((r) => r.body), (p) => p.status !== 'importing', 120_000);
  };
  const usage = async (periodId: string, text: string) => {
    await upload(`/api/system-periods/${periodId}/usage`, { 'usage.csv': text });
    return waitFor(() => call('GET', `/api/system-periods/${periodId}/usage`).then((r) => r.body), (x) => x.status !== 'importing');
  };
  const analyse = async (systemPeriodId: string, riskPeriodId: string, body: Record<string, unknown> = {}) => {
    const created = await call('POST', '/api/analyses', { name: 'Run', systemPeriodId, riskPeriodId, ...body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const done = await waitFor(
      () => call('GET', `/api/analyses/${created.body.id}`).then((r) => r.body),
      (a) => ['completed', 'failed', 'canceled'].includes(a.status),
      120_000,
    );
    expect(done).toMatchObject({ status: 'completed' });
    return done as { id: string; warnings: Warning[] };
  };

  let sp: { id: string };
  let rp: { id: string };
  let plain: { id: string; warnings: Warning[] };

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    const seeded = await seedCustomer(db, 'Acme');
    systemId = seeded.systemId;
    admin = t.token('Admin', seeded.customerId);
    sp = await systemPeriod(EXTRACT_WITH_COMMENT);
    rp = await riskPeriod(FUNCTION_WIDE_RULES);
    plain = await analyse(sp.id, rp.id);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('an analysis carries the extract\'s ignored column and the ruleset\'s line under a missing action, with their counts', () => {
    expect(plain.warnings).toContainEqual({ code: 'IGNORED_COLUMNS', table: 'AGR_USERS', count: 1, examples: ['COMMENT'] });
    expect(plain.warnings).toContainEqual({ code: 'ACTION_NOT_IN_FUNCTION', table: 'FUNCTION_PERMISSIONS', count: 1, examples: ['VEND/FK99/F_LFA1_APP'] });
  });

  it('the list answers the warnings too', async () => {
    const list = await call('GET', `/api/analyses?filter=${encodeURIComponent(JSON.stringify({ id: [plain.id] }))}`);
    expect(brief((list.body as Array<{ warnings: Warning[] }>)[0].warnings)).toEqual(brief(plain.warnings));
  });

  it('segra analyze prints the same set on stderr for the same files (one reader, both doors)', () => {
    const dir = path.join(work, crypto.randomUUID());
    const r = spawnSync(
      process.execPath,
      [path.resolve('bin/segra.js'), 'analyze', '--system', writeFiles(path.join(dir, 's'), EXTRACT_WITH_COMMENT), '--rules', writeFiles(path.join(dir, 'r'), FUNCTION_WIDE_RULES), '--date', '20261127'],
      { encoding: 'utf8', env: { ...process.env, CI: 'true' } },
    );
    expect(r.status, r.stderr).toBe(0);
    const printed = [...r.stderr.matchAll(/^warning (\S+) (\S+) \((\d+)\)/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`).sort();
    expect(printed).toEqual(brief(plain.warnings));
  });

  it('the xlsx export has a WARNINGS sheet, the CSV stays the command line\'s and names them in a header', async () => {
    const xlsx = await call('GET', `/api/analyses/${plain.id}/export?format=xlsx&lang=en`);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('WARNINGS');
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['SUMMARY', 'FINDINGS', 'WARNINGS']);
    expect(sheet).toBeDefined();
    const rows: string[][] = [];
    sheet!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]).toEqual(['CODE', 'TABLE', 'COUNT', 'EXAMPLES', 'DESCRIPTION']);
    expect(rows).toContainEqual(['IGNORED_COLUMNS', 'AGR_USERS', '1', 'COMMENT', WARNING_TEXTS.en.IGNORED_COLUMNS]);
    expect(rows).toContainEqual(['ACTION_NOT_IN_FUNCTION', 'FUNCTION_PERMISSIONS', '1', 'VEND/FK99/F_LFA1_APP', WARNING_TEXTS.en.ACTION_NOT_IN_FUNCTION]);

    const csv = await call('GET', `/api/analyses/${plain.id}/export?format=csv`);
    expect(String(csv.body).split('\n')[0]).toMatch(/^LEVEL,ID,RISK_ID,/);
    expect(String(csv.headers['segra-warnings']).split(', ').sort()).toEqual(brief(plain.warnings));
  });

  it('the PDF lists the warnings in the report\'s language', async () => {
    for (const lang of ['de', 'tr'] as const) {
      const pdf = await call('GET', `/api/analyses/${plain.id}/export?format=pdf&lang=${lang}`);
      expect(pdf.status).toBe(200);
      const file = path.join(work, `${crypto.randomUUID()}.pdf`);
      writeFileSync(file, pdf.raw);
      // Words wrap at the page's width: compare with the line breaks made spaces.
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain(WARNING_TEXTS[lang].ACTION_NOT_IN_FUNCTION);
      expect(text).toContain(WARNING_TEXTS[lang].IGNORED_COLUMNS);
      expect(text).toContain('VEND/FK99/F_LFA1_APP');
    }
  }, 60_000);

  it('usage lines outside the window are counted per analysis, for its date and window; undated usage says the window is unknown', async () => {
    const u = await usage(sp.id, USAGE);
    expect(u).toMatchObject({ status: 'ready' });
    const outside = (a: { warnings: Warning[] }) => a.warnings.find((w) => w.code === 'USAGE_OUTSIDE_WINDOW');
    // A year back from 27.11.2026: the two lines after the date and the one two years back.
    expect(outside(await analyse(sp.id, rp.id, { withUsage: true }))).toEqual({
      code: 'USAGE_OUTSIDE_WINDOW',
      table: 'USAGE',
      count: 3,
      examples: ['U1/F110/2026-12-01', 'U1/F110/2024-12-01'],
    });
    // A window from 2024 keeps the old line: only the two after the date are out.
    expect(outside(await analyse(sp.id, rp.id, { withUsage: true, usageFrom: '2024-01-01' }))).toMatchObject({ count: 2, examples: ['U1/F110/2026-12-01'] });
    // Without usage nothing of it applies.
    expect(plain.warnings.some((w) => w.table === 'USAGE')).toBe(false);

    await usage(sp.id, UNDATED_USAGE);
    const undated = await analyse(sp.id, rp.id, { withUsage: true });
    expect(undated.warnings).toContainEqual({ code: 'USAGE_WINDOW_UNKNOWN', table: 'USAGE', count: 2, examples: ['line 2', 'line 3'] });
    expect(outside(undated)).toBeUndefined();
  }, 180_000);

  it("the mitigation file's unapproved rows go with the customer's next analyses", async () => {
    await upload('/api/mitigating-controls/import', { 'controls.csv': 'CONTROL_ID,DESCRIPTION\nC1,One\nC9,Nine\n' }, {}, 200);
    await upload('/api/mitigations/import', { 'by-user.csv': MITIGATIONS_BY_USER }, {}, 200);
    const a = await analyse(sp.id, rp.id);
    expect(a.warnings).toContainEqual({ code: 'NOT_APPROVED', table: 'MITIGATIONS', count: 2, examples: ['C9/R1/U1', 'C1/R1/U1'] });
  }, 180_000);
}

describe('warnings on the analysis, on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('warnings on the analysis, on PostgreSQL', () => suite(postgresDatabase()));
