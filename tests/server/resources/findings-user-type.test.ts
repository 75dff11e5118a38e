/**
 * The SAP user type of a finding's user (issue 27 item 6): the findings list shows it and filters
 * by it on the server, the xlsx export carries it (the CSV keeps `segra analyze`'s columns), and
 * migration 0034 fills it for findings stored before it from the analysed period's USR02.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { listPageApp } from './list-page-app.ts';

/** holder, level, stored user type (null: a role finding). */
const ROWS: [string, string, string | null][] = [
  ['ALICE', 'USER', 'A'],
  ['BOB', 'USER', 'A'],
  ['DDIC', 'USER', 'B'],
  ['KIOSK', 'USER', 'S'],
  ['RFC_BW', 'USER', 'C'],
  ['GHOST', 'USER', ''],
  ['Z_AP', 'ROLE', null],
];

/** The USR02 of the analysed period, in file order: GHOST is not in it; DDIC twice (first row wins). */
const USR02: [string, string][] = [
  ['ALICE', 'A'],
  ['BOB', 'a'],
  ['DDIC', 'B'],
  ['DDIC', 'A'],
  ['KIOSK', 'S'],
  ['RFC_BW', 'C'],
];

async function seed(db: Database, customerId: string, f: { analysisId: string; systemPeriodId: string }): Promise<void> {
  for (const [holder, level, userType] of ROWS) {
    await db.query(
      `INSERT INTO findings (customer_id, analysis_id, level, holder, risk_id, risk_level, risk_type, business_process, functions, sources, provenance, user_type)
       VALUES ($1, $2, $3, $4, 'R1', 'HIGH', 'SOD', 'P2P', 'F1:FB60', 'R:Z_AP', '[]', $5)`,
      [customerId, f.analysisId, level, holder, userType],
    );
  }
  const importId = crypto.randomUUID();
  for (const [seq, [bname, ustyp]] of USR02.entries()) {
    await db.query(
      `INSERT INTO sap_usr02 (import_id, seq, bname, ustyp, uflag, class, codvn) VALUES ($1, $2, $3, $4, 0, '', 'H')`,
      [importId, seq, bname, ustyp],
    );
  }
  await db.query('UPDATE system_periods SET data_import_id = $1 WHERE id = $2', [importId, f.systemPeriodId]);
}

function userTypeSuite(target: TestDatabase): void {
  const page = listPageApp(target, 'findings', seed);
  const holders = async (filter: object): Promise<string[]> => {
    const r = await page.list({ analysisId: page.fixtures.analysisId, ...filter }, ['holder', 'ASC'], [0, 24]);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { holder: string }[]).map((x) => x.holder);
  };

  it('answers each finding with its user type: the letter, empty when unknown, null for a role', async () => {
    const r = await page.list({ analysisId: page.fixtures.analysisId }, ['holder', 'ASC'], [0, 24]);
    const types = Object.fromEntries((r.json() as { holder: string; userType: string | null }[]).map((x) => [x.holder, x.userType]));
    expect(types).toEqual({ ALICE: 'A', BOB: 'A', DDIC: 'B', KIOSK: 'S', RFC_BW: 'C', GHOST: '', Z_AP: null });
  });

  it('filters by one or more user types on the server, the unknown type included, each filter a list (and kept page) of its own', async () => {
    // Asked one after the other with the same range: on PostgreSQL the pages are kept (kept-pages.ts), by filter.
    expect(await holders({ userType: ['A'] })).toEqual(['ALICE', 'BOB']);
    expect(await holders({ userType: ['B', 'S'] })).toEqual(['DDIC', 'KIOSK']);
    expect(await holders({ userType: [''] })).toEqual(['GHOST']);
    expect(await holders({ userType: ['A'] })).toEqual(['ALICE', 'BOB']);
    const counted = await page.list({ analysisId: page.fixtures.analysisId, userType: ['C'] }, ['holder', 'ASC'], [0, 0]);
    expect(counted.headers['content-range']).toBe('findings 0-0/1');
  });

  it('exports in xlsx the user type beside the holder and under the list filter; the CSV keeps the columns of `segra analyze`', async () => {
    const filter = encodeURIComponent(JSON.stringify({ userType: ['A', 'B'] }));
    const xlsx = await page.get(`/api/analyses/${page.fixtures.analysisId}/export?format=xlsx&filter=${filter}`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.getWorksheet('FINDINGS')!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header).toContain('USER_TYPE');
    const at = (name: string) => header.indexOf(name) + 1;
    const rows: [unknown, unknown][] = [];
    sheet.eachRow((row, n) => n > 1 && rows.push([row.getCell(at('ID')).value, row.getCell(at('USER_TYPE')).value]));
    expect(rows).toEqual([['ALICE', 'A'], ['BOB', 'A'], ['DDIC', 'B']]);
    const csv = await page.get(`/api/analyses/${page.fixtures.analysisId}/export?format=csv&filter=${filter}`);
    // The command line's columns, then the decisions (issue 27 item 3); no user type column.
    expect(csv.body.split('\n')[0]).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,FINDING_STATUS,ACCEPTED,ACCEPTED_BY');
    expect(csv.body.trim().split('\n')).toHaveLength(4);
  });

  it('migration 0034 fills the type of findings stored before it from the period USR02 (first row wins), unknown users empty, roles none', async () => {
    const { db } = page;
    await db.query('UPDATE findings SET user_type = NULL WHERE analysis_id = $1', [page.fixtures.analysisId]);
    const sql = readFileSync(path.resolve('server/db/migrations/0034_finding_user_type.sql'), 'utf8');
    for (const statement of sql.split(';').filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(s))) await db.query(statement);
    const { rows } = await db.query<{ holder: string; user_type: string | null }>('SELECT holder, user_type FROM findings WHERE analysis_id = $1', [page.fixtures.analysisId]);
    expect(Object.fromEntries(rows.map((r) => [r.holder, r.user_type]))).toEqual({ ALICE: 'A', BOB: 'A', DDIC: 'B', KIOSK: 'S', RFC_BW: 'C', GHOST: '', Z_AP: null });
  });
}

describe('findings by user type on PGlite', () => userTypeSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('findings by user type on PostgreSQL', () => userTypeSuite(postgresDatabase('segra_findings_user_type')));
