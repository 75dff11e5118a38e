import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { risksResource } from '../../../server/modules/risk-periods/ruleset-resources.ts';
import { recordSelect } from '../../../server/resources/define-resource.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { config, fixtures } from '../resource-samples.ts';

// Timestamps whose milliseconds a rounding (rather than the driver's truncation) would change,
// one in a zone other than UTC, and text arrays with the characters a SQL array quotes.
const ROWS: [string, string, string[], string[], string][] = [
  ['R-A', '2026-01-02 03:04:05.999999+00', ['F1', 'F "2"'], [], 'Çalışan – "quoted"'],
  ['R-B', '2026-01-02 03:04:05.000001+00', ['F1,x', '{F3}'], ['BUKRS', 'WERKS'], ''],
  ['R-C', '1999-12-31 23:59:59.2915+03', ['F\\4'], ['BUKRS'], 'ö'],
  ['R-D', '2026-06-30 12:00:00+00', ['F1'], [], 'plain'],
];

function risksPageSuite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let token: string;
  let riskPeriodId: string;
  const customerId = crypto.randomUUID();

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Acme')`, [customerId]);
    riskPeriodId = (await fixtures(db, customerId)).riskPeriodId;
    for (const [riskId, at, functionIds, orgFields, description] of ROWS) {
      await db.query(
        `INSERT INTO risks (customer_id, risk_period_id, risk_id, description, risk_type, risk_level, function_ids, org_fields, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'SOD', 'HIGH', $5, $6, $7, $7::timestamptz + interval '1.0005 seconds')`,
        [customerId, riskPeriodId, riskId, description, functionIds, orgFields, at],
      );
    }
    token = app.signAccessToken({ sub: crypto.randomUUID(), name: 'a', email: 'a@test.local', customerId, Role: 'Admin', permissions: {} });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  const list = (filter: object, sort: [string, string], range: [number, number]) =>
    app.inject({
      method: 'GET',
      url: `/api/risks?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent(JSON.stringify(range))}`,
      headers: { authorization: `Bearer ${token}` },
    });

  /** The page as the list answered it before: rows read by the driver, dates as toISOString. */
  const oldShape = async (order: string, limit: number, offset: number) =>
    JSON.parse(
      JSON.stringify(
        (await db.query(`SELECT ${recordSelect(risksResource)} FROM risks WHERE risk_period_id = $1 ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, [riskPeriodId])).rows,
      ),
    ) as Record<string, unknown>[];

  it('answers the same records, keys in the same order, as read row by row, timestamps to the millisecond included', async () => {
    const r = await list({ riskPeriodId }, ['riskId', 'ASC'], [0, 24]);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-range']).toBe('risks 0-3/4');
    const page = r.json() as Record<string, unknown>[];
    const expected = await oldShape('risk_id ASC, id ASC', 25, 0);
    expect(page).toEqual(expected);
    // Byte for byte what JSON.stringify wrote: no space the database's json_build_object would add.
    expect(r.body).toBe(JSON.stringify(expected));
    for (const [i, record] of page.entries()) expect(Object.keys(record)).toEqual(Object.keys(expected[i]));
    expect(page.map((p) => p.createdAt)).toEqual(['2026-01-02T03:04:05.999Z', '2026-01-02T03:04:05.000Z', '1999-12-31T20:59:59.291Z', '2026-06-30T12:00:00.000Z']);
    expect(page.map((p) => p.updatedAt)).toEqual(['2026-01-02T03:04:07.000Z', '2026-01-02T03:04:06.000Z', '1999-12-31T21:00:00.292Z', '2026-06-30T12:00:01.000Z']);
    expect(page[1].functionIds).toEqual(['F1,x', '{F3}']);
    expect(page[1].orgFields).toEqual(['BUKRS', 'WERKS']);
  });

  it('refuses a filter on a name every object has (constructor, toString) as an unknown field: 400, not 500', async () => {
    for (const field of ['constructor', 'toString', '__proto__']) {
      const r = await list({ riskPeriodId, [field]: 1 }, ['riskId', 'ASC'], [0, 24]);
      expect(r.statusCode, field).toBe(400);
      expect(r.json().message).toBe(`The filter parameter has an unknown field: ${field}`);
    }
  });

  it('keeps the sort and the offset, and answers one statement whose page is JSON text', async () => {
    const seen: unknown[][] = [];
    const query = db.query.bind(db);
    db.query = async <T,>(sql: string, params?: unknown[]) => {
      const result = await query<T>(sql, params);
      if (/\brisks\b/.test(sql)) seen.push(result.rows);
      return result;
    };
    let r;
    try {
      r = await list({ riskPeriodId }, ['createdAt', 'DESC'], [1, 2]);
    } finally {
      db.query = query;
    }
    expect(r.headers['content-range']).toBe('risks 1-2/4');
    expect(r.json()).toEqual(await oldShape('created_at DESC NULLS LAST, id DESC', 2, 1));
    expect(seen).toHaveLength(1);
    expect(typeof (seen[0][0] as { records: unknown }).records).toBe('string');
  });
}

describe('risk pages on PGlite', () => risksPageSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('risk pages on PostgreSQL', () => risksPageSuite(postgresDatabase('segra_risks_page')));
