import { isWithin, type Date8 } from '../model/dates.ts';
import type { SystemExtract, UserRecord } from '../model/extract.ts';
import type { Landscape } from '../landscape/landscape.ts';
import { daysBetween } from './date8.ts';
import { part, type BasisDetailPart } from './detail.ts';
import { formatPaths, profilePaths, PROFILE_CHECK_SPECS } from './profile-checks.ts';

/** What the user-master checks need, prepared once by `runBasisChecks`. */
export interface UserCheckContext {
  extract: SystemExtract;
  date: Date8;
  landscape: Landscape;
  /** USR02, one record per BNAME (the first, as the analysis scope does). */
  users: readonly UserRecord[];
  userByName: ReadonlyMap<string, UserRecord>;
  /** Authorisation and profile checks (C01–C33) met by each user, whatever its lock or validity: check → BNAME → detail. */
  rawHits: ReadonlyMap<string, ReadonlyMap<string, readonly BasisDetailPart[]>>;
  /** The C-check findings as reported (unlocked users valid on D, not of type L): check → BNAME. */
  reportedHits: ReadonlyMap<string, ReadonlySet<string>>;
  /** The client the user master comes from, when known (option, or the only client in T000). */
  client: string | undefined;
  dormantDays: number;
  neverLoggedOnDays: number;
  initialPasswordDays: number;
  /** Checks not to run (unavailable for this extract). */
  skip: ReadonlySet<string>;
  add: (checkId: string, id: string, detail: BasisDetailPart[]) => void;
}

export function userType(u: UserRecord): string {
  return u.ustyp.trim().toUpperCase();
}

export function isLocked(u: UserRecord): boolean {
  return u.uflag !== 0;
}

/** `locked (local, failed logons)`: the UFLAG bits 32 global, 64 local, 128 failed logons. */
export function lockPart(uflag: number): BasisDetailPart {
  const reasons: BasisDetailPart[] = [];
  if (uflag & 32) reasons.push(part('lock_global'));
  if (uflag & 64) reasons.push(part('lock_local'));
  if (uflag & 128) reasons.push(part('lock_failed_logons'));
  if (uflag & ~(32 | 64 | 128)) reasons.push(part('lock_uflag', { uflag }));
  return part('locked', { reasons });
}

/** The hash code versions U11 reports, each with the key of its meaning. */
const WEAK_CODVN: Readonly<Record<string, BasisDetailPart['key']>> = {
  A: 'codvn_A',
  B: 'codvn_B',
  D: 'codvn_D',
  E: 'codvn_E',
  F: 'codvn_F',
  G: 'codvn_G',
  I: 'codvn_I',
};

/** A user type or group in DETAIL; empty reads `(none)`. */
const orNone = (value: string): string | BasisDetailPart[] => value || [part('none')];

const CRITICAL_FOR_TECHNICAL_USERS = ['C01', 'C04', 'C06', 'C19'];
const CRITICAL_FOR_LOCKED_USERS = ['C01', 'C04', 'C06', 'C07', 'C19', 'C24'];

export function clientsOf(extract: SystemExtract): string[] {
  return [...new Set(extract.clients.map((c) => c.client.trim()).filter((c) => c !== ''))].sort();
}

function hitsOf(ctx: UserCheckContext, bname: string, checkIds: readonly string[] | null, reported: boolean): string[] {
  const out: string[] = [];
  if (reported) {
    for (const [checkId, users] of ctx.reportedHits) if ((checkIds === null || checkIds.includes(checkId)) && users.has(bname)) out.push(checkId);
  } else {
    for (const [checkId, users] of ctx.rawHits) if ((checkIds === null || checkIds.includes(checkId)) && users.has(bname)) out.push(checkId);
  }
  return out.sort();
}

/** Runs U01–U22 (those not in `ctx.skip`), reporting through `ctx.add`. */
export function runUserChecks(ctx: UserCheckContext): void {
  const { extract, date, landscape } = ctx;
  const run = (id: string, check: () => void): void => {
    if (!ctx.skip.has(id)) check();
  };
  const clients = clientsOf(extract);
  /** Whether the extracted client is surely not `home`: known and different, or `home` absent from T000. */
  const outside = (home: string): BasisDetailPart | null => {
    if (ctx.client !== undefined) return ctx.client === home ? null : part('outside_client_known', { client: ctx.client, home });
    if (clients.length > 0 && !clients.includes(home)) return part('outside_client_t000', { home, clients });
    return null;
  };
  const driftIndex = roleProfileIndex(extract);
  const profilesOf = (bname: string): string[] => landscape.profilesByUser.get(bname) ?? [];
  const rolesOf = (bname: string): string[] => landscape.rolesOf(bname, date);
  const sapAllPaths = (bname: string): string =>
    formatPaths(profilePaths(landscape, bname, date, PROFILE_CHECK_SPECS.find((s) => s.id === 'C01')!));

  run('U01', () => {
    const sapstar = ctx.userByName.get('SAP*');
    if (!sapstar) {
      if (ctx.client !== undefined) ctx.add('U01', ctx.client, [part('sapstar_missing_client', { client: ctx.client })]);
      else if (clients.length > 0) ctx.add('U01', 'SAP*', [part('sapstar_missing_unknown_client', { clients })]);
      else ctx.add('U01', 'SAP*', [part('sapstar_missing')]);
      return;
    }
    const issues: BasisDetailPart[] = [];
    if (!isLocked(sapstar)) issues.push(part('not_locked'));
    if (sapstar.userGroup.trim() !== 'SUPER') issues.push(part('user_group_instead', { group: orNone(sapstar.userGroup.trim()), expected: 'SUPER' }));
    const profiles = profilesOf('SAP*');
    if (profiles.length > 0) issues.push(part('profiles', { profiles }));
    const roles = rolesOf('SAP*');
    if (roles.length > 0) issues.push(part('roles', { roles }));
    if (issues.length > 0) ctx.add('U01', 'SAP*', issues);
  });

  run('U02', () => {
    const ddic = ctx.userByName.get('DDIC');
    if (!ddic) return;
    const issues: BasisDetailPart[] = [];
    if (!isLocked(ddic)) issues.push(part('not_locked'));
    if (userType(ddic) !== 'B') issues.push(part('user_type_instead', { type: orNone(userType(ddic)), expected: 'B' }));
    const sapAll = sapAllPaths('DDIC');
    if (sapAll !== '') issues.push(part('holds_sap_all', { paths: sapAll }));
    if (issues.length > 0) ctx.add('U02', 'DDIC', issues);
  });

  run('U03', () => {
    if (clients.includes('066')) ctx.add('U03', '066', [part('client_066_exists')]);
    const ew = ctx.userByName.get('EARLYWATCH');
    if (!ew) return;
    const issues: BasisDetailPart[] = [];
    if (!isLocked(ew)) issues.push(part('not_locked'));
    const where = outside('066');
    if (where !== null) issues.push(where);
    if (issues.length > 0) ctx.add('U03', 'EARLYWATCH', issues);
  });

  run('U04', () => {
    const tms = ctx.userByName.get('TMSADM');
    if (!tms) return;
    const issues: BasisDetailPart[] = [];
    const t = userType(tms);
    if (t !== 'B' && t !== 'C') issues.push(part('user_type_instead_either', { type: orNone(t), first: 'B', second: 'C' }));
    const extra = profilesOf('TMSADM').filter((p) => p !== 'S_A.TMSADM');
    if (extra.length > 0) issues.push(part('profiles_other_than', { profile: 'S_A.TMSADM', profiles: extra }));
    const roles = rolesOf('TMSADM');
    if (roles.length > 0) issues.push(part('roles', { roles }));
    const where = outside('000');
    if (where !== null) issues.push(where);
    if (issues.length > 0) ctx.add('U04', 'TMSADM', issues);
  });

  run('U05', () => {
    const cpic = ctx.userByName.get('SAPCPIC');
    if (!cpic) return;
    const notes = [part('sapcpic_exists')];
    const t = userType(cpic);
    if (t !== 'C') notes.push(part('user_type_instead', { type: orNone(t), expected: 'C' }));
    notes.push(isLocked(cpic) ? lockPart(cpic.uflag) : part('not_locked'));
    ctx.add('U05', 'SAPCPIC', notes);
  });

  for (const u of ctx.users) {
    const t = userType(u);
    const dialogOrService = t === 'A' || t === 'S';
    const validOnD = isWithin(date, u.validFrom, u.validTo);
    const lockNote = isLocked(u) ? [lockPart(u.uflag)] : [];

    run('U07', () => {
      if (!dialogOrService || u.lastLogon !== null || u.createdOn === null) return;
      const days = daysBetween(u.createdOn, date);
      if (days > ctx.neverLoggedOnDays) ctx.add('U07', u.bname, [part('never_logged_on', { created: u.createdOn, days, date }), ...lockNote]);
    });

    run('U08', () => {
      if (!dialogOrService || isLocked(u) || !validOnD || u.lastLogon === null) return;
      const days = daysBetween(u.lastLogon, date);
      if (days > ctx.dormantDays) ctx.add('U08', u.bname, [part('last_logon', { lastLogon: u.lastLogon, days, date })]);
    });

    run('U09', () => {
      if (u.validTo === null || u.validTo >= date) return;
      const profiles = profilesOf(u.bname);
      const roles = rolesOf(u.bname);
      if (profiles.length === 0 && roles.length === 0) return;
      const parts = [part('valid_to', { date: u.validTo })];
      if (profiles.length > 0) parts.push(part('profiles', { profiles }));
      if (roles.length > 0) parts.push(part('roles', { roles }));
      ctx.add('U09', u.bname, parts);
    });

    run('U10', () => {
      if (u.validFrom !== null && u.validFrom > date) ctx.add('U10', u.bname, [part('valid_from', { date: u.validFrom })]);
    });

    const codvn = u.codvn.trim().toUpperCase();
    run('U11', () => {
      const meaning = WEAK_CODVN[codvn];
      if (meaning !== undefined) ctx.add('U11', u.bname, [part('weak_codvn', { codvn, meaning: [part(meaning)] })]);
    });

    run('U12', () => {
      if (u.pwdState !== 1) return;
      if (u.createdOn !== null && daysBetween(u.createdOn, date) <= ctx.initialPasswordDays) return;
      const created = u.createdOn === null ? part('created_unknown') : part('created', { date: u.createdOn });
      ctx.add('U12', u.bname, [part('initial_password'), created, ...lockNote]);
    });

    run('U13', () => {
      if (codvn === 'X') ctx.add('U13', u.bname, [part('no_password')]);
    });

    run('U14', () => {
      if (t !== 'S') return;
      const hits = hitsOf(ctx, u.bname, null, true);
      if (hits.length > 0) ctx.add('U14', u.bname, [part('service_user_with', { checks: hits.join(', ') })]);
    });

    run('U15', () => {
      if (t !== 'B' && t !== 'C') return;
      const hits = hitsOf(ctx, u.bname, CRITICAL_FOR_TECHNICAL_USERS, true);
      if (hits.length > 0) ctx.add('U15', u.bname, [part('technical_user_with', { type: t, checks: hits.join(', ') })]);
    });

    run('U17', () => {
      if (u.userGroup.trim() === '') ctx.add('U17', u.bname, [part('no_user_group')]);
    });

    run('U18', () => {
      const manual = landscape.manualProfilesOf(u.bname);
      if (manual.length > 0) ctx.add('U18', u.bname, [part('manual_profiles', { profiles: manual })]);
    });

    run('U19', () => {
      const issues = roleProfileDrift(ctx, driftIndex, u.bname);
      if (issues.length > 0) ctx.add('U19', u.bname, issues);
    });

    run('U21', () => {
      if (!isLocked(u) || !validOnD || t === 'L') return;
      const hits = hitsOf(ctx, u.bname, CRITICAL_FOR_LOCKED_USERS, false);
      if (hits.length > 0) ctx.add('U21', u.bname, [part('locked_with', { lock: [lockPart(u.uflag)], checks: hits.join(', ') })]);
    });
  }

  run('U16', () => referenceUserChecks(ctx));
  run('U22', () => licenceChecks(ctx));
}

/**
 * U19: (a) a generated profile in UST04 whose roles (AGR_1016) the user is not assigned on D,
 * directly or through a composite role; (b) a single role the user holds on D none of whose
 * generated profiles is in UST04.
 */
interface RoleProfileIndex {
  rolesByProfile: Map<string, string[]>;
  profilesByRole: Map<string, string[]>;
}

function roleProfileIndex(extract: SystemExtract): RoleProfileIndex {
  const rolesByProfile = new Map<string, string[]>();
  const profilesByRole = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, k: string, v: string): void => {
    const list = m.get(k);
    if (!list) m.set(k, [v]);
    else if (!list.includes(v)) list.push(v);
  };
  for (const r of extract.roleProfiles) {
    add(rolesByProfile, r.profile, r.role);
    add(profilesByRole, r.role, r.profile);
  }
  return { rolesByProfile, profilesByRole };
}

function roleProfileDrift(ctx: UserCheckContext, index: RoleProfileIndex, bname: string): BasisDetailPart[] {
  const { landscape, date } = ctx;
  const { rolesByProfile, profilesByRole } = index;
  const held = new Set<string>();
  for (const role of landscape.rolesOf(bname, date)) for (const leaf of landscape.roleLeaves(role)) for (const s of leaf.path) held.add(s.name);
  const userProfiles = landscape.profilesByUser.get(bname) ?? [];
  const issues: BasisDetailPart[] = [];
  for (const p of userProfiles) {
    const roles = rolesByProfile.get(p);
    if (roles && !roles.some((r) => held.has(r))) issues.push(part('profile_without_assignment', { profile: p, roles }));
  }
  for (const role of held) {
    const profiles = profilesByRole.get(role);
    if (!profiles) continue;
    // A large role gets further profiles named after the first one plus two characters
    // (reference 1.8); any of them present counts as compared.
    const present = profiles.some((q) => userProfiles.some((p) => p === q || (p.length === q.length + 2 && p.startsWith(q))));
    if (!present) issues.push(part('role_without_profile', { role, profiles }));
  }
  return issues;
}

/** U16: reference users (USREFUS targets and type-L users) of the wrong type or with critical access. */
function referenceUserChecks(ctx: UserCheckContext): void {
  const referencedBy = new Map<string, string[]>();
  for (const r of ctx.extract.referenceUsers) {
    if (r.referenceUser === '' || r.referenceUser === r.user) continue;
    const list = referencedBy.get(r.referenceUser) ?? referencedBy.set(r.referenceUser, []).get(r.referenceUser)!;
    if (!list.includes(r.user)) list.push(r.user);
  }
  const candidates = new Set<string>(referencedBy.keys());
  for (const u of ctx.users) if (userType(u) === 'L') candidates.add(u.bname);
  for (const name of candidates) {
    const u = ctx.userByName.get(name);
    if (!u) continue; // SAP ignores a reference to a user that does not exist
    const issues: BasisDetailPart[] = [];
    const by = referencedBy.get(name) ?? [];
    const t = userType(u);
    if (by.length > 0 && t !== 'L') issues.push(part('user_type_instead', { type: orNone(t), expected: 'L' }));
    const hits = hitsOf(ctx, name, null, false);
    if (hits.length > 0) issues.push(part('critical_access', { checks: hits.join(', ') }));
    if (issues.length === 0) continue;
    if (by.length > 0) issues.push(part('referenced_by', { users: by }));
    ctx.add('U16', name, issues);
  }
}

/** U22: USTYP A/S without LIC_TYPE; USTYP A classified 91 (test) while holding roles on D. */
function licenceChecks(ctx: UserCheckContext): void {
  const licence = new Map<string, string>();
  for (const r of ctx.extract.licenceTypes) if (!licence.has(r.user)) licence.set(r.user, r.licenceType.trim());
  for (const u of ctx.users) {
    const t = userType(u);
    if (t !== 'A' && t !== 'S') continue;
    const lic = licence.get(u.bname) ?? '';
    if (lic === '') {
      ctx.add('U22', u.bname, [part('no_licence_type', { type: t })]);
      continue;
    }
    if (lic === '91' && t === 'A') {
      const roles = ctx.landscape.rolesOf(u.bname, ctx.date);
      if (roles.length > 0) ctx.add('U22', u.bname, [part('test_licence_with_roles', { roles })]);
    }
  }
}
