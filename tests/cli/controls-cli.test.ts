/**
 * `segra analyze --mitigations FILE --usage FILE` as a user runs it (the real bin, a process,
 * files made by `segra generate --controls`): the columns in their place, the JSON fields, the
 * warnings, the output without the options untouched, and exit 2 naming file, line and column.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = path.resolve('bin/segra.js');
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });

let dir: string;
let plain: string;
const analyze = (...extra: string[]) => run('analyze', '--system', `${dir}/system`, '--rules', `${dir}/rules`, '--date', '20260630', ...extra);

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'segra-controls-'));
  const g = run('generate', '--size', 'S', '--out', dir, '--seed', '7', '--controls');
  expect(g.status, g.stderr).toBe(0);
  const p = analyze();
  expect(p.status, p.stderr).toBe(0);
  plain = p.stdout;
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('segra generate --controls', () => {
  it('writes usage.csv (40 rows per user) and mitigations.csv beside the extract, the same for a seed', () => {
    const usage = readFileSync(`${dir}/usage.csv`, 'utf8').trimEnd().split('\n');
    expect(usage[0]).toBe('BNAME,TCODE,COUNT');
    expect(usage.length - 1).toBe(500 * 40);
    expect(readFileSync(`${dir}/mitigations.csv`, 'utf8').split('\n')[0]).toBe('CONTROL_ID,RISK_ID,LEVEL,ID,VALID_FROM,VALID_TO');
    const again = mkdtempSync(path.join(os.tmpdir(), 'segra-controls-again-'));
    expect(run('generate', '--size', 'S', '--out', again, '--seed', '7', '--controls').status).toBe(0);
    expect(readFileSync(`${again}/usage.csv`, 'utf8')).toBe(readFileSync(`${dir}/usage.csv`, 'utf8'));
    expect(readFileSync(`${again}/mitigations.csv`, 'utf8')).toBe(readFileSync(`${dir}/mitigations.csv`, 'utf8'));
    rmSync(again, { recursive: true, force: true });
  }, 120_000);
});

describe('segra analyze --mitigations --usage', () => {
  it('adds STATUS,CONTROLS then EXECUTION,REMEDIATION after the columns and rows it writes without them', () => {
    const r = analyze('--mitigations', `${dir}/mitigations.csv`, '--usage', `${dir}/usage.csv`);
    expect(r.status, r.stderr).toBe(0);
    const rows = Papa.parse<string[]>(r.stdout.trimEnd()).data;
    const before = Papa.parse<string[]>(plain.trimEnd()).data;
    expect(rows[0]).toEqual([...before[0], 'STATUS', 'CONTROLS', 'EXECUTION', 'REMEDIATION']);
    expect(rows.map((row) => row.slice(0, 7))).toEqual(before);
    const body = rows.slice(1);
    for (const row of body) {
      expect(['MITIGATED', 'OPEN']).toContain(row[7]);
      expect(row[8] === '').toBe(row[7] === 'OPEN');
      if (row[0] === 'USER') {
        expect(['FULL', 'PARTIAL', 'NONE']).toContain(row[9]);
        expect(row[10]).toMatch(/^((R|P):[^;()]+\(\d+\))?(;(R|P):[^;()]+\(\d+\))*$/);
      } else expect([row[9], row[10]]).toEqual(['', '']);
    }
    // The generated register mitigates some findings; the usage executes some functions fully.
    expect(body.some((row) => row[7] === 'MITIGATED')).toBe(true);
    expect(new Set(body.filter((row) => row[0] === 'USER').map((row) => row[9]))).toEqual(new Set(['FULL', 'PARTIAL', 'NONE']));
    expect(body.some((row) => row[10] !== '')).toBe(true);
    // Stray rows of the generated register are counted on stderr.
    // One line per warning, in the extract readers' format (DESIGN 4.1a).
    expect(r.stderr).toMatch(/warning RISK_NOT_IN_RULESET MITIGATIONS \(1\): RISK_RETIRED/);
    expect(r.stderr).toMatch(/warning USER_NOT_IN_USR02 MITIGATIONS \(1\): LEFT_THE_COMPANY/);
    expect(r.stderr).toMatch(/warning ROLE_NOT_IN_EXTRACT MITIGATIONS \(1\): Z_RETIRED_ROLE/);
  }, 60_000);

  it('each option alone adds only its own columns', () => {
    const m = analyze('--mitigations', `${dir}/mitigations.csv`);
    expect(m.stdout.split('\n')[0]).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,STATUS,CONTROLS');
    const u = analyze('--usage', `${dir}/usage.csv`);
    expect(u.stdout.split('\n')[0]).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,EXECUTION,REMEDIATION');
  }, 60_000);

  it('gives the same in --format json, with the used tcodes that executed each function and the warnings', () => {
    const out = path.join(dir, 'controls.json');
    const j = analyze('--mitigations', `${dir}/mitigations.csv`, '--usage', `${dir}/usage.csv`, '--format', 'json', '--out', out);
    expect(j.status, j.stderr).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    const csv = Papa.parse<string[]>(analyze('--mitigations', `${dir}/mitigations.csv`, '--usage', `${dir}/usage.csv`).stdout.trimEnd()).data.slice(1);
    const byKey = new Map(csv.map((row) => [row.slice(0, 3).join(':'), row]));
    expect(json.findings.length).toBe(csv.length);
    for (const f of json.findings) {
      const row = byKey.get(`${f.level}:${f.id}:${f.riskId}`)!;
      expect([f.status, f.controls.join(';')]).toEqual([row[7], row[8]]);
      if (f.level !== 'USER') {
        expect(f.execution).toBeNull();
        continue;
      }
      expect([f.execution, f.remediation]).toEqual([row[9], row[10]]);
      const executed = f.functions.filter((m: { executed: boolean }) => m.executed).length;
      expect(f.execution).toBe(executed === 0 ? 'NONE' : executed === f.functions.length ? 'FULL' : 'PARTIAL');
      for (const m of f.functions) {
        expect(m.executed).toBe(m.usedTcodes.length > 0);
        for (const t of m.usedTcodes) expect(t.count).toBeGreaterThan(0);
      }
    }
    // The control file's warnings follow the extract's own data-quality warnings.
    const controlWarnings = json.warnings.filter((w: { table: string }) => w.table === 'MITIGATIONS');
    expect(controlWarnings.map((w: { code: string }) => w.code)).toEqual(['RISK_NOT_IN_RULESET', 'USER_NOT_IN_USR02', 'ROLE_NOT_IN_EXTRACT']);
  }, 60_000);

  it('without the options the output is what it was: no new columns or fields', () => {
    expect(plain.split('\n')[0]).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES');
    const out = path.join(dir, 'plain.json');
    expect(analyze('--format', 'json', '--out', out).status).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    // `warnings` (DESIGN 4.1a) and the permission provenance (rule 11) are there without the options too.
    expect(Object.keys(json)).toEqual(['options', 'counts', 'warnings', 'excludedUsers', 'findings']);
    expect(Object.keys(json.findings[0])).toEqual(['level', 'id', 'riskId', 'riskLevel', 'riskType', 'businessProcess', 'analysisLevel', 'mode', 'accepted', 'functions']);
    expect(Object.keys(json.findings[0].functions[0])).toEqual(['functionId', 'action', 'sources', 'permissions']);
  }, 60_000);

  it('exits 2 naming the file, line and column of a bad mitigation or usage row', () => {
    const bad = path.join(dir, 'bad-mitigations.csv');
    writeFileSync(bad, 'CONTROL_ID,RISK_ID,LEVEL,ID,VALID_FROM,VALID_TO\nMC_1,P2P001,USER,ALICE,,\nMC_2,P2P001,GROUP,FI,,\n');
    const m = analyze('--mitigations', bad);
    expect(m.status).toBe(2);
    expect(m.stderr).toMatch(/bad-mitigations\.csv line 3, column LEVEL: expected USER or ROLE, got "GROUP"/);
    expect(m.stdout).toBe('');
    const badUsage = path.join(dir, 'bad-usage.csv');
    writeFileSync(badUsage, 'BNAME;TCODE;COUNT\nALICE;SU01;1\nALICE;SU01;x\n');
    const u = analyze('--usage', badUsage);
    expect(u.status).toBe(2);
    expect(u.stderr).toMatch(/bad-usage\.csv line 3, column COUNT/);
    const missing = analyze('--usage', path.join(dir, 'nope.csv'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/nope\.csv: cannot be read: no such file/);
    expect(analyze('--mitigations').status).toBe(2);
  }, 60_000);
});
