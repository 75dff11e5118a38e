/**
 * What usage costs a stored analysis (issue 17 item 5) on PostgreSQL: one generated size
 * imported once (extract, ruleset, its usage.csv), then the same analysis run alternately
 * without and with usage, `runs` times each, timed from claim to completed with findings
 * stored (runAnalysis, in this process). Prints the runs and the medians.
 *   npx tsx tests/perf/usage-analysis-cost.ts <postgres url> <size dir> <YYYY-MM-DD> [runs]
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runAnalysis } from '../../server/analyses/run-analysis.ts';
import { openPostgres } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { runExtractImport } from '../../server/jobs/import-extract-job.ts';
import { runUsageImport } from '../../server/jobs/import-usage-job.ts';
import { readRuleset } from '../../server/importers/ruleset-reader.ts';
import { writeRuleset } from '../../server/periods/ruleset-store.ts';

const [url, dir, date, runsText] = process.argv.slice(2);
const runs = Number(runsText ?? 3);
const db = await openPostgres(url);
await migrate(db);
const one = async (sql: string, params: unknown[]): Promise<string> => (await db.query<{ id: string }>(sql, params)).rows[0].id;
const customerId = await one(`INSERT INTO customers (name) VALUES ($1) RETURNING id`, [`usage bench ${new Date().toISOString()}`]);
const systemId = await one(
  `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'BEN', 'bench', 'bench', '0000000000', '00') RETURNING id`,
  [customerId],
);
const importId = crypto.randomUUID();
const periodId = await one(
  `INSERT INTO system_periods (customer_id, system_id, name, period_date, status, importing_id) VALUES ($1, $2, 'bench', $3, 'importing', $4) RETURNING id`,
  [customerId, systemId, date, importId],
);
let t = performance.now();
await runExtractImport(db, { periodId, importId, dir: path.join(dir, 'upload-not-removed'), input: path.join(dir, 'system') });
const importMs = performance.now() - t;
const usageId = crypto.randomUUID();
await db.query(`INSERT INTO system_period_usage (system_period_id, customer_id, status, importing_id) VALUES ($1, $2, 'importing', $3)`, [periodId, customerId, usageId]);
t = performance.now();
// The import removes its upload folder when it ends: give it a copy of the export.
const usageUpload = mkdtempSync(path.join(tmpdir(), 'usage-upload-'));
copyFileSync(path.join(dir, 'usage.csv'), path.join(usageUpload, 'usage.csv'));
await runUsageImport(db, { periodId, importId: usageId, dir: usageUpload, fileName: 'usage.csv' });
const usageImportMs = performance.now() - t;
const usage = (await db.query<{ status: string; row_count: number; error: unknown }>('SELECT status, row_count, error FROM system_period_usage WHERE system_period_id = $1', [periodId])).rows[0];
if (usage.status !== 'ready') throw new Error(`usage import ${JSON.stringify(usage.error)}`);
const riskPeriodId = await one(`INSERT INTO risk_periods (customer_id, name, period_date, status) VALUES ($1, 'bench', $2, 'ready') RETURNING id`, [customerId, date]);
await writeRuleset(db, customerId, riskPeriodId, await readRuleset(path.join(dir, 'rules')));

const times: Record<'without' | 'with', number[]> = { without: [], with: [] };
let findings = 0;
for (let i = 0; i < runs; i++) {
  for (const withUsage of [false, true]) {
    const id = await one(
      `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date, with_usage) VALUES ($1, 'bench', $2, $3, 'permission', 'same-instance', $4, $5) RETURNING id`,
      [customerId, periodId, riskPeriodId, date, withUsage],
    );
    t = performance.now();
    if ((await runAnalysis(db, id)) !== 'completed') throw new Error('analysis did not complete');
    times[withUsage ? 'with' : 'without'].push(performance.now() - t);
    findings = (await db.query<{ counts: { findings: number } }>('SELECT counts FROM analyses WHERE id = $1', [id])).rows[0].counts.findings;
    await db.query('DELETE FROM analyses WHERE id = $1', [id]);
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  JSON.stringify({
    dir,
    findings,
    usageRows: usage.row_count,
    importMs: Math.round(importMs),
    usageImportMs: Math.round(usageImportMs),
    withoutMs: times.without.map(Math.round),
    withMs: times.with.map(Math.round),
    medianWithoutMs: Math.round(median(times.without)),
    medianWithMs: Math.round(median(times.with)),
    ratio: Number((median(times.with) / median(times.without)).toFixed(2)),
  }),
);
await db.close();
