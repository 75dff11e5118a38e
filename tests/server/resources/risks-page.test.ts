import { describe, expect, it } from 'vitest';
import { risksResource } from '../../../server/modules/risk-periods/ruleset-resources.ts';
import { recordSelect } from '../../../server/resources/define-resource.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { listPageApp } from './list-page-app.ts';

// Timestamps whose milliseconds a rounding (rather than the driver's truncation) would change,
// one in a zone other than UTC, and text arrays with the characters a SQL array quotes.
const ROWS: [string, string, string[], string[], string][] = [
  ['R-A', '2026-01-02 03:04:05.999999+00', ['F1', 'F "2"'], [], 'Çalışan – "quoted"'],
  ['R-B', '2026-01-02 03:04:05.000001+00', ['F1,x', '{F3}'], ['BUKRS', 'WERKS'], ''],
  ['R-C', '1999-12-31 23:59:59.2915+03', ['F\\4'], ['BUKRS'], 'ö'],
  ['R-D', '2026-06-30 12:00:00+00', ['F1'], [], 'plain'],
];

function risksPageSuite(target: TestDatabase): void {
  const page = listPageApp(target, 'risks', async (db, customerId, f) => {
    for (const [riskId, at, functionIds, orgFields, description] of ROWS) {
      await db.query(
        `INSERT INTO risks (customer_id, risk_period_id, risk_id, description, risk_type, risk_level, function_ids, org_fields, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'SOD', 'HIGH', $5, $6, $7, $7::timestamptz + interval '1.0005 seconds')`,
        [customerId, f.riskPeriodId, riskId, description, functionIds, orgFields, at],
      );
    }
  });
  const { list, statementsDuring } = page;

  /** The page as the list answered it before: rows read by the driver, dates as toISOString. */
  const oldShape = async (order: string, limit: number, offset: number) =>
    JSON.parse(
      JSON.stringify(
        (await page.db.query(`SELECT ${recordSelect(risksResource)} FROM risks WHERE risk_period_id = $1 ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, [page.fixtures.riskPeriodId])).rows,
      ),
    ) as Record<string, unknown>[];

  it('answers the same records, keys in the same order, as read row by row, timestamps to the millisecond included', async () => {
    const r = await list({ riskPeriodId: page.fixtures.riskPeriodId }, ['riskId', 'ASC'], [0, 24]);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-range']).toBe('risks 0-3/4');
    const records = r.json() as Record<string, unknown>[];
    const expected = await oldShape('risk_id ASC, id ASC', 25, 0);
    expect(records).toEqual(expected);
    // Byte for byte what JSON.stringify wrote: no space the database's json_build_object would add.
    expect(r.body).toBe(JSON.stringify(expected));
    for (const [i, record] of records.entries()) expect(Object.keys(record)).toEqual(Object.keys(expected[i]));
    expect(records.map((p) => p.createdAt)).toEqual(['2026-01-02T03:04:05.999Z', '2026-01-02T03:04:05.000Z', '1999-12-31T20:59:59.291Z', '2026-06-30T12:00:00.000Z']);
    expect(records.map((p) => p.updatedAt)).toEqual(['2026-01-02T03:04:07.000Z', '2026-01-02T03:04:06.000Z', '1999-12-31T21:00:00.292Z', '2026-06-30T12:00:01.000Z']);
    expect(records[1].functionIds).toEqual(['F1,x', '{F3}']);
    expect(records[1].orgFields).toEqual(['BUKRS', 'WERKS']);
  });

  it('refuses a filter on a name every object has (constructor, toString) as an unknown field: 400, not 500', async () => {
    for (const field of ['constructor', 'toString', '__proto__']) {
      const r = await list({ riskPeriodId: page.fixtures.riskPeriodId, [field]: 1 }, ['riskId', 'ASC'], [0, 24]);
      expect(r.statusCode, field).toBe(400);
      expect(r.json().message).toBe(`The filter parameter has an unknown field: ${field}`);
    }
  });

  it('keeps the sort and the offset, and answers one statement whose page is JSON text', async () => {
    let r!: Awaited<ReturnType<typeof list>>;
    const seen = await statementsDuring(async () => {
      r = await list({ riskPeriodId: page.fixtures.riskPeriodId }, ['createdAt', 'DESC'], [1, 2]);
    });
    expect(r.headers['content-range']).toBe('risks 1-2/4');
    expect(r.json()).toEqual(await oldShape('created_at DESC NULLS LAST, id DESC', 2, 1));
    expect(seen).toHaveLength(1);
    expect(typeof (seen[0][0] as { records: unknown }).records).toBe('string');
  });
}

describe('risk pages on PGlite', () => risksPageSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('risk pages on PostgreSQL', () => risksPageSuite(postgresDatabase('segra_risks_page')));
