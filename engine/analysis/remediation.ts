import { compareCodePoints } from '../authorisation/code-point.ts';
import type { Finding } from '../model/analysis.ts';
import type { Execution, FindingUsage, FunctionExecution, RemediationEntry, UsageRecord } from '../model/controls.ts';
import type { PreparedAnalysis } from './prepared-analysis.ts';
import { TcodeExecutability, UsageIndex } from './usage.ts';

/** One of the user's own assignments that could be taken away, with the sources it brings. */
interface Assignment {
  kind: 'ROLE' | 'PROFILE';
  name: string;
  keys: readonly string[];
}

/** `R:ROLE` / `P:PROFILE`, the entry as REMEDIATION writes it before its count. */
export const entryText = (e: Pick<RemediationEntry, 'kind' | 'name'>): string => `${e.kind === 'ROLE' ? 'R' : 'P'}:${e.name}`;

/** `R:Z_ROLE(2);P:Z_PROF(5)` */
export function formatRemediation(entries: readonly RemediationEntry[]): string {
  return entries.map((e) => `${entryText(e)}(${e.lostTcodes})`).join(';');
}

/** What one user holds on D, cut into the assignments that can be removed and the rest. */
function assignmentsOf(prepared: PreparedAnalysis, user: string): { own: Assignment[]; inherited: string[] } {
  const l = prepared.landscape;
  const date = prepared.options.date;
  // A role assigned by several AGR_USERS rows valid on D is one entry: removing it removes them all.
  const own: Assignment[] = l.rolesOf(user, date).map((role) => ({ kind: 'ROLE', name: role, keys: l.roleLeafKeys(role) }));
  for (const p of l.manualProfilesOf(user)) own.push({ kind: 'PROFILE', name: p, keys: l.profileLeafKeys(p) });
  const inherited: string[] = [];
  const ref = l.referenceUserByUser.get(user);
  if (ref !== undefined && ref !== user && l.users.has(ref)) {
    for (const role of l.rolesOf(ref, date)) inherited.push(...l.roleLeafKeys(role));
    for (const p of l.manualProfilesOf(ref)) inherited.push(...l.profileLeafKeys(p));
  }
  return { own, inherited };
}

function keysWithout(a: { own: Assignment[]; inherited: string[] }, skip: number): Set<string> {
  const keys = new Set<string>(a.inherited);
  a.own.forEach((o, i) => {
    if (i !== skip) for (const k of o.keys) keys.add(k);
  });
  return keys;
}

/**
 * EXECUTION and REMEDIATION of user findings against a usage export (DESIGN 5.17); null for
 * role and profile findings. A function is executed when the user used one of its active
 * actions that the user can start (rule 7). REMEDIATION lists the user's own assignments valid
 * on D (a role, composite or single, however many AGR_USERS rows assign it; a manual UST04
 * profile) whose removal alone leaves the risk unmet, each with the number of distinct used
 * tcodes the user could start before and no longer after, by that number then by the entry.
 * Each user's removals are evaluated once and shared by the user's findings.
 */
export function usageOfFindings(
  prepared: PreparedAnalysis,
  findings: readonly Finding[],
  records: readonly UsageRecord[] | UsageIndex,
): (FindingUsage | null)[] {
  const usage = records instanceof UsageIndex ? records : new UsageIndex(records);
  const c = prepared.compiled;
  const riskIndex = new Map<string, number>();
  for (const r of c.risks) if (!riskIndex.has(r.risk.id)) riskIndex.set(r.risk.id, r.index);
  const byUser = new Map<string, number[]>();
  findings.forEach((f, i) => {
    if (f.level !== 'USER') return;
    const list = byUser.get(f.holder);
    if (list) list.push(i);
    else byUser.set(f.holder, [i]);
  });
  const tcodes = new Set<string>();
  for (const u of byUser.keys()) for (const t of usage.used(u)) tcodes.add(t);
  const exec = new TcodeExecutability(prepared, tcodes);

  const out: (FindingUsage | null)[] = findings.map(() => null);
  for (const [user, indexes] of byUser) {
    const used = usage.used(user);
    const assignments = assignmentsOf(prepared, user);
    const allKeys = keysWithout(assignments, -1);
    const before = exec.checkBits(allKeys);
    const startable = new Set(used.filter((t) => exec.canStart(before, t)));

    // Per removable assignment: the risks still met without it, and the used tcodes lost.
    const removals = assignments.own.map((a, i) => {
      const keys = keysWithout(assignments, i);
      const met = new Set(prepared.holderEvaluator.metRisks(prepared.checkBitsOf(keys)));
      let lost = 0;
      if (startable.size > 0) {
        const after = exec.checkBits(keys);
        for (const t of startable) if (!exec.canStart(after, t)) lost++;
      }
      return { entry: { kind: a.kind, name: a.name, lostTcodes: lost } as RemediationEntry, met };
    });

    for (const i of indexes) {
      const r = riskIndex.get(findings[i].riskId);
      if (r === undefined) continue;
      const functions: FunctionExecution[] = c.risks[r].functions.map((g) => {
        const fn = c.functions[g];
        const seen = new Set<string>();
        const tcodesUsed: Array<{ tcode: string; count: number }> = [];
        for (const alt of fn.alternatives) {
          if (alt.action === null) continue;
          const t = alt.action.trim();
          if (seen.has(t) || !startable.has(t)) continue;
          seen.add(t);
          tcodesUsed.push({ tcode: t, count: usage.count(user, t) });
        }
        return { functionId: fn.id, executed: tcodesUsed.length > 0, tcodes: tcodesUsed };
      });
      const executed = functions.filter((f) => f.executed).length;
      const execution: Execution = executed === 0 ? 'NONE' : executed === functions.length ? 'FULL' : 'PARTIAL';
      const remediation = removals
        .filter((x) => !x.met.has(r))
        .map((x) => x.entry)
        .sort((a, b) => a.lostTcodes - b.lostTcodes || compareCodePoints(entryText(a), entryText(b)));
      out[i] = { execution, functions, remediation };
    }
  }
  return out;
}
