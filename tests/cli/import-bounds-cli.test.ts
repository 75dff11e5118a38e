import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// DESIGN 7b at the command line: the same ruleset bounds as the server's uploads, from the same settings.
const BIN = path.resolve('bin/segra.js');
const dir = mkdtempSync(path.join(os.tmpdir(), 'segra-bounds-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true', ...env } });

describe('segra analyze refuses a ruleset past its bounds', () => {
  const system = path.join(dir, 'system');
  mkdirSync(system);
  for (const [name, text] of Object.entries({
    'USR02.csv': 'BNAME,USTYP,UFLAG\nALICE,A,0\n',
    'AGR_USERS.csv': 'AGR_NAME,UNAME,FROM_DAT,TO_DAT\nZ_ROLE,ALICE,20240101,99991231\n',
    'AGR_1251.csv': 'AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH,DELETED\nZ_ROLE,S_TCODE,T-1,TCD,T1,,\n',
  })) {
    writeFileSync(path.join(system, name), text);
  }
  const rules = path.join(dir, 'rules.csv');
  const lines = ['RISK_ID,RISK_TYPE,RISK_LEVEL,FUNCTION_ID,ACTION'];
  for (let i = 0; i < 100_001; i++) lines.push(`R${i},CRITICAL_ACTION,HIGH,F${i},T${i}`);
  writeFileSync(rules, lines.join('\n') + '\n');

  it('exits 2 at the 100,001st function by default, naming file, line, column and limit', () => {
    const r = run({}, 'analyze', '--system', system, '--rules', rules, '--date', '20260630');
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/rules\.csv line 100002, column FUNCTION_ID: the ruleset has more than 100000 functions \(MAX_RULESET_FUNCTIONS\)/);
  }, 60_000);

  it('honours MAX_RULESET_FUNCTIONS and MAX_RULESET_LINES from its environment', () => {
    const f = run({ MAX_RULESET_FUNCTIONS: '10' }, 'analyze', '--system', system, '--rules', rules, '--date', '20260630');
    expect(f.status).toBe(2);
    expect(f.stderr).toMatch(/line 12, column FUNCTION_ID: the ruleset has more than 10 functions/);
    const l = run({ MAX_RULESET_LINES: '5' }, 'analyze', '--system', system, '--rules', rules, '--date', '20260630');
    expect(l.status).toBe(2);
    expect(l.stderr).toMatch(/line 7, column RISK_ID: the ruleset has more than 5 lines \(MAX_RULESET_LINES\)/);
  }, 60_000);

  it('exits 2 on a cell past 64 KiB in the extract', () => {
    const bad = path.join(dir, 'bad');
    cpSync(system, bad, { recursive: true });
    writeFileSync(path.join(bad, 'USR02.csv'), `BNAME,USTYP,UFLAG\nALICE,${'x'.repeat(65_537)},0\n`);
    // The ruleset within its bound here, so that the extract is read.
    const r = run({ MAX_RULESET_FUNCTIONS: '200000' }, 'analyze', '--system', bad, '--rules', rules, '--date', '20260630');
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/USR02\.csv line 2, column USTYP: the cell holds 65537 characters, more than the 65536/);
  }, 60_000);
});
