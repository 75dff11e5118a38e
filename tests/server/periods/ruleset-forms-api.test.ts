import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import type { Database } from '../../../server/db/database.ts';
import type { Ruleset } from '../../../engine/model/ruleset.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { readRuleset } from '../../../server/importers/ruleset-reader.ts';
import { rulesetToGrcFiles } from '../../../server/importers/ruleset-grc.ts';
import { multipart, pipelineApp, seedCustomer, waitFor, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

// DESIGN 4.2 through the API: GRC's rule download and JSON import, and export in the same forms.
const work = mkdtempSync(path.join(tmpdir(), 'segra-ruleset-forms-'));
let canonical: Ruleset;

beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 4, outDir: path.join(work, 'landscape') });
  canonical = await readRuleset(path.join(work, 'landscape', 'rules'));
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let admin: string;

  const call = async (url: string) => {
    const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    return { status: r.statusCode, headers: r.headers, raw: r.rawPayload };
  };
  const importRuleset = async (files: Record<string, Uint8Array>) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/risk-periods',
      headers: { authorization: `Bearer ${admin}` },
      payload: { name: `Rules ${crypto.randomUUID()}`, periodDate: '2026-06-30' },
    });
    const id = created.json().id as string;
    const form = await multipart(files);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/risk-periods/${id}/ruleset`,
      headers: { authorization: `Bearer ${admin}`, ...form.headers },
      payload: form.payload,
    });
    expect(r.statusCode, r.body).toBe(202);
    const done = await waitFor(
      () =>
        t.app
          .inject({ method: 'GET', url: `/api/risk-periods/${id}`, headers: { authorization: `Bearer ${admin}` } })
          .then((x) => x.json()),
      (p) => p.status !== 'importing',
    );
    return { id, period: done };
  };

  beforeAll(async () => {
    db = await target.open();
    t = await pipelineApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    const seeded = await seedCustomer(db, 'Acme');
    admin = t.token('Admin', seeded.customerId);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it("imports GRC's rule download and exports it as JSON and as GRC files that read back equal", async () => {
    const encoder = new TextEncoder();
    const grc = Object.fromEntries(
      Object.entries(rulesetToGrcFiles(canonical)).map(([n, text]) => [n, encoder.encode(text)]),
    );
    const { id, period } = await importRuleset(grc);
    expect(period).toMatchObject({ status: 'ready', error: null });
    const json = await call(`/api/risk-periods/${id}/ruleset?format=json`);
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const back = await readRuleset([{ name: 'rules.json', data: new Uint8Array(json.raw) }]);
    expect(back.risks.map((r) => r.id).sort()).toEqual(canonical.risks.map((r) => r.id).sort());
    const again = await importRuleset({ 'rules.json': new Uint8Array(json.raw) });
    expect(again.period).toMatchObject({ status: 'ready', error: null });
    const grcZip = await call(`/api/risk-periods/${again.id}/ruleset?format=grc`);
    expect(grcZip.status).toBe(200);
    expect(grcZip.headers['content-disposition']).toMatch(/\.grc\.zip"$/);
    expect(Object.keys(unzipSync(new Uint8Array(grcZip.raw))).sort()).toEqual(Object.keys(grc).sort());
    expect(await readRuleset([{ name: 'x.zip', data: new Uint8Array(grcZip.raw) }])).toEqual(back);
    expect((await call(`/api/risk-periods/${id}/ruleset?format=pdf`)).status).toBe(400);
  }, 120_000);

  it('fails a bad JSON ruleset with its file, line and column', async () => {
    const { period } = await importRuleset({ 'rules.json': new TextEncoder().encode('{\n "risks": [,]\n}') });
    expect(period.status).toBe('failed');
    expect(period.error).toMatchObject({ file: 'rules.json', line: 2, column: 12, status: 422 });
  }, 60_000);
}

describe('ruleset forms through the API on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('ruleset forms through the API on PostgreSQL', () => suite(postgresDatabase()));
