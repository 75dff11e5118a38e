import { compareCodePoints } from '../authorisation/code-point.ts';
import { coversValue, type ValueInterval } from '../authorisation/value-interval.ts';

/**
 * The org-level question of one risk for one holder (DESIGN 5.15), reduced to value rows, and
 * its exact answer without enumerating values.
 *
 * Per org field j an instance either lacks the field (`undefined`: not constrained) or has its
 * rows (possibly none: an org variable resolved to nothing covers no value). The risk holds at
 * a value tuple v when every function has an alternative whose every permission check has a
 * meeting instance that covers v (fields it has). That is a positive AND/OR of "row covers v_j",
 * and every row is an interval of strings with a least element (its lower end), so the values
 * at which the risk holds are a union of boxes whose corners are tuples of lower ends: testing
 * the lower ends (and the blank value) decides every question exactly. The proof is in
 * docs/decisions/2026-11-25-org-level-risks.md.
 */

/** Per org field, an instance's rows, or undefined when the instance lacks the field. */
export type OrgProfile = ReadonlyArray<readonly ValueInterval[] | undefined>;

export interface OrgProblem {
  fieldCount: number;
  /**
   * Per function of the risk, per alternative (in action order, null when not met even without
   * org fields), per permission check, the profiles of the instances that meet it.
   */
  functions: ReadonlyArray<ReadonlyArray<ReadonlyArray<readonly OrgProfile[]> | null>>;
  /** Per field, the plain (single) values of the holder's rows: what may be reported by name. */
  named: ReadonlyArray<ReadonlySet<string>>;
  /** Per field, the lower ends of the holder's rows. */
  lowerEnds: ReadonlyArray<ReadonlySet<string>>;
}

export interface OrgAnswer {
  /** The org values at which the risk holds: labels, sorted (plain values first, `*` last). */
  values: string[];
  /** Per function, the first alternative met at some value of the first label. */
  alternatives: number[];
  /** Per function, a value tuple of the first label at which that alternative is met. */
  witnesses: string[][];
}

/** Stands for a value named nowhere in a label. */
export const ANY_OTHER = '*';

function profileCovers(p: OrgProfile, v: readonly (string | null)[]): boolean {
  for (let j = 0; j < p.length; j++) {
    const rows = p[j];
    const x = v[j];
    if (rows === undefined || x === null) continue;
    let ok = false;
    for (const iv of rows) {
      if (coversValue(iv, x)) {
        ok = true;
        break;
      }
    }
    if (!ok) return false;
  }
  return true;
}

/** Whether the alternative's every check has a meeting instance covering v (null fields: free). */
function alternativeHolds(checks: ReadonlyArray<readonly OrgProfile[]>, v: readonly (string | null)[]): boolean {
  for (const profiles of checks) {
    let met = false;
    for (const p of profiles) {
      if (profileCovers(p, v)) {
        met = true;
        break;
      }
    }
    if (!met) return false;
  }
  return true;
}

/** Per function, the first alternative that holds at v; null when some function has none. */
export function alternativesAt(problem: OrgProblem, v: readonly (string | null)[]): number[] | null {
  const out: number[] = [];
  for (const alts of problem.functions) {
    let found = -1;
    for (let a = 0; a < alts.length; a++) {
      const checks = alts[a];
      if (checks !== null && alternativeHolds(checks, v)) {
        found = a;
        break;
      }
    }
    if (found < 0) return null;
    out.push(found);
  }
  return out;
}

/**
 * The values worth testing for one field: the lower ends and the blank value (every box of the
 * answer starts at one of them), the named values (so each can be reported), and for each lower
 * end that is named, the first string above it that is not (s + U+0000 is the successor of s),
 * which tells whether the box reaches a value named nowhere.
 */
export function testPoints(named: ReadonlySet<string>, lowerEnds: ReadonlySet<string>): string[] {
  const points = new Set<string>(named);
  for (const low of [...lowerEnds, '']) {
    let v = low;
    points.add(v);
    while (named.has(v)) points.add((v += '\u0000'));
  }
  return [...points].sort(compareCodePoints);
}

function compareLabels(a: readonly string[], b: readonly string[]): number {
  for (let j = 0; j < a.length; j++) {
    const x = a[j];
    const y = b[j];
    if (x === y) continue;
    if (x === ANY_OTHER) return 1;
    if (y === ANY_OTHER) return -1;
    return compareCodePoints(x, y);
  }
  return 0;
}

/** The exact answer, or null when the risk holds at no org value. */
export function solveOrgProblem(problem: OrgProblem): OrgAnswer | null {
  const k = problem.fieldCount;
  const free: (string | null)[] = new Array<string | null>(k).fill(null);
  if (!alternativesAt(problem, free)) return null;
  // A value that fails with the other fields left free fails in every tuple: prune per field
  // (with one field that would only repeat the enumeration below).
  const points = problem.named.map((named, j) => {
    const all = testPoints(named, problem.lowerEnds[j]);
    if (k === 1) return all;
    const t = [...free];
    return all.filter((v) => {
      t[j] = v;
      return alternativesAt(problem, t) !== null;
    });
  });
  if (points.some((p) => p.length === 0)) return null;
  const byLabel = new Map<string, { label: string[]; alternatives: number[]; witnesses: string[][] }>();
  const tuple: string[] = new Array<string>(k);
  const visit = (j: number): void => {
    if (j === k) {
      const alts = alternativesAt(problem, tuple);
      if (!alts) return;
      const label = tuple.map((v, i) => (problem.named[i].has(v) ? v : ANY_OTHER));
      const key = label.join('\u0000');
      const seen = byLabel.get(key);
      if (!seen) {
        byLabel.set(key, { label, alternatives: alts, witnesses: alts.map(() => [...tuple]) });
        return;
      }
      alts.forEach((a, f) => {
        if (a < seen.alternatives[f]) {
          seen.alternatives[f] = a;
          seen.witnesses[f] = [...tuple];
        }
      });
      return;
    }
    for (const v of points[j]) {
      tuple[j] = v;
      visit(j + 1);
    }
  };
  visit(0);
  const entries = [...byLabel.values()].sort((a, b) => compareLabels(a.label, b.label));
  if (entries.length === 0) return null;
  return {
    values: entries.map((e) => e.label.join('+')),
    alternatives: entries[0].alternatives,
    witnesses: entries[0].witnesses,
  };
}
