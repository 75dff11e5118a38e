import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareAnalysis } from '../../../engine/index.ts';
import { allOptionCombinations, landscapeArb } from '../../reference/arbitraries.ts';

describe('PreparedAnalysis.sortedFindings (streamed output, issue 12)', () => {
  it('yields exactly run()\'s findings, in the same order', () => {
    fc.assert(
      fc.property(landscapeArb, fc.integer({ min: 0, max: 15 }), (l, pick) => {
        const combos = allOptionCombinations();
        const options = combos[pick % combos.length];
        const whole = prepareAnalysis(l.extract, l.ruleset, options).run();
        const streamed = [...prepareAnalysis(l.extract, l.ruleset, options).sortedFindings()];
        expect(streamed).toEqual(whole.findings);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps to the holder levels asked for', () => {
    fc.assert(
      fc.property(landscapeArb, fc.constantFrom<('USER' | 'ROLE' | 'PROFILE')[]>(['USER'], ['ROLE', 'PROFILE'], []), (l, holderLevels) => {
        const options = { ...allOptionCombinations()[0], holderLevels };
        const whole = prepareAnalysis(l.extract, l.ruleset, options).run();
        expect([...prepareAnalysis(l.extract, l.ruleset, options).sortedFindings()]).toEqual(whole.findings);
      }),
      { numRuns: 40 },
    );
  });
});

describe('PreparedAnalysis.sortedFindings without permission lines (the CSV stream, issue 12)', () => {
  it('yields run()\'s findings with every match\'s permissions left empty, nothing else changed', () => {
    fc.assert(
      fc.property(landscapeArb, fc.integer({ min: 0, max: 15 }), (l, pick) => {
        const combos = allOptionCombinations();
        const options = combos[pick % combos.length];
        const whole = prepareAnalysis(l.extract, l.ruleset, options).run();
        const lean = [...prepareAnalysis(l.extract, l.ruleset, options).sortedFindings({ permissions: false })];
        expect(lean).toEqual(whole.findings.map((f) => ({ ...f, functions: f.functions.map((m) => ({ ...m, permissions: [] })) })));
      }),
      { numRuns: 100 },
    );
  });
});
