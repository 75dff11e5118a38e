/**
 * The engine against the reference evaluator (tests/reference/reference-evaluator.ts) on small
 * random landscapes, for every combination of analysis level × instance mode × includeLocked ×
 * includeExpired. The reference is an independent, literal reading of DESIGN.md section 5 and
 * the decisions file; where they disagree, tests/reference/READINGS.md says which reading the
 * reference took.
 *
 * SEGRA_PROPERTY_RUNS raises (or lowers) the number of landscapes per property.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { analyse } from '../../../engine/index.ts';
import type { AnalysisOptions, Finding } from '../../../engine/model/index.ts';
import { allOptionCombinations, landscapeArb, type Landscape } from '../../reference/arbitraries.ts';
import { referenceAnalyse, referenceExcludedUsers } from '../../reference/reference-evaluator.ts';

const RUNS = Number(process.env.SEGRA_PROPERTY_RUNS ?? 600);
const TIMEOUT = 60_000;

const key = (f: Pick<Finding, 'level' | 'holder' | 'riskId'>): string => `${f.level}:${f.holder}:${f.riskId}`;

const label = (o: AnalysisOptions): string =>
  `level=${o.level} mode=${o.mode} includeLocked=${o.includeLocked} includeExpired=${o.includeExpired}`;

function combinations(l: Landscape): AnalysisOptions[] {
  return allOptionCombinations({ deactivatedRiskIds: l.deactivatedRiskIds });
}

describe('engine vs reference evaluator (random landscapes)', () => {
  it(
    'finds the same (level, holder, risk) set for every level × mode × includeLocked × includeExpired',
    () => {
      fc.assert(
        fc.property(landscapeArb, (l) => {
          for (const o of combinations(l)) {
            const result = analyse(structuredClone(l.extract), structuredClone(l.ruleset), o);
            const got = result.findings.map(key).sort();
            const want = referenceAnalyse(l.extract, l.ruleset, o).map(key).sort();
            expect(got, label(o)).toEqual(want);
            // Every result records its level and mode (rule 6).
            for (const f of result.findings) {
              expect(f.mode, label(o)).toBe(o.mode);
              expect(f.analysisLevel, label(o)).toBe(o.level);
            }
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'lists every USR02 user either in scope or in excludedUsers with the right reasons',
    () => {
      fc.assert(
        fc.property(landscapeArb, (l) => {
          for (const o of combinations(l).filter((c) => c.level === 'action' && c.mode === 'same-instance')) {
            const result = analyse(structuredClone(l.extract), structuredClone(l.ruleset), o);
            const got = new Map(result.excludedUsers.map((e) => [e.bname, [...e.reasons].sort()]));
            const want = new Map(referenceExcludedUsers(l.extract, o).map((e) => [e.bname, [...e.reasons].sort()]));
            expect(Object.fromEntries(got), label(o)).toEqual(Object.fromEntries(want));
            expect(result.excludedUsers.length, 'no user listed twice').toBe(got.size);
            expect(result.counts.usersExcluded, label(o)).toBe(want.size);
            expect(result.counts.usersInScope, label(o)).toBe(l.extract.users.length - want.size);
            // Excluded users have no user-level findings.
            for (const f of result.findings) {
              if (f.level === 'USER') expect(want.has(f.holder), `${key(f)} ${label(o)}`).toBe(false);
            }
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    "reports, per function, the reference's action (first met active action in the function's order)",
    () => {
      fc.assert(
        fc.property(landscapeArb, (l) => {
          for (const o of combinations(l).filter((c) => c.includeLocked && c.includeExpired)) {
            const result = analyse(structuredClone(l.extract), structuredClone(l.ruleset), o);
            const want = new Map(referenceAnalyse(l.extract, l.ruleset, o).map((f) => [key(f), f]));
            for (const f of result.findings) {
              const ref = want.get(key(f));
              if (!ref) continue; // the set itself is pinned by the first property
              const got = Object.fromEntries(f.functions.map((m) => [m.functionId, m.action]));
              const exp = Object.fromEntries(ref.functions.map((m) => [m.functionId, m.action]));
              expect(got, `${key(f)} ${label(o)}`).toEqual(exp);
            }
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'does not modify the extract or the ruleset it analyses',
    () => {
      fc.assert(
        fc.property(landscapeArb, (l) => {
          const x = structuredClone(l.extract);
          const r = structuredClone(l.ruleset);
          analyse(x, r, { ...combinations(l)[5] });
          expect(x).toEqual(l.extract);
          expect(r).toEqual(l.ruleset);
        }),
        { numRuns: Math.max(20, Math.floor(RUNS / 4)) },
      );
    },
    TIMEOUT,
  );
});
