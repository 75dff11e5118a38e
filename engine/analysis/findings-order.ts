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

/** Part `index` of `count` of an analysis (runPart): a slice of the users in scope; part 0 also has the roles and profiles. */
export interface AnalysisPart {
  index: number;
  count: number;
}

const WHOLE: AnalysisPart = { index: 0, count: 1 };

/**
 * The users in scope that a part evaluates, [from, to) in scope order: the parts cut the users
 * into `count` contiguous slices, so that together they are exactly the whole analysis.
 */
export function partSlice(usersInScope: number, { index, count }: AnalysisPart): { from: number; to: number } {
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`runPart: part ${index} of ${count} does not exist`);
  }
  return { from: Math.floor((usersInScope * index) / count), to: Math.floor((usersInScope * (index + 1)) / count) };
}

/**
 * The holders of a part in the findings' order: by level, then by name (code points).
 * `onHolder` hears how many of the part's holders were taken, of how many.
 */
function* holdersInOrder(p: HolderSource, part: AnalysisPart, onHolder?: (taken: number, total: number) => void): Generator<Holder> {
  partSlice(0, part); // a part that does not exist throws, whatever the levels
  const lists: Array<[HolderLevel, string[]]> = [];
  for (const level of levelsInOrder(p.options.holderLevels ?? ALL_LEVELS)) {
    if (level !== 'USER' && part.index !== 0) continue;
    let names: string[];
    if (level === 'USER') {
      const users = scopeUsers(p.extract.users, p.options).inScope;
      const { from, to } = partSlice(users.length, part);
      names = users.slice(from, to).map((u) => u.bname);
    } else names = level === 'ROLE' ? [...p.landscape.roles] : [...p.landscape.manualProfiles];
    names.sort(compareCodePoints);
    lists.push([level, names]);
  }
  const total = lists.reduce((n, [, names]) => n + names.length, 0);
  let taken = 0;
  for (const [level, names] of lists) {
    for (const name of names) {
      onHolder?.(++taken, total);
      yield level === 'USER' ? p.userHolder(name) : level === 'ROLE' ? p.roleHolder(name) : p.profileHolder(name);
    }
  }
}

/**
 * run()'s findings in the same order (of a part: runPart's); `detail` leaves out what the writer
 * does not show (the CSV: permission lines).
 */
export function* sortedFindings(
  p: HolderSource,
  detail: FindingDetail = {},
  part: AnalysisPart = WHOLE,
  onHolder?: (taken: number, total: number) => void,
): Generator<Finding> {
  for (const holder of holdersInOrder(p, part, onHolder)) yield* p.holderFindings(holder, true, detail);
}

/**
 * sortedFindings() a holder at a time, without making findings: what each holder meets and its
 * function matches on demand, for a writer that needs only their text (the CSV of `segra analyze`:
 * a million findings on LD). Never the permission lines.
 */
export function* sortedHolderRisks(p: HolderSource): Generator<HolderRisks> {
  for (const holder of holdersInOrder(p, WHOLE)) {
    const met = p.holderRisks(holder, true, { permissions: false });
    if (met) yield met;
  }
}
