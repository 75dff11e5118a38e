import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareAnalysis } from '../../../engine/index.ts';
import { emptyExtract } from '../../../engine/model/extract.ts';
import { findingsToCsv } from '../../../engine/output/findings-csv.ts';
import { allOptionCombinations, landscapeArb } from '../../reference/arbitraries.ts';

describe('PreparedAnalysis.runPart (user shards for several workers)', () => {
  it('the parts of any split together give exactly the findings of run()', () => {
    fc.assert(
      fc.property(landscapeArb, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 15 }), (l, count, pick) => {
        const combos = allOptionCombinations();
        const options = combos[pick % combos.length];
        const whole = prepareAnalysis(l.extract, l.ruleset, options).run();
        const prepared = prepareAnalysis(l.extract, l.ruleset, options);
        const parts = Array.from({ length: count }, (_, i) => prepared.runPart(i, count));
        expect(findingsToCsv(parts.flatMap((p) => p.findings))).toBe(findingsToCsv(whole.findings));
        expect(parts.reduce((n, p) => n + p.counts.findings, 0)).toBe(whole.counts.findings);
        for (const p of parts) expect({ ...p.counts, findings: 0, acceptedFindings: 0 }).toEqual({ ...whole.counts, findings: 0, acceptedFindings: 0 });
        // Only part 0 carries role and profile findings.
        for (const p of parts.slice(1)) expect(p.findings.every((f) => f.level === 'USER')).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a part that does not exist', () => {
    const prepared = prepareAnalysis(emptyExtract(), { risks: [], functions: [] }, allOptionCombinations()[0]);
    expect(() => prepared.runPart(2, 2)).toThrow(RangeError);
    expect(() => prepared.runPart(0, 0)).toThrow(RangeError);
  });
});
