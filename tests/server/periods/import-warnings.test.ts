import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { canonicalWith, reshapeTable, type Shape } from '../../support/export-shapes.ts';
import {
  folderFiles,
  multipart,
  pipelineApp,
  seedCustomer,
  waitFor,
  zipFolder,
  type PipelineApp,
} from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

// Issue 13 through the API: real-export shapes import to the same data as the canonical CSV,
// the import record carries the data-quality warnings, an empty AUTH fails the import (422).
const work = mkdtempSync(path.join(tmpdir(), 'segra-import-warnings-'));
let canonical: string;

beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 3, outDir: path.join(work, 'landscape') });
  canonical = canonicalWith(path.join(work, 'landscape', 'system'), 'de');
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Each table in another shape: one upload covers several readers. */
const SHAPE_OF: Record<string, Shape> = {
  AGR_1251: 'se16n-list',
  USR02: 'utf16le-tab',
  AGR_USERS: 'excel-de-1252',
  USER_ADDR: 'excel-de-1252',
  UST04: 'labels-tr',
  UST12: 'labels-de',
  AGR_TEXTS: 'utf16be-tab',
  AGR_DEFINE: 'lower-case-tsv',
};

function shapedFiles(): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(folderFiles(canonical))) {
    const shape = SHAPE_OF[name.replace(/\.csv$/, '')];
    if (!shape) {
      out[name] = data;
      continue;
    }
    const shaped = reshapeTable(name, new TextDecoder().decode(data), shape);
    out[shaped.name] = shaped.data;
  }
  return out;
}

type Warning = { code: string; table: string; count: number; examples: string[] };

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;
  let systemId: string;

  const call = async (method: string, url: string, body?: unknown) => {
    const r = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${admin}` },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: r.statusCode, body: r.json() };
  };
  const importInto = async (name: string, files: Record<string, Uint8Array>) => {
    const created = await call('POST', '/api/system-periods', { name, periodDate: '2026-06-30', systemId });
    const id = created.body.id as string;
    await upload(id, files);
    return id;
  };
  const upload = async (id: string, files: Record<string, Uint8Array>) => {
    const form = await multipart(files);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/system-periods/${id}/extract`,
      headers: { authorization: `Bearer ${admin}`, ...form.headers },
      payload: form.payload,
    });
    expect(r.statusCode).toBe(202);
    return waitFor(
      () => call('GET', `/api/system-periods/${id}`).then((x) => x.body),
      (p) => p.status !== 'importing',
      120_000,
    );
  };
  const rows = (id: string, table: string) =>
    call('GET', `/api/system-periods/${id}/tables/${table}?range=[0,49]`).then(
      (r) => r.body as Record<string, unknown>[],
    );

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    const seeded = await seedCustomer(db, 'Acme');
    systemId = seeded.systemId;
    admin = t.token('Admin', seeded.customerId);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('imports real-export shapes to the same data as the canonical CSV, saying which encoding it guessed', async () => {
    const plain = (
      await call('GET', `/api/system-periods/${await importInto('Canonical', { 'extract.zip': zipFolder(canonical) })}`)
    ).body;
    expect(plain).toMatchObject({ status: 'ready', error: null });
    const shapedId = await importInto('Shaped', shapedFiles());
    const shaped = (await call('GET', `/api/system-periods/${shapedId}`)).body;
    expect(shaped).toMatchObject({ status: 'ready', error: null });
    expect(shaped.rowCounts).toEqual(plain.rowCounts);
    const strip = (list: Record<string, unknown>[]) => list.map(({ id: _id, ...rest }) => rest);
    for (const table of ['AGR_1251', 'USR02', 'AGR_USERS', 'USER_ADDR', 'UST04', 'UST12', 'AGR_TEXTS']) {
      expect(strip(await rows(shapedId, table)), table).toEqual(strip(await rows(plain.id, table)));
    }
    const gist = (ws: Warning[]) =>
      ws.filter((w) => w.code !== 'ENCODING_GUESSED').map(({ code, table, count }) => ({ code, table, count }));
    expect(gist(shaped.warnings)).toEqual(gist(plain.warnings));
    expect((shaped.warnings as Warning[]).filter((w) => w.code === 'ENCODING_GUESSED')).toEqual([
      { code: 'ENCODING_GUESSED', table: 'USER_ADDR', count: 1, examples: ['USER_ADDR.csv: windows-1252'] },
    ]);
  }, 180_000);

  it('keeps the warnings of injected defects on the import record', async () => {
    const files = folderFiles(canonical);
    const text = (name: string) => new TextDecoder().decode(files[name]).split('\n');
    const assigned = new Set(
      text('AGR_USERS.csv')
        .slice(1)
        .map((l) => l.split(',')[2]),
    );
    const usr02 = text('USR02.csv');
    const gone = usr02
      .slice(1)
      .filter((l) => assigned.has(l.split(',')[1]))
      .slice(0, 4);
    files['USR02.csv'] = new TextEncoder().encode(usr02.filter((l) => !gone.includes(l)).join('\n'));
    const p = await upload(
      (await call('POST', '/api/system-periods', { name: 'Defects', periodDate: '2026-06-30', systemId })).body.id,
      files,
    );
    expect(p.status).toBe('ready');
    const missing = (p.warnings as Warning[]).find((w) => w.code === 'USER_NOT_IN_USR02' && w.table === 'AGR_USERS');
    expect(missing?.count).toBe(4);
    expect(missing?.examples.sort()).toEqual(gone.map((l) => l.split(',')[1]).sort());
  }, 120_000);

  it('fails an import with an empty AUTH as unprocessable (422), naming file, line and column, and keeps the data it had', async () => {
    const id = await importInto('Empty AUTH', { 'extract.zip': zipFolder(canonical) });
    const before = (await call('GET', `/api/system-periods/${id}`)).body;
    expect(before.status).toBe('ready');
    const files = folderFiles(canonical);
    const lines = new TextDecoder().decode(files['AGR_1251.csv']).split('\n');
    const cells = lines[7].split(',');
    cells[3] = '';
    lines[7] = cells.join(',');
    files['AGR_1251.csv'] = new TextEncoder().encode(lines.join('\n'));
    const failed = await upload(id, files);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({
      status: 422,
      code: 'UNPROCESSABLE_UPLOAD',
      file: 'AGR_1251.csv',
      line: 8,
      column: 'AUTH',
    });
    expect(failed.rowCounts).toEqual(before.rowCounts);
    expect(failed.warnings).toEqual(before.warnings);
    expect(readFileSync(path.join(canonical, 'AGR_1251.csv'), 'utf8').split('\n')[7]).not.toBe(lines[7]);
  }, 120_000);

  it('fails an import with a NUL in a cell, naming file, line and column', async () => {
    const id = (await call('POST', '/api/system-periods', { name: 'NUL', periodDate: '2026-06-30', systemId })).body.id;
    const files = folderFiles(canonical);
    const lines = new TextDecoder().decode(files['AGR_TEXTS.csv']).split('\n');
    lines[2] = lines[2].replace(/,([^,]*)$/, ',A\u0000B');
    files['AGR_TEXTS.csv'] = new TextEncoder().encode(lines.join('\n'));
    const failed = await upload(id, files);
    expect(failed).toMatchObject({
      status: 'failed',
      error: { status: 422, file: 'AGR_TEXTS.csv', line: 3, column: 'TEXT' },
    });
  }, 120_000);
}

describe('import warnings on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('import warnings on PostgreSQL', () => suite(postgresDatabase()));
