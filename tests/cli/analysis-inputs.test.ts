import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyse, findingsToCsv } from '../../engine/index.ts';
import { generateLandscape } from '../../generator/index.ts';
import { readSystemExtract } from '../../server/importers/extract-reader.ts';
import { readRuleset } from '../../server/importers/ruleset-reader.ts';
import { objectsNeeded, readAnalysisInputs } from '../../server/cli/inputs.ts';
import { basisFindingsToCsv, buildBasisRuleset, runBasisChecks } from '../../engine/basis/index.ts';

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'segra-inputs-'));
  await generateLandscape({ size: 'S', seed: 3, outDir: dir });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reading only the objects an analysis needs', () => {
  it.each(['permission', 'action'] as const)('gives the same %s-level findings as reading every row', async (level) => {
    const options = { date: 20260630, level, mode: 'same-instance', includeLocked: true, includeExpired: false } as const;
    const filtered = await readAnalysisInputs({ system: `${dir}/system`, rules: `${dir}/rules`, level });
    const full = await readSystemExtract(`${dir}/system`);
    const ruleset = await readRuleset(`${dir}/rules`);
    expect(filtered.extract.roleAuthorisations.length).toBeLessThan(full.roleAuthorisations.length);
    expect(full.tcodeChecks.length).toBeGreaterThan(0); // the start checks' objects must survive the filter
    const a = findingsToCsv(analyse(filtered.extract, filtered.ruleset, options).findings);
    const b = findingsToCsv(analyse(full, ruleset, options).findings);
    expect(a.split('\n').length).toBeGreaterThan(10);
    expect(a).toBe(b);
  }, 60_000);
});

describe('reading only the objects the basis checks need', () => {
  it('gives the same basis findings as reading every row', async () => {
    const objects = await objectsNeeded(`${dir}/system`, buildBasisRuleset(), 'permission');
    const filtered = await readSystemExtract(`${dir}/system`, { objects });
    const full = await readSystemExtract(`${dir}/system`);
    expect(filtered.roleAuthorisations.length).toBeLessThan(full.roleAuthorisations.length);
    const a = basisFindingsToCsv(runBasisChecks(filtered, { date: 20260630 }).findings);
    expect(a.split('\n').length).toBeGreaterThan(10);
    expect(a).toBe(basisFindingsToCsv(runBasisChecks(full, { date: 20260630 }).findings));
  }, 60_000);
});
