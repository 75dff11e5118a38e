/**
 * Reference readings of rules 16 (mitigating controls) and 17 (usage, "did-do") of DESIGN.md
 * section 5, built on the reference evaluator's literal helpers and sharing no code with
 * engine/ (only model types). Slow on purpose: every question is answered by collecting the
 * holder's instances again and evaluating the rules on them.
 *
 * Readings (also in tests/reference/READINGS.md and
 * docs/decisions/2026-11-25-mitigations-and-usage.md) are marked READING.
 */
import type {
  AnalysisOptions,
  HolderLevel,
  MitigationAssignment,
  Ruleset,
  SystemExtract,
  UsageRecord,
} from '../../engine/model/index.ts';
import {
  actionExecutable,
  assignedRoles,
  cmpCodePoints,
  existingReferenceUsers,
  manualProfilesOf,
  profileHolderInstances,
  refValidOn,
  riskMetBy,
  roleHolderInstances,
  rolesHeldByUser,
  userInstances,
  type RefInstance,
} from './reference-evaluator.ts';

interface FindingKey {
  level: HolderLevel;
  holder: string;
  riskId: string;
}

/**
 * Rule 16. READING: a PROFILE finding is never mitigated (controls are assigned to users and
 * roles only). A ROLE assignment mitigates a user's finding when the role is in the user's role
 * tree on D (assigned, below an assigned composite, or the reference user's) and the role's own
 * role-level evaluation meets the risk.
 */
export function referenceMitigation(
  x: SystemExtract,
  ruleset: Ruleset,
  options: AnalysisOptions,
  finding: FindingKey,
  mitigations: readonly MitigationAssignment[],
): { status: 'MITIGATED' | 'OPEN'; controls: string[] } {
  const controls: string[] = [];
  const risk = ruleset.risks.find((r) => r.id === finding.riskId);
  for (const m of mitigations) {
    if (m.riskId !== finding.riskId || !refValidOn(options.date, m.validFrom, m.validTo)) continue;
    let applies = false;
    if (finding.level === 'ROLE') applies = m.level === 'ROLE' && m.id === finding.holder;
    else if (finding.level === 'USER') {
      if (m.level === 'USER') applies = m.id === finding.holder;
      else
        applies =
          risk !== undefined &&
          rolesHeldByUser(x, finding.holder, options.date).has(m.id) &&
          riskMetBy(x, ruleset, roleHolderInstances(x, m.id), risk, options) !== null;
    }
    if (applies && !controls.includes(m.controlId)) controls.push(m.controlId);
  }
  controls.sort(cmpCodePoints);
  return { status: controls.length > 0 ? 'MITIGATED' : 'OPEN', controls };
}

/** The used tcodes of a user: counts summed per trimmed tcode, kept when the sum is above 0. */
export function referenceUsedTcodes(usage: readonly UsageRecord[], user: string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const r of usage) {
    if (r.user.trim() !== user || r.tcode.trim() === '') continue;
    const t = r.tcode.trim();
    sums.set(t, (sums.get(t) ?? 0) + r.count);
  }
  return new Map([...sums].filter(([, n]) => n > 0));
}

/**
 * The user's instances on D without one of its own assignments: the roles assigned by valid
 * AGR_USERS rows (READING: a role is one entry however many valid rows assign it, and removing
 * it removes them all) and its manual profiles; the reference users' holdings stay.
 */
function instancesWithout(x: SystemExtract, user: string, d: number, skip: { kind: 'ROLE' | 'PROFILE'; name: string }): RefInstance[] {
  const out: RefInstance[] = [];
  for (const r of assignedRoles(x, user, d)) if (!(skip.kind === 'ROLE' && skip.name === r)) out.push(...roleHolderInstances(x, r));
  for (const p of manualProfilesOf(x, user)) if (!(skip.kind === 'PROFILE' && skip.name === p)) out.push(...profileHolderInstances(x, p));
  for (const ref of existingReferenceUsers(x, user)) {
    for (const r of assignedRoles(x, ref, d)) out.push(...roleHolderInstances(x, r));
    for (const p of manualProfilesOf(x, ref)) out.push(...profileHolderInstances(x, p));
  }
  return out;
}

export interface RefUsage {
  execution: 'FULL' | 'PARTIAL' | 'NONE';
  /** functionId → the used tcodes that made it executed, sorted. */
  executedBy: Record<string, string[]>;
  remediation: string;
}

/**
 * Rule 17 for one USER finding: EXECUTION (a function is executed when the user used one of its
 * active actions that the user can start, rule 7) and REMEDIATION (`R:ROLE(n)`/`P:PROFILE(n)`,
 * by n then by the entry).
 */
export function referenceUsage(
  x: SystemExtract,
  ruleset: Ruleset,
  options: AnalysisOptions,
  finding: FindingKey,
  usage: readonly UsageRecord[],
): RefUsage {
  const user = finding.holder;
  const d = options.date;
  const used = referenceUsedTcodes(usage, user);
  const all = userInstances(x, user, d);
  const risk = ruleset.risks.find((r) => r.id === finding.riskId)!;
  const executedBy: Record<string, string[]> = {};
  for (const id of new Set(risk.functionIds)) {
    const fn = ruleset.functions.find((f) => f.id === id);
    const by = new Set<string>();
    for (const a of fn?.actions ?? []) {
      const t = a.action.trim();
      if (a.active && used.has(t) && actionExecutable(x, all, t, options.mode)) by.add(t);
    }
    executedBy[id] = [...by].sort(cmpCodePoints);
  }
  const n = Object.values(executedBy).filter((l) => l.length > 0).length;
  const total = Object.keys(executedBy).length;
  const execution = n === 0 ? 'NONE' : n === total ? 'FULL' : 'PARTIAL';

  const entries: Array<{ text: string; lost: number }> = [];
  const candidates = [
    ...assignedRoles(x, user, d).map((name) => ({ kind: 'ROLE' as const, name })),
    ...manualProfilesOf(x, user).map((name) => ({ kind: 'PROFILE' as const, name })),
  ];
  for (const c of candidates) {
    const rest = instancesWithout(x, user, d, c);
    if (riskMetBy(x, ruleset, rest, risk, options) !== null) continue;
    let lost = 0;
    for (const t of used.keys()) {
      if (actionExecutable(x, all, t, options.mode) && !actionExecutable(x, rest, t, options.mode)) lost++;
    }
    entries.push({ text: `${c.kind === 'ROLE' ? 'R' : 'P'}:${c.name}`, lost });
  }
  entries.sort((a, b) => a.lost - b.lost || cmpCodePoints(a.text, b.text));
  return { execution, executedBy, remediation: entries.map((e) => `${e.text}(${e.lost})`).join(';') };
}
