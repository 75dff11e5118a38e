/**
 * How close the remediation plan (server/modules/usage/remediation-plan.ts) is to optimal on a
 * generated landscape with its usage export: per user with findings, the greedy plan's lost
 * tcodes against branch and bound's, and the time for all users.
 *   npx tsx tests/perf/remediation-plan-on-l.ts <landscape dir> <YYYYMMDD>
 * (docs/decisions/2026-11-25-remediation-plan.md).
 */
import path from 'node:path';
import { prepareAnalysis, usageOfFindings } from '../../engine/index.ts';
import { readUsage } from '../../server/importers/usage-reader.ts';
import { readAnalysisInputs } from '../../server/cli/inputs.ts';
import { exactPlan, greedyPlan, planCost, planProblem, type PlanFinding } from '../../server/modules/usage/remediation-plan.ts';

const [dir, dateText] = process.argv.slice(2);
const date = Number(dateText);
const t0 = performance.now();
const { usage } = await readUsage(path.join(dir, 'usage.csv'));
const { extract, ruleset } = await readAnalysisInputs({ system: path.join(dir, 'system'), rules: path.join(dir, 'rules'), level: 'permission', extraTcodes: usage.allUsed() });
const prepared = prepareAnalysis(extract, ruleset, { date, level: 'permission', mode: 'same-instance', includeLocked: false, includeExpired: false });
const result = prepared.run();
const t1 = performance.now();
const usages = usageOfFindings(prepared, result.findings, usage);
const t2 = performance.now();
const byUser = new Map<string, PlanFinding[]>();
result.findings.forEach((f, i) => {
  const u = usages[i];
  if (!u) return;
  const list = byUser.get(f.holder) ?? [];
  list.push({ riskId: f.riskId, remediation: u.remediation });
  byUser.set(f.holder, list);
});
let users = 0;
let sameCost = 0;
let notOptimal = 0;
let greedyTotal = 0;
let exactTotal = 0;
let worstGap = 0;
let worstRatio = 1;
let candidatesMax = 0;
const tPlan = performance.now();
for (const findings of byUser.values()) {
  const p = planProblem(findings);
  if (p.hits.length === 0) continue;
  users++;
  candidatesMax = Math.max(candidatesMax, p.entries.length);
  const g = planCost(p, greedyPlan(p));
  const x = exactPlan(p);
  const e = planCost(p, x.chosen);
  if (!x.optimal) notOptimal++;
  greedyTotal += g;
  exactTotal += e;
  if (g === e) sameCost++;
  worstGap = Math.max(worstGap, g - e);
  if (e > 0) worstRatio = Math.max(worstRatio, g / e);
}
const t3 = performance.now();
console.log(
  JSON.stringify({
    findings: result.findings.length,
    usersWithResolvableFindings: users,
    candidatesMax,
    greedyEqualsOptimal: sameCost,
    budgetExceeded: notOptimal,
    greedyLostTotal: greedyTotal,
    optimalLostTotal: exactTotal,
    worstGap,
    worstRatio,
    analysisMs: Math.round(t1 - t0),
    usageMs: Math.round(t2 - t1),
    plansMs: Math.round(t3 - tPlan),
  }),
);
