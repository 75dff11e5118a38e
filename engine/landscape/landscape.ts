import { isWithin, type Date8 } from '../model/dates.ts';
import { forEachRoleAuthorisation, type RoleAssignment, type SystemExtract, type UserRecord } from '../model/extract.ts';
import type { SourcePath } from '../model/analysis.ts';

function multiMap<T>(rows: readonly T[], key: (r: T) => string, value: (r: T) => string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    const v = value(r);
    if (!list) m.set(k, [v]);
    else if (!list.includes(v)) list.push(v);
  }
  return m;
}

/** A single source of instances reached by a holder, with the way it was reached. */
export interface ReachedSource {
  /** `R:` + single role or `P:` + profile with UST10S rows. */
  key: string;
  path: SourcePath;
}

/**
 * The assignment structure of a system, independent of any analysis date: who is assigned
 * what, which roles bundle which, which profiles are manual (DESIGN 5.3, 5.10).
 */
export class Landscape {
  readonly users = new Map<string, UserRecord>();
  readonly assignmentsByUser = new Map<string, RoleAssignment[]>();
  readonly childrenByComposite: Map<string, string[]>;
  readonly subProfilesByProfile: Map<string, string[]>;
  readonly profilesByUser: Map<string, string[]>;
  readonly referenceUserByUser = new Map<string, string>();
  readonly generatedProfiles: Set<string>;
  /** Profiles that carry UST10S rows of their own. */
  readonly profilesWithAuthorisations: Set<string>;
  /** Every role the extract names. */
  readonly roles: string[];
  /** Every manually assigned profile (UST04 and not generated from a role). */
  readonly manualProfiles: string[];

  private readonly leafCache = new Map<string, ReachedSource[]>();
  private readonly profileLeafCache = new Map<string, ReachedSource[]>();

  constructor(readonly extract: SystemExtract) {
    // The first record of a BNAME counts, as in scopeUsers.
    for (const u of extract.users) if (!this.users.has(u.bname)) this.users.set(u.bname, u);
    for (const a of extract.roleAssignments) {
      const list = this.assignmentsByUser.get(a.user);
      if (list) list.push(a);
      else this.assignmentsByUser.set(a.user, [a]);
    }
    this.childrenByComposite = multiMap(extract.compositeRoles, (r) => r.role, (r) => r.child);
    this.subProfilesByProfile = multiMap(extract.subProfiles, (r) => r.profile, (r) => r.subProfile);
    this.profilesByUser = multiMap(extract.userProfiles, (r) => r.user, (r) => r.profile);
    for (const r of extract.referenceUsers) if (!this.referenceUserByUser.has(r.user)) this.referenceUserByUser.set(r.user, r.referenceUser);
    this.generatedProfiles = new Set(extract.roleProfiles.map((r) => r.profile));
    this.profilesWithAuthorisations = new Set(extract.profileAuthorisations.map((r) => r.profile));
    const roles = new Set<string>();
    for (const r of extract.roleDefinitions) roles.add(r.role);
    let lastRole: string | undefined;
    forEachRoleAuthorisation(extract, (role) => {
      // A role's rows come together: one Set look-up per run of them.
      if (role !== lastRole) roles.add((lastRole = role));
    });
    for (const r of extract.compositeRoles) {
      roles.add(r.role);
      roles.add(r.child);
    }
    for (const r of extract.roleAssignments) roles.add(r.role);
    this.roles = [...roles];
    const manual = new Set<string>();
    for (const r of extract.userProfiles) if (!this.generatedProfiles.has(r.profile)) manual.add(r.profile);
    this.manualProfiles = [...manual];
  }

  isComposite(role: string): boolean {
    return this.childrenByComposite.has(role);
  }

  /**
   * The single roles a role stands for, each with its path from the role: itself for a single
   * role, its children (recursively, each cycle cut where it closes) for a composite.
   */
  roleLeaves(role: string): ReachedSource[] {
    let leaves = this.leafCache.get(role);
    if (leaves) return leaves;
    leaves = [];
    const walk = (r: string, path: SourcePath, onPath: Set<string>): void => {
      const children = this.childrenByComposite.get(r);
      if (!children) {
        leaves!.push({ key: `R:${r}`, path });
        return;
      }
      for (const child of children) {
        if (onPath.has(child)) continue;
        onPath.add(child);
        walk(child, [...path, { kind: 'role', name: child }], onPath);
        onPath.delete(child);
      }
    };
    walk(role, [{ kind: 'role', name: role }], new Set([role]));
    this.leafCache.set(role, leaves);
    return leaves;
  }

  /** The profiles with authorisations a profile stands for, through UST10C, cycle-safe. */
  profileLeaves(profile: string): ReachedSource[] {
    let leaves = this.profileLeafCache.get(profile);
    if (leaves) return leaves;
    leaves = [];
    const walk = (p: string, path: SourcePath, onPath: Set<string>): void => {
      if (this.profilesWithAuthorisations.has(p)) leaves!.push({ key: `P:${p}`, path });
      for (const sub of this.subProfilesByProfile.get(p) ?? []) {
        if (onPath.has(sub)) continue;
        onPath.add(sub);
        walk(sub, [...path, { kind: 'profile', name: sub }], onPath);
        onPath.delete(sub);
      }
    };
    walk(profile, [{ kind: 'profile', name: profile }], new Set([profile]));
    this.profileLeafCache.set(profile, leaves);
    return leaves;
  }

  /** Roles assigned to a user on date D (AGR_USERS rows valid on D), in file order, distinct. */
  rolesOf(user: string, date: Date8): string[] {
    const out: string[] = [];
    for (const a of this.assignmentsByUser.get(user) ?? []) {
      if (isWithin(date, a.from, a.to) && !out.includes(a.role)) out.push(a.role);
    }
    return out;
  }

  /** Manually assigned (not generated) profiles of a user. */
  manualProfilesOf(user: string): string[] {
    return (this.profilesByUser.get(user) ?? []).filter((p) => !this.generatedProfiles.has(p));
  }

  /**
   * Every source a user holds on D with its path (DESIGN 5.3): own roles and manual
   * profiles, then those of the reference user when it exists in USR02 (followed once).
   */
  userSources(user: string, date: Date8, roles?: readonly string[]): ReachedSource[] {
    const out: ReachedSource[] = [];
    const own = (u: string, prefix: SourcePath, roleList: readonly string[]): void => {
      // A user's own leaves are the cached ones themselves (shared, never changed): no path is
      // copied per user, and texts made of a path can be kept by it (issue 12).
      const reach = (leaf: ReachedSource): ReachedSource => (prefix.length === 0 ? leaf : { key: leaf.key, path: [...prefix, ...leaf.path] });
      for (const role of roleList) for (const leaf of this.roleLeaves(role)) out.push(reach(leaf));
      for (const profile of this.manualProfilesOf(u)) for (const leaf of this.profileLeaves(profile)) out.push(reach(leaf));
    };
    own(user, [], roles ?? this.rolesOf(user, date));
    const ref = this.referenceUserByUser.get(user);
    if (ref !== undefined && ref !== user && this.users.has(ref)) {
      own(ref, [{ kind: 'user', name: ref }], this.rolesOf(ref, date));
    }
    return out;
  }

  private readonly roleKeyCache = new Map<string, string[]>();
  private readonly profileKeyCache = new Map<string, string[]>();

  roleLeafKeys(role: string): string[] {
    let keys = this.roleKeyCache.get(role);
    if (!keys) this.roleKeyCache.set(role, (keys = [...new Set(this.roleLeaves(role).map((l) => l.key))]));
    return keys;
  }

  profileLeafKeys(profile: string): string[] {
    let keys = this.profileKeyCache.get(profile);
    if (!keys) this.profileKeyCache.set(profile, (keys = [...new Set(this.profileLeaves(profile).map((l) => l.key))]));
    return keys;
  }

  /** The keys of `userSources`, without building paths: what deciding findings needs. */
  userSourceKeys(user: string, date: Date8, roles?: readonly string[]): Set<string> {
    const keys = new Set<string>();
    this.addOwnKeys(keys, user, roles ?? this.rolesOf(user, date));
    const ref = this.referenceUserByUser.get(user);
    if (ref !== undefined && ref !== user && this.users.has(ref)) this.addOwnKeys(keys, ref, this.rolesOf(ref, date));
    return keys;
  }

  /**
   * The roles and manual profiles whose leaves make up `userSourceKeys` (repeats possible), each
   * handed to `role` or `profile`: a holder's bits are the OR of theirs, so deciding whether a user
   * meets anything needs neither its key set nor a lookup per key (issue 12).
   */
  forEachUserSourceGroup(user: string, date: Date8, roles: readonly string[] | undefined, role: (name: string) => void, profile: (name: string) => void): void {
    const own = (u: string, roleList: readonly string[]): void => {
      for (const r of roleList) role(r);
      const profiles = this.profilesByUser.get(u);
      if (!profiles) return;
      for (const p of profiles) if (!this.generatedProfiles.has(p)) profile(p);
    };
    own(user, roles ?? this.rolesOf(user, date));
    const ref = this.referenceUserByUser.get(user);
    if (ref !== undefined && ref !== user && this.users.has(ref)) own(ref, this.rolesOf(ref, date));
  }

  private addOwnKeys(keys: Set<string>, user: string, roles: readonly string[]): void {
    for (const role of roles) for (const k of this.roleLeafKeys(role)) keys.add(k);
    const profiles = this.profilesByUser.get(user);
    if (!profiles) return;
    for (const p of profiles) {
      if (this.generatedProfiles.has(p)) continue;
      for (const k of this.profileLeafKeys(p)) keys.add(k);
    }
  }

  /**
   * Every role a user holds on D (DESIGN 5.12, 5.16): its roles assigned on D (or `roles`, for a
   * simulation) and every role below them through AGR_AGRS, and the same for its reference user
   * when that exists in USR02. Walked over the composite structure, not over the paths to single
   * roles: a composite whose children loop back (A > B > A) lies on no such path, yet it is
   * inside the assigned composite and holds, as a role, what its children hold.
   */
  roleTreeOf(user: string, date: Date8, roles?: readonly string[]): Set<string> {
    const held = new Set<string>();
    const stack: string[] = [];
    const reach = (role: string): void => {
      if (held.has(role)) return;
      held.add(role);
      stack.push(role);
    };
    for (const r of roles ?? this.rolesOf(user, date)) reach(r);
    const ref = this.referenceUserByUser.get(user);
    if (ref !== undefined && ref !== user && this.users.has(ref)) for (const r of this.rolesOf(ref, date)) reach(r);
    while (stack.length > 0) for (const child of this.childrenByComposite.get(stack.pop()!) ?? []) reach(child);
    return held;
  }

  /** Every role on the way to a user's sources (assigned, composite, single), own and via reference user. */
  rolesHeldBy(sources: readonly ReachedSource[]): Set<string> {
    const held = new Set<string>();
    for (const s of sources) for (const step of s.path) if (step.kind === 'role') held.add(step.name);
    return held;
  }
}
