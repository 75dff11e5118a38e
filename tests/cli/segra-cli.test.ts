import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The command line as a user runs it: the real bin, a real process, real files.
const BIN = path.resolve('bin/segra.js');
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'segra-cli-'));
  const g = run('generate', '--size', 'S', '--out', dir, '--seed', '7');
  expect(g.status, g.stderr).toBe(0);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('segra analyze', () => {
  it('analyses a generated size-S landscape into sorted CSV with the documented columns', () => {
    const r = run('analyze', '--system', `${dir}/system`, '--rules', `${dir}/rules`, '--date', '20260630');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.length).toBeGreaterThan(50);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(['USER', 'ROLE', 'PROFILE']));
    const keys = rows.map((r) => `${r[0]}\u0000${r[1]}\u0000${r[2]}`);
    expect(keys).toEqual([...keys].sort());
    for (const row of rows) {
      expect(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']).toContain(row[3]);
      expect(['SOD', 'CRITICAL_ACTION', 'CRITICAL_PERMISSION']).toContain(row[4]);
    }
  }, 60_000);

  it('writes JSON to --out with the excluded users listed, and the same findings as the CSV', () => {
    const out = path.join(dir, 'result.json');
    const j = run('analyze', '--system', `${dir}/system`, '--rules', `${dir}/rules`, '--date', '20260630', '--format', 'json', '--out', out);
    expect(j.status, j.stderr).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(json.excludedUsers.length).toBeGreaterThan(0);
    expect(json.counts.usersExcluded).toBe(json.excludedUsers.length);
    const csv = run('analyze', '--system', `${dir}/system`, '--rules', `${dir}/rules`, '--date', '20260630');
    expect(json.findings.length).toBe(csv.stdout.trimEnd().split('\n').length - 1);
  }, 60_000);

  it('finds more when locked and expired users are included, and fewer at action level for critical permissions', () => {
    const count = (...extra: string[]) =>
      run('analyze', '--system', `${dir}/system`, '--rules', `${dir}/rules`, '--date', '20260630', ...extra).stdout.split('\n').length;
    expect(count('--include-locked', '--include-expired')).toBeGreaterThan(count());
    const action = run('analyze', '--system', `${dir}/system`, '--rules', `${dir}/rules`, '--date', '20260630', '--level', 'action');
    expect(action.stdout).not.toContain('CRITICAL_PERMISSION');
  }, 60_000);

  it('exits 2 naming the file, line and column of bad input', () => {
    const bad = mkdtempSync(path.join(os.tmpdir(), 'segra-bad-'));
    for (const t of ['USR02', 'AGR_USERS', 'AGR_1251']) {
      writeFileSync(path.join(bad, `${t}.csv`), readFileSync(path.join(dir, 'system', `${t}.csv`)));
    }
    writeFileSync(path.join(bad, 'AGR_USERS.csv'), 'AGR_NAME,UNAME,FROM_DAT,TO_DAT\nZ_ROLE,ALICE,2024-13-45,99991231\n');
    const r = run('analyze', '--system', bad, '--rules', `${dir}/rules`);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/AGR_USERS\.csv/);
    expect(r.stderr).toMatch(/line 2/);
    expect(r.stderr).toMatch(/FROM_DAT/);
    rmSync(bad, { recursive: true, force: true });
  }, 60_000);

  it('exits 2 on usage mistakes', () => {
    expect(run('analyze', '--rules', 'x').status).toBe(2);
    expect(run('analyze', '--system', 'x', '--rules', 'y', '--level', 'role').stderr).toMatch(/--level must be one of/);
    expect(run('no-such-command').status).toBe(2);
  }, 60_000);
});

describe('segra generate --size LW', () => {
  it('writes the wide shape at a scale, and refuses a scale or --dense it does not take', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'segra-cli-lw-'));
    try {
      const g = run('generate', '--size', 'LW', '--scale', '0.01', '--out', out);
      expect(g.status, g.stderr).toBe(0);
      expect(g.stderr).toMatch(/wrote .*: 502 users, 135 roles, \d+ AGR_1251 rows/);
      expect(readFileSync(`${out}/rules/RISKS.csv`, 'utf8').trimEnd().split('\n')).toHaveLength(41);
      for (const args of [['--size', 'S', '--scale', '0.5'], ['--size', 'LW', '--scale', '0'], ['--size', 'LW', '--dense']]) {
        const r = run('generate', ...args, '--out', out);
        expect(r.status, args.join(' ')).toBe(2);
        expect(r.stderr, args.join(' ')).toMatch(/--scale|--dense/);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('segra basis', () => {
  it('reports basis checks as CHECK_ID,ID,DETAIL, sorted', () => {
    const r = run('basis', '--system', `${dir}/system`, '--date', '20260630');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('CHECK_ID,ID,DETAIL');
    const ids = lines.slice(1).map((l) => l.split(',')[0]);
    expect(ids).toContain('C01'); // the generator gives some users SAP_ALL
    expect(ids).toEqual([...ids].sort());
  }, 60_000);
});
