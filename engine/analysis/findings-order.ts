import { compareCodePoints } from '../authorisation/code-point.ts';
import type { AnalysisOptions, Finding, HolderLevel } from '../model/analysis.ts';
import type { SystemExtract } from '../model/extract.ts';
import type { Holder } from './holder-factory.ts';
import type { FindingDetail, HolderRisks } from './holder-risks.ts';
import { scopeUsers } from './scope.ts';

/*
 * The findings in run()'s order made one holder at a time and kept by nobody: the holders are taken
 * in the findings' order (level, name) and each one's findings sorted by risk id, so a writer that
 * streams them never holds a million findings (issue 12).
 */

const ALL_LEVELS: readonly HolderLevel[] = ['USER', 'ROLE', 'PROFILE'];

/** What the order asks of a prepared analysis (PreparedAnalysis). */
export interface HolderSource {
  readonly options: AnalysisOptions;
  readonly extract: SystemExtract;
  readonly landscape: { readonly roles: readonly string[]; readonly manualProfiles: readonly string[] };
  userHolder(bname: string): Holder;
  roleHolder(role: string): Holder;
  profileHolder(profile: string): Holder;
  holderFindings(holder: Holder, byRiskId: boolean, detail: FindingDetail): Finding[];
  holderRisks(holder: Holder, byRiskId: boolean, detail: FindingDetail): HolderRisks | null;
}

/** The holder levels in the findings' order (compareHolderRows: by code point, PROFILE < ROLE < USER). */
function levelsInOrder(levels: readonly HolderLevel[]): HolderLevel[] {
  return [...new Set(levels)].sort(compareCodePoints);
}

/** The holders in the findings' order: by level, then by name (code points). */
function* holdersInOrder(p: HolderSource): Generator<Holder> {
  for (const level of levelsInOrder(p.options.holderLevels ?? ALL_LEVELS)) {
    const names =
      level === 'USER'
        ? scopeUsers(p.extract.users, p.options).inScope.map((u) => u.bname)
        : level === 'ROLE'
          ? [...p.landscape.roles]
          : [...p.landscape.manualProfiles];
    names.sort(compareCodePoints);
    for (const name of names) yield level === 'USER' ? p.userHolder(name) : level === 'ROLE' ? p.roleHolder(name) : p.profileHolder(name);
  }
}

/** run()'s findings in the same order; `detail` leaves out what the writer does not show (the CSV: permission lines). */
export function* sortedFindings(p: HolderSource, detail: FindingDetail = {}): Generator<Finding> {
  for (const holder of holdersInOrder(p)) yield* p.holderFindings(holder, true, detail);
}

/**
 * sortedFindings() a holder at a time, without making findings: what each holder meets and its
 * function matches on demand, for a writer that needs only their text (the CSV of `segra analyze`:
 * a million findings on LD). Never the permission lines.
 */
export function* sortedHolderRisks(p: HolderSource): Generator<HolderRisks> {
  for (const holder of holdersInOrder(p)) {
    const met = p.holderRisks(holder, true, { permissions: false });
    if (met) yield met;
  }
}
