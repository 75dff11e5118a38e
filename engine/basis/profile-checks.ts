import type { Date8 } from '../model/dates.ts';
import type { SourcePath } from '../model/analysis.ts';
import type { Landscape } from '../landscape/landscape.ts';
import { formatSourcePath } from '../output/findings-csv.ts';

/** A profile or role name test of a profile check. */
export interface ProfileCheckSpec {
  id: string;
  profile: (name: string) => boolean;
  /** Roles (AGR_USERS) that count too, e.g. a role named SAP_NEW. */
  role?: (name: string) => boolean;
}

const S_A_PROFILES = new Set(['S_A.SYSTEM', 'S_A.ADMIN', 'S_A.DEVELOP', 'S_A.CUSTOMIZ', 'S_A.USER']);

export const PROFILE_CHECK_SPECS: readonly ProfileCheckSpec[] = [
  { id: 'C01', profile: (p) => p === 'SAP_ALL' },
  {
    id: 'C02',
    profile: (p) => p === 'SAP_NEW' || p.startsWith('SAP_NEW_'),
    role: (r) => r === 'SAP_NEW',
  },
  { id: 'C03', profile: (p) => S_A_PROFILES.has(p) },
];

/**
 * The ways a user holds a matching profile or role (reference section 3, C01–C03): UST04
 * profiles, their UST10C sub-profiles (recursively, cycle-safe; the walk stops at the first
 * match on a path), roles valid on D (and the single roles of composite ones), and the same
 * for the user's reference user when it exists in USR02 (followed once, DESIGN 5.3 c).
 */
export function profilePaths(landscape: Landscape, user: string, date: Date8, spec: ProfileCheckSpec): SourcePath[] {
  const out: SourcePath[] = [];
  const seen = new Set<string>();
  const push = (path: SourcePath): void => {
    const key = formatSourcePath(path);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(path);
    }
  };
  const walk = (profile: string, path: SourcePath, onPath: Set<string>): void => {
    if (spec.profile(profile)) {
      push(path);
      return;
    }
    for (const sub of landscape.subProfilesByProfile.get(profile) ?? []) {
      if (onPath.has(sub)) continue;
      onPath.add(sub);
      walk(sub, [...path, { kind: 'profile', name: sub }], onPath);
      onPath.delete(sub);
    }
  };
  const own = (u: string, prefix: SourcePath): void => {
    for (const p of landscape.profilesByUser.get(u) ?? []) walk(p, [...prefix, { kind: 'profile', name: p }], new Set([p]));
    const roleTest = spec.role;
    if (!roleTest) return;
    for (const role of landscape.rolesOf(u, date)) {
      if (roleTest(role)) {
        push([...prefix, { kind: 'role', name: role }]);
        continue;
      }
      for (const leaf of landscape.roleLeaves(role)) {
        const i = leaf.path.findIndex((s) => roleTest(s.name));
        if (i >= 0) push([...prefix, ...leaf.path.slice(0, i + 1)]);
      }
    }
  };
  own(user, []);
  const ref = landscape.referenceUserByUser.get(user);
  if (ref !== undefined && ref !== user && landscape.users.has(ref)) own(ref, [{ kind: 'user', name: ref }]);
  return out;
}

export function formatPaths(paths: readonly SourcePath[]): string {
  return paths.map(formatSourcePath).join(';');
}
