/**
 * `segra analyze` with org-level risks (DESIGN 5.15, 11) and provenance down to the value
 * (5.11): the CSV gains ORG_VALUES right after SOURCES only when the ruleset has an active
 * org-level risk; the JSON names, for every function with permission lines, the meeting
 * instance (source, object, AUTH) and its value rows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRuleset } from '../../server/importers/ruleset-reader.ts';
import { writeRuleset } from '../../server/importers/ruleset-writer.ts';

const BIN = path.resolve('bin/segra.js');
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'segra-org-cli-'));
  const g = run('generate', '--size', 'S', '--out', dir, '--seed', '11');
  expect(g.status, g.stderr).toBe(0);
  // Every other risk becomes org-level on the company code.
  const ruleset = await readRuleset(`${dir}/rules`);
  ruleset.risks = ruleset.risks.map((r, i) => (i % 2 === 0 ? { ...r, orgFields: ['BUKRS'] } : r));
  await writeRuleset(ruleset, `${dir}/org-rules`, 'dir');
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const analyze = (rules: string, ...extra: string[]) =>
  run('analyze', '--system', `${dir}/system`, '--rules', `${dir}/${rules}`, '--date', '20260630', ...extra);

describe('segra analyze with org-level risks', () => {
  it('adds ORG_VALUES after SOURCES, filled for org-level risks only, and finds no more than without org fields', () => {
    const r = analyze('org-rules');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,ORG_VALUES');
    const plain = analyze('rules').stdout.trimEnd().split('\n');
    expect(plain[0]).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES');
    const keyOf = (l: string) => l.split(',').slice(0, 3).join(',');
    const plainKeys = new Set(plain.slice(1).map(keyOf));
    const rows = lines.slice(1);
    for (const l of rows) expect(plainKeys.has(keyOf(l)), l).toBe(true);
    const orgRows = rows.filter((l) => /,BUKRS=[^,]*$/.test(l));
    expect(orgRows.length).toBeGreaterThan(0);
    for (const l of orgRows) expect(l.split(',').at(-1)).toMatch(/^BUKRS=[^;]*(;BUKRS=[^;]*)*$/);
    expect(rows.some((l) => l.endsWith(','))).toBe(true); // findings of risks without org fields
  }, 60_000);

  it('names in JSON the meeting instance and its values for every function with permission lines', () => {
    const out = path.join(dir, 'org.json');
    const r = analyze('org-rules', '--format', 'json', '--out', out);
    expect(r.status, r.stderr).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8')) as {
      findings: Array<{
        riskId: string;
        orgFields?: string[];
        orgValues?: string[];
        functions: Array<{ functionId: string; permissions: Array<{ object: string; auth: string; source: string; fields: Record<string, string[]> }> }>;
      }>;
    };
    let withPermissions = 0;
    for (const f of json.findings) {
      for (const m of f.functions) {
        for (const p of m.permissions) {
          withPermissions++;
          expect(p.object).not.toBe('');
          expect(p.auth).not.toBe('');
          expect(p.source).toMatch(/^[RP]:/);
          expect(Object.keys(p.fields).length).toBeGreaterThan(0);
          for (const rows of Object.values(p.fields)) for (const v of rows) expect(typeof v).toBe('string');
        }
      }
      if (f.orgFields) {
        expect(f.orgFields).toEqual(['BUKRS']);
        expect(f.orgValues!.length).toBeGreaterThan(0);
      }
    }
    expect(withPermissions).toBeGreaterThan(0);
    expect(json.findings.some((f) => f.orgFields)).toBe(true);
  }, 60_000);
});
