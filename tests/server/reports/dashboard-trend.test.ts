import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { seedCustomer, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { caller, completedAnalysis, folderFiles, importedRiskPeriod, importedSystemPeriod, reportsApp, type Caller } from './reports-harness.ts';

const JUNE = '2026-06-30';
const JULY = '2026-07-31';
const work = mkdtempSync(path.join(tmpdir(), 'segra-trend-'));
const landscape = path.join(work, 'landscape');
beforeAll(() => generateLandscape({ size: 'S', seed: 3, outDir: landscape }), 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Point {
  analysisId: string;
  systemPeriodName: string;
  periodDate: string;
  findings: number;
}

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let call: Caller;
  let admin: string;
  let juneFirst: string;
  let juneLater: string;
  let july: string;

  beforeAll(async () => {
    db = await target.open();
    t = await reportsApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    call = caller(t);
    const A = await seedCustomer(db, 'Trend');
    admin = t.token('Admin', A.customerId);
    const files = folderFiles(path.join(landscape, 'system'));
    const june = await importedSystemPeriod(t, admin, A.systemId, 'June', JUNE, files);
    const julyPeriod = await importedSystemPeriod(t, admin, A.systemId, 'July', JULY, files);
    const rules = await importedRiskPeriod(t, admin, 'Rules', JUNE, path.join(landscape, 'rules'));
    juneFirst = await completedAnalysis(t, admin, 'June first', june, rules);
    juneLater = await completedAnalysis(t, admin, 'June again', june, rules);
    july = await completedAnalysis(t, admin, 'July run', julyPeriod, rules);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  const trend = async (analysisId: string): Promise<Point[]> => {
    const r = await call('GET', `/api/reports/dashboard?analysisId=${analysisId}`, admin);
    expect(r.status).toBe(200);
    return r.body.trend;
  };

  it('shows one point per period, the latest completed analysis of a period the dashboard is not about', async () => {
    const points = await trend(july);
    expect(points.map((p) => [p.systemPeriodName, p.periodDate, p.analysisId])).toEqual([
      ['June', JUNE, juneLater],
      ['July', JULY, july],
    ]);
    for (const p of points) {
      expect(p.findings).toBe(Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1', [p.analysisId])).rows[0].n));
    }
  });

  it('takes the analysis the dashboard shows (the default analysis) for its own period', async () => {
    expect((await trend(juneFirst)).map((p) => p.analysisId)).toEqual([juneFirst, july]);
    expect((await trend(juneLater)).map((p) => p.analysisId)).toEqual([juneLater, july]);
  });
}

describe('dashboard trend on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('dashboard trend on PostgreSQL', () => suite(postgresDatabase()));
