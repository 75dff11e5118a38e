import { emptyExtract, type RoleAuthorisationRow, type SystemExtract, type UserRecord } from '../../../engine/model/extract.ts';
import { runBasisChecks, type BasisOptions, type BasisResult } from '../../../engine/basis/index.ts';

/** The analysis date of the basis tests: 1 June 2026. */
export const D = 20260601;

/** A user that no user-master check reports: unlocked dialog user, group STAFF, hash H, logged on recently. */
export function user(bname: string, over: Partial<UserRecord> = {}): UserRecord {
  return {
    bname,
    ustyp: 'A',
    uflag: 0,
    validFrom: null,
    validTo: null,
    lastLogon: 20260520,
    userGroup: 'STAFF',
    codvn: 'H',
    pwdState: 0,
    createdOn: 20200101,
    ...over,
  };
}

type FieldValues = Record<string, string | readonly (string | readonly [string, string])[]>;

/**
 * AGR_1251 rows of one authorisation instance of a role: each field gets its value(s);
 * a pair is a LOW..HIGH range.
 */
export function inst(role: string, object: string, auth: string, fields: FieldValues): RoleAuthorisationRow[] {
  const rows: RoleAuthorisationRow[] = [];
  for (const [field, v] of Object.entries(fields)) {
    const values = typeof v === 'string' ? [v] : v;
    for (const value of values) {
      const [low, high] = typeof value === 'string' ? [value, ''] : value;
      rows.push({ role, object, auth, field, low, high, deleted: false });
    }
  }
  return rows;
}

/** The S_TCODE instance of a role. */
export function tcodes(role: string, ...codes: string[]): RoleAuthorisationRow[] {
  return inst(role, 'S_TCODE', `${role}_TC`, { TCD: codes });
}

/** An extract from the given tables, every other table empty. */
export function extract(tables: Partial<SystemExtract>): SystemExtract {
  return { ...emptyExtract(), ...tables };
}

export function run(x: SystemExtract, options: Partial<BasisOptions> = {}): BasisResult {
  return runBasisChecks(x, { date: D, ...options });
}

/** The IDs a check reports, sorted. */
export function ids(result: BasisResult, checkId: string): string[] {
  return result.findings.filter((f) => f.checkId === checkId).map((f) => f.id);
}

/** The DETAIL of one finding, or undefined when it is not reported. */
export function detail(result: BasisResult, checkId: string, id: string): string | undefined {
  return result.findings.find((f) => f.checkId === checkId && f.id === id)?.detail;
}
