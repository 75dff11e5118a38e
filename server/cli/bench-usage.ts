/**
 * `segra bench`'s "with usage" row (DESIGN 5.17, issue 17): the same analysis as the plain row,
 * with the generated usage export (40 rows per user) read first and EXECUTION and REMEDIATION
 * worked out for every user finding. Parse includes the usage file; Evaluate includes the
 * usage evaluation, which is also reported alone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { prepareAnalysis, usageOfFindings } from '../../engine/index.ts';
import { readUsage } from '../importers/usage-reader.ts';
import { readAnalysisInputs } from './inputs.ts';

export async function runWithUsage(dir: string, size: string, date: number): Promise<number> {
  const meta = JSON.parse(readFileSync(path.join(dir, 'complete.json'), 'utf8')) as { users: number; agr1251Rows: number };
  const t0 = performance.now();
  const { usage } = await readUsage(path.join(dir, 'usage.csv'));
  const { extract, ruleset } = await readAnalysisInputs({
    system: path.join(dir, 'system'),
    rules: path.join(dir, 'rules'),
    level: 'permission',
    extraTcodes: usage.allUsed(),
  });
  const t1 = performance.now();
  const prepared = prepareAnalysis(extract, ruleset, { date, level: 'permission', mode: 'same-instance', includeLocked: false, includeExpired: false });
  const result = prepared.run();
  const t2 = performance.now();
  usageOfFindings(prepared, result.findings, usage);
  const t3 = performance.now();
  process.stdout.write(
    JSON.stringify({
      size,
      users: meta.users,
      agr1251Rows: meta.agr1251Rows,
      parseMs: t1 - t0,
      evaluateMs: t3 - t1,
      totalMs: t3 - t0,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      findings: result.findings.length,
      simulationMedianMs: NaN,
      usageMs: t3 - t2,
    }) + '\n',
  );
  return 0;
}
