import { formatRemediation, usageOfFindings } from '../../engine/analysis/remediation.ts';
import { prepareAnalysis } from '../../engine/analysis/prepared-analysis.ts';
import type { AnalysisOptions, Finding } from '../../engine/model/analysis.ts';
import type { FindingUsage, UsageRecord } from '../../engine/model/controls.ts';
import { date8ToIso } from '../../engine/model/dates.ts';
import type { SystemExtract } from '../../engine/model/extract.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { DEMO_PERIOD_DATE } from './sample-extract.ts';

/** The day the demo's usage export ends (its rows carry no day of their own, as an ST03N aggregate). */
const LAST_DAY = date8ToIso(DEMO_PERIOD_DATE);

/** A small stable hash (FNV-1a), so the demo's usage is the same on every start. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The demo's usage export (DESIGN 5.17), made from the sample extract: each user ran about two
 * thirds of the plain tcodes its roles grant (S_TCODE TCD values without patterns), a few to a
 * few dozen times; so the demo's user findings are fully, partly or not executed.
 */
export function demoUsageRecords(extract: SystemExtract): UsageRecord[] {
  const tcodesByRole = new Map<string, Set<string>>();
  for (const r of extract.roleAuthorisations) {
    if (r.deleted || r.object !== 'S_TCODE' || r.field !== 'TCD' || r.high !== '' || r.low === '' || r.low.includes('*')) continue;
    const set = tcodesByRole.get(r.role) ?? new Set<string>();
    set.add(r.low);
    tcodesByRole.set(r.role, set);
  }
  const byUser = new Map<string, Set<string>>();
  for (const a of extract.roleAssignments) {
    const set = byUser.get(a.user) ?? new Set<string>();
    for (const t of tcodesByRole.get(a.role) ?? []) set.add(t);
    byUser.set(a.user, set);
  }
  const out: UsageRecord[] = [];
  for (const [user, tcodes] of byUser) {
    for (const tcode of [...tcodes].sort()) {
      const h = hash(`${user}\u0000${tcode}`);
      if (h % 3 !== 0) out.push({ user, tcode, count: (h % 40) + 1 });
    }
  }
  return out;
}

const EXECUTION_RANK = { FULL: 3, PARTIAL: 2, NONE: 1 } as const;

/** The fields a stored finding has from usage (server/analyses/analysis-usage.ts), for one finding. */
export function usageFields(u: FindingUsage | null | undefined): Record<string, unknown> {
  if (!u) return { execution: null, executionRank: 0, remediation: null, usage: null };
  return {
    execution: u.execution,
    executionRank: EXECUTION_RANK[u.execution],
    remediation: formatRemediation(u.remediation),
    usage: {
      functions: u.functions.map((f) => ({ functionId: f.functionId, executed: f.executed, tcodes: f.tcodes.map((t) => ({ tcode: t.tcode, count: t.count, lastDay: LAST_DAY })) })),
      remediation: u.remediation.map((e) => ({ kind: e.kind, name: e.name, lostTcodes: e.lostTcodes })),
    },
  };
}

/** EXECUTION and REMEDIATION of an analysis's findings against the demo's usage, by the engine (null for role and profile findings). */
export function demoFindingUsage(extract: SystemExtract, ruleset: Ruleset, options: AnalysisOptions, findings: readonly Finding[]): (FindingUsage | null)[] {
  return usageOfFindings(prepareAnalysis(extract, ruleset, options), findings, demoUsageRecords(extract));
}
