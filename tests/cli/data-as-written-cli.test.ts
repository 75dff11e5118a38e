/**
 * DESIGN 4.1b and amended rule 8 through `segra analyze` (issue 29): data as others write it,
 * read as written or refused, and every reading that is not plain named in a warning on stderr
 * and in `--format json`. The same files go through the upload in
 * tests/server/periods/data-as-written.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FUNCTION_WIDE_RULES, PAYMENT_EXTRACT, findingKeys, writeFiles, type Files } from '../support/data-as-written.ts';

const BIN = path.resolve('bin/segra.js');
const work = mkdtempSync(path.join(os.tmpdir(), 'segra-data-as-written-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function analyze(system: Files, rules: Files, ...extra: string[]) {
  const dir = path.join(work, crypto.randomUUID());
  writeFiles(path.join(dir, 'system'), system);
  writeFiles(path.join(dir, 'rules'), rules);
  return spawnSync(
    process.execPath,
    [BIN, 'analyze', '--system', path.join(dir, 'system'), '--rules', path.join(dir, 'rules'), '--date', '20261127', ...extra],
    { encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
}

describe('amended rule 8 on the command line', () => {
  it('reads an empty ACTION as function-wide: the display-only user does not fire', () => {
    const r = analyze(PAYMENT_EXTRACT, FUNCTION_WIDE_RULES);
    expect(r.status, r.stderr).toBe(0);
    expect(findingKeys(r.stdout)).toEqual(['ROLE,R_ALL,R1', 'USER,U1,R1']);
  });
  it('names the line under an action its function lacks on stderr and in the JSON', () => {
    const r = analyze(PAYMENT_EXTRACT, FUNCTION_WIDE_RULES);
    expect(r.stderr).toContain('warning ACTION_NOT_IN_FUNCTION FUNCTION_PERMISSIONS (1): VEND/FK99/F_LFA1_APP\n');
    const json = analyze(PAYMENT_EXTRACT, FUNCTION_WIDE_RULES, '--format', 'json');
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).warnings).toContainEqual({
      code: 'ACTION_NOT_IN_FUNCTION',
      table: 'FUNCTION_PERMISSIONS',
      count: 1,
      examples: ['VEND/FK99/F_LFA1_APP'],
    });
  });
});
