import { isWithin, type Date8 } from '../model/dates.ts';
import type { SystemExtract, UserRecord } from '../model/extract.ts';
import type { Landscape } from '../landscape/landscape.ts';
import { daysBetween } from './date8.ts';
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
  rawHits: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The C-check findings as reported (unlocked users valid on D, not of type L): check → BNAME. */
  reportedHits: ReadonlyMap<string, ReadonlySet<string>>;
  /** The client the user master comes from, when known (option, or the only client in T000). */
  client: string | undefined;
  dormantDays: number;
  neverLoggedOnDays: number;
  initialPasswordDays: number;
  /** Checks not to run (unavailable for this extract). */
  skip: ReadonlySet<string>;
  add: (checkId: string, id: string, detail: string) => void;
}

export function userType(u: UserRecord): string {
  return u.ustyp.trim().toUpperCase();
}

export function isLocked(u: UserRecord): boolean {
  return u.uflag !== 0;
}

/** `locked (local, failed logons)`: the UFLAG bits 32 global, 64 local, 128 failed logons. */
export function lockText(uflag: number): string {
  const reasons: string[] = [];
  if (uflag & 32) reasons.push('global');
  if (uflag & 64) reasons.push('local');
  if (uflag & 128) reasons.push('failed logons');
  if (uflag & ~(32 | 64 | 128)) reasons.push(`UFLAG ${uflag}`);
  return `locked (${reasons.join(', ')})`;
}

/** A list for DETAIL: items joined by `, `, at most `max` of them, then `… (n more)`. */
export function listText(items: readonly string[], max = 10): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} … (${items.length - max} more)`;
}

const WEAK_CODVN: Readonly<Record<string, string>> = {
  A: 'obsolete code version',
  B: 'MD5-based, 8 characters, upper case',
  D: 'MD5-based, 8 characters, upper case, UTF-8',
  E: 'corrected MD5-based, 8 characters, upper case',
  F: 'unsalted SHA-1',
  G: 'unsalted SHA-1 plus an MD5-based code B',
  I: 'salted hash kept together with codes F and B',
};

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
  const outside = (home: string): string | null => {
    if (ctx.client !== undefined) return ctx.client === home ? null : `exists in client ${ctx.client}, outside client ${home}`;
    if (clients.length > 0 && !clients.includes(home)) return `exists outside client ${home} (T000 lists ${listText(clients)})`;
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
      const consequence = 'the built-in SAP* can log on with password PASS unless login/no_automatic_user_sapstar = 1';
      if (ctx.client !== undefined) ctx.add('U01', ctx.client, `SAP* does not exist in client ${ctx.client}: ${consequence}`);
      else if (clients.length > 0) {
        ctx.add('U01', 'SAP*', `SAP* does not exist in the extracted client (T000 lists ${listText(clients)}; which one was extracted is not known): ${consequence}`);
      } else ctx.add('U01', 'SAP*', `SAP* does not exist in the user master (USR02): ${consequence}`);
      return;
    }
    const issues: string[] = [];
    if (!isLocked(sapstar)) issues.push('not locked');
    if (sapstar.userGroup.trim() !== 'SUPER') issues.push(`user group ${sapstar.userGroup.trim() || '(none)'} instead of SUPER`);
    const profiles = profilesOf('SAP*');
    if (profiles.length > 0) issues.push(`profiles ${listText(profiles)}`);
    const roles = rolesOf('SAP*');
    if (roles.length > 0) issues.push(`roles ${listText(roles)}`);
    if (issues.length > 0) ctx.add('U01', 'SAP*', issues.join('; '));
  });

  run('U02', () => {
    const ddic = ctx.userByName.get('DDIC');
    if (!ddic) return;
    const issues: string[] = [];
    if (!isLocked(ddic)) issues.push('not locked');
    if (userType(ddic) !== 'B') issues.push(`user type ${userType(ddic) || '(none)'} instead of B`);
    const sapAll = sapAllPaths('DDIC');
    if (sapAll !== '') issues.push(`holds SAP_ALL (${sapAll}): review`);
    if (issues.length > 0) ctx.add('U02', 'DDIC', issues.join('; '));
  });

  run('U03', () => {
    if (clients.includes('066')) ctx.add('U03', '066', 'client 066 (EarlyWatch) exists in T000: it is no longer needed and should be deleted');
    const ew = ctx.userByName.get('EARLYWATCH');
    if (!ew) return;
    const issues: string[] = [];
    if (!isLocked(ew)) issues.push('not locked');
    const where = outside('066');
    if (where !== null) issues.push(where);
    if (issues.length > 0) ctx.add('U03', 'EARLYWATCH', issues.join('; '));
  });

  run('U04', () => {
    const tms = ctx.userByName.get('TMSADM');
    if (!tms) return;
    const issues: string[] = [];
    const t = userType(tms);
    if (t !== 'B' && t !== 'C') issues.push(`user type ${t || '(none)'} instead of B or C`);
    const extra = profilesOf('TMSADM').filter((p) => p !== 'S_A.TMSADM');
    if (extra.length > 0) issues.push(`profiles other than S_A.TMSADM: ${listText(extra)}`);
    const roles = rolesOf('TMSADM');
    if (roles.length > 0) issues.push(`roles ${listText(roles)}`);
    const where = outside('000');
    if (where !== null) issues.push(where);
    if (issues.length > 0) ctx.add('U04', 'TMSADM', issues.join('; '));
  });

  run('U05', () => {
    const cpic = ctx.userByName.get('SAPCPIC');
    if (!cpic) return;
    const notes = ['exists: delete it, or make sure its default password ADMIN was changed (not visible in the extract)'];
    const t = userType(cpic);
    if (t !== 'C') notes.push(`user type ${t || '(none)'} instead of C`);
    notes.push(isLocked(cpic) ? lockText(cpic.uflag) : 'not locked');
    ctx.add('U05', 'SAPCPIC', notes.join('; '));
  });

  for (const u of ctx.users) {
    const t = userType(u);
    const dialogOrService = t === 'A' || t === 'S';
    const validOnD = isWithin(date, u.validFrom, u.validTo);
    const lockNote = isLocked(u) ? `; ${lockText(u.uflag)}` : '';

    run('U07', () => {
      if (!dialogOrService || u.lastLogon !== null || u.createdOn === null) return;
      const days = daysBetween(u.createdOn, date);
      if (days > ctx.neverLoggedOnDays) ctx.add('U07', u.bname, `never logged on; created ${u.createdOn} (${days} days before ${date})${lockNote}`);
    });

    run('U08', () => {
      if (!dialogOrService || isLocked(u) || !validOnD || u.lastLogon === null) return;
      const days = daysBetween(u.lastLogon, date);
      if (days > ctx.dormantDays) ctx.add('U08', u.bname, `last logon ${u.lastLogon} (${days} days before ${date})`);
    });

    run('U09', () => {
      if (u.validTo === null || u.validTo >= date) return;
      const profiles = profilesOf(u.bname);
      const roles = rolesOf(u.bname);
      if (profiles.length === 0 && roles.length === 0) return;
      const parts = [`valid to ${u.validTo}`];
      if (profiles.length > 0) parts.push(`profiles ${listText(profiles)}`);
      if (roles.length > 0) parts.push(`roles ${listText(roles)}`);
      ctx.add('U09', u.bname, parts.join('; '));
    });

    run('U10', () => {
      if (u.validFrom !== null && u.validFrom > date) ctx.add('U10', u.bname, `valid from ${u.validFrom}`);
    });

    const codvn = u.codvn.trim().toUpperCase();
    run('U11', () => {
      const meaning = WEAK_CODVN[codvn];
      if (meaning !== undefined) ctx.add('U11', u.bname, `CODVN ${codvn}: ${meaning}`);
    });

    run('U12', () => {
      if (u.pwdState !== 1) return;
      if (u.createdOn !== null && daysBetween(u.createdOn, date) <= ctx.initialPasswordDays) return;
      const created = u.createdOn === null ? 'creation date unknown' : `created ${u.createdOn}`;
      ctx.add('U12', u.bname, `initial password (PWDSTATE 1); ${created}${lockNote}`);
    });

    run('U13', () => {
      if (codvn === 'X') ctx.add('U13', u.bname, 'CODVN X: no password; logon by single sign-on or certificate only');
    });

    run('U14', () => {
      if (t !== 'S') return;
      const hits = hitsOf(ctx, u.bname, null, true);
      if (hits.length > 0) ctx.add('U14', u.bname, `service user with ${hits.join(', ')}`);
    });

    run('U15', () => {
      if (t !== 'B' && t !== 'C') return;
      const hits = hitsOf(ctx, u.bname, CRITICAL_FOR_TECHNICAL_USERS, true);
      if (hits.length > 0) ctx.add('U15', u.bname, `user type ${t} with ${hits.join(', ')}`);
    });

    run('U17', () => {
      if (u.userGroup.trim() === '') ctx.add('U17', u.bname, 'no user group (CLASS empty)');
    });

    run('U18', () => {
      const manual = landscape.manualProfilesOf(u.bname);
      if (manual.length > 0) ctx.add('U18', u.bname, `profiles not generated from a role: ${listText(manual)}`);
    });

    run('U19', () => {
      const issues = roleProfileDrift(ctx, driftIndex, u.bname);
      if (issues.length > 0) ctx.add('U19', u.bname, issues.join('; '));
    });

    run('U21', () => {
      if (!isLocked(u) || !validOnD || t === 'L') return;
      const hits = hitsOf(ctx, u.bname, CRITICAL_FOR_LOCKED_USERS, false);
      if (hits.length > 0) ctx.add('U21', u.bname, `${lockText(u.uflag)} with ${hits.join(', ')}`);
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

function roleProfileDrift(ctx: UserCheckContext, index: RoleProfileIndex, bname: string): string[] {
  const { landscape, date } = ctx;
  const { rolesByProfile, profilesByRole } = index;
  const held = new Set<string>();
  for (const role of landscape.rolesOf(bname, date)) for (const leaf of landscape.roleLeaves(role)) for (const s of leaf.path) held.add(s.name);
  const userProfiles = landscape.profilesByUser.get(bname) ?? [];
  const issues: string[] = [];
  for (const p of userProfiles) {
    const roles = rolesByProfile.get(p);
    if (roles && !roles.some((r) => held.has(r))) issues.push(`holds ${p} of role ${listText(roles)} without a valid assignment`);
  }
  for (const role of held) {
    const profiles = profilesByRole.get(role);
    if (!profiles) continue;
    // A large role gets further profiles named after the first one plus two characters
    // (reference 1.8); any of them present counts as compared.
    const present = profiles.some((q) => userProfiles.some((p) => p === q || (p.length === q.length + 2 && p.startsWith(q))));
    if (!present) issues.push(`valid role ${role} without its profile ${listText(profiles)} in UST04`);
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
    const issues: string[] = [];
    const by = referencedBy.get(name) ?? [];
    const t = userType(u);
    if (by.length > 0 && t !== 'L') issues.push(`user type ${t || '(none)'} instead of L`);
    const hits = hitsOf(ctx, name, null, false);
    if (hits.length > 0) issues.push(`critical access ${hits.join(', ')}`);
    if (issues.length === 0) continue;
    if (by.length > 0) issues.push(`referenced by ${listText(by)}`);
    ctx.add('U16', name, issues.join('; '));
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
      ctx.add('U22', u.bname, `user type ${t} without a licence type (USR06 LIC_TYPE)`);
      continue;
    }
    if (lic === '91' && t === 'A') {
      const roles = ctx.landscape.rolesOf(u.bname, ctx.date);
      if (roles.length > 0) ctx.add('U22', u.bname, `dialog user classified 91 (test) with roles ${listText(roles)}`);
    }
  }
}
