import type { HolderLevel } from '../model/analysis.ts';
import type { Date8 } from '../model/dates.ts';
import { orInto } from '../bitset.ts';
import type { Landscape, ReachedSource } from '../landscape/landscape.ts';

/** A holder to evaluate: its name and the sources it holds (with paths, for provenance). */
export interface Holder {
  level: HolderLevel;
  name: string;
  sources: () => ReachedSource[];
  /** Source keys only: cheaper than paths, enough to decide what is met. */
  sourceKeys: () => Iterable<string>;
  /** USER holders: every role held (assigned, inside an assigned composite, via the reference user). */
  rolesHeld?: () => Iterable<string>;
  /**
   * The OR of the holder's source bits (atoms or checks as the mode has them), null when none has
   * any: the same as OR-ing `sourceKeys()`'s bits, from a few cached per-role ORs (issue 12).
   */
  sourceBits?: () => Uint32Array | null;
}

/**
 * The holders of one analysis date (users, roles, manual profiles) as the evaluation asks them:
 * their sources with paths, their source keys, and the OR of their sources' bits from per-role and
 * per-profile ORs kept here (issue 12: a user's bits are a few ORs, not one per leaf source).
 */
export class HolderFactory {
  private readonly roleGroupBits = new Map<string, Uint32Array | null>();
  private readonly profileGroupBits = new Map<string, Uint32Array | null>();

  constructor(
    private readonly landscape: Landscape,
    private readonly date: Date8,
    /** The bit set of one source (`R:role` or `P:profile`), evaluated once (PreparedAnalysis.bitsOf). */
    private readonly bitsOf: (key: string) => Uint32Array | null,
  ) {}

  user(bname: string, roles?: readonly string[]): Holder {
    const l = this.landscape;
    const d = this.date;
    // The user's own roles on D, looked up once for its bits, keys and sources alike.
    let own = roles;
    const ownRoles = (): readonly string[] => (own ??= l.rolesOf(bname, d));
    const sources = (): ReachedSource[] => l.userSources(bname, d, ownRoles());
    const roleKeys = (role: string): string[] => l.roleLeafKeys(role);
    const profileKeys = (profile: string): string[] => l.profileLeafKeys(profile);
    return {
      level: 'USER',
      name: bname,
      sources,
      sourceKeys: () => l.userSourceKeys(bname, d, ownRoles()),
      rolesHeld: () => l.roleTreeOf(bname, d, ownRoles()),
      sourceBits: () => {
        let bits: Uint32Array | null = null;
        const add = (group: Uint32Array | null): void => {
          if (group === null) return;
          if (bits === null) bits = group.slice();
          else orInto(bits, group);
        };
        l.forEachUserSourceGroup(
          bname,
          d,
          ownRoles(),
          (role) => add(this.groupBits(this.roleGroupBits, role, roleKeys)),
          (profile) => add(this.groupBits(this.profileGroupBits, profile, profileKeys)),
        );
        return bits;
      },
    };
  }

  role(role: string): Holder {
    const sources = (): ReachedSource[] => this.landscape.roleLeaves(role).map((s) => ({ key: s.key, path: s.path.slice(1) }));
    const keys = (name: string): string[] => this.landscape.roleLeafKeys(name);
    return { level: 'ROLE', name: role, sources, sourceKeys: () => keys(role), sourceBits: () => this.groupBits(this.roleGroupBits, role, keys) };
  }

  profile(profile: string): Holder {
    const sources = (): ReachedSource[] =>
      this.landscape.profileLeaves(profile).map((s) => ({ key: s.key, path: s.path.slice(1) }));
    const keys = (name: string): string[] => this.landscape.profileLeafKeys(name);
    return {
      level: 'PROFILE',
      name: profile,
      sources,
      sourceKeys: () => keys(profile),
      sourceBits: () => this.groupBits(this.profileGroupBits, profile, keys),
    };
  }

  /**
   * The OR of the sources' bits (null when none has any), kept per role or per profile in `cache`
   * (keyed by the plain name: a composed key would be a new string to hash at every lookup).
   */
  private groupBits(cache: Map<string, Uint32Array | null>, name: string, keys: (name: string) => Iterable<string>): Uint32Array | null {
    let bits = cache.get(name);
    if (bits !== undefined) return bits;
    bits = null;
    for (const k of keys(name)) {
      const b = this.bitsOf(k);
      if (b === null) continue;
      if (bits === null) bits = b.slice();
      else orInto(bits, b);
    }
    cache.set(name, bits);
    return bits;
  }
}
