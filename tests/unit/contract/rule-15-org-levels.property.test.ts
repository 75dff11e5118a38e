/**
 * DESIGN 5.15 — org-level risks: the engine (which tests only the lower ends of the holder's
 * value rows and the blank value) against the naive reference (which tries a broad set of probe
 * values, tests/reference/reference-org-levels.ts) on random landscapes whose risks are often
 * org-level: one field, two joint fields, fields no instance has; values, prefixes, ranges,
 * `$` variables resolved and resolved to nothing, composites, profiles, reference users; both
 * instance modes and the action level (where org fields are ignored).
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { analyse } from '../../../engine/index.ts';
import type { AnalysisOptions, Finding } from '../../../engine/model/index.ts';
import { allOptionCombinations, orgLandscapeArb } from '../../reference/arbitraries.ts';
import { referenceAnalyse } from '../../reference/reference-evaluator.ts';

const RUNS = Number(process.env.SEGRA_PROPERTY_RUNS ?? 600) / 2;
const TIMEOUT = 120_000;

const key = (f: Pick<Finding, 'level' | 'holder' | 'riskId'>): string => `${f.level}:${f.holder}:${f.riskId}`;
const label = (o: AnalysisOptions): string => `level=${o.level} mode=${o.mode}`;

describe('rule 15: org-level risks, engine vs naive reference (random landscapes)', () => {
  it(
    'finds the same findings with the same org values and actions, in both modes and at action level',
    () => {
      fc.assert(
        fc.property(orgLandscapeArb, (l) => {
          const combos = allOptionCombinations({ deactivatedRiskIds: l.deactivatedRiskIds }).filter(
            (o) => o.includeLocked && o.includeExpired,
          );
          for (const o of combos) {
            const got = analyse(structuredClone(l.extract), structuredClone(l.ruleset), o).findings;
            const want = referenceAnalyse(l.extract, l.ruleset, o);
            expect(got.map(key).sort(), label(o)).toEqual(want.map(key).sort());
            const byKey = new Map(want.map((f) => [key(f), f]));
            for (const f of got) {
              const ref = byKey.get(key(f))!;
              expect(f.orgValues, `${key(f)} ${label(o)}`).toEqual(ref.orgValues ?? []);
              const actions = Object.fromEntries(f.functions.map((m) => [m.functionId, m.action]));
              expect(actions, `${key(f)} ${label(o)}`).toEqual(Object.fromEntries(ref.functions.map((m) => [m.functionId, m.action])));
            }
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});
