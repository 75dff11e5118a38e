/**
 * Rules 16 and 17: the engine's STATUS/CONTROLS (mitigating controls) and EXECUTION/REMEDIATION
 * (usage) against the reference readings (tests/reference/reference-controls.ts) on random
 * landscapes with random control assignments (valid, expired, future, open-ended, stray) and
 * random usage (summed counts, zero and negative sums, padded and unknown tcodes), for every
 * level × mode × includeLocked × includeExpired.
 *
 * SEGRA_PROPERTY_RUNS raises (or lowers) the number of landscapes per property.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatRemediation, mitigateFindings, prepareAnalysis, usageOfFindings } from '../../../engine/index.ts';
import type { AnalysisOptions, Finding } from '../../../engine/model/index.ts';
import { allOptionCombinations, landscapeArb } from '../../reference/arbitraries.ts';
import { mitigationsArb, usageArb } from '../../reference/control-arbitraries.ts';
import { referenceMitigation, referenceUsage } from '../../reference/reference-controls.ts';

const RUNS = Number(process.env.SEGRA_PROPERTY_RUNS ?? 300);
const TIMEOUT = 120_000;

const key = (f: Pick<Finding, 'level' | 'holder' | 'riskId'>): string => `${f.level}:${f.holder}:${f.riskId}`;
const label = (o: AnalysisOptions): string =>
  `level=${o.level} mode=${o.mode} includeLocked=${o.includeLocked} includeExpired=${o.includeExpired}`;

describe('rules 16 and 17: engine vs reference (random landscapes, controls and usage)', () => {
  it(
    'gives every finding the reference STATUS and CONTROLS',
    () => {
      fc.assert(
        fc.property(landscapeArb, mitigationsArb, (l, mitigations) => {
          for (const o of allOptionCombinations({ deactivatedRiskIds: l.deactivatedRiskIds })) {
            const prepared = prepareAnalysis(structuredClone(l.extract), structuredClone(l.ruleset), o);
            const findings = prepared.run().findings;
            const got = mitigateFindings(prepared, findings, mitigations);
            findings.forEach((f, i) => {
              const want = referenceMitigation(l.extract, l.ruleset, o, f, mitigations);
              expect({ status: got[i].status, controls: got[i].controls }, `${key(f)} ${label(o)}`).toEqual(want);
            });
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'gives every user finding the reference EXECUTION, executing tcodes and REMEDIATION, and role/profile findings none',
    () => {
      fc.assert(
        fc.property(landscapeArb, usageArb, (l, usage) => {
          for (const o of allOptionCombinations({ deactivatedRiskIds: l.deactivatedRiskIds })) {
            const prepared = prepareAnalysis(structuredClone(l.extract), structuredClone(l.ruleset), o);
            const findings = prepared.run().findings;
            const got = usageOfFindings(prepared, findings, usage);
            findings.forEach((f, i) => {
              const g = got[i];
              if (f.level !== 'USER') {
                expect(g, key(f)).toBeNull();
                return;
              }
              const want = referenceUsage(l.extract, l.ruleset, o, f, usage);
              expect(g, key(f)).not.toBeNull();
              const executedBy = Object.fromEntries(g!.functions.map((m) => [m.functionId, m.tcodes.map((t) => t.tcode).sort()]));
              expect(
                { execution: g!.execution, executedBy, remediation: formatRemediation(g!.remediation) },
                `${key(f)} ${label(o)}`,
              ).toEqual(want);
              for (const m of g!.functions) {
                expect(m.executed, `${key(f)} ${m.functionId}`).toBe(m.tcodes.length > 0);
                for (const t of m.tcodes) expect(t.count, `${key(f)} ${t.tcode}`).toBeGreaterThan(0);
              }
            });
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});
