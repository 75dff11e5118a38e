import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { InputError } from '../../../server/importers/input-error.ts';
import { importFailure } from '../../../server/jobs/import-extract-job.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { folderFiles, multipart, pipelineApp, seedCustomer, waitFor, zipFolder, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { deflated, rawZip, repeated } from './zip-builder.ts';

// Issue 11 / DESIGN 7a: limits on what comes in.
const work = mkdtempSync(path.join(tmpdir(), 'segra-guards-'));
const landscape = path.join(work, 'landscape');

const HEADER = 'MANDT,AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH,DELETED\n';
const LINE = '100,Z_FI_AP_CLERK,S_TCODE,T-BW5C47I800,TCD,AR01,,\n';
const MIB_OF_ROWS = Buffer.from(LINE.repeat(Math.floor((1 << 20) / LINE.length)));
/** The small tables of a valid extract, for archives whose AGR_1251 is the weapon. */
let smallTables: ReturnType<typeof deflated>[];

beforeAll(async () => {
  await generateLandscape({ size: 'M', seed: 11, outDir: landscape });
  const files = folderFiles(path.join(landscape, 'system'));
  smallTables = Object.entries(files)
    .filter(([name]) => name !== 'AGR_1251.csv')
    .map(([name, data]) => deflated(name, new TextDecoder().decode(data)));
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('an import failure record', () => {
  it('shows the uploaded file’s own name, never a server path, and no raw database text', () => {
    const dir = '/srv/segra/data/uploads/1b4e28ba-2fa1-11d2-883f-0016d3cca427';
    const input = importFailure(new InputError('the mandatory table AGR_USERS is missing', { file: dir }), dir);
    expect(JSON.stringify(input)).not.toContain('/srv');
    expect(input.file).toBe('the upload');
    const nested = importFailure(new InputError('bad date', { file: `${dir}/AGR_USERS.csv`, line: 4, column: 'TO_DAT' }), dir);
    expect(nested).toEqual({ message: 'AGR_USERS.csv line 4, column TO_DAT: bad date', file: 'AGR_USERS.csv', line: 4, column: 'TO_DAT', status: 422, code: 'UNPROCESSABLE_UPLOAD' });
    const other = importFailure(new InputError('cannot be read: x', { file: '/home/x/extract/USR02.csv' }));
    expect(other.file).toBe('USR02.csv');
    const database = importFailure(
      Object.assign(new Error('duplicate key value violates unique constraint "sap_usr02_pkey"'), { code: '23505' }),
      dir,
    );
    expect(database.code).toBe('IMPORT_FAILED');
    expect(database.message).not.toMatch(/duplicate key|constraint|sap_usr02/);
  });
});

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;
  let customer: { customerId: string; systemId: string };
  let dataDir: string;

  const call = async (method: string, url: string, body?: unknown) => {
    const r = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${admin}` }, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: r.statusCode, body: r.json() };
  };
  const upload = async (periodId: string, files: Record<string, Uint8Array | string>) => {
    const form = await multipart(files);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/system-periods/${periodId}/extract`,
      headers: { authorization: `Bearer ${admin}`, ...form.headers },
      payload: form.payload,
    });
    return { status: r.statusCode, body: r.json() };
  };
  const newPeriod = async (): Promise<string> => {
    const r = await call('POST', '/api/system-periods', { name: `p-${crypto.randomUUID()}`, periodDate: '2026-06-30', systemId: customer.systemId });
    expect(r.status).toBe(201);
    return r.body.id;
  };
  const period = (id: string) => call('GET', `/api/system-periods/${id}`).then((r) => r.body);
  const uploadsLeft = () => (existsSync(path.join(dataDir, 'uploads')) ? readdirSync(path.join(dataDir, 'uploads')) : []);
  /** Every row and partition of the period tables, whatever import wrote it. */
  const storedRows = async () => ({
    agr1251: (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sap_agr_1251')).rows[0].n,
    usr02: (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sap_usr02')).rows[0].n,
    partitions: (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE 'sap_agr_1251_p%'`)).rows[0].n,
  });

  beforeAll(async () => {
    db = await target.open();
    dataDir = path.join(work, `data-${crypto.randomUUID()}`);
    t = await pipelineApp(db, dataDir);
    customer = await seedCustomer(db, 'Acme');
    admin = t.token('Admin', customer.customerId);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('refuses at once a 6 MB zip inflating to 2 GiB of valid rows (ratio), naming the file and the limit, keeping nothing', async () => {
    const periodId = await newPeriod();
    const before = await storedRows();
    const bomb = rawZip([...smallTables, repeated('AGR_1251.csv', Buffer.concat([Buffer.from(HEADER), MIB_OF_ROWS]), 1), repeated('AGR_1251b.csv', MIB_OF_ROWS, 2047)]);
    expect(bomb.length).toBeLessThan(8 << 20);
    const started = Date.now();
    const r = await upload(periodId, { 'bomb.zip': bomb });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'EXTRACT_RATIO' });
    expect(r.body.message).toMatch(/^The file bomb\.zip inflates \d+ times .*at most 100 times, MAX_EXTRACT_RATIO/);
    expect(await period(periodId)).toMatchObject({ status: 'empty', error: null });
    expect(uploadsLeft()).toEqual([]);
    expect(await storedRows()).toEqual(before);
  }, 60_000);

  it('refuses at once an archive that declares more than MAX_EXTRACT_MB inflated (413)', async () => {
    const periodId = await newPeriod();
    const tiny = deflated('AGR_1251.csv', HEADER);
    const huge = [0, 1, 2].map((i) => ({ ...tiny, name: `AGR_1251_${i}.csv`, declaredSize: 0xfff00000 }));
    const r = await upload(periodId, { 'huge.zip': rawZip([...smallTables, ...huge]) });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 'EXTRACT_TOO_LARGE' });
    expect(r.body.message).toMatch(/^The file huge\.zip inflates to \d+ MB, more than the limit of 8192 MB \(MAX_EXTRACT_MB\)/);
    expect(await period(periodId)).toMatchObject({ status: 'empty' });
    expect(uploadsLeft()).toEqual([]);
  });

  it('stops an entry that inflates past the size it declares, keeping nothing', async () => {
    const periodId = await newPeriod();
    const before = await storedRows();
    const liar = { ...repeated('AGR_1251.csv', Buffer.concat([Buffer.from(HEADER), MIB_OF_ROWS.subarray(0, 0)]), 1) };
    const body = repeated('AGR_1251.csv', Buffer.concat([Buffer.from(HEADER), MIB_OF_ROWS]), 40);
    const r = await upload(periodId, { 'liar.zip': rawZip([...smallTables, { ...body, declaredSize: liar.size }]) });
    expect(r.status).toBe(202);
    const failed = await waitFor(() => period(periodId), (p) => p.status !== 'importing', 60_000);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ file: 'liar.zip[AGR_1251.csv]', message: expect.stringMatching(/inflates past the \d+ bytes the zip directory declares/) });
    expect(await storedRows()).toEqual(before);
    await waitFor(async () => uploadsLeft(), (left) => left.length === 0, 10_000);
  }, 90_000);

  it('names the uploaded files, not the server’s upload folder, when a table is missing', async () => {
    const periodId = await newPeriod();
    const files = folderFiles(path.join(landscape, 'system'));
    delete files['AGR_USERS.csv'];
    delete files['AGR_1251.csv'];
    expect((await upload(periodId, files)).status).toBe(202);
    const failed = await waitFor(() => period(periodId), (p) => p.status !== 'importing', 60_000);
    expect(failed.status).toBe('failed');
    expect(failed.error.message).toMatch(/the mandatory table AGR_USERS is missing/);
    expect(JSON.stringify(failed.error)).not.toContain(dataDir);
    expect(JSON.stringify(failed.error)).not.toMatch(/\/uploads\//);
  }, 90_000);

  it('cancels a running import: the period is back as it was at once, and nothing of the import is kept', async () => {
    const periodId = await newPeriod();
    expect(await call('POST', `/api/system-periods/${periodId}/import/cancel`)).toMatchObject({ status: 409, body: { code: 'NOT_IMPORTING' } });
    const before = await storedRows();
    const accepted = await upload(periodId, { 'extract.zip': zipFolder(path.join(landscape, 'system')) });
    expect(accepted.status).toBe(202);
    // Let it get under way (rows streaming into its partition) before canceling.
    await waitFor(() => period(periodId), (p) => p.status !== 'importing' || p.progress > 0, 60_000);
    const canceled = await call('POST', `/api/system-periods/${periodId}/import/cancel`);
    expect(canceled).toMatchObject({ status: 200, body: { id: periodId, status: 'empty', canceledImportId: accepted.body.importId } });
    expect(await period(periodId)).toMatchObject({ status: 'empty', error: null });
    // The job notices, stops and removes what it wrote, and its upload.
    await waitFor(async () => ({ rows: await storedRows(), uploads: uploadsLeft() }), (s) => JSON.stringify(s.rows) === JSON.stringify(before) && s.uploads.length === 0, 60_000);
    expect(await period(periodId)).toMatchObject({ status: 'empty', error: null, progress: 0 });
    expect(await call('POST', `/api/system-periods/${periodId}/import/cancel`)).toMatchObject({ status: 409 });
    // The period takes a new upload afterwards.
    expect((await upload(periodId, { 'extract.zip': zipFolder(path.join(landscape, 'system')) })).status).toBe(202);
    expect(await waitFor(() => period(periodId), (p) => p.status !== 'importing', 120_000)).toMatchObject({ status: 'ready' });
  }, 240_000);
}

describe('limits on what comes in, on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('limits on what comes in, on PostgreSQL', () => suite(postgresDatabase()));
