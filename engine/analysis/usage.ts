import { hasBit } from '../bitset.ts';
import type { InputWarning, UsageRecord } from '../model/controls.ts';
import type { Ruleset } from '../model/ruleset.ts';
import { compileRuleset } from '../ruleset/compile.ts';
import type { CompiledRuleset } from '../ruleset/compiled.ts';
import { buildProfileInstances, buildRoleInstances, IntervalCache } from '../landscape/instances.ts';
import type { PreparedAnalysis } from './prepared-analysis.ts';
import { HolderEvaluator } from './holder-evaluation.ts';
import { SourceEvaluator } from './source-evaluation.ts';

/**
 * What each user did (DESIGN 5.17): per user, per tcode (trimmed), the sum of its counts. A
 * user used a tcode when its counts add up to more than 0.
 */
export class UsageIndex {
  /** Tcode names by number: a usage export names a few thousand tcodes millions of times. */
  private readonly tcodeIds = new Map<string, number>();
  private readonly tcodeNames: string[] = [];
  /** Per user, its tcode numbers and their summed counts (a user runs tens of tcodes, not thousands). */
  private readonly byUser = new Map<string, { ids: number[]; counts: number[] }>();
  private readonly usedCache = new Map<string, string[]>();
  private lastUser = '';
  private last: { ids: number[]; counts: number[] } | null = null;

  constructor(records: readonly UsageRecord[] = []) {
    for (const r of records) this.add(r.user.trim(), r.tcode.trim(), r.count);
  }

  /**
   * Adds one row's count; user and tcode must be trimmed already (readers stream millions of
   * rows straight in, and exports list a user's rows together, so the user last seen is kept).
   */
  add(user: string, tcode: string, count: number): void {
    if (tcode === '' || user === '') return;
    let u = this.last;
    if (u === null || user !== this.lastUser) {
      u = this.byUser.get(user) ?? null;
      if (u === null) this.byUser.set(user, (u = { ids: [], counts: [] }));
      this.lastUser = user;
      this.last = u;
      if (this.usedCache.size > 0) this.usedCache.clear();
    }
    let id = this.tcodeIds.get(tcode);
    if (id === undefined) {
      id = this.tcodeNames.length;
      this.tcodeIds.set(tcode, id);
      this.tcodeNames.push(tcode);
    }
    const at = u.ids.indexOf(id);
    if (at >= 0) u.counts[at] += count;
    else {
      u.ids.push(id);
      u.counts.push(count);
    }
  }

  /** Distinct tcodes the user used, in first-seen order. */
  used(user: string): readonly string[] {
    let list = this.usedCache.get(user);
    if (!list) {
      list = [];
      const u = this.byUser.get(user);
      if (u) for (let i = 0; i < u.ids.length; i++) if (u.counts[i] > 0) list.push(this.tcodeNames[u.ids[i]]);
      this.usedCache.set(user, list);
    }
    return list;
  }

  count(user: string, tcode: string): number {
    const u = this.byUser.get(user);
    const id = this.tcodeIds.get(tcode);
    if (!u || id === undefined) return 0;
    const at = u.ids.indexOf(id);
    return at < 0 ? 0 : u.counts[at];
  }

  /** Every tcode some user used. */
  allUsed(): Set<string> {
    const out = new Set<string>();
    for (const u of this.byUser.values()) for (let i = 0; i < u.ids.length; i++) if (u.counts[i] > 0) out.add(this.tcodeNames[u.ids[i]]);
    return out;
  }

  users(): IterableIterator<string> {
    return this.byUser.keys();
  }
}

/** Usage rows of users USR02 lacks: they change nothing, but are counted (DESIGN 4.1a). */
export function usageWarnings(prepared: PreparedAnalysis, usage: UsageIndex, table = 'USAGE'): InputWarning[] {
  const unknown: string[] = [];
  for (const u of usage.users()) if (!prepared.landscape.users.has(u)) unknown.push(u);
  return unknown.length === 0 ? [] : [{ code: 'USER_NOT_IN_USR02', table, count: unknown.length, examples: unknown.slice(0, 10) }];
}

/**
 * Whether a holder can start each used tcode (DESIGN 5.7: S_TCODE covers it and its TSTCA start
 * check is met), for any tcode, not only the ruleset's actions. The tcodes are compiled as
 * actions of a ruleset of their own, at action level, and evaluated per source like the
 * analysis does, in the analysis's instance mode, so that "can execute" means what it means
 * in the findings.
 */
export class TcodeExecutability {
  readonly index = new Map<string, number>();
  private readonly compiled: CompiledRuleset;
  private readonly sources: SourceEvaluator;
  private readonly holders: HolderEvaluator;
  private readonly roleInstances;
  private readonly profileInstances;
  private readonly bits = new Map<string, Uint32Array | null>();

  constructor(prepared: PreparedAnalysis, tcodes: Iterable<string>) {
    const ruleset: Ruleset = { risks: [], functions: [] };
    for (const t of tcodes) {
      if (this.index.has(t)) continue;
      this.index.set(t, ruleset.functions.length);
      ruleset.functions.push({ id: t, description: '', businessProcess: '', actions: [{ action: t, active: true }], permissions: [] });
    }
    const x = prepared.extract;
    this.compiled = compileRuleset(ruleset, { level: 'action', tcodeChecks: x.tcodeChecks });
    const objects = this.compiled.objects;
    const accept = (o: string): boolean => objects.has(o);
    const cache = new IntervalCache();
    this.roleInstances = buildRoleInstances(x, accept, cache);
    // A composite role's own AGR_1251 rows are not authorisations (as in the analysis).
    for (const role of prepared.landscape.childrenByComposite.keys()) this.roleInstances.delete(role);
    this.profileInstances = buildProfileInstances(x, accept, cache);
    this.sources = new SourceEvaluator(this.compiled, prepared.options.mode);
    this.holders = new HolderEvaluator(this.compiled, prepared.options.mode);
  }

  private bitsOf(key: string): Uint32Array | null {
    let b = this.bits.get(key);
    if (b !== undefined) return b;
    const name = key.slice(2);
    b = this.sources.evaluate(key[0] === 'R' ? this.roleInstances.get(name) : this.profileInstances.get(name));
    this.bits.set(key, b);
    return b;
  }

  /** The checks met by a holder made of these sources (`R:role`, `P:profile`). */
  checkBits(keys: Iterable<string>): Uint32Array {
    const list: (Uint32Array | null)[] = [];
    for (const k of keys) list.push(this.bitsOf(k));
    return this.holders.checkBits(list);
  }

  /** Whether a holder with these check bits can start the tcode (one of those given to the constructor). */
  canStart(checks: Uint32Array, tcode: string): boolean {
    const i = this.index.get(tcode);
    if (i === undefined) return false;
    const alt = this.compiled.functions[i].alternatives[0];
    for (const id of alt.checks) if (!hasBit(checks, id)) return false;
    return true;
  }
}
