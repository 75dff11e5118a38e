/**
 * Cross-system risks (DESIGN 5.18): one ruleset over several systems of one customer, each
 * named by its SID. Each system is prepared on its own with the ruleset filtered to it
 * (compile.ts: actions and permission lines whose SYSTEM is empty or the SID); the role and
 * profile levels stay per system (ID `SID/NAME`); at user level the users of one person (the
 * user mapping's PERSON, else the BNAME) are put together: a risk is met when each of its
 * functions is met in some system, by one of the person's users in scope there. An org-level
 * risk is met only within one user of one system. docs/decisions/2026-11-28-cross-system-risks.md
 * says which system a finding names for a function met in several.
 */
import { compareCodePoints } from '../authorisation/code-point.ts';
import { riskRanksById } from '../analysis/order.ts';
import { findingRecord } from '../analysis/finding-record.ts';
import type { AnalysisOptions, AnalysisResult, ExcludedUser, Finding, FunctionMatch, HolderLevel } from '../model/analysis.ts';
import type { SystemExtract } from '../model/extract.ts';
import { isSystemId, type Ruleset } from '../model/ruleset.ts';
import { AcceptanceIndex } from '../analysis/acceptance.ts';
import type { Holder } from '../analysis/holder-factory.ts';
import type { FindingDetail } from '../analysis/holder-risks.ts';
import { PreparedAnalysis, type HolderMatcher } from '../analysis/prepared-analysis.ts';
import { scopeUsers } from '../analysis/scope.ts';
import type { OrgAnswer } from '../analysis/org-values.ts';

/** One system of a cross-system analysis: its SID and its extract. */
export interface SystemInput {
  sid: string;
  extract: SystemExtract;
}

/** One row of the user mapping (DESIGN 5.18): user BNAME of system SYSTEM is PERSON. */
export interface UserMapping {
  system: string;
  bname: string;
  person: string;
}

/** A system already prepared by prepareSystem. */
export interface PreparedSystemInput {
  sid: string;
  prepared: PreparedAnalysis;
}

/**
 * One system prepared for a cross-system analysis: the ruleset filtered to its SID (5.18).
 * Acceptances name persons and `SID/ROLE`: SystemsAnalysis applies them, not each system.
 */
export function prepareSystem(input: SystemInput, ruleset: Ruleset, options: AnalysisOptions): PreparedAnalysis {
  if (!isSystemId(input.sid)) throw new SystemsError('SYSTEM_ID_INVALID', { sid: input.sid });
  return new PreparedAnalysis(input.extract, ruleset, { ...options, acceptances: undefined, system: input.sid });
}

/** What one system contributed to the analysis. */
export interface SystemSummary {
  sid: string;
  usersInScope: number;
  usersExcluded: number;
  roles: number;
  profiles: number;
}

/** The result of a cross-system analysis: counts add up the systems'; excluded users carry their system. */
export interface SystemsResult extends AnalysisResult {
  systems: SystemSummary[];
  /** Distinct persons among the users in scope. */
  persons: number;
}

/** Systems that cannot be analysed together: a SID given twice or not a system id (code + params, DESIGN 6). */
export class SystemsError extends Error {
  constructor(
    readonly code: 'SYSTEM_ID_INVALID' | 'SYSTEM_ID_TWICE',
    readonly params: { sid: string },
  ) {
    super(code === 'SYSTEM_ID_TWICE' ? `system ${params.sid} is given twice` : `"${params.sid}" is not a system id (letters, digits, _ or -, at most 32)`);
  }
}

const ALL_LEVELS: readonly HolderLevel[] = ['USER', 'ROLE', 'PROFILE'];

/** One system, prepared with the ruleset filtered to it. */
interface PreparedSystem {
  sid: string;
  prepared: PreparedAnalysis;
  /** Per source match of this system, the match with its SID (made once: a holder's matches are shared). */
  marked: WeakMap<FunctionMatch, FunctionMatch>;
  /** Likewise for a person's only user: with its SID, BNAME and `systems`. */
  userMarked: WeakMap<FunctionMatch, FunctionMatch>;
}

/** A user of a person, in scope in one system. */
interface PersonUser {
  system: number;
  bname: string;
}

/** A person's user that meets at least one function, with those functions and its check bits (kept: asked again for findings). */
interface MetUser extends PersonUser {
  functions: ReadonlySet<number>;
  bits: Uint32Array;
}

/**
 * Several systems prepared for one analysis (date, level, mode): findings in the CSV's order
 * (LEVEL, ID, RISK_ID), made one holder at a time.
 */
export class SystemsAnalysis {
  readonly systems: PreparedSystem[];
  private readonly acceptances: AcceptanceIndex;
  private readonly personByUser = new Map<string, string>();
  private people: { users: Map<string, PersonUser[]>; met: Map<string, MetUser[]> } | null = null;
  private riskRanks: Int32Array | null = null;

  /**
   * `inputs`: each system's extract, or its PreparedAnalysis made by prepareSystem (so that a
   * reader can prepare one system and let its rows go before reading the next).
   */
  constructor(
    inputs: readonly (SystemInput | PreparedSystemInput)[],
    readonly ruleset: Ruleset,
    readonly options: AnalysisOptions,
    readonly userMap: readonly UserMapping[] = [],
  ) {
    if (inputs.length === 0) throw new RangeError('a cross-system analysis needs at least one system');
    const seen = new Set<string>();
    for (const s of inputs) {
      if (!isSystemId(s.sid)) throw new SystemsError('SYSTEM_ID_INVALID', { sid: s.sid });
      if (seen.has(s.sid)) throw new SystemsError('SYSTEM_ID_TWICE', { sid: s.sid });
      seen.add(s.sid);
    }
    this.systems = [...inputs]
      .sort((a, b) => compareCodePoints(a.sid, b.sid))
      .map((s) => ({ sid: s.sid, prepared: 'prepared' in s ? s.prepared : prepareSystem(s, ruleset, options), marked: new WeakMap(), userMarked: new WeakMap() }));
    this.acceptances = new AcceptanceIndex(options.acceptances ?? [], options.date);
    for (const m of userMap) this.personByUser.set(`${m.system}\u0000${m.bname}`, m.person);
  }

  /** The person a user of a system is: the mapping's PERSON, else the BNAME. */
  personOf(sid: string, bname: string): string {
    return this.personByUser.get(`${sid}\u0000${bname}`) ?? bname;
  }

  private get compiled() {
    return this.systems[0].prepared.compiled;
  }

  /**
   * Every person's users in scope, and those that meet a function with the functions they meet:
   * one pass over every system's users, kept small (a few function numbers per user).
   */
  private persons(): { users: Map<string, PersonUser[]>; met: Map<string, MetUser[]> } {
    if (this.people) return this.people;
    const users = new Map<string, PersonUser[]>();
    const met = new Map<string, MetUser[]>();
    this.systems.forEach((s, system) => {
      const p = s.prepared;
      for (const u of scopeUsers(p.extract.users, p.options).inScope) {
        const person = this.personOf(s.sid, u.bname);
        const user: PersonUser = { system, bname: u.bname };
        push(users, person, user);
        const bits = p.holderChecks(p.userHolder(u.bname));
        const functions = p.holderEvaluator.metFunctions(bits);
        if (functions.length > 0) push(met, person, { system, bname: u.bname, functions: new Set(functions), bits });
      }
    });
    // Each person's users in SID order, then by BNAME: the first that meets a function names it.
    const order = (a: PersonUser, b: PersonUser): number => a.system - b.system || compareCodePoints(a.bname, b.bname);
    for (const list of users.values()) list.sort(order);
    for (const list of met.values()) list.sort(order);
    return (this.people = { users, met });
  }

  /** The roles a person holds on D, each `SID/ROLE` (for acceptances and mitigations at user level). */
  rolesHeldBy(person: string): Set<string> {
    const out = new Set<string>();
    for (const u of this.persons().users.get(person) ?? []) {
      const s = this.systems[u.system];
      for (const role of s.prepared.landscape.roleTreeOf(u.bname, this.options.date)) out.add(`${s.sid}/${role}`);
    }
    return out;
  }

  /** Whether role `SID/ROLE` meets the risk by itself in its system. */
  roleMeetsRisk(id: string, riskId: string): boolean {
    const slash = id.indexOf('/');
    const s = this.systems.find((x) => x.sid === id.slice(0, slash));
    if (!s) return false;
    this.riskIndexById ??= new Map(this.compiled.risks.map((r) => [r.risk.id, r.index]));
    const risk = this.riskIndexById.get(riskId);
    return risk !== undefined && s.prepared.roleRisks(id.slice(slash + 1)).has(risk);
  }

  private riskIndexById: Map<string, number> | null = null;

  /** Whether a person has a user in scope in some system. */
  hasPerson(person: string): boolean {
    return this.persons().users.has(person);
  }

  /** Whether `SID/ROLE` names a role of an analysed system. */
  hasRole(id: string): boolean {
    const slash = id.indexOf('/');
    const s = this.systems.find((x) => x.sid === id.slice(0, slash));
    if (!s) return false;
    this.roleIds ??= new Set(this.systems.flatMap((x) => x.prepared.landscape.roles.map((r) => `${x.sid}/${r}`)));
    return this.roleIds.has(id);
  }

  private roleIds: Set<string> | null = null;

  /** The findings in the CSV's order (LEVEL, ID, RISK_ID), one holder at a time. */
  *sortedFindings(detail: FindingDetail = {}): Generator<Finding> {
    const levels = [...new Set(this.options.holderLevels ?? ALL_LEVELS)].sort(compareCodePoints);
    for (const level of levels) {
      if (level === 'USER') {
        const met = this.persons().met;
        for (const person of [...met.keys()].sort(compareCodePoints)) yield* this.personFindings(person, met.get(person)!, detail);
        continue;
      }
      const holders: { id: string; system: PreparedSystem; name: string }[] = [];
      for (const s of this.systems) {
        const names = level === 'ROLE' ? s.prepared.landscape.roles : s.prepared.landscape.manualProfiles;
        for (const name of names) holders.push({ id: `${s.sid}/${name}`, system: s, name });
      }
      holders.sort((a, b) => compareCodePoints(a.id, b.id));
      for (const h of holders) {
        const p = h.system.prepared;
        const holder: Holder = level === 'ROLE' ? p.roleHolder(h.name) : p.profileHolder(h.name);
        for (const f of p.holderFindings(holder, true, detail)) {
          const acceptance = this.acceptances.isEmpty ? null : this.acceptances.find(level, h.id, f.riskId, () => [], () => false);
          yield {
            ...f,
            holder: h.id,
            functions: f.functions.map((m) => this.marked(h.system, m)),
            accepted: acceptance !== null,
            acceptance,
            crossSystem: false,
          };
        }
      }
    }
  }

  /** A system's match with its SID, made once per match. */
  private marked(s: PreparedSystem, m: FunctionMatch): FunctionMatch {
    let out = s.marked.get(m);
    if (!out) s.marked.set(m, (out = { ...m, system: s.sid }));
    return out;
  }

  /** The rank of each risk by id (code points; ties in ruleset order): a person's findings in the CSV's order. */
  private ranks(): Int32Array {
    return (this.riskRanks ??= riskRanksById(this.compiled.risks));
  }

  /**
   * The findings of a person with one user that meets anything: that user's own, as one system
   * finds them (its risks met by itself, org fields applied), with the system named.
   */
  private singleUserFindings(person: string, u: MetUser, detail: FindingDetail): Finding[] {
    const s = this.systems[u.system];
    const p = s.prepared;
    const holder = p.userHolder(u.bname);
    const met = p.holderRisks(holder, true, detail);
    if (!met) return [];
    const named = (m: FunctionMatch): FunctionMatch => {
      let out = s.userMarked.get(m);
      if (!out) s.userMarked.set(m, (out = { ...m, system: s.sid, user: u.bname, systems: [s.sid] }));
      return out;
    };
    return met.risks.map((r, k) => {
      const org = met.org(k);
      return this.userFinding(person, r, org, met.matches(k).map(named), false);
    });
  }

  /** A person's finding of risk `r`, its acceptance decided for the person (5.12 with 5.18). */
  private userFinding(person: string, r: number, org: OrgAnswer | null, functions: FunctionMatch[], cross: boolean): Finding {
    const compiled = this.compiled.risks[r];
    const riskId = compiled.risk.id;
    const acceptance = this.acceptances.isEmpty
      ? null
      : this.acceptances.find('USER', person, riskId, () => this.rolesHeldBy(person), (role) => this.roleMeetsRisk(role, riskId));
    return { ...findingRecord('USER', person, compiled, this.options, functions, org, acceptance), crossSystem: cross };
  }

  /** One person's findings (5.18), sorted by risk id. */
  private personFindings(person: string, users: readonly MetUser[], detail: FindingDetail): Finding[] {
    if (users.length === 1) return this.singleUserFindings(person, users[0], detail);
    const evaluator = this.systems[0].prepared.holderEvaluator;
    const risks = evaluator.risksOfFunctions(
      (function* () {
        for (const u of users) yield* u.functions;
      })(),
    );
    if (risks.length === 0) return [];
    const ranks = this.ranks();
    risks.sort((a, b) => ranks[a] - ranks[b]);
    const matchers = new Map<MetUser, HolderMatcher>();
    const matcher = (u: MetUser): HolderMatcher => {
      let m = matchers.get(u);
      if (!m) {
        const p = this.systems[u.system].prepared;
        matchers.set(u, (m = p.holderMatcher(p.userHolder(u.bname), detail, u.bits)));
      }
      return m;
    };
    const systemsOf = new Map<number, string[]>();
    const systemsMeeting = (f: number): string[] => {
      let list = systemsOf.get(f);
      if (!list) {
        list = [...new Set(users.filter((u) => u.functions.has(f)).map((u) => this.systems[u.system].sid))];
        systemsOf.set(f, list);
      }
      return list;
    };
    const personMatches = new Map<MetUser, Map<number, FunctionMatch>>();
    const personMatch = (u: MetUser, f: number): FunctionMatch => {
      let byFunction = personMatches.get(u);
      if (!byFunction) personMatches.set(u, (byFunction = new Map()));
      let m = byFunction.get(f);
      if (!m) byFunction.set(f, (m = { ...matcher(u).functionMatch(f), system: this.systems[u.system].sid, user: u.bname, systems: systemsMeeting(f) }));
      return m;
    };

    const out: Finding[] = [];
    for (const r of risks) {
      const compiled = this.compiled.risks[r];
      const alone = (u: MetUser): boolean => compiled.functions.every((f) => u.functions.has(f));
      let functions: FunctionMatch[];
      let org: OrgAnswer | null = null;
      let cross = false;
      if (compiled.orgFields.length > 0) {
        // An org-level risk is met within one user of one system, or not at all (5.18).
        let found: { user: MetUser; org: OrgAnswer | null; matches: FunctionMatch[] } | null = null;
        for (const u of users) {
          if (!alone(u)) continue;
          const met = matcher(u).riskMatches(r);
          if (met) {
            found = { user: u, ...met };
            break;
          }
        }
        if (!found) continue;
        const u = found.user;
        org = found.org;
        functions = found.matches.map((m, i) => ({ ...m, system: this.systems[u.system].sid, user: u.bname, systems: systemsMeeting(compiled.functions[i]) }));
      } else {
        const single = users.find(alone);
        cross = single === undefined;
        functions = compiled.functions.map((f) => personMatch(single ?? users.find((u) => u.functions.has(f))!, f));
      }
      out.push(this.userFinding(person, r, org, functions, cross));
    }
    return out;
  }

  /** The users excluded in each system (5.2 per system), with their system. */
  excludedUsers(): ExcludedUser[] {
    return this.systems.flatMap((s) => scopeUsers(s.prepared.extract.users, s.prepared.options).excluded.map((e) => ({ ...e, system: s.sid })));
  }

  /** Each system's counts. */
  summaries(): SystemSummary[] {
    return this.systems.map((s) => {
      const { inScope, excluded } = scopeUsers(s.prepared.extract.users, s.prepared.options);
      const l = s.prepared.landscape;
      return { sid: s.sid, usersInScope: inScope.length, usersExcluded: excluded.length, roles: l.roles.length, profiles: l.manualProfiles.length };
    });
  }

  /** Distinct persons among the users in scope. */
  personCount(): number {
    return this.persons().users.size;
  }

  /** The whole analysis (DESIGN 5.18), findings kept. */
  run(detail: FindingDetail = {}): SystemsResult {
    const findings = [...this.sortedFindings(detail)];
    const systems = this.summaries();
    const sum = (k: 'usersInScope' | 'usersExcluded' | 'roles' | 'profiles'): number => systems.reduce((n, s) => n + s[k], 0);
    return {
      options: this.options,
      findings,
      excludedUsers: this.excludedUsers(),
      counts: {
        usersInScope: sum('usersInScope'),
        usersExcluded: sum('usersExcluded'),
        roles: sum('roles'),
        profiles: sum('profiles'),
        findings: findings.length,
        acceptedFindings: findings.filter((f) => f.accepted).length,
      },
      systems,
      persons: this.personCount(),
    };
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function prepareSystems(
  systems: readonly (SystemInput | PreparedSystemInput)[],
  ruleset: Ruleset,
  options: AnalysisOptions,
  userMap: readonly UserMapping[] = [],
): SystemsAnalysis {
  return new SystemsAnalysis(systems, ruleset, options, userMap);
}

/** Analyses several systems of one customer against one ruleset (DESIGN 5.18). */
export function analyseSystems(
  systems: readonly SystemInput[],
  ruleset: Ruleset,
  options: AnalysisOptions,
  userMap: readonly UserMapping[] = [],
): SystemsResult {
  return prepareSystems(systems, ruleset, options, userMap).run();
}
