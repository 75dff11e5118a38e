/**
 * `segra analyze --system SID=DIR … [--user-map FILE]` and `segra generate --systems N`
 * (DESIGN 5.18, 11): the planted cross-system conflicts are found and the planted traps are
 * not, CROSS_SYSTEM sits after SOURCES (after ORG_VALUES) and before STATUS/CONTROLS, the JSON
 * names each function's system, bad flags and files exit 2 naming what is wrong, and one
 * `--system DIR` gives exactly the output of the build before issue 32.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = path.resolve('bin/segra.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: 'true' } });

let dir: string;
let single: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'segra-xsys-cli-'));
  single = mkdtempSync(path.join(os.tmpdir(), 'segra-xsys-one-'));
  const g = run('generate', '--systems', '2', '--size', 'S', '--out', dir, '--seed', '3');
  expect(g.status, g.stderr).toBe(0);
  const s = run('generate', '--size', 'S', '--out', single, '--seed', '11');
  expect(s.status, s.stderr).toBe(0);
}, 180_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(single, { recursive: true, force: true });
});

const systems = (): string[] => ['--system', `ERP=${dir}/ERP`, '--system', `SRM=${dir}/SRM`];
const analyze = (...extra: string[]) => run('analyze', ...systems(), '--rules', `${dir}/rules`, '--date', '20260615', ...extra);

/** CSV rows as records by header name (no cell of these rows holds a comma). */
function records(csv: string): { header: string[]; rows: Record<string, string>[] } {
  const [head, ...lines] = csv.trimEnd().split('\n');
  const header = head.split(',');
  return { header, rows: lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [header[i], v]))) };
}

describe('segra analyze with systems named SID=DIR', () => {
  it('finds the planted cross-system conflicts and none of the planted traps', () => {
    const r = analyze('--user-map', `${dir}/user-map.csv`);
    expect(r.status, r.stderr).toBe(0);
    const { header, rows } = records(r.stdout);
    // The generated ruleset has an org-level risk: ORG_VALUES, then CROSS_SYSTEM.
    expect(header).toEqual(['LEVEL', 'ID', 'RISK_ID', 'RISK_LEVEL', 'RISK_TYPE', 'FUNCTIONS', 'SOURCES', 'ORG_VALUES', 'CROSS_SYSTEM']);
    const planted = rows.filter((x) => x.ID.startsWith('XS_') || x.ID.includes('/Z_XS_'));
    expect(planted.map((x) => `${x.LEVEL}:${x.ID}:${x.RISK_ID}:${x.CROSS_SYSTEM}`).sort()).toEqual([
      'ROLE:SRM/Z_XS_DEV:XS_CP1:',
      'USER:XS_ANNA:XS_SOD1:X',
      'USER:XS_DEV2:XS_CP1:',
      'USER:XS_PERSON2:XS_SOD1:X',
    ]);
    const anna = planted.find((x) => x.ID === 'XS_ANNA')!;
    expect(anna.SOURCES).toBe('ERP/R:Z_XS_VEND;SRM/R:Z_XS_PAY');
    // Every source path starts with a SID/, every role and profile ID too.
    for (const x of rows) {
      for (const p of x.SOURCES.split(';')) expect(p, `${x.ID} ${x.RISK_ID}`).toMatch(/^(ERP|SRM)\//);
      if (x.LEVEL !== 'USER') expect(x.ID).toMatch(/^(ERP|SRM)\//);
      else expect(x.ID).not.toContain('/');
    }
    // Rows sorted by LEVEL, ID, RISK_ID (code points).
    const keys = rows.map((x) => [x.LEVEL, x.ID, x.RISK_ID]);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
    expect(keys).toEqual(sorted);
    expect(r.stderr).toMatch(/findings \(\d+ cross-system\); \d+ persons; ERP: \d+ users/);
  }, 60_000);

  it('without the user mapping the person under two names is two users, and no cross-system finding of theirs', () => {
    const r = analyze();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('XS_PERSON2');
    expect(r.stdout).not.toMatch(/USER,XS_AMUELLER,XS_SOD1|USER,XS_ANNA_M,XS_SOD1/);
    expect(r.stdout).toContain('USER,XS_ANNA,XS_SOD1,');
  }, 60_000);

  it('puts CROSS_SYSTEM before STATUS and CONTROLS, and the mitigations name the person', () => {
    const controls = path.join(dir, 'controls.csv');
    writeFileSync(controls, 'CONTROL_ID,RISK_ID,LEVEL,ID,VALID_FROM,VALID_TO\nC1,XS_SOD1,USER,XS_PERSON2,,\nC2,XS_CP1,ROLE,SRM/Z_XS_DEV,,\nC3,XS_SOD1,USER,XS_AMUELLER,,\n');
    const r = analyze('--user-map', `${dir}/user-map.csv`, '--mitigations', controls);
    expect(r.status, r.stderr).toBe(0);
    const { header, rows } = records(r.stdout);
    expect(header.slice(-4)).toEqual(['ORG_VALUES', 'CROSS_SYSTEM', 'STATUS', 'CONTROLS']);
    const row = (id: string, risk: string) => rows.find((x) => x.ID === id && x.RISK_ID === risk)!;
    expect(row('XS_PERSON2', 'XS_SOD1')).toMatchObject({ CROSS_SYSTEM: 'X', STATUS: 'MITIGATED', CONTROLS: 'C1' });
    expect(row('SRM/Z_XS_DEV', 'XS_CP1')).toMatchObject({ STATUS: 'MITIGATED', CONTROLS: 'C2' });
    // XS_AMUELLER is a user of ERP, but no person of the analysis: counted in a warning.
    expect(r.stderr).toContain('warning USER_NOT_IN_USR02 MITIGATIONS (1): XS_AMUELLER');
  }, 60_000);

  it('carries crossSystem and each function’s system, user and systems in JSON', () => {
    const out = path.join(dir, 'x.json');
    const r = analyze('--user-map', `${dir}/user-map.csv`, '--format', 'json', '--out', out);
    expect(r.status, r.stderr).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8')) as {
      systems: { sid: string }[];
      persons: number;
      findings: Array<{ level: string; id: string; riskId: string; crossSystem: boolean; functions: Array<{ functionId: string; system: string; user?: string; systems?: string[]; sources: string[] }> }>;
    };
    expect(json.systems.map((s) => s.sid)).toEqual(['ERP', 'SRM']);
    const f = json.findings.find((x) => x.id === 'XS_PERSON2' && x.riskId === 'XS_SOD1')!;
    expect(f.crossSystem).toBe(true);
    expect(f.functions.map((m) => ({ functionId: m.functionId, system: m.system, user: m.user, systems: m.systems, sources: m.sources }))).toEqual([
      { functionId: 'XS_F_VEND', system: 'ERP', user: 'XS_AMUELLER', systems: ['ERP'], sources: ['ERP/R:Z_XS_VEND'] },
      { functionId: 'XS_F_PAY', system: 'SRM', user: 'XS_ANNA_M', systems: ['SRM'], sources: ['SRM/R:Z_XS_PAY'] },
    ]);
    const role = json.findings.find((x) => x.id === 'SRM/Z_XS_DEV')!;
    expect(role).toMatchObject({ level: 'ROLE', crossSystem: false });
    expect(role.functions[0].system).toBe('SRM');
  }, 60_000);

  it('counts user-map names that are no user of their system in a warning', () => {
    const map = path.join(dir, 'map-ghost.csv');
    writeFileSync(map, 'SYSTEM,BNAME,PERSON\nERP,XS_AMUELLER,XS_PERSON2\nSRM,XS_ANNA_M,XS_PERSON2\nSRM,NOBODY,X\nHR1,XS_ANNA,XS_ANNA\n');
    const r = analyze('--user-map', map);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning USER_MAP_USER_UNKNOWN USER_MAP (1): SRM/NOBODY\n');
    expect(r.stderr).toContain('warning USER_MAP_SYSTEM_NOT_ANALYSED USER_MAP (1): HR1/XS_ANNA\n');
  }, 60_000);
});

describe('segra analyze: bad systems and user maps exit 2 naming what is wrong', () => {
  it('refuses a SID given twice, a bad SID, a missing folder, a system without SID beside named ones', () => {
    const rules = ['--rules', `${dir}/rules`];
    const twice = run('analyze', '--system', `ERP=${dir}/ERP`, '--system', `ERP=${dir}/SRM`, ...rules);
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('--system ERP is given twice');
    const bad = run('analyze', '--system', `E RP=${dir}/ERP`, ...rules);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('"E RP" is not a system id');
    const missing = run('analyze', '--system', `ERP=${dir}/ERP`, '--system', `SRM=${dir}/nowhere`, ...rules);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`${dir}/nowhere`);
    expect(missing.stderr).toContain('system SRM: no such folder or file');
    const mixed = run('analyze', '--system', `ERP=${dir}/ERP`, '--system', `${dir}/SRM`, ...rules);
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toContain('each needs its SID');
    const mapAlone = run('analyze', '--system', `${dir}/ERP`, '--user-map', `${dir}/user-map.csv`, ...rules);
    expect(mapAlone.status).toBe(2);
    expect(mapAlone.stderr).toContain('--user-map needs the systems named');
  }, 60_000);

  it('refuses a user map with a missing column, an empty cell or one user mapped to two persons, naming file, line and column', () => {
    const file = (name: string, text: string): string => {
      const p = path.join(dir, name);
      writeFileSync(p, text);
      return p;
    };
    const noPerson = file('map-cols.csv', 'SYSTEM,BNAME\nERP,A\n');
    const r1 = analyze('--user-map', noPerson);
    expect(r1.status).toBe(2);
    expect(r1.stderr).toMatch(/map-cols\.csv.*line 1.*PERSON|PERSON.*map-cols\.csv/s);
    const empty = file('map-empty.csv', 'SYSTEM,BNAME,PERSON\nERP,A,P\nERP,,P\n');
    const r2 = analyze('--user-map', empty);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/map-empty\.csv/);
    expect(r2.stderr).toMatch(/line 3/);
    expect(r2.stderr).toMatch(/BNAME/);
    const two = file('map-two.csv', 'SYSTEM,BNAME,PERSON\nERP,A,P\nERP,A,Q\n');
    const r3 = analyze('--user-map', two);
    expect(r3.status).toBe(2);
    expect(r3.stderr).toMatch(/map-two\.csv.*line 3.*PERSON|line 3.*map-two/s);
    expect(r3.stderr).toContain('mapped to P on line 2 and to Q here');
  }, 60_000);

  it('refuses --systems outside 2..9 and --usage with named systems', () => {
    const g = run('generate', '--systems', '1', '--size', 'S', '--out', path.join(dir, 'g1'));
    expect(g.status).toBe(2);
    expect(g.stderr).toContain('--systems must be a whole number from 2 to 9');
    const u = analyze('--usage', `${dir}/user-map.csv`);
    expect(u.status).toBe(2);
    expect(u.stderr).toContain('--usage is not available with systems named SID=DIR');
  }, 60_000);
});

describe('segra analyze with one --system DIR (no SID)', () => {
  const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

  it('writes exactly the bytes of the build before issue 32', () => {
    // Hashes of the output of commit eb30eeb (before issue 32) on `generate --size S --seed 11`.
    const args = ['analyze', '--system', `${single}/system`, '--rules', `${single}/rules`, '--date', '20260615'];
    const csv = run(...args);
    expect(csv.status, csv.stderr).toBe(0);
    expect(sha(csv.stdout)).toBe('05d5fbd95a155173f95fe6013abc9503b9370172f30ef1f10d95976451a2b8db');
    expect(sha(run(...args, '--format', 'json').stdout)).toBe('b1a6a2e55d3a072c7bdcb0015d14f6e88d921cd4f558b11a0e8ff759cbac95f6');
    expect(sha(run(...args, '--level', 'action', '--mode', 'union').stdout)).toBe('dfb1698d097467d961199daef7ef9fdd6fea3e03fbb160a6859ce452942cc333');
  }, 60_000);

  it('ignores the SYSTEM columns with a warning: the same bytes as the ruleset without them', () => {
    const withSystems = run('analyze', '--system', `${dir}/ERP`, '--rules', `${dir}/rules`, '--date', '20260615');
    expect(withSystems.status, withSystems.stderr).toBe(0);
    expect(withSystems.stderr).toContain('warning SYSTEM_COLUMN_IGNORED RULESET (3): XS_F_VEND/ZXS_VEND@ERP, XS_F_PAY/ZXS_PAY@SRM, XS_F_DEBUG/ZXS_DEBUG@SRM\n');
    // The same ruleset with its SYSTEM cells emptied.
    const plain = path.join(dir, 'rules-plain');
    rmSync(plain, { recursive: true, force: true });
    spawnSync('cp', ['-r', `${dir}/rules`, plain]);
    for (const f of ['FUNCTION_ACTIONS.csv', 'FUNCTION_PERMISSIONS.csv']) {
      const p = path.join(plain, f);
      writeFileSync(p, readFileSync(p, 'utf8').replace(/,(ERP|SRM)(\r?\n)/g, ',$2'));
    }
    const without = run('analyze', '--system', `${dir}/ERP`, '--rules', plain, '--date', '20260615');
    expect(without.stderr).not.toContain('SYSTEM_COLUMN_IGNORED');
    expect(without.stdout).toBe(withSystems.stdout);
    expect(withSystems.stdout.split('\n')[0]).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,ORG_VALUES');
    // The planted XS_DEV debugs with ZXS_DEBUG in ERP: without systems, that counts.
    expect(withSystems.stdout).toContain('USER,XS_DEV,XS_CP1,');
  }, 60_000);
});
