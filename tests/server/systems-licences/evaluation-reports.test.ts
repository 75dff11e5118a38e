import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDINGS_CSV_COLUMNS } from '../../../engine/output/findings-csv.ts';
import { buildApp } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { config, fixtures, licenceFile } from '../resource-samples.ts';

/*
 * Issue 27 item 4: a customer in evaluation (no licence file) gets reports that say so: the PDF
 * cover and the XLSX summary. The CSV stays the command line's, column for column.
 */

async function pdfText(raw: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(raw)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function summary(raw: Buffer): Promise<Map<unknown, unknown>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw as never);
  const rows = new Map<unknown, unknown>();
  book.getWorksheet('SUMMARY')!.eachRow((row) => {
    const v = row.values as unknown[];
    if (!rows.has(v[1])) rows.set(v[1], v[2]);
  });
  return rows;
}

function suite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let admin: string;
  let superAdmin: string;
  let customerId: string;
  let analysisId: string;
  const exported = async (format: string, lang = 'tr') => {
    const r = await app.inject({ method: 'GET', url: `/api/analyses/${analysisId}/export?format=${format}&lang=${lang}`, headers: { authorization: `Bearer ${admin}` } });
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    return r.rawPayload;
  };

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    customerId = (await db.query<{ id: string }>(`INSERT INTO customers (name) VALUES ('Değer A.Ş.') RETURNING id`)).rows[0].id;
    ({ analysisId } = await fixtures(db, customerId));
    await db.query(
      `INSERT INTO findings (customer_id, analysis_id, level, holder, risk_id, risk_level, risk_type, business_process, functions, sources, provenance)
       VALUES ($1, $2, 'USER', 'ALI', 'R1', 'HIGH', 'SOD', 'P2P', 'F1:FB60', 'R:Z', '[]')`,
      [customerId, analysisId],
    );
    admin = app.signAccessToken({ sub: crypto.randomUUID(), name: 'a', email: 'a@eval.test', customerId, Role: 'Admin', permissions: {} } as never);
    superAdmin = app.signAccessToken({ sub: crypto.randomUUID(), name: 's', email: 's@eval.test', customerId: null, Role: 'SuperAdmin', permissions: {} } as never);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  it('marks the PDF cover and the XLSX summary "evaluation" until a licence is uploaded; the CSV keeps its columns', async () => {
    const csvBefore = (await exported('csv')).toString();
    expect(await pdfText(await exported('pdf', 'tr'))).toContain('DEĞERLENDİRME SÜRÜMÜ');
    expect(await pdfText(await exported('pdf', 'en'))).toContain('EVALUATION');
    expect(await pdfText(await exported('pdf', 'de'))).toContain('TESTVERSION');
    expect((await summary(await exported('xlsx'))).get('LICENCE')).toBe('EVALUATION');

    const lic = await app.inject({
      method: 'POST',
      url: '/api/licences',
      payload: { customerId, file: licenceFile('Değer A.Ş.') },
      headers: { authorization: `Bearer ${superAdmin}` },
    });
    expect(lic.statusCode, lic.body).toBe(201);
    const pdf = await pdfText(await exported('pdf', 'tr'));
    expect(pdf).not.toContain('DEĞERLENDİRME');
    expect(pdf).toContain('Değer A.Ş.');
    expect((await summary(await exported('xlsx'))).get('LICENCE')).toBe('LICENSED');
    // The CSV starts with the command line's columns (DESIGN 11), then the decisions: no marking, the same text either way.
    expect((await exported('csv')).toString()).toBe(csvBefore);
    expect(csvBefore.split('\n')[0].startsWith(`${FINDINGS_CSV_COLUMNS.join(',')},`)).toBe(true);
  });
}

describe('evaluation on the reports on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('evaluation on the reports on PostgreSQL', () => suite(postgresDatabase()));
