/**
 * What a cross-system analysis (DESIGN 5.18, issue 32) shows where a result is read, on PGlite
 * and PostgreSQL: the engine's cross-system warnings stored on the analysis (as `segra analyze
 * --system …` prints them), the systems and the cross-system flag in the xlsx and the PDF, the
 * dashboard, the comparison, the risk approval report per person, and a simulation in a chosen
 * system. An analysis of one system answers as before.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateSystems } from '../../../generator/systems.ts';
import { REPORT_STRINGS } from '../../../server/modules/analyses/pdf/report-strings.ts';
import { multipart, seedCustomer, waitFor, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { caller, completedAnalysis, importedRiskPeriod, reportsApp, zipFolder, uploadedSystemPeriod, type Caller } from './reports-harness.ts';

const BIN = path.resolve('bin/segra.js');
const DATE = '2026-06-30';
const work = mkdtempSync(path.join(tmpdir(), 'segra-cross-reports-'));
const landscape = path.join(work, 'landscape');
const userMapFile = path.join(work, 'user-map.csv');
let cliWarnings: string[] = [];

type Warning = { code: string; table: string; count: number; examples: string[] };
const brief = (warnings: Warning[]) => warnings.map((w) => `${w.code} ${w.table} ${w.count}`).sort();

beforeAll(async () => {
  await generateSystems({ size: 'S', systems: 2, seed: 11, outDir: landscape });
  // The generated mapping plus a system not analysed and a user ERP does not have: both said, never dropped.
  writeFileSync(userMapFile, `${readFileSync(path.join(landscape, 'user-map.csv'), 'utf8').trimEnd()}\nHCM,ANYONE,P1\nERP,NOBODY_HERE,P2\n`);
  const run = spawnSync(
    process.execPath,
    [BIN, 'analyze', '--system', `ERP=${path.join(landscape, 'ERP')}`, '--system', `SRM=${path.join(landscape, 'SRM')}`, '--rules', path.join(landscape, 'rules'),
      '--user-map', userMapFile, '--date', DATE.replace(/-/g, '')],
    { encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  cliWarnings = [...run.stderr.matchAll(/^warning (\S+) (\S+) \((\d+)\)/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`).sort();
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The text of a PDF, pages joined, whitespace runs as one space. */
async function pdfText(raw: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(raw));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let call: Caller;
  let admin: string;
  let erpPeriod: string;
  let srmPeriod: string;
  let rules: string;
  let crossId: string;
  let erpId: string;

  const crossAnalysis = async (name: string, systemPeriodId: string, others: string[]): Promise<string> => {
    const created = await call('POST', '/api/analyses', admin, { name, systemPeriodId, riskPeriodId: rules, otherSystemPeriodIds: others });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const done = await waitFor(() => call('GET', `/api/analyses/${created.body.id}`, admin).then((r) => r.body), (a) => ['completed', 'failed', 'canceled'].includes(a.status), 180_000);
    expect(done).toMatchObject({ status: 'completed', error: null });
    return created.body.id as string;
  };

  beforeAll(async () => {
    db = await target.open();
    t = await reportsApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    call = caller(t);
    const A = await seedCustomer(db, 'Acme');
    admin = t.token('Admin', A.customerId);
    await db.query(`UPDATE systems SET sid = 'ERP' WHERE id = $1`, [A.systemId]);
    const srm = (
      await db.query<{ id: string }>(
        `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'SRM', 'SRM 7.0', 'HW', '0020123457', '01') RETURNING id`,
        [A.customerId],
      )
    ).rows[0].id;
    erpPeriod = await uploadedSystemPeriod(t, admin, A.systemId, 'June ERP', DATE, { 'extract.zip': zipFolder(path.join(landscape, 'ERP')) });
    srmPeriod = await uploadedSystemPeriod(t, admin, srm, 'June SRM', DATE, { 'extract.zip': zipFolder(path.join(landscape, 'SRM')) });
    rules = await importedRiskPeriod(t, admin, 'Cross rules', DATE, path.join(landscape, 'rules'));
    const form = await multipart({ 'user-map.csv': readFileSync(userMapFile) });
    const mapped = await t.app.inject({ method: 'POST', url: '/api/user-map', headers: { authorization: `Bearer ${admin}`, ...form.headers }, payload: form.payload });
    expect(mapped.statusCode, mapped.body).toBe(200);
    crossId = await crossAnalysis('ERP + SRM', erpPeriod, [srmPeriod]);
    erpId = await completedAnalysis(t, admin, 'ERP alone', erpPeriod, rules);
  }, 400_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  describe('warnings', () => {
    it('the analysis carries the engine\'s cross-system warnings with the inputs\', the set segra analyze --system … prints', async () => {
      const a = (await call('GET', `/api/analyses/${crossId}`, admin)).body as { warnings: Warning[] };
      expect(brief(a.warnings)).toEqual(cliWarnings);
      expect(a.warnings).toContainEqual({ code: 'USER_MAP_SYSTEM_NOT_ANALYSED', table: 'USER_MAP', count: 1, examples: ['HCM/ANYONE'] });
      expect(a.warnings).toContainEqual({ code: 'USER_MAP_USER_UNKNOWN', table: 'USER_MAP', count: 1, examples: ['ERP/NOBODY_HERE'] });
    });

    it('an analysis of one system carries none of them', async () => {
      const a = (await call('GET', `/api/analyses/${erpId}`, admin)).body as { warnings: Warning[] };
      expect(a.warnings.filter((w) => w.code.startsWith('USER_MAP') || w.code === 'SYSTEM_NOT_ANALYSED')).toEqual([]);
      expect(a.warnings.every((w) => !w.table.startsWith('ERP/'))).toBe(true);
    });
  });

  const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));
  const xlsx = async (id: string) => {
    const r = await call('GET', `/api/analyses/${id}/export?format=xlsx`, admin);
    expect(r.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.raw as unknown as ArrayBuffer);
    return book;
  };
  const crossCount = async (id: string) => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND cross_system', [id])).rows[0].n);

  describe('exports and the PDF', () => {
    it('the xlsx names the systems in SUMMARY, counts the cross-system findings and gives each finding the systems that met it', async () => {
      const book = await xlsx(crossId);
      const summary = book.getWorksheet('SUMMARY')!;
      const cells = new Map<string, unknown>();
      summary.eachRow((row) => cells.set(String(row.getCell(1).value), row.getCell(2).value));
      expect(cells.get('SYSTEMS')).toBe(`ERP: June ERP (${DATE}); SRM: June SRM (${DATE})`);
      expect(cells.get('CROSS_SYSTEM')).toBe(await crossCount(crossId));
      const sheet = book.getWorksheet('FINDINGS')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header.at(-1)).toBe('SYSTEMS');
      const col = (name: string) => header.indexOf(name) + 1;
      let planted = 0;
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        const systems = String(row.getCell(col('SYSTEMS')).value ?? '');
        if (row.getCell(col('CROSS_SYSTEM')).value === 'X') expect(systems.split(';').length).toBeGreaterThan(1);
        if (row.getCell(col('LEVEL')).value === 'ROLE') expect(systems).toBe(String(row.getCell(col('ID')).value).split('/')[0]);
        if (row.getCell(col('ID')).value === 'XS_PERSON2' && row.getCell(col('RISK_ID')).value === 'XS_SOD1') {
          planted++;
          expect(systems).toBe('ERP;SRM');
        }
      });
      expect(planted).toBe(1);
    });

    it("the xlsx of an analysis of one system has neither SYSTEMS nor a CROSS_SYSTEM count", async () => {
      const book = await xlsx(erpId);
      const firsts: string[] = [];
      book.getWorksheet('SUMMARY')!.eachRow((row) => firsts.push(String(row.getCell(1).value)));
      expect(firsts).not.toContain('SYSTEMS');
      expect(firsts).not.toContain('CROSS_SYSTEM');
      expect((book.getWorksheet('FINDINGS')!.getRow(1).values as unknown[]).at(-1)).toBe('CONTROLS');
    });

    it('the PDF names every system with its period, counts the cross-system findings and says which system met each function', async () => {
      const en = REPORT_STRINGS.en;
      const r = await call('GET', `/api/analyses/${crossId}/export?format=pdf&lang=en&filter=${q({ crossSystem: true, riskId: 'XS_SOD1' })}`, admin);
      expect(r.status).toBe(200);
      const text = await pdfText(r.raw as Buffer);
      expect(text).toContain(en.cover_systems);
      expect(text).toContain('ERP (S/4HANA): June ERP');
      expect(text).toContain('SRM (SRM 7.0): June SRM');
      expect(text).toContain(`${en.filter_crossSystem}: ${en.yes}`);
      const planted = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND cross_system AND risk_id = 'XS_SOD1'`, [crossId])).rows[0].n);
      expect(planted).toBeGreaterThan(0);
      expect(text).toContain(`${en.cross_system_findings} ${planted}`);
      expect(text).toContain('XS_F_VEND:ZXS_VEND (ERP)');
      expect(text).toContain('XS_F_PAY:ZXS_PAY (SRM)');
      expect(text).toContain(en.cross_system_mark.replace('{systems}', 'ERP, SRM'));
      const de = await call('GET', `/api/analyses/${crossId}/export?format=pdf&lang=de&filter=${q({ crossSystem: true })}`, admin);
      expect(await pdfText(de.raw as Buffer)).toContain(REPORT_STRINGS.de.cover_systems);
    });

    it('the PDF of an analysis of one system names its system and period as before, and no cross-system count', async () => {
      const en = REPORT_STRINGS.en;
      const r = await call('GET', `/api/analyses/${erpId}/export?format=pdf&lang=en`, admin);
      const text = await pdfText(r.raw as Buffer);
      expect(text).toContain(`${en.cover_system_period} June ERP`);
      expect(text).not.toContain(en.cover_systems);
      expect(text).not.toContain(en.cross_system_findings);
    });
  });

  describe('dashboard', () => {
    it('names the systems of a cross-system analysis and counts its cross-system findings by status', async () => {
      const r = await call('GET', `/api/reports/dashboard?analysisId=${crossId}`, admin);
      expect(r.status).toBe(200);
      expect(r.body.systems).toEqual([
        { sid: 'ERP', systemPeriodName: 'June ERP', periodDate: DATE },
        { sid: 'SRM', systemPeriodName: 'June SRM', periodDate: DATE },
      ]);
      const n = await crossCount(crossId);
      expect(n).toBeGreaterThan(0);
      expect(r.body.crossSystem).toEqual({ findings: n, accepted: 0, mitigated: 0, deactivated: 0, open: n });
    });

    it('answers an analysis of one system as before, without systems or cross-system counts', async () => {
      const r = await call('GET', `/api/reports/dashboard?analysisId=${erpId}`, admin);
      expect(r.status).toBe(200);
      expect(r.body).not.toHaveProperty('systems');
      expect(r.body).not.toHaveProperty('crossSystem');
    });
  });

  type Row = { level: string; holder: string; riskId: string; status: string; systems?: string[]; crossSystem?: boolean };
  const compare = async (left: string, right: string, extra = '') => {
    const r = await call('GET', `/api/analyses/compare?left=${left}&right=${right}${extra}`, admin);
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    return r.body as { left: { systems?: string[] }; right: { systems?: string[] }; rows: Row[]; summary: Record<string, number> };
  };

  describe('comparison', () => {
    it('names the systems of each side and of each row; a role of the one-system side is the same role of its system', async () => {
      const c = await compare(erpId, crossId);
      expect(c.left.systems).toEqual(['ERP']);
      expect(c.right.systems).toEqual(['ERP', 'SRM']);
      for (const row of c.rows) {
        expect(row.systems!.length).toBeGreaterThan(0);
        if (row.level !== 'USER') expect(row.holder.split('/')[0]).toBe(row.systems![0]);
      }
      // Every ERP role finding of both analyses is the same finding: unchanged, not resolved and new.
      const both = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM findings o JOIN findings x ON x.analysis_id = $2 AND x.level = 'ROLE' AND x.holder = 'ERP/' || o.holder AND x.risk_id = o.risk_id
         WHERE o.analysis_id = $1 AND o.level = 'ROLE'`,
        [erpId, crossId],
      );
      expect(both.rows[0].n).toBeGreaterThan(0);
      expect(c.rows.filter((r) => r.level === 'ROLE' && r.status === 'unchanged')).toHaveLength(both.rows[0].n);
      const planted = c.rows.find((r) => r.holder === 'XS_PERSON2' && r.riskId === 'XS_SOD1')!;
      expect(planted).toMatchObject({ status: 'new', systems: ['ERP', 'SRM'], crossSystem: true });
      const cross = await compare(erpId, crossId, `&filter=${q({ crossSystem: true })}`);
      expect(cross.rows.length).toBe(await crossCount(crossId));
    });

    it('never takes a cross-system finding for the same person\'s finding of one system', async () => {
      // XS_AMUELLER of ERP is the person XS_PERSON2 (user mapping): give the ERP analysis their XS_SOD1 met in ERP alone.
      await db.query(
        `INSERT INTO findings (customer_id, analysis_id, level, holder, risk_id, risk_level, risk_type, business_process, functions, sources, provenance, holder_name, risk_description, user_type)
         SELECT customer_id, $2, level, 'XS_AMUELLER', risk_id, risk_level, risk_type, business_process, functions, '', '[]'::jsonb, '', risk_description, 'A'
         FROM findings WHERE analysis_id = $1 AND holder = 'XS_PERSON2' AND risk_id = 'XS_SOD1'`,
        [crossId, erpId],
      );
      try {
        const rows = (await compare(erpId, crossId)).rows.filter((r) => r.holder === 'XS_PERSON2' && r.riskId === 'XS_SOD1');
        expect(rows.map((r) => [r.status, r.systems, r.crossSystem]).sort()).toEqual([
          ['new', ['ERP', 'SRM'], true],
          ['resolved', ['ERP'], false],
        ]);
      } finally {
        await db.query(`DELETE FROM findings WHERE analysis_id = $1 AND holder = 'XS_AMUELLER' AND risk_id = 'XS_SOD1'`, [erpId]);
      }
    });

    it('exports the systems and the flag last; a comparison of analyses of one system answers as before', async () => {
      const csv = await call('GET', `/api/analyses/compare?left=${erpId}&right=${crossId}&format=csv`, admin);
      const header = String(csv.body).split('\n')[0].split(',');
      expect(header.slice(-2)).toEqual(['SYSTEMS', 'CROSS_SYSTEM']);
      expect(String(csv.body)).toMatch(/\nUSER,XS_PERSON2,XS_SOD1,new,.*,ERP;SRM,X\n/);
      const same = await compare(erpId, erpId);
      expect(same.left).not.toHaveProperty('systems');
      expect(same.rows.every((r) => r.status === 'unchanged' && !('systems' in r) && !('crossSystem' in r))).toBe(true);
      const plain = await call('GET', `/api/analyses/compare?left=${erpId}&right=${erpId}&format=csv`, admin);
      expect(String(plain.body).split('\n')[0]).toBe(
        'LEVEL,ID,RISK_ID,STATUS,LEFT_RISK_LEVEL,RIGHT_RISK_LEVEL,LEVEL_CHANGED,LEFT_ORG_VALUES,RIGHT_ORG_VALUES,ORG_VALUES_CHANGED,LEFT_FINDING_STATUS,RIGHT_FINDING_STATUS,USER_TYPE',
      );
    });
  });

  describe('risk approval per person', () => {
    it('a user acceptance of a mapped person names its users in each system and accepts the person\'s cross-system finding', async () => {
      const users = (
        await db.query<{ u: string }>(`SELECT system || '/' || bname AS u FROM user_map_entries WHERE person = 'XS_PERSON2' ORDER BY system COLLATE "C", bname COLLATE "C"`)
      ).rows.map((r) => r.u);
      expect(users.length).toBeGreaterThan(1);
      const person = await call('POST', '/api/risk-acceptances', admin, { riskId: 'XS_SOD1', scope: 'user', holder: 'XS_PERSON2', message: 'dual control' });
      expect(person.status, JSON.stringify(person.body)).toBe(201);
      const bname = users.find((u) => u.startsWith('ERP/'))!.split('/')[1];
      const user = await call('POST', '/api/risk-acceptances', admin, { riskId: 'XS_SOD1', scope: 'user', holder: bname, message: 'ERP only' });
      expect(user.status).toBe(201);
      const global = await call('POST', '/api/risk-acceptances', admin, { riskId: 'XS_CP1', scope: 'global', holder: '', message: 'all' });
      try {
        const list = (await call('GET', '/api/risk-acceptances', admin)).body as Array<{ id: string; personUsers?: string[]; mappedTo?: string[] }>;
        expect(list.find((a) => a.id === person.body.id)).toMatchObject({ personUsers: users, mappedTo: [] });
        expect(list.find((a) => a.id === user.body.id)).toMatchObject({ personUsers: [], mappedTo: ['XS_PERSON2'] });
        expect(list.find((a) => a.id === global.body.id)).not.toHaveProperty('personUsers');
        const stored = await db.query<{ status: string }>(`SELECT status FROM findings WHERE analysis_id = $1 AND holder = 'XS_PERSON2' AND risk_id = 'XS_SOD1'`, [crossId]);
        expect(stored.rows.map((r) => r.status)).toEqual(['accepted']);
      } finally {
        for (const a of [person, user, global]) await call('DELETE', `/api/risk-acceptances/${a.body.id}`, admin);
      }
    });
  });
}

describe('cross-system reports on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('cross-system reports on PostgreSQL', () => suite(postgresDatabase()));
