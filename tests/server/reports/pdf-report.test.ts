import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateControls } from '../../../generator/controls.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { REPORT_STRINGS } from '../../../server/modules/analyses/pdf/report-strings.ts';
import { multipart, seedCustomer, waitFor, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { caller, completedAnalysis, folderFiles, importedRiskPeriod, importedSystemPeriod, reportsApp, type Caller } from './reports-harness.ts';

const JUNE = '2026-06-30';
// A customer and period named with the letters the standard PDF fonts cannot write.
const CUSTOMER = 'Güneş Çelik İşletmeleri A.Ş.';
const PERIOD = 'Haziran dönemi Ğ';
const RULES = 'Kurallar Übersicht';
const VALID_TO = '2027-03-31';

const work = mkdtempSync(path.join(tmpdir(), 'segra-pdf-'));
const landscape = path.join(work, 'landscape');
beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 5, outDir: landscape });
  // Its usage.csv (issue 17), for the report of an analysis with usage.
  await generateControls(landscape, 5);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The text of a PDF, pages joined, whitespace runs as one space. */
async function pdfText(raw: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(raw));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let call: Caller;
  let admin: string;
  let analysisId: string;
  let acceptedRisk: string;
  let period: string;
  let rules: string;

  const n = async (sql: string, params: unknown[] = []): Promise<number> => Number((await db.query<{ n: number }>(sql, params)).rows[0].n);
  const count = (where = 'true', params: unknown[] = []) =>
    n(`SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND ${where}`, [analysisId, ...params]);
  const pdf = async (query: string) => {
    const r = await call('GET', `/api/analyses/${analysisId}/export?format=pdf${query}`, admin);
    expect(r.status, String(r.body).slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.raw.subarray(0, 5).toString()).toBe('%PDF-');
    return pdfText(r.raw);
  };

  beforeAll(async () => {
    db = await target.open();
    t = await reportsApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    call = caller(t);
    const A = await seedCustomer(db, CUSTOMER);
    admin = t.token('Admin', A.customerId);
    period = await importedSystemPeriod(t, admin, A.systemId, PERIOD, JUNE, folderFiles(path.join(landscape, 'system')));
    rules = await importedRiskPeriod(t, admin, RULES, JUNE, path.join(landscape, 'rules'));
    analysisId = await completedAnalysis(t, admin, 'Denetim 2026', period, rules);
    const some = await db.query<{ risk_id: string }>('SELECT risk_id FROM findings WHERE analysis_id = $1 ORDER BY risk_id LIMIT 1', [analysisId]);
    acceptedRisk = some.rows[0].risk_id;
    const acc = await call('POST', '/api/risk-acceptances', admin, { riskId: acceptedRisk, scope: 'global', message: 'gözden geçirildi', validTo: VALID_TO });
    expect(acc.status).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('writes the Turkish report by default: cover, summary figures equal to the findings, Turkish letters intact', async () => {
    // One user finding of another risk mitigated (issue 16): counted apart, as the dashboard does.
    const target = (await db.query<{ risk_id: string; holder: string }>(
      `SELECT risk_id, holder FROM findings WHERE analysis_id = $1 AND level = 'USER' AND risk_id <> $2 ORDER BY holder LIMIT 1`,
      [analysisId, acceptedRisk],
    )).rows[0];
    const control = await call('POST', '/api/mitigating-controls', admin, { controlId: 'MC-PDF', description: 'Review' });
    expect(control.status).toBe(201);
    const mitigation = await call('POST', '/api/mitigations', admin, { mitigatingControlId: control.body.id, riskId: target.risk_id, level: 'USER', holder: target.holder });
    expect(mitigation.status).toBe(201);
    const mitigated = await count(`status = 'mitigated'`);
    expect(mitigated).toBeGreaterThan(0);
    const text = await pdf('');
    const accepted = await count(`status = 'accepted'`);
    // The other tests read the analysis unmitigated.
    expect((await call('DELETE', `/api/mitigations/${mitigation.body.id}`, admin)).status).toBe(200);
    expect((await call('DELETE', `/api/mitigating-controls/${control.body.id}`, admin)).status).toBe(200);
    const tr = REPORT_STRINGS.tr;
    const num = new Intl.NumberFormat('tr-TR');
    expect(text).toContain(`${tr.mitigated} ${num.format(mitigated)}`);
    // Cover: customer, system, period with its date, ruleset, analysis date, options.
    for (const s of [CUSTOMER, 'PRD', PERIOD, '30.06.2026', RULES, 'Denetim 2026', tr.level_permission, tr['mode_same-instance']]) expect(text).toContain(s);
    // Words with ş ğ ı İ ö ü survive the font.
    for (const s of ['Yönetici özeti', 'İş süreci ve seviyeye göre bulgular', 'Kabul edilen ve azaltılan bulgular', 'Analiz dışı bırakılan kullanıcılar']) expect(text).toContain(s);
    const total = await count();
    expect(total).toBeGreaterThan(accepted);
    expect(accepted).toBeGreaterThan(0);
    expect(text).toContain(`${tr.total_findings} ${num.format(total)}`);
    expect(text).toContain(`${tr.accepted} ${num.format(accepted)}`);
    expect(text).toContain(`${tr.open} ${num.format(total - accepted - mitigated)}`);
    for (const level of ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const) {
      const key = `risk_${level}` as const;
      expect(text).toContain(`${tr[key]} ${num.format(await count('risk_level = $2', [level]))}`);
    }
    // Accepted with who and until when.
    expect(text).toContain('gözden geçirildi');
    expect(text).toContain('31.03.2027');
  });

  it('writes the German report with the same figures and the excluded users listed', async () => {
    const text = await pdf('&lang=de');
    const de = REPORT_STRINGS.de;
    const num = new Intl.NumberFormat('de-DE');
    for (const s of ['Zusammenfassung für die Geschäftsleitung', 'Befunde nach Geschäftsprozess und Ebene', 'Gültig bis', CUSTOMER]) expect(text).toContain(s);
    expect(text).toContain(`${de.total_findings} ${num.format(await count())}`);
    expect(text).toContain(`${de.accepted} ${num.format(await count('accepted'))}`);
    const { rows } = await db.query<{ excluded: { bname: string }[] }>('SELECT excluded_users AS excluded FROM analyses WHERE id = $1', [analysisId]);
    const excluded = rows[0].excluded;
    expect(excluded.length).toBeGreaterThan(0);
    expect(text).toContain(`${de.excluded_title} (${num.format(excluded.length)})`);
    for (const u of excluded.slice(0, 5)) expect(text).toContain(u.bname);
  });

  it('applies the findings list filter to the report', async () => {
    // As the findings screen sends it: with the analysis id, which the cover does not repeat.
    const text = await pdf(`&lang=en&filter=${q({ analysisId, level: ['ROLE'], riskLevel: ['HIGH', 'CRITICAL'] })}`);
    const en = REPORT_STRINGS.en;
    const num = new Intl.NumberFormat('en-GB');
    const filtered = await count(`level = 'ROLE' AND risk_level IN ('HIGH', 'CRITICAL')`);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(await count());
    expect(text).toContain(`${en.total_findings} ${num.format(filtered)}`);
    expect(text).toContain(`${en.risk_MEDIUM} 0`);
    expect(text).toContain(`${en.holder_USER} 0`);
    // The filter in words (issue 27).
    expect(text).toContain(`${en.filter_level}: ${en.holder_ROLE}`);
    expect(text).toContain(`${en.filter_riskLevel}: ${en.risk_HIGH}, ${en.risk_CRITICAL}`);
    expect(text).not.toContain('analysisId');
    // The top users table is empty under a role filter.
    const topUser = await db.query<{ holder: string }>(`SELECT holder FROM findings WHERE analysis_id = $1 AND level = 'USER' LIMIT 1`, [analysisId]);
    expect(text.slice(text.indexOf(en.top_users), text.indexOf(en.top_roles))).not.toContain(topUser.rows[0].holder);
  });

  it('adds executed vs potential risk to the summary when the analysis has usage, counted under the filter (issue 17)', async () => {
    const en = REPORT_STRINGS.en;
    // Without usage the report says nothing of execution.
    expect(await pdf('&lang=en')).not.toContain(en.execution_title);
    const form = await multipart({ 'usage.csv': readFileSync(path.join(landscape, 'usage.csv')) });
    const up = await t.app.inject({ method: 'POST', url: `/api/system-periods/${period}/usage`, headers: { authorization: `Bearer ${admin}`, ...form.headers }, payload: form.payload });
    expect(up.statusCode).toBe(202);
    await waitFor(() => call('GET', `/api/system-periods/${period}/usage`, admin).then((r) => r.body), (u) => u.status !== 'importing', 120_000);
    const created = await call('POST', '/api/analyses', admin, { name: 'Kullanım 2026', systemPeriodId: period, riskPeriodId: rules, withUsage: true });
    expect(created.status).toBe(201);
    const usageRun = created.body.id as string;
    const done = await waitFor(() => call('GET', `/api/analyses/${usageRun}`, admin).then((r) => r.body), (a) => ['completed', 'failed'].includes(a.status), 120_000);
    expect(done.status).toBe('completed');
    const counted = async (where: string): Promise<number> => n(`SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND ${where}`, [usageRun]);
    const figures = { potential: await counted(`level = 'USER'`), full: await counted(`execution = 'FULL'`), partial: await counted(`execution = 'PARTIAL'`), none: await counted(`execution = 'NONE'`) };
    expect(figures.full).toBeGreaterThan(0);
    expect(figures.none).toBeGreaterThan(0);
    expect(figures.full + figures.partial + figures.none).toBe(figures.potential);
    const read = async (query: string) => {
      const r = await call('GET', `/api/analyses/${usageRun}/export?format=pdf${query}`, admin);
      expect(r.status).toBe(200);
      return pdfText(r.raw);
    };
    const num = new Intl.NumberFormat('en-GB');
    const text = await read('&lang=en');
    expect(text).toContain(en.execution_title);
    expect(text).toContain(`${en.execution_potential} ${num.format(figures.potential)}`);
    expect(text).toContain(`${en.execution_FULL} ${num.format(figures.full)}`);
    expect(text).toContain(`${en.execution_PARTIAL} ${num.format(figures.partial)}`);
    expect(text).toContain(`${en.execution_NONE} ${num.format(figures.none)}`);
    // Under the list's filter: only the fully executed findings.
    const onlyFull = await read(`&lang=en&filter=${q({ execution: ['FULL'] })}`);
    expect(onlyFull).toContain(`${en.execution_potential} ${num.format(figures.full)}`);
    expect(onlyFull).toContain(`${en.execution_NONE} 0`);
    // In Turkish too.
    const tr = REPORT_STRINGS.tr;
    expect(await read('')).toContain(`${tr.execution_FULL} ${new Intl.NumberFormat('tr-TR').format(figures.full)}`);
  }, 240_000);

  it('refuses an unknown language, format or filter field with a 400 naming it', async () => {
    const lang = await call('GET', `/api/analyses/${analysisId}/export?format=pdf&lang=fr`, admin);
    expect(lang).toMatchObject({ status: 400, body: { errors: { lang: expect.any(String) } } });
    const format = await call('GET', `/api/analyses/${analysisId}/export?format=docx`, admin);
    expect(format).toMatchObject({ status: 400, body: { errors: { format: expect.any(String) } } });
    const filter = await call('GET', `/api/analyses/${analysisId}/export?format=pdf&filter=${q({ nope: 1 })}`, admin);
    expect(filter.status).toBe(400);
    expect(filter.body.message).toContain('nope');
  });

  it('puts a SUMMARY sheet before the details in the xlsx, with the counts of the exported rows', async () => {
    const read = async (filter?: object) => {
      const r = await call('GET', `/api/analyses/${analysisId}/export?format=xlsx${filter ? `&filter=${q(filter)}` : ''}`, admin);
      expect(r.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.raw as unknown as ArrayBuffer);
      return wb;
    };
    const wb = await read();
    expect(wb.worksheets.map((s) => s.name)).toEqual(['SUMMARY', 'FINDINGS', 'WARNINGS']);
    const sheet = wb.getWorksheet('SUMMARY')!;
    const cells: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => cells.push((row.values as unknown[]).slice(1)));
    const value = (label: string) => cells.find((r) => r[0] === label)?.[1];
    /** The rows of one counts table (its header label) as [key, findings, open, accepted, mitigated, deactivated]. */
    const tableOf = (header: string) => {
      const start = cells.findIndex((r) => r[0] === header && r[1] === 'FINDINGS');
      const end = cells.findIndex((r, i) => i > start && r.length === 0);
      return cells.slice(start + 1, end === -1 ? undefined : end);
    };
    expect(value('CUSTOMER')).toBe(CUSTOMER);
    expect(value('SYSTEM_PERIOD')).toBe(PERIOD);
    expect(value('RULESET')).toBe(RULES);
    expect(value('ANALYSIS_DATE')).toBe(JUNE);
    expect(value('FINDINGS')).toBe(await count());
    expect(value('ACCEPTED')).toBe(await count('accepted'));
    expect(value('OPEN')).toBe((await count()) - (await count('accepted')));
    expect(cells.find((r) => r[0] === 'LEVEL' && r[1] === 'FINDINGS')).toEqual(['LEVEL', 'FINDINGS', 'OPEN', 'ACCEPTED', 'MITIGATED', 'DEACTIVATED']);
    for (const [level, findings, open, accepted, mitigated, deactivated] of tableOf('LEVEL')) {
      expect(findings).toBe(await count('level = $2', [level]));
      expect(accepted).toBe(await count('level = $2 AND accepted', [level]));
      expect([mitigated, deactivated]).toEqual([0, 0]);
      expect(open).toBe((findings as number) - (accepted as number));
    }
    for (const [riskLevel, findings] of tableOf('RISK_LEVEL')) expect(findings).toBe(await count('risk_level = $2', [riskLevel]));
    const processes = tableOf('BUSINESS_PROCESS');
    expect(processes.length).toBe(await n('SELECT count(DISTINCT business_process)::int AS n FROM findings WHERE analysis_id = $1', [analysisId]));
    for (const [p, findings] of processes) expect(findings).toBe(await count('business_process = $2', [p]));
    // The list's filter applies to the summary as to the details.
    const roles = await read({ level: ['ROLE'] });
    const rolesSummary: unknown[][] = [];
    roles.getWorksheet('SUMMARY')!.eachRow((row) => rolesSummary.push((row.values as unknown[]).slice(1)));
    expect(rolesSummary.find((r) => r[0] === 'FINDINGS')?.[1]).toBe(await count(`level = 'ROLE'`));
    expect(rolesSummary.find((r) => r[0] === 'FILTER')?.[1]).toBe(JSON.stringify({ level: ['ROLE'] }));
  });
}

describe('PDF report and xlsx summary on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('PDF report and xlsx summary on PostgreSQL', () => suite(postgresDatabase()));
