/**
 * Rules 12, 15, 16 and 17 together: on random landscapes whose risks are often org-level, with
 * random acceptances, mitigating controls and usage, the engine's ACCEPTED, STATUS/CONTROLS and
 * EXECUTION/REMEDIATION agree with the references combined. The references answer "the risk is
 * met" (a role meeting the whole risk by itself; the risk after a removal) with rule 15's
 * org-aware reading (riskMetBy in tests/reference/reference-evaluator.ts), so an engine that
 * asked the plain, org-blind question anywhere would differ here.
 *
 * SEGRA_PROPERTY_RUNS raises (or lowers) the number of landscapes per property.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatRemediation, mitigateFindings, prepareAnalysis, usageOfFindings } from '../../../engine/index.ts';
import type { AnalysisOptions, Finding } from '../../../engine/model/index.ts';
import { allOptionCombinations, orgLandscapeArb } from '../../reference/arbitraries.ts';
import { acceptancesArb, mitigationsArb, usageArb } from '../../reference/control-arbitraries.ts';
import { referenceMitigation, referenceUsage } from '../../reference/reference-controls.ts';
import { referenceAccepted } from '../../reference/reference-evaluator.ts';

const RUNS = Number(process.env.SEGRA_PROPERTY_RUNS ?? 1500);
const TIMEOUT = 240_000;

const key = (f: Pick<Finding, 'level' | 'holder' | 'riskId'>): string => `${f.level}:${f.holder}:${f.riskId}`;
const label = (o: AnalysisOptions): string => `level=${o.level} mode=${o.mode}`;

describe('rules 12, 15, 16 and 17: engine vs the references combined (random org-level landscapes)', () => {
  it(
    'gives every finding the reference acceptance, STATUS/CONTROLS, EXECUTION and REMEDIATION',
    () => {
      fc.assert(
        fc.property(orgLandscapeArb, acceptancesArb, mitigationsArb, usageArb, (l, acceptances, mitigations, usage) => {
          // Locked and expired users are rules 2's business, checked elsewhere: both modes and levels here.
          const combos = allOptionCombinations({ deactivatedRiskIds: l.deactivatedRiskIds, acceptances }).filter(
            (o) => o.includeLocked && o.includeExpired,
          );
          for (const o of combos) {
            const prepared = prepareAnalysis(structuredClone(l.extract), structuredClone(l.ruleset), o);
            const findings = prepared.run().findings;
            const mitigated = mitigateFindings(prepared, findings, mitigations);
            const used = usageOfFindings(prepared, findings, usage);
            findings.forEach((f, i) => {
              const at = `${key(f)} ${label(o)}`;
              const accepted = referenceAccepted(l.extract, l.ruleset, o, f);
              expect(f.accepted, `accepted ${at}`).toBe(accepted.length > 0);
              if (f.acceptance) expect(accepted, `acceptance ${at}`).toContainEqual(f.acceptance);
              expect({ status: mitigated[i].status, controls: mitigated[i].controls }, `mitigation ${at}`).toEqual(
                referenceMitigation(l.extract, l.ruleset, o, f, mitigations),
              );
              const g = used[i];
              if (f.level !== 'USER') {
                expect(g, at).toBeNull();
                return;
              }
              const want = referenceUsage(l.extract, l.ruleset, o, f, usage);
              const executedBy = Object.fromEntries(g!.functions.map((m) => [m.functionId, m.tcodes.map((t) => t.tcode).sort()]));
              expect({ execution: g!.execution, executedBy, remediation: formatRemediation(g!.remediation) }, `usage ${at}`).toEqual(want);
            });
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});
