import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { DECISION_CSV_COLUMNS } from '../../../server/modules/analyses/analysis-export.ts';
import { OPEN_LISTED_LIMIT, reportData } from '../../../server/modules/analyses/pdf/report-data.ts';
import { renderReport } from '../../../server/modules/analyses/pdf/render-report.ts';
import { REPORT_STRINGS } from '../../../server/modules/analyses/pdf/report-strings.ts';
import { seedCustomer, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { caller, completedAnalysis, folderFiles, importedRiskPeriod, reportsApp, uploadedSystemPeriod, type Caller } from './reports-harness.ts';

/**
 * Issue 27 items 2 and 3: the PDF an auditor files lists the open findings (critical and high
 * first, with holder, functions and the roles behind them), names its input (the uploaded files
 * with their SHA-256, the ruleset, the options, who ran it and when) and ends with a sign-off
 * block; and a deactivated risk's findings show as `deactivated` everywhere results are shown.
 */

const JUNE = '2026-06-30';
const RULES = 'Kural seti 2026';
const tr = REPORT_STRINGS.tr;
const trNum = new Intl.NumberFormat('tr-TR');

const work = mkdtempSync(path.join(tmpdir(), 'segra-auditor-'));
const landscape = path.join(work, 'landscape');
beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 11, outDir: landscape });
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function pdfText(raw: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(raw));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));

/** The text between `from` and the first of `to` after it (or the end). */
function between(text: string, from: string, ...to: string[]): string {
  const start = text.indexOf(from);
  expect(start, `"${from}" in the PDF`).toBeGreaterThanOrEqual(0);
  const ends = to.map((s) => text.indexOf(s, start + from.length)).filter((i) => i !== -1);
  return text.slice(start + from.length, ends.length ? Math.min(...ends) : undefined);
}

interface OpenFinding {
  risk_id: string;
  risk_level: string;
  level: string;
  holder: string;
}

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let call: Caller;
  let admin: string;
  let analysisId: string;
  let acceptedRisk: string;
  let extractZip: Uint8Array;
  let rulesetFiles: Record<string, Uint8Array>;
  let rules: string;

  const n = async (sql: string, params: unknown[] = []): Promise<number> => Number((await db.query<{ n: number }>(sql, params)).rows[0].n);
  const count = (where = 'true', params: unknown[] = []) => n(`SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND ${where}`, [analysisId, ...params]);
  const exported = async (format: string, query = '') => {
    const r = await call('GET', `/api/analyses/${analysisId}/export?format=${format}${query}`, admin);
    expect(r.status, String(r.body).slice(0, 300)).toBe(200);
    return r;
  };
  const pdf = async (query = '') => pdfText((await exported('pdf', query)).raw);

  beforeAll(async () => {
    db = await target.open();
    t = await reportsApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    call = caller(t);
    const A = await seedCustomer(db, 'Denetim Müşterisi A.Ş.');
    admin = t.token('Admin', A.customerId);
    extractZip = zipSync(folderFiles(path.join(landscape, 'system')));
    rulesetFiles = folderFiles(path.join(landscape, 'rules'));
    const period = await uploadedSystemPeriod(t, admin, A.systemId, 'Haziran', JUNE, { 'extract.zip': extractZip });
    rules = await importedRiskPeriod(t, admin, RULES, JUNE, path.join(landscape, 'rules'));
    analysisId = await completedAnalysis(t, admin, 'Yıl sonu denetimi', period, rules);
    // One risk accepted globally: its findings are decided, not open.
    acceptedRisk = (await db.query<{ risk_id: string }>(
      `SELECT risk_id FROM findings WHERE analysis_id = $1 AND risk_level = 'HIGH' ORDER BY risk_id LIMIT 1`,
      [analysisId],
    )).rows[0].risk_id;
    expect((await call('POST', '/api/risk-acceptances', admin, { riskId: acceptedRisk, scope: 'global', message: 'kabul' })).status).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  describe('item 2: the PDF an auditor files', () => {
    it('lists every open critical finding by risk, critical before high, with holder, functions and the roles behind them', async () => {
      const open = (await db.query<OpenFinding & { functions: string; sources: string }>(
        `SELECT risk_id, risk_level, level, holder, functions, sources FROM findings
         WHERE analysis_id = $1 AND status = 'open' AND risk_level IN ('CRITICAL', 'HIGH') ORDER BY risk_id, level, holder`,
        [analysisId],
      )).rows;
      const critical = open.filter((f) => f.risk_level === 'CRITICAL');
      expect(critical.length).toBeGreaterThan(0);
      expect(open.length).toBeLessThanOrEqual(OPEN_LISTED_LIMIT); // this analysis is listed in full
      const text = await pdf();
      const listed = between(text, tr.open_listed_title, tr.accepted_title);
      // Each risk's block starts with its id; the blocks of critical risks come before any high one.
      const riskIds = [...new Set(open.map((f) => f.risk_id))];
      const starts = riskIds.map((id) => ({ id, at: listed.indexOf(`${id} – `) }));
      for (const s of starts) expect(s.at, s.id).toBeGreaterThanOrEqual(0);
      starts.sort((a, b) => a.at - b.at);
      const levelOf = new Map(open.map((f) => [f.risk_id, f.risk_level]));
      const order = starts.map((s) => levelOf.get(s.id));
      expect(order.lastIndexOf('CRITICAL')).toBeLessThan(order.indexOf('HIGH') === -1 ? Infinity : order.indexOf('HIGH'));
      for (const [i, s] of starts.entries()) {
        const block = listed.slice(s.at, starts[i + 1]?.at);
        const mine = open.filter((f) => f.risk_id === s.id);
        expect(block, s.id).toContain(tr.open_count.replace('{n}', trNum.format(mine.length)));
        for (const f of mine) {
          expect(block, `${s.id} ${f.holder}`).toContain(f.holder);
          // The functions with the action that met each, and the first role or profile path behind them.
          expect(block).toContain(f.functions.split(';')[0]);
          // (A path's steps spaced, so a long one wraps between names.)
          expect(block).toContain(f.sources.split(';')[0].split('>').join(' > '));
        }
      }
      // The accepted risk's findings are not open.
      expect(listed).not.toContain(`${acceptedRisk} – `);
      // Every risk with open findings, medium and low too, is counted in the table by risk.
      const byRisk = between(text, tr.open_title, tr.open_listed_title);
      const openRisks = (await db.query<{ risk_id: string; n: number }>(
        `SELECT risk_id, count(*)::int AS n FROM findings WHERE analysis_id = $1 AND status = 'open' GROUP BY risk_id`,
        [analysisId],
      )).rows;
      for (const r of openRisks) expect(byRisk).toMatch(new RegExp(`${r.risk_id} – .*? ${trNum.format(r.n)}`));
      expect(text).toContain(tr.open_bound.replace('{n}', trNum.format(OPEN_LISTED_LIMIT)));
    });

    it('says plainly how many open findings it does not list, and where they are, past its bound', async () => {
      const total = await count(`status = 'open' AND risk_level IN ('CRITICAL', 'HIGH')`);
      expect(total).toBeGreaterThan(3);
      const data = await reportData(db, analysisId, {}, { openListed: 3 });
      expect(data.openListed).toHaveLength(3);
      expect(data.openListedTotal).toBe(total);
      const text = await pdfText(await renderReport(data, 'tr', { at: '2026-11-27T10:15:00Z', by: 'Denetçi (denetci@test.local)' }));
      expect(text).toContain(tr.open_more.replace('{n}', trNum.format(total - 3)).replace('{limit}', trNum.format(3)));
    });

    it('names its input: the uploaded files with their SHA-256, the ruleset, the options, who ran it and when', async () => {
      const text = await pdf();
      const input = between(text, tr.input_title, tr.summary);
      expect(input).toContain('extract.zip');
      expect(input).toContain(sha256(extractZip));
      expect(input).toContain(`${trNum.format(extractZip.length)} bayt`);
      for (const [name, bytes] of Object.entries(rulesetFiles)) {
        expect(input).toContain(name);
        expect(input).toContain(sha256(bytes));
      }
      // Hashes are written whole, as 64 hex characters a reader can compare.
      expect(input.match(/\b[0-9a-f]{64}\b/g)).toHaveLength(1 + Object.keys(rulesetFiles).length);
      expect(input).toContain(RULES);
      expect(input).toContain(`${tr.input_run_by} admin@test.local`);
      expect(input).toContain(tr.input_run_at);
      expect(input).toContain(tr.level_permission);
      expect(input).toContain(tr['mode_same-instance']);
      // A copy of the risk period is the same ruleset: its analyses name the same files.
      const copy = await call('POST', `/api/risk-periods/${rules}/copy`, admin, { name: `${RULES} kopya`, periodDate: JUNE });
      expect(copy.status).toBe(201);
      const uploads = await db.query<{ id: string; ruleset_upload_id: string | null }>('SELECT id, ruleset_upload_id FROM risk_periods WHERE id = ANY($1::uuid[])', [[rules, copy.body.id]]);
      expect(uploads.rows).toHaveLength(2);
      expect(uploads.rows[0].ruleset_upload_id).toBeTruthy();
      expect(uploads.rows[1].ruleset_upload_id).toBe(uploads.rows[0].ruleset_upload_id);
    });

    it('says "not recorded" for the input of an analysis that ran before the files were recorded', async () => {
      const saved = (await db.query<{ data_import_id: string; ruleset_upload_id: string }>('SELECT data_import_id, ruleset_upload_id FROM analyses WHERE id = $1', [analysisId])).rows[0];
      expect(saved.data_import_id).toBeTruthy();
      expect(saved.ruleset_upload_id).toBeTruthy();
      await db.query('UPDATE analyses SET data_import_id = NULL, ruleset_upload_id = NULL WHERE id = $1', [analysisId]);
      try {
        const input = between(await pdf(), tr.input_title, tr.summary);
        expect(input.split(tr.not_recorded).length - 1).toBe(2);
        expect(input).not.toMatch(/\b[0-9a-f]{64}\b/);
      } finally {
        await db.query('UPDATE analyses SET data_import_id = $2, ruleset_upload_id = $3 WHERE id = $1', [analysisId, saved.data_import_id, saved.ruleset_upload_id]);
      }
    });

    it('says on its cover what it holds, and ends with a sign-off block: prepared by whom and when, reviewed by and date to sign', async () => {
      const text = await pdf();
      expect(text).not.toContain('tüm bulgular');
      const cover = between(text, tr.title, tr.input_title);
      expect(cover).toContain(tr.cover_contents);
      expect(cover).toContain(tr.contents_open.replace('{n}', trNum.format(OPEN_LISTED_LIMIT)));
      expect(cover).toContain(tr.cover_no_filter);
      const signOff = text.slice(text.lastIndexOf(tr.signoff_title));
      expect(signOff).toMatch(new RegExp(`${tr.prepared_by} Admin \\(admin@test\\.local\\)`));
      expect(signOff).toMatch(new RegExp(`${tr.prepared_at} \\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2} UTC`));
      expect(signOff).toContain(tr.reviewed_by);
      expect(signOff).toContain(tr.review_date);
      // Nothing but the page footer after it: it is the report's end.
      expect(text.lastIndexOf(tr.signoff_title)).toBeGreaterThan(text.lastIndexOf(tr.excluded_title));
    });

    it('a filtered export says its filter in words', async () => {
      const text = await pdf(`&filter=${q({ analysisId, level: ['ROLE'], riskLevel: ['HIGH', 'CRITICAL'], status: ['open'] })}`);
      const cover = between(text, tr.title, tr.input_title);
      expect(cover).toContain(`${tr.filter_level}: ${tr.holder_ROLE}`);
      expect(cover).toContain(`${tr.filter_riskLevel}: ${tr.risk_HIGH}, ${tr.risk_CRITICAL}`);
      expect(cover).toContain(`${tr.filter_status}: ${tr.open}`);
      expect(cover).not.toContain('riskLevel');
      expect(cover).not.toContain(tr.cover_no_filter);
      const en = REPORT_STRINGS.en;
      const english = await pdf(`&lang=en&filter=${q({ holder: 'ZZ', accepted: true })}`);
      expect(english).toContain(`${en.filter_holder}: ZZ`);
      expect(english).toContain(`${en.filter_accepted}: ${en.yes}`);
    });
  });

  describe('item 3: what was decided shows in the results', () => {
    it('a deactivated risk\'s findings show as deactivated in the list, its filter, the dashboard, CSV, XLSX and PDF; reactivating makes them open again', async () => {
      const risk = (await db.query<{ risk_id: string }>(
        `SELECT risk_id FROM findings WHERE analysis_id = $1 AND status = 'open' AND risk_level = 'CRITICAL'
         GROUP BY risk_id ORDER BY count(*) DESC, risk_id LIMIT 1`,
        [analysisId],
      )).rows[0].risk_id;
      const ofRisk = await count('risk_id = $2', [risk]);
      const list = async (filter: object) => {
        const r = await call('GET', `/api/findings?filter=${q({ analysisId, ...filter })}&range=[0,999]`, admin);
        expect(r.status).toBe(200);
        return r.body as { riskId: string; status: string }[];
      };
      // Read before, so a kept page of the list would be the stale one.
      expect((await list({ riskId: [risk] })).every((f) => f.status === 'open')).toBe(true);
      expect(await list({ status: ['deactivated'] })).toHaveLength(0);
      /** The list's total under a filter (its Content-Range), however many pages it has. */
      const total = async (filter: object) => {
        const r = await call('GET', `/api/findings?filter=${q({ analysisId, ...filter })}&range=[0,0]`, admin);
        return Number(String(r.headers['content-range']).split('/')[1]);
      };
      const openBefore = await total({ status: ['open'] });
      expect(openBefore).toBe(await count(`status = 'open'`));

      const created = await call('POST', '/api/risk-deactivations', admin, { riskId: risk, message: 'Kapsam dışı' });
      expect(created.status).toBe(201);
      const statuses = (await list({ riskId: [risk] })).map((f) => f.status);
      expect(statuses).toHaveLength(ofRisk);
      expect(new Set(statuses)).toEqual(new Set(['deactivated']));
      expect(await list({ status: ['deactivated'] })).toHaveLength(ofRisk);
      expect(await total({ status: ['open'] })).toBe(openBefore - ofRisk);

      const dashboard = await call('GET', `/api/reports/dashboard?analysisId=${analysisId}`, admin);
      expect(dashboard.status).toBe(200);
      const totals = dashboard.body.totals;
      expect(totals.deactivated).toBe(ofRisk);
      expect(totals.open).toBe(totals.findings - totals.accepted - totals.mitigated - ofRisk);
      expect(totals.open).toBe(await count(`status = 'open'`));
      expect(dashboard.body.acceptedVsOpen.deactivated).toBe(ofRisk);
      const critical = dashboard.body.byRiskLevel.find((r: { riskLevel: string }) => r.riskLevel === 'CRITICAL');
      expect(critical.open).toBe(await count(`status = 'open' AND risk_level = 'CRITICAL'`));

      // CSV: the columns of `segra analyze` first, exactly; the decisions after them.
      const csv = String((await exported('csv')).body).trimEnd().split('\n');
      expect(csv[0]).toBe(`LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,${DECISION_CSV_COLUMNS.join(',')}`);
      const rows = csv.slice(1).map((l) => l.split(','));
      const tail = (r: string[]) => r.slice(-DECISION_CSV_COLUMNS.length);
      expect(rows.filter((r) => r[2] === risk).map((r) => tail(r)[0])).toEqual(Array(ofRisk).fill('DEACTIVATED'));
      expect(rows.filter((r) => r[2] === acceptedRisk).every((r) => tail(r)[0] === 'ACCEPTED' && tail(r)[1] === 'X' && tail(r)[2] === 'admin@test.local')).toBe(true);
      expect(rows.filter((r) => tail(r)[0] === 'OPEN')).toHaveLength(await count(`status = 'open'`));

      // XLSX: its STATUS column, and DEACTIVATED counted apart on the SUMMARY sheet.
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await exported('xlsx')).raw as unknown as ArrayBuffer);
      const sheet = wb.getWorksheet('FINDINGS')!;
      const header = (sheet.getRow(1).values as string[]).slice(1);
      const cells: string[][] = [];
      sheet.eachRow((row, i) => i > 1 && cells.push((row.values as string[]).slice(1)));
      const statusOf = header.indexOf('STATUS');
      expect(cells.filter((r) => r[2] === risk).map((r) => r[statusOf])).toEqual(Array(ofRisk).fill('DEACTIVATED'));
      const summary: unknown[][] = [];
      wb.getWorksheet('SUMMARY')!.eachRow((row) => summary.push((row.values as unknown[]).slice(1)));
      expect(summary.find((r) => r[0] === 'DEACTIVATED')?.[1]).toBe(ofRisk);
      expect(summary.find((r) => r[0] === 'OPEN')?.[1]).toBe(await count(`status = 'open'`));

      // PDF: counted apart, not listed as open, and the deactivated risk named with who and why.
      const text = await pdf();
      expect(text).toContain(`${tr.deactivated} ${trNum.format(ofRisk)}`);
      expect(text).toContain(`${tr.open} ${trNum.format(await count(`status = 'open'`))}`);
      expect(between(text, tr.open_listed_title, tr.accepted_title)).not.toContain(`${risk} – `);
      const deactivated = between(text, tr.deactivated_title, tr.excluded_title);
      expect(deactivated).toContain(risk);
      expect(deactivated).toContain('Kapsam dışı');
      expect(deactivated).toContain('admin@test.local');

      // Reactivated: open again everywhere.
      expect((await call('DELETE', `/api/risk-deactivations/${created.body.id}`, admin)).status).toBe(200);
      expect(new Set((await list({ riskId: [risk] })).map((f) => f.status))).toEqual(new Set(['open']));
      expect(await list({ status: ['deactivated'] })).toHaveLength(0);
      const after = await call('GET', `/api/reports/dashboard?analysisId=${analysisId}`, admin);
      expect(after.body.totals.deactivated).toBe(0);
      expect(after.body.totals.open).toBe(await count(`status = 'open'`));
    });
  });
}

describe('the auditor\'s PDF and decided statuses on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('the auditor\'s PDF and decided statuses on PostgreSQL', () => suite(postgresDatabase()));
