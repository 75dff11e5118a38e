/**
 * Critical basis authorisations and user-master checks (`segra basis`, DESIGN 11; reference
 * section 3). C04–C33 run through the analysis engine as risks of an internal ruleset
 * (same-instance, permission level), C01–C03 read the profile tables, U01–U22 the user master.
 */
import { isWithin } from '../model/dates.ts';
import type { Finding } from '../model/analysis.ts';
import type { SystemExtract, UserRecord } from '../model/extract.ts';
import { prepareAnalysis } from '../analysis/prepared-analysis.ts';
import { authorisationDetail, buildBasisRuleset, checkIdOfRisk } from './authorisation-checks.ts';
import { BASIS_CHECKS } from './catalogue.ts';
import { compareBasisFindings } from './csv.ts';
import { part, renderBasisDetail, type BasisDetailPart } from './detail.ts';
import { isValidDate8 } from './date8.ts';
import { formatPaths, profilePaths, PROFILE_CHECK_SPECS } from './profile-checks.ts';
import {
  DEFAULT_DORMANT_DAYS,
  DEFAULT_INITIAL_PASSWORD_DAYS,
  DEFAULT_NEVER_LOGGED_ON_DAYS,
  type BasisCheck,
  type BasisFinding,
  type BasisOptions,
  type BasisResult,
} from './types.ts';
import { clientsOf, isLocked, runUserChecks, userType } from './user-checks.ts';

export type { BasisCheck, BasisCategory, BasisFinding, BasisOptions, BasisResult, BasisSeverity } from './types.ts';
export { DEFAULT_DORMANT_DAYS, DEFAULT_INITIAL_PASSWORD_DAYS, DEFAULT_NEVER_LOGGED_ON_DAYS } from './types.ts';
export { BASIS_CHECKS, basisCheck } from './catalogue.ts';
export {
  BASIS_DETAIL_TEXTS,
  allParts,
  englishDetailText,
  placeholdersOf,
  renderBasisDetail,
  type BasisDetailKey,
  type BasisDetailParam,
  type BasisDetailPart,
  type BasisDetailText,
} from './detail.ts';
export { basisFindingsToCsv, compareBasisFindings, BASIS_CSV_COLUMNS, type BasisCsvRow } from './csv.ts';
export { AUTHORISATION_CHECK_SPECS, buildBasisRuleset, type AuthorisationCheckSpec, type AuthorisationVariant } from './authorisation-checks.ts';
export { PROFILE_CHECK_SPECS } from './profile-checks.ts';
export { addDays, daysBetween, isValidDate8 } from './date8.ts';

function threshold(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`basis option ${name} must be a whole number of days ≥ 0, got ${value}`);
  return value;
}

/** The catalogue for this extract: checks whose tables were not supplied become unavailable. */
function checksFor(extract: SystemExtract): BasisCheck[] {
  const unavailable = new Map<string, string>();
  const noAgr1016 = extract.roleProfiles.length === 0;
  if (noAgr1016 && extract.roleAssignments.length > 0) {
    unavailable.set('U18', 'AGR_1016 is not in the extract: profiles generated from roles cannot be told apart from manually assigned ones.');
  }
  if (noAgr1016 || extract.userProfiles.length === 0) {
    unavailable.set(
      'U19',
      `${noAgr1016 ? 'AGR_1016' : 'UST04'} is not in the extract: the profiles users hold cannot be compared with their role assignments.`,
    );
  }
  if (extract.licenceTypes.length === 0) unavailable.set('U22', 'USR06 is not in the extract: licence types are unknown.');
  return BASIS_CHECKS.map((c) => {
    const reason = unavailable.get(c.id);
    return c.available && reason !== undefined ? Object.freeze({ ...c, available: false, unavailableReason: reason }) : c;
  });
}

/**
 * Runs every available basis check on the extract for date D.
 *
 * C01–C33 report users that can log on: unlocked, valid on D and not of type L (reference users
 * are covered by U16, locked ones by U21, expired ones by U09). An authorisation's DETAIL
 * names the paths that grant it (`R:COMPOSITE>R:SINGLE`, `U:REFUSER>P:PROFILE`).
 */
export function runBasisChecks(extract: SystemExtract, options: BasisOptions): BasisResult {
  const date = options.date;
  if (!isValidDate8(date)) throw new RangeError(`basis option date must be a YYYYMMDD date, got ${date}`);
  const dormantDays = threshold('dormantDays', options.dormantDays, DEFAULT_DORMANT_DAYS);
  const neverLoggedOnDays = threshold('neverLoggedOnDays', options.neverLoggedOnDays, DEFAULT_NEVER_LOGGED_ON_DAYS);
  const initialPasswordDays = threshold('initialPasswordDays', options.initialPasswordDays, DEFAULT_INITIAL_PASSWORD_DAYS);
  const checks = checksFor(extract);
  const t000 = clientsOf(extract);
  const client = options.client?.trim() || (t000.length === 1 ? t000[0] : undefined);

  const users: UserRecord[] = [];
  const userByName = new Map<string, UserRecord>();
  for (const u of extract.users) {
    if (userByName.has(u.bname)) continue;
    userByName.set(u.bname, u);
    users.push(u);
  }

  // Every user is evaluated, locked and expired ones too: U16 and U21 need their access;
  // which users a check reports is decided below.
  const prepared = prepareAnalysis(extract, buildBasisRuleset(), {
    date,
    level: 'permission',
    mode: 'same-instance',
    includeLocked: true,
    includeExpired: true,
    holderLevels: ['USER'],
  });
  const analysis = prepared.run();
  const landscape = prepared.landscape;

  const rawHits = new Map<string, Map<string, BasisDetailPart[]>>();
  const hit = (checkId: string, bname: string, detail: BasisDetailPart[]): void => {
    let m = rawHits.get(checkId);
    if (!m) rawHits.set(checkId, (m = new Map()));
    m.set(bname, detail);
  };
  for (const spec of PROFILE_CHECK_SPECS) {
    for (const u of users) {
      const paths = profilePaths(landscape, u.bname, date, spec);
      if (paths.length > 0) hit(spec.id, u.bname, [part('paths', { paths: formatPaths(paths) })]);
    }
  }
  const byUserAndCheck = new Map<string, Finding[]>();
  for (const f of analysis.findings) {
    const key = `${f.holder}\u0000${checkIdOfRisk(f.riskId)}`;
    const list = byUserAndCheck.get(key);
    if (list) list.push(f);
    else byUserAndCheck.set(key, [f]);
  }
  for (const [key, list] of byUserAndCheck) {
    const [bname, checkId] = key.split('\u0000');
    hit(checkId, bname, authorisationDetail(list));
  }

  const findings: BasisFinding[] = [];
  const reportedHits = new Map<string, Set<string>>();
  for (const [checkId, byUser] of rawHits) {
    const reported = new Set<string>();
    for (const [bname, detail] of byUser) {
      const u = userByName.get(bname);
      if (!u || isLocked(u) || !isWithin(date, u.validFrom, u.validTo) || userType(u) === 'L') continue;
      reported.add(bname);
      findings.push({ checkId, id: bname, detail: renderBasisDetail(detail), detailParts: detail });
    }
    reportedHits.set(checkId, reported);
  }

  const seen = new Set<string>();
  runUserChecks({
    extract,
    date,
    landscape,
    users,
    userByName,
    rawHits,
    reportedHits,
    client,
    dormantDays,
    neverLoggedOnDays,
    initialPasswordDays,
    skip: new Set(checks.filter((c) => !c.available).map((c) => c.id)),
    add: (checkId, id, detail) => {
      const key = `${checkId}\u0000${id}`;
      if (seen.has(key)) return;
      seen.add(key);
      findings.push({ checkId, id, detail: renderBasisDetail(detail), detailParts: detail });
    },
  });

  findings.sort(compareBasisFindings);
  return { findings, checks };
}
