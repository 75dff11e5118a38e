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
import {
  CONFLICTING_PAIR_SHEET,
  DATED_USAGE,
  FUNCTION_WIDE_RULES,
  LONG_PAIR_SHEET,
  MITIGATIONS_BY_ROLE,
  MITIGATIONS_BY_USER,
  MONTHLY_USAGE,
  NO_USER_MASTER_EXTRACT,
  PAYMENT_EXTRACT,
  RENAMED_EXTRACT,
  TCODE_LIST_EXTRACT,
  WIDE_PAIR_SHEET,
  findingKeys,
  findingLevels,
  writeFiles,
  type Files,
} from '../support/data-as-written.ts';

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

describe('pair sheets on the command line', () => {
  it('a long sheet keeps its RISK_LEVEL (given on the first row of a risk) and its type by function count', () => {
    const r = analyze(PAYMENT_EXTRACT, LONG_PAIR_SHEET, '--level', 'action');
    expect(r.status, r.stderr).toBe(0);
    expect(findingLevels(r.stdout)).toContain('USER,U1,P01,MEDIUM,SOD');
    expect(findingLevels(r.stdout)).toContain('USER,U2,P02,LOW,CRITICAL_ACTION');
    expect(r.stderr).not.toContain('COLUMN_DEFAULTED');
  });
  it('a wide sheet: one row per risk, each transaction its own function, with level and type', () => {
    const r = analyze(PAYMENT_EXTRACT, WIDE_PAIR_SHEET, '--level', 'action');
    expect(r.status, r.stderr).toBe(0);
    expect(findingLevels(r.stdout)).toEqual([
      'ROLE,R_ALL,W01,MEDIUM,SOD',
      'ROLE,R_ALL,W02,CRITICAL,CRITICAL_ACTION',
      'ROLE,R_DISP,W01,MEDIUM,SOD',
      'ROLE,R_DISP,W02,CRITICAL,CRITICAL_ACTION',
      'USER,U1,W01,MEDIUM,SOD',
      'USER,U1,W02,CRITICAL,CRITICAL_ACTION',
      'USER,U2,W01,MEDIUM,SOD',
      'USER,U2,W02,CRITICAL,CRITICAL_ACTION',
    ]);
  });
  it('refuses one risk with two levels, naming both lines', () => {
    const r = analyze(PAYMENT_EXTRACT, CONFLICTING_PAIR_SHEET);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/pairs\.csv.*line 3.*RISK_LEVEL/s);
    expect(r.stderr).toMatch(/line 2/);
  });
  it('a sheet without levels says that every risk was read as HIGH', () => {
    const r = analyze(PAYMENT_EXTRACT, { 'pairs.csv': 'RISK_ID,FUNCTION_ID,TCODE\nP01,PAY,F110\n' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning COLUMN_DEFAULTED PAIRS (1): RISK_LEVEL P01: HIGH');
  });
});

describe('mitigation files on the command line', () => {
  const withMitigations = (text: string) => {
    const file = path.join(work, `${crypto.randomUUID()}.csv`);
    writeFiles(work, { [path.basename(file)]: text });
    return analyze(PAYMENT_EXTRACT, FUNCTION_WIDE_RULES, '--mitigations', file);
  };
  const statusOf = (csv: string) =>
    csv
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','))
      .map((c) => `${c.slice(0, 3).join(',')},${c.at(-2)},${c.at(-1)}`);
  it('keyed by USER with APPROVED: only the approved rows mitigate, the others are counted', () => {
    const r = withMitigations(MITIGATIONS_BY_USER);
    expect(r.status, r.stderr).toBe(0);
    expect(statusOf(r.stdout)).toEqual(['ROLE,R_ALL,R1,OPEN,', 'USER,U1,R1,MITIGATED,C1']);
    expect(r.stderr).toContain('warning NOT_APPROVED MITIGATIONS (2): C9/R1/U1, C1/R1/U1\n');
  });
  it('keyed by ROLE (AGR_NAME) with STATUS: the role and the user holding it are mitigated', () => {
    const r = withMitigations(MITIGATIONS_BY_ROLE);
    expect(r.status, r.stderr).toBe(0);
    expect(statusOf(r.stdout)).toEqual(['ROLE,R_ALL,R1,MITIGATED,C2', 'USER,U1,R1,MITIGATED,C2']);
    expect(r.stderr).toContain('warning NOT_APPROVED MITIGATIONS (1): C3/R1/R_ALL\n');
  });
});

describe('usage dates on the command line', () => {
  const withUsage = (text: string, ...extra: string[]) => {
    const name = `${crypto.randomUUID()}.csv`;
    writeFiles(work, { [name]: text });
    return analyze(PAYMENT_EXTRACT, FUNCTION_WIDE_RULES, '--usage', path.join(work, name), ...extra);
  };
  const execution = (csv: string) =>
    csv
      .trimEnd()
      .split('\n')
      .slice(1)
      .filter((l) => l.startsWith('USER,'))
      .map((l) => `${l.split(',').slice(1, 3).join(',')},${l.split(',').at(-2)}`);
  it('a row dated after the analysis date, or before the window, is not executed, and is counted', () => {
    const r = withUsage(DATED_USAGE);
    expect(r.status, r.stderr).toBe(0);
    expect(execution(r.stdout)).toEqual(['U1,R1,PARTIAL']);
    expect(r.stderr).toContain('warning USAGE_OUTSIDE_WINDOW USAGE (2): line 3, line 4\n');
  });
  it('--usage-window DAYS widens the window back, never past the analysis date', () => {
    const r = withUsage(DATED_USAGE, '--usage-window', '800');
    expect(execution(r.stdout)).toEqual(['U1,R1,FULL']);
    expect(r.stderr).toContain('warning USAGE_OUTSIDE_WINDOW USAGE (1): line 3\n');
    expect(withUsage(DATED_USAGE, '--usage-window', 'many').status).toBe(2);
  });
  it('a month PERIOD counts when the month has begun on the analysis date', () => {
    const r = withUsage(MONTHLY_USAGE);
    expect(execution(r.stdout)).toEqual(['U1,R1,PARTIAL']);
    expect(r.stderr).toContain('warning USAGE_OUTSIDE_WINDOW USAGE (1): line 3\n');
  });
  it('without any date column every row counts and the window is said to be unknown', () => {
    const r = withUsage('BNAME,TCODE\nU1,FK01\nU1,F110\n');
    expect(execution(r.stdout)).toEqual(['U1,R1,FULL']);
    expect(r.stderr).toContain('warning USAGE_WINDOW_UNKNOWN USAGE (2): line 2, line 3\n');
  });
});

describe('tables as people name them, on the command line', () => {
  it('a file not named after its table is known by its header: the same findings, each mapping named', () => {
    const plain = analyze(PAYMENT_EXTRACT, FUNCTION_WIDE_RULES);
    const renamed = analyze(RENAMED_EXTRACT, FUNCTION_WIDE_RULES);
    expect(renamed.status, renamed.stderr).toBe(0);
    expect(renamed.stdout).toBe(plain.stdout);
    expect(renamed.stderr).toContain('warning TABLE_BY_HEADER AGR_1251 (1): role_auth_values.csv → AGR_1251\n');
    expect(renamed.stderr).toContain('warning TABLE_BY_HEADER AGR_USERS (1): user_roles.csv → AGR_USERS\n');
    expect(renamed.stderr).toContain('warning TABLE_BY_HEADER USR02 (1): user_master.csv → USR02\n');
  });
  it('refuses a file whose header fits two tables equally, or none, naming the file and the candidates', () => {
    const two = analyze({ ...PAYMENT_EXTRACT, 'people.csv': 'BNAME\nU1\n' }, FUNCTION_WIDE_RULES);
    expect(two.status).toBe(2);
    expect(two.stderr).toMatch(/people\.csv.*USR02, USER_ADDR/);
    const none = analyze({ ...PAYMENT_EXTRACT, 'notes.csv': 'WHAT,WHEN\nx,y\n' }, FUNCTION_WIDE_RULES);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/notes\.csv.*no table/);
  });
  it('without USR02 refuses, naming --assume-users-valid; with it every assigned user is a valid dialog user, said in NO_USER_MASTER', () => {
    const refused = analyze(NO_USER_MASTER_EXTRACT, FUNCTION_WIDE_RULES);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--assume-users-valid');
    const r = analyze(NO_USER_MASTER_EXTRACT, FUNCTION_WIDE_RULES, '--assume-users-valid');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(analyze(PAYMENT_EXTRACT, FUNCTION_WIDE_RULES).stdout);
    expect(r.stderr).toContain('warning NO_USER_MASTER USR02 (2): U1, U2\n');
  });
  it('reads role → transaction lists as S_TCODE rows, and counts assigned users missing from USR02 in the warnings and the summary', () => {
    const r = analyze(TCODE_LIST_EXTRACT, FUNCTION_WIDE_RULES, '--level', 'action');
    expect(r.status, r.stderr).toBe(0);
    expect(findingKeys(r.stdout)).toEqual(['ROLE,R_ALL,R1', 'USER,U1,R1']);
    expect(r.stderr).toMatch(/warning TCODE_LIST AGR_1251 \(1\): role_tcodes\.csv \(ROLE, TCODE\) → S_TCODE TCODE_LIST: only action-level results are meaningful/);
    expect(r.stderr).toContain('warning USER_NOT_IN_USR02 AGR_USERS (1): U3\n');
    expect(r.stderr).toContain('1 assigned but missing from USR02 (not analysed)');
  });
});

describe('columns nobody reads, on the command line', () => {
  it('are named for extracts, rulesets, mitigations and usage alike', () => {
    const system = { ...PAYMENT_EXTRACT, 'AGR_USERS.csv': 'AGR_NAME,UNAME,FROM_DAT,TO_DAT,COMMENT\nR_ALL,U1,,,x\nR_DISP,U2,,,y\n' };
    const rules = { ...FUNCTION_WIDE_RULES, 'RISKS.csv': 'RISK_ID,DESCRIPTION,RISK_TYPE,RISK_LEVEL,BUSINESS_PROCESS,ACTIVE,OWNER\nR1,Vendor and payment,SOD,HIGH,FI,X,Ann\n' };
    writeFiles(work, { 'm-ignored.csv': 'CONTROL_ID,RISK_ID,USER,NOTE\nC1,R1,U1,checked\n', 'u-ignored.csv': 'BNAME,TCODE,TERMINAL\nU1,F110,T1\n' });
    const r = analyze(system, rules, '--mitigations', path.join(work, 'm-ignored.csv'), '--usage', path.join(work, 'u-ignored.csv'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning IGNORED_COLUMNS AGR_USERS (1): COMMENT\n');
    expect(r.stderr).toContain('warning IGNORED_COLUMNS RISKS (1): OWNER\n');
    expect(r.stderr).toContain('warning IGNORED_COLUMNS MITIGATIONS (1): NOTE\n');
    expect(r.stderr).toContain('warning IGNORED_COLUMNS USAGE (1): TERMINAL\n');
  });
});
