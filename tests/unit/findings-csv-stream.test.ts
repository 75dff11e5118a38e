import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareAnalysis } from '../../engine/index.ts';
import { findingsToCsv } from '../../engine/output/findings-csv.ts';
import { hasOrgLevelRisks } from '../../engine/ruleset/org-fields.ts';
import { writeSortedFindingsCsv } from '../../server/cli/findings-csv-stream.ts';
import { ChunkedOutput } from '../../server/cli/output.ts';
import { allOptionCombinations, landscapeArb, orgLandscapeArb, ROLES, USERS } from '../reference/arbitraries.ts';

/** `segra analyze`'s CSV written as bytes (issue 12) against findingsToCsv of run()'s findings. */
const dir = mkdtempSync(path.join(tmpdir(), 'segra-csv-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

async function streamed(l: { extract: Parameters<typeof prepareAnalysis>[0]; ruleset: Parameters<typeof prepareAnalysis>[1] }, options: Parameters<typeof prepareAnalysis>[2], chunk: number): Promise<{ text: string; rows: number }> {
  const file = path.join(dir, `out-${files++}.csv`);
  const prepared = prepareAnalysis(l.extract, l.ruleset, options);
  const output = new ChunkedOutput(file, chunk);
  const rows = await writeSortedFindingsCsv(output, prepared.sortedHolderRisks(), prepared.compiled.risks, hasOrgLevelRisks(l.ruleset));
  await output.end();
  return { text: readFileSync(file, 'utf8'), rows };
}

describe('the CSV of segra analyze written as bytes (writeSortedFindingsCsv)', () => {
  for (const [name, arb] of [
    ['a landscape', landscapeArb],
    ['a landscape with org-level risks', orgLandscapeArb],
  ] as const) {
    it(`writes findingsToCsv of run()'s findings for ${name}, in chunks of any size`, async () => {
      await fc.assert(
        fc.asyncProperty(arb, fc.integer({ min: 0, max: 15 }), fc.constantFrom(40, 97, 1 << 20), async (l, pick, chunk) => {
          const options = allOptionCombinations()[pick];
          const whole = prepareAnalysis(l.extract, l.ruleset, options).run();
          const { text, rows } = await streamed(l, options, chunk);
          expect(text).toBe(findingsToCsv(whole.findings, { orgValues: hasOrgLevelRisks(l.ruleset) }));
          expect(rows).toBe(whole.findings.length);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('quotes the holder, FUNCTIONS and SOURCES cells that need it (names with commas, quotes, blanks, non-ASCII)', async () => {
    // Every user and role name, and every function id, made one that needs quoting or a blank kept.
    const odd = new Map<string, string>([...ROLES.map((r, i) => [r, [`${r},x`, `"${r}"`, ` ${r}`, `${r}\u00e9`][i % 4]] as const), ...USERS.map((u, i) => [u, [`${u} "q"`, `${u},`, `${u} `, `Ü${u}`][i % 4]] as const)]);
    const rename = (value: unknown): unknown =>
      typeof value === 'string' ? (odd.get(value) ?? value) : Array.isArray(value) ? value.map(rename) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)])) : value;
    await fc.assert(
      fc.asyncProperty(landscapeArb, fc.integer({ min: 0, max: 15 }), async (l, pick) => {
        const options = allOptionCombinations()[pick];
        const fn = (id: string): string => `${id}, "fn"`;
        const ruleset = {
          risks: l.ruleset.risks.map((r) => ({ ...r, functionIds: r.functionIds.map(fn) })),
          functions: l.ruleset.functions.map((f) => ({ ...f, id: fn(f.id) })),
        };
        const extract = rename(l.extract) as typeof l.extract;
        const whole = prepareAnalysis(extract, ruleset, options).run();
        const { text } = await streamed({ extract, ruleset }, options, 97);
        expect(text).toBe(findingsToCsv(whole.findings));
      }),
      { numRuns: 60 },
    );
  });

  it('quotes holder and risk cells that need it, and shares no cells between holders', async () => {
    const l = fc.sample(landscapeArb.filter((x) => prepareAnalysis(x.extract, x.ruleset, allOptionCombinations()[0]).run().findings.length > 1), { numRuns: 1, seed: 7 })[0];
    const ruleset = { ...l.ruleset, risks: l.ruleset.risks.map((r, i) => ({ ...r, id: i % 2 ? `R,"${r.id}"` : ` ${r.id}` })) };
    const options = allOptionCombinations()[0];
    const whole = prepareAnalysis(l.extract, ruleset, options).run();
    const { text } = await streamed({ extract: l.extract, ruleset }, options, 1 << 20);
    expect(text).toBe(findingsToCsv(whole.findings));
    expect(text).toMatch(/"R,""/);
  });
});
