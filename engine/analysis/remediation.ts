import { compareCodePoints } from '../authorisation/code-point.ts';
import type { Finding } from '../model/analysis.ts';
import type { Execution, FindingUsage, FunctionExecution, RemediationEntry, UsageRecord } from '../model/controls.ts';
import type { PreparedAnalysis } from './prepared-analysis.ts';
import { TcodeExecutability, UsageIndex } from './usage.ts';

/** `R:ROLE` / `P:PROFILE`, the entry as REMEDIATION writes it before its count. */
export const entryText = (e: Pick<RemediationEntry, 'kind' | 'name'>): string => `${e.kind === 'ROLE' ? 'R' : 'P'}:${e.name}`;

/** `R:Z_ROLE(2);P:Z_PROF(5)` */
export function formatRemediation(entries: readonly RemediationEntry[]): string {
  return entries.map((e) => `${entryText(e)}(${e.lostTcodes})`).join(';');
}

/** OR of bit sets, null standing for an empty one; a new array, the inputs are left alone. */
function orOf(sets: readonly (Uint32Array | null)[]): Uint32Array | null {
  let out: Uint32Array | null = null;
  for (const s of sets) {
    if (!s) continue;
    if (!out) out = s.slice();
    else for (let w = 0; w < s.length; w++) out[w] |= s[w];
  }
  return out;
}

/**
 * Running ORs over a list of bit sets, in rows reused from user to user: row i holds the OR of
 * the sets before i (or, from the end, of i and after); null rows stand for empty sets.
 */
class BitRows {
  private rows: Uint32Array[] = [];
  private used: boolean[] = [];

  fill(sets: readonly (Uint32Array | null)[], fromEnd: boolean): void {
    const n = sets.length;
    const width = sets.find((s) => s !== null)?.length ?? 0;
    if (width === 0) {
      this.used = new Array(n + 1).fill(false);
      return;
    }
    if (this.rows.length < n + 1 || (this.rows[0]?.length ?? 0) !== width) {
      this.rows = Array.from({ length: Math.max(n + 1, this.rows.length) }, () => new Uint32Array(width));
    }
    this.used = new Array(n + 1).fill(false);
    const start = fromEnd ? n : 0;
    this.rows[start].fill(0);
    for (let k = 1; k <= n; k++) {
      const i = fromEnd ? n - k : k; // the row being made
      const prev = fromEnd ? i + 1 : i - 1; // the row it extends
      const set = sets[fromEnd ? i : i - 1];
      const row = this.rows[i];
      const from = this.rows[prev];
      if (set) for (let w = 0; w < width; w++) row[w] = from[w] | set[w];
      else row.set(from);
      this.used[i] = this.used[prev] || set !== null;
    }
  }

  /** Row i, or null when it is empty (so that no set at all stays "no instance" in union mode). */
  row(i: number): Uint32Array | null {
    return this.used[i] ? this.rows[i] : null;
  }
}

/**
 * The sources of a role or a profile ORed together, once per assignment name for every user:
 * for the analysis (checks or, in union mode, atoms) and for starting tcodes.
 */
class AssignmentBits {
  private readonly roles = new Map<string, { main: Uint32Array | null; tcodes: Uint32Array | null }>();
  private readonly profiles = new Map<string, { main: Uint32Array | null; tcodes: Uint32Array | null }>();
  constructor(
    private readonly prepared: PreparedAnalysis,
    private readonly exec: TcodeExecutability,
  ) {}

  of(kind: 'ROLE' | 'PROFILE', name: string): { main: Uint32Array | null; tcodes: Uint32Array | null } {
    const cache = kind === 'ROLE' ? this.roles : this.profiles;
    let b = cache.get(name);
    if (!b) {
      const l = this.prepared.landscape;
      const keys = kind === 'ROLE' ? l.roleLeafKeys(name) : l.profileLeafKeys(name);
      b = { main: orOf(keys.map((k) => this.prepared.bitsOf(k))), tcodes: orOf(keys.map((k) => this.exec.bitsOf(k))) };
      cache.set(name, b);
    }
    return b;
  }
}

/**
 * What one user holds on D: its own assignments, which can be removed (each distinct role of its
 * AGR_USERS rows valid on D: removing it removes every row; each manual profile), and what its
 * reference user brings, which stays.
 */
function assignmentsOf(prepared: PreparedAnalysis, user: string): { own: Array<{ kind: 'ROLE' | 'PROFILE'; name: string }>; inherited: Array<{ kind: 'ROLE' | 'PROFILE'; name: string }> } {
  const l = prepared.landscape;
  const date = prepared.options.date;
  const mine = (u: string): Array<{ kind: 'ROLE' | 'PROFILE'; name: string }> => [
    ...l.rolesOf(u, date).map((name) => ({ kind: 'ROLE' as const, name })),
    ...l.manualProfilesOf(u).map((name) => ({ kind: 'PROFILE' as const, name })),
  ];
  const ref = l.referenceUserByUser.get(user);
  const inherited = ref !== undefined && ref !== user && l.users.has(ref) ? mine(ref) : [];
  return { own: mine(user), inherited };
}

/**
 * EXECUTION and REMEDIATION of user findings against a usage export (DESIGN 5.17); null for
 * role and profile findings. A function is executed when the user used one of its active
 * actions that the user can start (rule 7). REMEDIATION lists the user's own assignments valid
 * on D (a role, composite or single, however many AGR_USERS rows assign it; a manual UST04
 * profile) whose removal alone leaves the risk unmet, each with the number of distinct used
 * tcodes the user could start before and no longer after, by that number then by the entry.
 * Each user's removals are evaluated once and shared by the user's findings: with the
 * assignments' bit sets ORed once per name, a removal is two ORs (what comes before it and
 * what comes after it in the list) and one evaluation.
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
  const bits = new AssignmentBits(prepared, exec);
  const startsAll = (checks: Uint32Array, needed: readonly number[]): boolean => {
    for (const id of needed) if ((checks[id >>> 5] & (1 << (id & 31))) === 0) return false;
    return true;
  };

  const out: (FindingUsage | null)[] = findings.map(() => null);
  // Start checks by tcode number, looked up once for the whole export.
  const startById: (readonly number[])[] = [];
  for (let id = 0; id < usage.tcodeCount; id++) startById.push(exec.startChecks(usage.tcodeName(id)));
  // Same-instance: a holder's checks are the OR of its sources' (rule 6), made in a buffer kept
  // from removal to removal; union mode evaluates the merged atoms anew.
  const sameInstance = prepared.options.mode === 'same-instance';
  const mainScratch = { bits: null as Uint32Array | null };
  const tcodeScratch = { bits: null as Uint32Array | null };
  const checksOf = (
    scratch: { bits: Uint32Array | null },
    a: Uint32Array | null,
    b: Uint32Array | null,
    c: Uint32Array | null,
    evaluate: (sets: (Uint32Array | null)[]) => Uint32Array,
  ): Uint32Array => {
    const width = (a ?? b ?? c)?.length;
    if (!sameInstance || width === undefined) return evaluate([a, b, c]);
    if (scratch.bits?.length !== width) scratch.bits = new Uint32Array(width);
    const out = scratch.bits;
    for (let w = 0; w < width; w++) out[w] = (a ? a[w] : 0) | (b ? b[w] : 0) | (c ? c[w] : 0);
    return out;
  };
  const prefix = new BitRows();
  const suffix = new BitRows();
  const prefixT = new BitRows();
  const suffixT = new BitRows();
  for (const [user, indexes] of byUser) {
    const usedIds = usage.usedIds(user);
    const { own, inherited } = assignmentsOf(prepared, user);
    const ownBits = own.map((a) => bits.of(a.kind, a.name));
    const refBits = inherited.map((a) => bits.of(a.kind, a.name));
    const refMain = orOf(refBits.map((b) => b.main));
    const refTcodes = orOf(refBits.map((b) => b.tcodes));
    // prefix row i = OR of own assignments 0..i-1, suffix row i = OR of i..end: a removal is
    // then the OR of two rows, however many assignments the user has.
    const n = own.length;
    prefix.fill(ownBits.map((b) => b.main), false);
    suffix.fill(ownBits.map((b) => b.main), true);
    prefixT.fill(ownBits.map((b) => b.tcodes), false);
    suffixT.fill(ownBits.map((b) => b.tcodes), true);
    const all = exec.checkBitsOfSets([prefixT.row(n), refTcodes]);
    const startable = new Set<string>();
    const startableChecks: (readonly number[])[] = [];
    for (const id of usedIds) {
      const needed = startById[id];
      if (needed.length > 0 && startsAll(all, needed)) {
        startable.add(usage.tcodeName(id));
        startableChecks.push(needed);
      }
    }

    // The org-level risks of this user's findings: "still met" for them is rule 15's answer,
    // asked (with the source keys left after the removal) only when the bit sets still meet them.
    const orgRisks = new Set<number>();
    for (const i of indexes) {
      const r = riskIndex.get(findings[i].riskId);
      if (r !== undefined && c.risks[r].orgFields.length > 0) orgRisks.add(r);
    }
    const leafKeys = (a: { kind: 'ROLE' | 'PROFILE'; name: string }): string[] =>
      a.kind === 'ROLE' ? prepared.landscape.roleLeafKeys(a.name) : prepared.landscape.profileLeafKeys(a.name);
    const keysWithout = (skip: number): string[] => {
      const keys = new Set<string>();
      own.forEach((a, j) => {
        if (j !== skip) for (const k of leafKeys(a)) keys.add(k);
      });
      for (const a of inherited) for (const k of leafKeys(a)) keys.add(k);
      return [...keys];
    };

    // Per removable assignment: the risks still met without it, and the used tcodes lost.
    const removals = own.map((a, i) => {
      const checks = checksOf(mainScratch, prefix.row(i), suffix.row(i + 1), refMain, (sets) => prepared.holderEvaluator.checkBits(sets));
      let met = prepared.holderEvaluator.metRisks(checks);
      if (orgRisks.size > 0 && met.some((r) => orgRisks.has(r))) {
        const keys = keysWithout(i);
        met = met.filter((r) => !orgRisks.has(r) || prepared.metRisks(keys, checks, undefined, [r]).length > 0);
      }
      let lost = 0;
      if (startableChecks.length > 0) {
        const after = checksOf(tcodeScratch, prefixT.row(i), suffixT.row(i + 1), refTcodes, (sets) => exec.checkBitsOfSets(sets));
        for (const needed of startableChecks) if (!startsAll(after, needed)) lost++;
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
        .filter((x) => !x.met.includes(r))
        .map((x) => x.entry)
        .sort((a, b) => a.lostTcodes - b.lostTcodes || compareCodePoints(entryText(a), entryText(b)));
      out[i] = { execution, functions, remediation };
    }
  }
  return out;
}
