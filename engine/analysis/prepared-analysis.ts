import type {
  AnalysisOptions,
  AnalysisResult,
  Finding,
  FunctionMatch,
  HolderLevel,
  SourcePath,
} from '../model/analysis.ts';
import { forEachRoleAuthorisation, type RoleAuthorisationRow, type SystemExtract } from '../model/extract.ts';
import type { Ruleset } from '../model/ruleset.ts';
import { compileRuleset } from '../ruleset/compile.ts';
import type { Alternative, CompiledRisk, CompiledRuleset } from '../ruleset/compiled.ts';
import { hasBit } from '../bitset.ts';
import { buildProfileInstances, buildRoleInstances, IntervalCache, type AuthorisationInstance } from '../landscape/instances.ts';
import { Landscape, type ReachedSource } from '../landscape/landscape.ts';

export type { Holder } from './holder-factory.ts';
export type { FindingDetail, HolderRisks } from './holder-risks.ts';
export type { AnalysisPart } from './findings-order.ts';
import { AcceptanceIndex } from './acceptance.ts';
import { HolderEvaluator } from './holder-evaluation.ts';
import { HolderFactory, type Holder } from './holder-factory.ts';
import { scopeUsers } from './scope.ts';
import { SourceEvaluator } from './source-evaluation.ts';
import { compareHolderRows, riskRanksById } from './order.ts';
import { findingRecord } from './finding-record.ts';
import { OrgEvaluator } from './org-evaluation.ts';
import { partSlice, sortedFindings, sortedHolderRisks, type AnalysisPart } from './findings-order.ts';
import type { FindingDetail, HolderRisks } from './holder-risks.ts';
import { ANY_OTHER, solveOrgProblem, type OrgAnswer } from './org-values.ts';
import { PermissionProvenance, type ProvenanceContext } from './permission-provenance.ts';
import { SourceInstanceIndex, type InstanceOverlay } from './source-instances.ts';

function meetsAny(bits: Uint32Array, ids: readonly number[]): boolean {
  for (const i of ids) if (hasBit(bits, i)) return true;
  return false;
}

const ALL_LEVELS: readonly HolderLevel[] = ['USER', 'ROLE', 'PROFILE'];

/** A path's text for telling paths apart, kept by the path: users share their roles' leaf paths. */
const pathKeys = new WeakMap<SourcePath, string>();
function pathKey(path: SourcePath): string {
  let key = pathKeys.get(path);
  if (key === undefined) pathKeys.set(path, (key = path.map((p) => `${p.kind}:${p.name}`).join('>')));
  return key;
}

/**
 * What the findings of one holder share: its source paths (their texts and bit sets, looked up
 * once), its function matches without org fields, and per alternative the paths that meet it.
 */
interface HolderSources {
  sources: ReachedSource[];
  texts: string[] | null;
  bits: (Uint32Array | null)[] | null;
  matches: Map<number, FunctionMatch>;
  /** Per alternative met (an org-level risk may report another than the first), its contributors. */
  contributors: Map<Alternative, SourcePath[]>;
}

/** One holder asked function by function (PreparedAnalysis.holderMatcher). */
export interface HolderMatcher {
  /** The functions the holder meets (indexes, in no particular order). */
  metFunctions(): number[];
  /** The match of a function the holder meets, without org fields; the same object each time. */
  functionMatch(f: number): FunctionMatch;
  /** A risk the holder may meet by itself: its org answer and matches, or null when not met (org fields applied). */
  riskMatches(r: number): { org: OrgAnswer | null; matches: FunctionMatch[] } | null;
}

/** A risk a holder meets, with its org-level answer (null: the risk has no org fields). */
export interface MetRisk {
  risk: number;
  org: OrgAnswer | null;
}

/**
 * An extract and a ruleset made ready for one analysis date, level and mode: the ruleset
 * compiled, the instances of the objects it needs built and evaluated once per source.
 * Running the analysis, simulating and explaining findings all reuse this.
 */
export class PreparedAnalysis {
  readonly landscape: Landscape;
  readonly compiled: CompiledRuleset;
  readonly roleInstances: Map<string, AuthorisationInstance[]>;
  readonly profileInstances: Map<string, AuthorisationInstance[]>;
  readonly intervals = new IntervalCache();
  readonly sourceEvaluator: SourceEvaluator;
  readonly holderEvaluator: HolderEvaluator;
  private readonly sourceBits = new Map<string, Uint32Array | null>();
  private readonly holders: HolderFactory;
  private readonly roleRiskCache = new Map<string, Set<number>>();
  private rowsByRole: Map<string, RoleAuthorisationRow[]> | null = null;
  private readonly acceptances: AcceptanceIndex;
  private readonly provenance: ProvenanceContext;
  private readonly org: OrgEvaluator;
  private readonly permissions: PermissionProvenance;
  /** Per risk index, its place in the risks' order by id (code points; ties in ruleset order). */
  private riskRanks: Int32Array | null = null;

  constructor(
    readonly extract: SystemExtract,
    readonly ruleset: Ruleset,
    readonly options: AnalysisOptions,
  ) {
    this.landscape = new Landscape(extract);
    this.compiled = compileRuleset(ruleset, {
      level: options.level,
      tcodeChecks: extract.tcodeChecks,
      deactivatedRiskIds: options.deactivatedRiskIds,
      system: options.system,
    });
    const objects = this.compiled.objects;
    const accept = (o: string): boolean => objects.has(o);
    this.roleInstances = buildRoleInstances(extract, accept, this.intervals);
    for (const role of this.landscape.childrenByComposite.keys()) this.roleInstances.delete(role);
    this.profileInstances = buildProfileInstances(extract, accept, this.intervals);
    this.sourceEvaluator = new SourceEvaluator(this.compiled, options.mode);
    this.holderEvaluator = new HolderEvaluator(this.compiled, options.mode);
    this.acceptances = new AcceptanceIndex(options.acceptances ?? [], options.date);
    const index = new SourceInstanceIndex(
      (key) => (key[0] === 'R' ? this.roleInstances.get(key.slice(2)) : key[0] === 'P' ? this.profileInstances.get(key.slice(2)) : undefined),
      this.sourceEvaluator,
      options.mode === 'same-instance'
        ? (key, checkId) => {
            const bits = this.bitsOf(key);
            return bits !== null && hasBit(bits, checkId);
          }
        : undefined,
    );
    this.provenance = { compiled: this.compiled, index, evaluator: this.sourceEvaluator, mode: options.mode };
    this.org = new OrgEvaluator(this.compiled, index, options.mode, () => [...this.roleInstances.values(), ...this.profileInstances.values()]);
    this.permissions = new PermissionProvenance(this.provenance);
    this.holders = new HolderFactory(this.landscape, options.date, (key) => this.bitsOf(key));
  }

  /**
   * The risks a holder meets, in ruleset order, each with its org-level answer (DESIGN 5.15):
   * the bit sets decide every risk as if it had no org fields, and only the org-level risks met
   * that way are asked again with their org fields (which can only take findings away).
   */
  metRisks(
    keys: readonly string[],
    bits: Uint32Array,
    instances?: InstanceOverlay,
    unconstrained: readonly number[] = this.holderEvaluator.metRisks(bits),
  ): MetRisk[] {
    const out: MetRisk[] = [];
    for (const r of unconstrained) {
      const compiled = this.compiled.risks[r];
      if (compiled.orgFields.length === 0) {
        out.push({ risk: r, org: null });
        continue;
      }
      const problem = this.org.problem(compiled, keys, bits, instances);
      const org = problem ? solveOrgProblem(problem) : this.unconstrainedAnswer(compiled, bits);
      if (org) out.push({ risk: r, org });
    }
    return out;
  }

  /** An org-level risk met where no instance has its org fields: at every value, each named nowhere. */
  private unconstrainedAnswer(risk: CompiledRisk, bits: Uint32Array): OrgAnswer {
    const alternatives = risk.functions.map((f) => {
      const alt = this.holderEvaluator.firstMetAlternative(f, bits)!;
      return this.compiled.functions[f].alternatives.indexOf(alt);
    });
    return {
      values: [risk.orgFields.map(() => ANY_OTHER).join('+')],
      alternatives,
      witnesses: alternatives.map(() => risk.orgFields.map(() => '')),
    };
  }

  /** The bit set of one source (`R:role` or `P:profile`), evaluated once. */
  bitsOf(key: string, overlay?: ReadonlyMap<string, Uint32Array | null>): Uint32Array | null {
    if (overlay?.has(key)) return overlay.get(key)!;
    let bits = this.sourceBits.get(key);
    if (bits !== undefined) return bits;
    const name = key.slice(2);
    bits = this.sourceEvaluator.evaluate(key[0] === 'R' ? this.roleInstances.get(name) : this.profileInstances.get(name));
    this.sourceBits.set(key, bits);
    return bits;
  }

  /** The check bits of a holder: from its cached group ORs when it has them and nothing is overlaid. */
  private holderCheckBits(holder: Holder, overlay?: ReadonlyMap<string, Uint32Array | null>): Uint32Array {
    if (!holder.sourceBits || overlay) return this.checkBitsOf(holder.sourceKeys(), overlay);
    // OR is associative and idempotent: one source standing for all of them decides the same checks.
    return this.holderEvaluator.checksOf(holder.sourceBits());
  }

  /** The checks a holder meets (read only: in same-instance mode possibly shared). */
  holderChecks(holder: Holder): Uint32Array {
    return this.holderCheckBits(holder);
  }

  checkBitsOf(keys: Iterable<string>, overlay?: ReadonlyMap<string, Uint32Array | null>): Uint32Array {
    const sourceBits: (Uint32Array | null)[] = [];
    for (const k of keys) sourceBits.push(this.bitsOf(k, overlay));
    return this.holderEvaluator.checkBits(sourceBits);
  }

  userHolder(bname: string, roles?: readonly string[]): Holder {
    return this.holders.user(bname, roles);
  }

  roleHolder(role: string): Holder {
    return this.holders.role(role);
  }

  profileHolder(profile: string): Holder {
    return this.holders.profile(profile);
  }

  /**
   * A role's own AGR_1251 rows (DELETED included), grouped once on first use so that role
   * simulations do not scan millions of rows each.
   */
  ownRows(role: string): readonly RoleAuthorisationRow[] {
    if (!this.rowsByRole) {
      this.rowsByRole = new Map();
      const byRole = this.rowsByRole;
      forEachRoleAuthorisation(this.extract, (role, object, auth, field, low, high, deleted) => {
        const r: RoleAuthorisationRow = { role, object, auth, field, low, high, deleted };
        const list = byRole.get(role);
        if (list) list.push(r);
        else byRole.set(role, [r]);
      });
    }
    return this.rowsByRole.get(role) ?? [];
  }

  /** Risk indexes a role meets by itself (role level), cached for acceptance decisions. */
  roleRisks(role: string): Set<number> {
    let risks = this.roleRiskCache.get(role);
    if (!risks) {
      const keys = [...this.roleHolder(role).sourceKeys()];
      const bits = this.checkBitsOf(keys);
      risks = new Set(this.metRisks(keys, bits).map((m) => m.risk));
      this.roleRiskCache.set(role, risks);
    }
    return risks;
  }

  /** The findings of one holder, with provenance and acceptance, in ruleset order. */
  evaluateHolder(holder: Holder, overlay?: ReadonlyMap<string, Uint32Array | null>, instances?: InstanceOverlay): Finding[] {
    return this.holderFindings(holder, false, {}, overlay, instances);
  }

  /** The findings of one holder; `byRiskId`: sorted by risk id (the findings' order) instead of ruleset order. */
  holderFindings(
    holder: Holder,
    byRiskId: boolean,
    detail: FindingDetail,
    overlay?: ReadonlyMap<string, Uint32Array | null>,
    instances?: InstanceOverlay,
  ): Finding[] {
    const met = this.holderRisks(holder, byRiskId, detail, overlay, instances);
    if (!met) return [];
    return met.risks.map((r, k) => this.finding(holder, r, met.org(k), met.matches(k)));
  }

  /** What a holder meets (null: nothing), its function matches made on demand. */
  holderRisks(
    holder: Holder,
    byRiskId: boolean,
    detail: FindingDetail,
    overlay?: ReadonlyMap<string, Uint32Array | null>,
    instances?: InstanceOverlay,
  ): HolderRisks | null {
    const bits = this.holderCheckBits(holder, overlay);
    const unconstrained = this.holderEvaluator.metRisks(bits);
    // Most holders meet nothing: the ordered source list is only built for those that do.
    if (unconstrained.length === 0) return null;
    // The holder's source keys serve org-level risks and permission lines only: made when asked.
    let keyList: string[] | null = null;
    const keys = (): string[] => (keyList ??= [...new Set(holder.sourceKeys())]);
    const ranks = byRiskId ? this.riskRanksById() : null;
    let risks: number[];
    let org: (k: number) => OrgAnswer | null;
    if (unconstrained.some((r) => this.compiled.risks[r].orgFields.length > 0)) {
      const met = this.metRisks(keys(), bits, instances, unconstrained);
      if (ranks) met.sort((a, b) => ranks[a.risk] - ranks[b.risk]);
      risks = met.map((m) => m.risk);
      org = (k) => met[k].org;
    } else {
      // No org-level risk among them: the risks as met, no answer object per finding.
      risks = unconstrained;
      if (ranks) risks.sort((a, b) => ranks[a] - ranks[b]);
      org = () => null;
    }
    if (risks.length === 0) return null;
    const reached: HolderSources = { sources: holder.sources(), texts: null, bits: null, matches: new Map(), contributors: new Map() };
    const permissions = detail.permissions !== false;
    return {
      level: holder.level,
      name: holder.name,
      risks,
      org,
      matches: (k) => this.functionMatches(risks[k], org(k), bits, reached, keys, permissions, overlay, instances),
    };
  }

  /** The rank of each risk in the order compareHolderRows gives one holder's findings (by risk id, stable). */
  private riskRanksById(): Int32Array {
    return (this.riskRanks ??= riskRanksById(this.compiled.risks));
  }

  /**
   * The function matches of one risk a holder meets: without org fields, each made once per holder;
   * with them, the paths of an alternative are made once per holder, and without permission lines
   * (the CSV) the whole match too, since it then depends on the alternative alone.
   */
  private functionMatches(
    riskIndex: number,
    org: OrgAnswer | null,
    bits: Uint32Array,
    reached: HolderSources,
    keys: () => readonly string[],
    withPermissions: boolean,
    overlay?: ReadonlyMap<string, Uint32Array | null>,
    instances?: InstanceOverlay,
  ): FunctionMatch[] {
    const { functions, orgFields } = this.compiled.risks[riskIndex];
    return functions.map((f, i) => this.functionMatch(f, i, orgFields, org, bits, reached, keys, withPermissions, overlay, instances));
  }

  /** The match of function `f`, the i-th of its risk (`org`: that risk's org-level answer, if any). */
  private functionMatch(
    f: number,
    i: number,
    orgFields: readonly string[],
    org: OrgAnswer | null,
    bits: Uint32Array,
    reached: HolderSources,
    keys: () => readonly string[],
    withPermissions: boolean,
    overlay?: ReadonlyMap<string, Uint32Array | null>,
    instances?: InstanceOverlay,
  ): FunctionMatch {
    // Without org fields a function's match depends on the holder alone: made once per holder
    // and shared by its findings (a dense ruleset lists a function in many risks).
    if (!org) {
      const known = reached.matches.get(f);
      if (known) return known;
    }
    // An org-level risk reports the first action met at its first org value (DESIGN 5.15).
    const firstMet = this.holderEvaluator.firstMetAlternative(f, bits)!;
    const alt = org ? this.compiled.functions[f].alternatives[org.alternatives[i]] : firstMet;
    // Without permission lines (the CSV) a match depends on its alternative alone: an org-level
    // risk reporting the first met one shares the match of the risks without org fields.
    const shared = !org || (!withPermissions && alt === firstMet);
    if (org && shared) {
      const known = reached.matches.get(f);
      if (known) return known;
    }
    let sources = reached.contributors.get(alt);
    if (!sources) reached.contributors.set(alt, (sources = this.contributors(alt.checks, reached, overlay)));
    const match: FunctionMatch = {
      functionId: this.compiled.functions[f].id,
      action: alt.action,
      sources,
      permissions: withPermissions ? this.permissions.matches(alt, keys(), orgFields, org ? org.witnesses[i] : null, instances) : [],
    };
    if (shared) reached.matches.set(f, match);
    return match;
  }

  /**
   * One holder asked function by function and risk by risk, for findings made across systems
   * (DESIGN 5.18, engine/cross-system): the functions it meets, the match of one function (made
   * once), and, for one risk it meets by itself, its org-level answer and matches.
   */
  holderMatcher(holder: Holder, detail: FindingDetail, bits: Uint32Array = this.holderCheckBits(holder)): HolderMatcher {
    let keyList: string[] | null = null;
    const keys = (): string[] => (keyList ??= [...new Set(holder.sourceKeys())]);
    let reachedSources: HolderSources | null = null;
    const reached = (): HolderSources => (reachedSources ??= { sources: holder.sources(), texts: null, bits: null, matches: new Map(), contributors: new Map() });
    const withPermissions = detail.permissions !== false;
    return {
      metFunctions: () => this.holderEvaluator.metFunctions(bits),
      functionMatch: (f) => this.functionMatch(f, 0, [], null, bits, reached(), keys, withPermissions),
      riskMatches: (r) => {
        const met = this.metRisks(keys(), bits, undefined, [r]);
        if (met.length === 0) return null;
        const org = met[0].org;
        return { org, matches: this.functionMatches(r, org, bits, reached(), keys, withPermissions) };
      },
    };
  }

  private finding(holder: Holder, riskIndex: number, org: OrgAnswer | null, matches: FunctionMatch[]): Finding {
    const compiled = this.compiled.risks[riskIndex];
    const acceptance = this.acceptances.isEmpty
      ? null
      : this.acceptances.find(
          holder.level,
          holder.name,
          compiled.risk.id,
          // The role tree, not the source paths: a looped composite lies on no path (rule 16 alike).
          () => (holder.rolesHeld ? holder.rolesHeld() : this.landscape.rolesHeldBy(holder.sources())),
          (role) => this.roleRisks(role).has(riskIndex),
        );
    return findingRecord(holder.level, holder.name, compiled, this.options, matches, org, acceptance);
  }

  /** The holder's source paths whose instances meet (or, in union mode, feed) at least one of the checks. */
  private contributors(
    checks: readonly number[],
    reached: HolderSources,
    overlay?: ReadonlyMap<string, Uint32Array | null>,
  ): SourcePath[] {
    const sources = reached.sources;
    const texts = (reached.texts ??= sources.map((s) => pathKey(s.path)));
    const sourceBits = (reached.bits ??= sources.map((s) => this.bitsOf(s.key, overlay)));
    const c = this.compiled;
    const union = this.options.mode === 'union';
    const relevant = union
      ? checks.flatMap((id) => {
          const check = c.checks[id];
          return check.positiveAtoms.length > 0 ? check.positiveAtoms : [c.objects.get(check.object)!.existsAtom];
        })
      : checks;
    const out: SourcePath[] = [];
    const seen = new Set<string>();
    for (let k = 0; k < sources.length; k++) {
      const bits = sourceBits[k];
      if (!bits || !meetsAny(bits, relevant)) continue;
      const text = texts[k];
      if (seen.has(text)) continue;
      seen.add(text);
      out.push(sources[k].path);
    }
    return out;
  }

  /**
   * run()'s findings in the same order (of a part: runPart's), made one holder at a time and kept
   * by nobody (findings-order.ts). `detail` leaves out what the writer does not show (the CSV:
   * permission lines).
   */
  sortedFindings(detail: FindingDetail = {}, part?: AnalysisPart, onHolder?: (taken: number, total: number) => void): Generator<Finding> {
    return sortedFindings(this, detail, part, onHolder);
  }

  /** What every part's result says of the whole analysis besides its findings: the scope and the landscape's size. */
  scopeSummary(): { counts: Omit<AnalysisResult['counts'], 'findings' | 'acceptedFindings'>; excludedUsers: AnalysisResult['excludedUsers'] } {
    const { inScope, excluded } = scopeUsers(this.extract.users, this.options);
    return {
      excludedUsers: excluded,
      counts: {
        usersInScope: inScope.length,
        usersExcluded: excluded.length,
        roles: this.landscape.roles.length,
        profiles: this.landscape.manualProfiles.length,
      },
    };
  }

  /** sortedFindings() a holder at a time, without making findings (findings-order.ts); never the permission lines. */
  sortedHolderRisks(): Generator<HolderRisks> {
    return sortedHolderRisks(this);
  }

  /** Runs the whole analysis (DESIGN 5.1–5.12). */
  run(): AnalysisResult {
    return this.runPart(0, 1);
  }

  /**
   * One of `count` parts of the analysis, for workers that share it (DESIGN 3, scale-out): the
   * users in scope are cut into `count` contiguous slices and part `index` evaluates its slice;
   * part 0 also evaluates the role and profile levels. The parts' findings together are exactly
   * run()'s; the counts other than findings describe the whole analysis in every part.
   */
  runPart(index: number, count: number): AnalysisResult {
    const levels = this.options.holderLevels ?? ALL_LEVELS;
    const { inScope } = scopeUsers(this.extract.users, this.options);
    const findings: Finding[] = [];
    const { from, to } = partSlice(inScope.length, { index, count });
    if (levels.includes('USER')) for (const u of inScope.slice(from, to)) findings.push(...this.evaluateHolder(this.userHolder(u.bname)));
    if (index === 0 && levels.includes('ROLE')) for (const r of this.landscape.roles) findings.push(...this.evaluateHolder(this.roleHolder(r)));
    if (index === 0 && levels.includes('PROFILE')) {
      for (const p of this.landscape.manualProfiles) findings.push(...this.evaluateHolder(this.profileHolder(p)));
    }
    findings.sort(compareHolderRows);
    const { counts, excludedUsers } = this.scopeSummary();
    return {
      options: this.options,
      findings,
      excludedUsers,
      counts: {
        ...counts,
        findings: findings.length,
        acceptedFindings: findings.filter((f) => f.accepted).length,
      },
    };
  }
}

export function prepareAnalysis(extract: SystemExtract, ruleset: Ruleset, options: AnalysisOptions): PreparedAnalysis {
  return new PreparedAnalysis(extract, ruleset, options);
}

/** Analyses an extract against a ruleset (the engine's contract, DESIGN section 5). */
export function analyse(extract: SystemExtract, ruleset: Ruleset, options: AnalysisOptions): AnalysisResult {
  return prepareAnalysis(extract, ruleset, options).run();
}
