import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRuleset } from '../../engine/rulesets/default-ruleset.ts';
import { compileRuleset } from '../../engine/ruleset/compile.ts';
import { denseRuleset, generateLandscape } from '../../generator/index.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('denseRuleset (segra bench size LD)', () => {
  it('keeps the shipped risks and adds SoD risks over pairs of its functions', () => {
    const dense = denseRuleset(defaultRuleset, 5, 2);
    expect(dense.functions).toBe(defaultRuleset.functions);
    expect(dense.risks.slice(0, defaultRuleset.risks.length)).toEqual(defaultRuleset.risks);
    const extra = dense.risks.slice(defaultRuleset.risks.length);
    const n = defaultRuleset.functions.filter((f) => f.actions.length > 0 || f.permissions.length > 0).length;
    expect(extra.length).toBe(2 * Math.ceil((n * (n - 1)) / 2 / 5));
    const ids = new Set(dense.risks.map((r) => r.id));
    expect(ids.size).toBe(dense.risks.length);
    const functionIds = new Set(defaultRuleset.functions.map((f) => f.id));
    for (const r of extra) {
      expect(r.type).toBe('SOD');
      expect(r.functionIds).toHaveLength(2);
      expect(r.functionIds[0]).not.toBe(r.functionIds[1]);
      for (const f of r.functionIds) expect(functionIds.has(f)).toBe(true);
    }
    const compiled = (r: typeof dense): number => compileRuleset(r, { level: 'permission', tcodeChecks: [] }).risks.length;
    expect(compiled(dense)).toBe(compiled(defaultRuleset) + extra.length);
  });

  it('changes only the ruleset a landscape is written with', async () => {
    const a = await mkdtemp(join(tmpdir(), 'segra-dense-'));
    const b = await mkdtemp(join(tmpdir(), 'segra-dense-'));
    dirs.push(a, b);
    const plain = await generateLandscape({ size: 'S', seed: 3, outDir: a });
    const dense = await generateLandscape({ size: 'S', seed: 3, outDir: b, ruleset: 'dense' });
    expect(dense.files.map((f) => f.slice(b.length))).toEqual(plain.files.map((f) => f.slice(a.length)));
    for (let i = 0; i < plain.files.length; i++) {
      const [x, y] = await Promise.all([readFile(plain.files[i]), readFile(dense.files[i])]);
      if (plain.files[i].includes('/system/') || /\/FUNCTION/.test(plain.files[i])) expect(x.equals(y), plain.files[i]).toBe(true);
      else expect(y.length, plain.files[i]).toBeGreaterThan(x.length);
    }
  }, 120_000);
});
