import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyse } from '../../engine/index.ts';
import type { AnalysisResult } from '../../engine/model/analysis.ts';
import { formatSources } from '../../engine/output/findings-csv.ts';
import { generateLandscape, type GenerateLandscapeResult } from '../../generator/index.ts';
import { WIDE_SPEC } from '../../generator/wide-landscape.ts';
import { readAnalysisInputs } from '../../server/cli/inputs.ts';

/**
 * Size LW ("L, wide", issue 30) at 2 % of its users and roles: the proportions of the customer's
 * shape hold at any scale (each role is as wide as at full size), so they are checked here
 * without writing 4 M rows.
 */
const SCALE = 0.02;
const dirs: string[] = [];
let dir: string;
let result: GenerateLandscapeResult;
let again: GenerateLandscapeResult;
let analysis: AnalysisResult;

type Row = Record<string, string>;
async function table(name: string, folder = 'system'): Promise<Row[]> {
  return parse(await readFile(join(dir, folder, `${name}.csv`)), { columns: true, skip_empty_lines: true }) as Row[];
}
async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'segra-wide-'));
  dirs.push(d);
  return d;
}

beforeAll(async () => {
  dir = await tempDir();
  result = await generateLandscape({ size: 'LW', scale: SCALE, seed: 1, outDir: dir });
  again = await generateLandscape({ size: 'LW', scale: SCALE, seed: 1, outDir: await tempDir() });
  const { extract, ruleset } = await readAnalysisInputs({ system: join(dir, 'system'), rules: join(dir, 'rules'), level: 'permission' });
  analysis = analyse(extract, ruleset, { date: 20260630, level: 'permission', mode: 'same-instance', includeLocked: false, includeExpired: false });
}, 120_000);

afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('generateLandscape size LW at a small scale', () => {
  it('is byte-identical for the same seed', async () => {
    expect(again.files.length).toBe(result.files.length);
    for (let i = 0; i < result.files.length; i++) {
      const [a, b] = await Promise.all([readFile(result.files[i]), readFile(again.files[i])]);
      expect(a.equals(b), result.files[i]).toBe(true);
    }
  });

  it('has the users, roles, composites (some nested) and reference users of the scaled shape', async () => {
    const users = await table('USR02');
    expect(users.filter((u) => u.USTYP === 'A').length).toBe(WIDE_SPEC.users * SCALE);
    const defined = await table('AGR_DEFINE');
    expect(defined.length).toBe(WIDE_SPEC.roles * SCALE);
    const agrs = await table('AGR_AGRS');
    const composites = new Set(agrs.map((r) => r.AGR_NAME));
    expect(composites.size).toBe(WIDE_SPEC.composites * SCALE);
    const nested = new Set(agrs.filter((r) => composites.has(r.CHILD_AGR)).map((r) => r.AGR_NAME));
    expect(nested.size).toBe(WIDE_SPEC.nestedComposites * SCALE);
    const refs = await table('USREFUS');
    const refUsers = new Set(users.filter((u) => u.USTYP === 'L').map((u) => u.BNAME));
    expect(refs.every((r) => refUsers.has(r.REFUSER))).toBe(true);
    expect(refs.length / (WIDE_SPEC.users * SCALE)).toBeGreaterThan(0.15);
    expect((await table('AGR_1252')).length).toBeGreaterThan(0);
  });

  it('writes wide single roles: 40–150 transactions, at most 90 objects, objects no rule names, ~300 rows each', async () => {
    const rows = await table('AGR_1251');
    const tcodes = new Map<string, number>();
    const objects = new Map<string, Set<string>>();
    for (const r of rows) {
      if (r.OBJECT === 'S_TCODE') tcodes.set(r.AGR_NAME, (tcodes.get(r.AGR_NAME) ?? 0) + 1);
      else objects.set(r.AGR_NAME, (objects.get(r.AGR_NAME) ?? new Set()).add(r.OBJECT));
    }
    const singles = (WIDE_SPEC.roles - WIDE_SPEC.composites) * SCALE;
    expect(tcodes.size).toBe(singles);
    expect(Math.min(...tcodes.values())).toBeGreaterThanOrEqual(WIDE_SPEC.minTcodes);
    expect(Math.max(...tcodes.values())).toBeLessThanOrEqual(WIDE_SPEC.maxTcodes);
    expect(Math.max(...tcodes.values())).toBeGreaterThan(140);
    expect(Math.max(...[...objects.values()].map((s) => s.size))).toBeLessThanOrEqual(WIDE_SPEC.maxObjects);
    const ruleObjects = new Set((await table('FUNCTION_PERMISSIONS', 'rules')).map((r) => r.OBJECT));
    const noise = new Set([...objects.values()].flatMap((s) => [...s]).filter((o) => !ruleObjects.has(o)));
    expect(noise.size).toBeGreaterThan(WIDE_SPEC.noiseObjects * 0.9);
    // The customer's 4 M rows over about 12,000 single roles.
    expect(result.agr1251Rows / singles).toBeGreaterThan(250);
    expect(result.agr1251Rows / singles).toBeLessThan(400);
  });

  it('writes 40 risks of every type, some org-level', async () => {
    const risks = await table('RISKS', 'rules');
    expect(risks.length).toBe(WIDE_SPEC.risks);
    for (const type of ['SOD', 'CRITICAL_ACTION', 'CRITICAL_PERMISSION']) expect(risks.some((r) => r.RISK_TYPE === type), type).toBe(true);
    expect(risks.filter((r) => r.ORG_FIELDS === 'BUKRS').length).toBeGreaterThan(3);
  });

  it('yields the customer proportions: ~25 findings per user in scope, ~5 per role, several sources each', () => {
    const users = analysis.findings.filter((f) => f.level === 'USER');
    const roles = analysis.findings.filter((f) => f.level === 'ROLE');
    const inScope = new Set(users.map((f) => f.holder)).size;
    expect(inScope / (WIDE_SPEC.users * SCALE)).toBeGreaterThan(0.75);
    expect(users.length / inScope).toBeGreaterThan(18);
    expect(users.length / inScope).toBeLessThan(32);
    expect(roles.length / (WIDE_SPEC.roles * SCALE)).toBeGreaterThan(3);
    expect(analysis.findings.some((f) => f.level === 'PROFILE')).toBe(true);
    const paths = users.reduce((n, f) => n + formatSources(f).split(';').length, 0) / users.length;
    expect(paths).toBeGreaterThan(3.5);
    expect(paths).toBeLessThan(6);
  });

  it('takes a scale for LW only', async () => {
    await expect(generateLandscape({ size: 'S', scale: 0.5, seed: 1, outDir: await tempDir() })).rejects.toThrow(/LW only/);
    await expect(generateLandscape({ size: 'LW', scale: 2, seed: 1, outDir: await tempDir() })).rejects.toThrow(/scale/);
  });
});
