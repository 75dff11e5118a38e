import { describe, expect, it } from 'vitest';
import { findingsResource } from '../../../server/modules/analyses/findings-resource.ts';
import { recordSelect } from '../../../server/resources/define-resource.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { listPageApp } from './list-page-app.ts';

// Every kind of value a finding holds: nested provenance, text arrays with quotes, commas,
// braces and non-ASCII, nulls, numbers in JSON, generated columns (status, execution rank).
const PROVENANCE = [
  {
    functionId: 'F1',
    actions: [{ action: 'FB60', path: ['R:Z_AP "clerk"', 'P:{SAP_ALL}'] }],
    permissions: [{ source: 'R:Z_AP', object: 'F_BKPF_BUK', auth: 'T-1', values: { BUKRS: ['1000', '*'], ACTVT: ['01'] }, weight: 1.5, n: 10 }],
  },
  { functionId: 'F2', actions: [], permissions: [], note: 'Çalışan öğesi – äöü ✓' },
];

/** The finding rows of the test, as SQL values; the first holder sorts first. */
const ROWS: unknown[][] = [
  ['ALICE', 'R1', 'HIGH', '[]', '{}', '{}', null, null, null, null, false, null],
  ['BOB', 'R1', 'HIGH', JSON.stringify(PROVENANCE), '{"BUKRS=1000","a,b","q\\"uote","{br}"}', '{Z_AP,"Z B"}', 'FULL', 'Remove Z_AP', '{"FB60":{"count":3,"last":"2026-01-02"}}', 'ok "quoted"', true, 'auditor'],
  ['CAROL', 'R1', 'HIGH', '[{"functionId":"F9"}]', '{}', '{}', 'NONE', null, '{}', null, false, null],
  ['DAVE', 'R2', 'LOW', '[]', '{}', '{}', 'PARTIAL', null, null, null, false, null],
];

function findingsPageSuite(target: TestDatabase): void {
  const page = listPageApp(target, 'findings', async (db, customerId, f) => {
    for (const [holder, riskId, riskLevel, provenance, orgValues, controls, execution, remediation, usage, message, accepted, acceptedBy] of ROWS) {
      await db.query(
        `INSERT INTO findings (customer_id, analysis_id, level, holder, holder_name, risk_id, risk_description, risk_level, risk_type, business_process,
           functions, sources, provenance, org_values, controls, execution, remediation, usage, message, accepted, accepted_by, meeting_roles)
         VALUES ($1, $2, 'USER', $3, $4, $5, 'Pay and post – "both"', $6, 'SOD', 'P2P', 'F1:FB60', 'R:Z_AP', $7, $8, $9, $10, $11, $12, $13, $14, $15, '{Z_AP}')`,
        [customerId, f.analysisId, holder, `${String(holder)} Ünal`, riskId, riskLevel, provenance, orgValues, controls, execution, remediation, usage, message, accepted, acceptedBy],
      );
    }
  });
  const { list, statementsDuring } = page;

  /** The page as the list answered it before (rows read by the driver, then JSON.stringify). */
  const oldShape = async (where: string, params: unknown[], order: string, limit: number, offset: number) =>
    JSON.parse(
      JSON.stringify(
        (await page.db.query(`SELECT ${recordSelect(findingsResource)} FROM findings WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, params)).rows,
      ),
    ) as Record<string, unknown>[];

  it('answers a filtered page with the same keys, in the same order, and the same values as the records read row by row', async () => {
    const r = await list({ analysisId: page.fixtures.analysisId, riskId: ['R1'] }, ['holder', 'ASC'], [0, 24]);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['content-range']).toBe('findings 0-2/3');
    const expected = await oldShape(`analysis_id = $1 AND risk_id = 'R1'`, [page.fixtures.analysisId], 'holder ASC, id ASC', 25, 0);
    const records = r.json() as Record<string, unknown>[];
    expect(records.map((f) => f.holder)).toEqual(['ALICE', 'BOB', 'CAROL']);
    expect(records).toEqual(expected);
    for (const [i, record] of records.entries()) expect(Object.keys(record)).toEqual(Object.keys(expected[i]));
    expect(Object.keys(records[0])).toEqual(Object.keys(findingsResource.columns));
    expect(records[1].functions).toEqual(PROVENANCE);
    expect(records[1].orgValues).toEqual(['BUKRS=1000', 'a,b', 'q"uote', '{br}']);
  });

  it('keeps the order and the offset of the page, and an empty page is []', async () => {
    const r = await list({ analysisId: page.fixtures.analysisId }, ['executionRank', 'DESC'], [1, 2]);
    expect(r.headers['content-range']).toBe('findings 1-2/4');
    expect(r.json()).toEqual(await oldShape('analysis_id = $1', [page.fixtures.analysisId], 'execution_rank DESC NULLS LAST, id DESC', 2, 1));
    const empty = await list({ analysisId: page.fixtures.analysisId, riskId: ['NONE'] }, ['holder', 'ASC'], [0, 24]);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('[]');
    expect(empty.headers['content-range']).toBe('findings */0');
  });

  it('reads a page and its total in one database statement, and the page as JSON text', async () => {
    const seen = await statementsDuring(async () => {
      const r = await list({ analysisId: page.fixtures.analysisId, level: ['USER'] }, ['holder', 'ASC'], [0, 1]);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-range']).toBe('findings 0-1/4');
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toHaveLength(1);
    expect(typeof (seen[0][0] as { records: unknown }).records).toBe('string');
  });

  it('pages a search from its ids kept in order: every page is its slice of the whole search, the list read once', async () => {
    const filter = { analysisId: page.fixtures.analysisId, q: 'r1' };
    const whole = await oldShape(
      `analysis_id = $1 AND (holder ILIKE $2 OR risk_id ILIKE $2 OR business_process ILIKE $2)`,
      [page.fixtures.analysisId, '%r1%'],
      'holder DESC, id DESC',
      100,
      0,
    );
    expect(whole.map((f) => f.holder)).toEqual(['CAROL', 'BOB', 'ALICE']);
    const seen = await statementsDuring(async () => {
      for (const [from, to] of [[0, 1], [1, 2], [2, 9], [5, 9]] as const) {
        const r = await list(filter, ['holder', 'DESC'], [from, to]);
        expect(r.statusCode).toBe(200);
        expect(r.json()).toEqual(whole.slice(from, to + 1));
        expect(r.headers['content-range']).toBe(from < whole.length ? `findings ${from}-${Math.min(to, whole.length - 1)}/3` : 'findings */3');
      }
    });
    // The ids of the search once, then one statement per page reading its rows by id.
    expect(seen).toHaveLength(5);
    expect(seen[0]).toEqual(whole.map((f) => ({ id: f.id })));
    // Another search is a list of its own; a search finding nothing is an empty page.
    const other = await list({ analysisId: page.fixtures.analysisId, q: 'DAVE' }, ['holder', 'DESC'], [0, 9]);
    expect((other.json() as { holder: string }[]).map((f) => f.holder)).toEqual(['DAVE']);
    const none = await list({ analysisId: page.fixtures.analysisId, q: 'nobody' }, ['holder', 'DESC'], [0, 9]);
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('[]');
    expect(none.headers['content-range']).toBe('findings */0');
  });

  it('answers a filter value of the wrong type for its column with 400 naming the filter, searched or not (PGlite checks types itself)', async () => {
    for (const filter of [{ q: 'r1', analysisId: 'not-a-uuid' }, { analysisId: page.fixtures.analysisId, accepted: 'maybe' }, { q: 'r1', analysisId: page.fixtures.analysisId, accepted: 'maybe' }]) {
      const r = await list(filter, ['holder', 'ASC'], [0, 9]);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('The filter parameter has a value of the wrong type');
    }
  });
}

describe('findings pages on PGlite', () => findingsPageSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('findings pages on PostgreSQL', () => findingsPageSuite(postgresDatabase('segra_findings_page')));
