import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalWith, reshapeFolder, SHAPES } from '../support/export-shapes.ts';

// Issue 13 acceptance on the command line: every real-export shape gives exactly the canonical
// findings; injected defects appear in `warnings` and on stderr; an empty AUTH exits 2.
const BIN = path.resolve('bin/segra.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, CI: 'true' } });

let dir: string;
let canonicalDe: string;
let canonicalTr: string;
const findings = new Map<string, string>();

function analyse(system: string): string {
  const r = run('analyze', '--system', system, '--rules', `${dir}/rules`, '--date', '20260630');
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'segra-real-exports-'));
  const g = run('generate', '--size', 'S', '--out', dir, '--seed', '5');
  expect(g.status, g.stderr).toBe(0);
  canonicalDe = canonicalWith(`${dir}/system`, 'de');
  canonicalTr = canonicalWith(`${dir}/system`, 'tr');
  findings.set('de', analyse(canonicalDe));
  findings.set('tr', analyse(canonicalTr));
}, 120_000);

describe('segra analyze on real export shapes', () => {
  it('finds something to compare', () => {
    expect(findings.get('de')!.split('\n').length).toBeGreaterThan(50);
    expect(findings.get('tr')).toBe(findings.get('de'));
  });

  for (const shape of SHAPES) {
    it(`gives exactly the canonical findings for ${shape}`, () => {
      const language = shape === 'excel-tr-1254' ? 'tr' : 'de';
      const out = fs.mkdtempSync(path.join(os.tmpdir(), `segra-${shape}-`));
      reshapeFolder(language === 'tr' ? canonicalTr : canonicalDe, out, shape);
      expect(analyse(out)).toBe(findings.get(language));
    }, 60_000);
  }

  it('reports injected defects in the JSON warnings and one line each on stderr', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'segra-defects-'));
    for (const f of fs.readdirSync(canonicalDe)) fs.copyFileSync(path.join(canonicalDe, f), path.join(out, f));
    // 7 users with role assignments vanish from USR02; the ACTVT `01` of 5 rows loses its zero.
    const usr02 = fs.readFileSync(path.join(out, 'USR02.csv'), 'utf8').split('\n');
    const assigned = new Set(
      fs
        .readFileSync(path.join(out, 'AGR_USERS.csv'), 'utf8')
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[2]),
    );
    const gone = usr02
      .slice(1)
      .filter((l) => assigned.has(l.split(',')[1]))
      .slice(0, 7);
    fs.writeFileSync(path.join(out, 'USR02.csv'), usr02.filter((l) => !gone.includes(l)).join('\n'));
    const agr1251 = fs.readFileSync(path.join(out, 'AGR_1251.csv'), 'utf8').split('\n');
    let cut = 0;
    const edited = agr1251.map((l) => {
      const c = l.split(',');
      if (cut < 5 && c[4] === 'ACTVT' && c[5] === '01') {
        cut++;
        c[5] = '1';
        return c.join(',');
      }
      return l;
    });
    expect(cut).toBe(5);
    fs.writeFileSync(path.join(out, 'AGR_1251.csv'), edited.join('\n'));
    const r = run('analyze', '--system', out, '--rules', `${dir}/rules`, '--date', '20260630', '--format', 'json');
    expect(r.status, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as {
      warnings: { code: string; table: string; count: number; examples: string[] }[];
    };
    const missing = json.warnings.find((w) => w.code === 'USER_NOT_IN_USR02' && w.table === 'AGR_USERS');
    expect(missing?.count).toBe(7);
    expect(missing?.examples.sort()).toEqual(gone.map((l) => l.split(',')[1]).sort());
    expect(json.warnings.find((w) => w.code === 'ACTVT_LEADING_ZERO_LOST')).toMatchObject({
      table: 'AGR_1251',
      count: 5,
    });
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('warning '));
    expect(lines).toHaveLength(json.warnings.length);
    expect(lines.some((l) => l.startsWith('warning USER_NOT_IN_USR02 AGR_USERS (7): '))).toBe(true);
  }, 60_000);

  it('refuses an empty AUTH with exit 2, naming AGR_1251 and the line', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'segra-empty-auth-'));
    for (const f of fs.readdirSync(canonicalDe)) fs.copyFileSync(path.join(canonicalDe, f), path.join(out, f));
    const lines = fs.readFileSync(path.join(out, 'AGR_1251.csv'), 'utf8').split('\n');
    const c = lines[10].split(',');
    c[3] = '';
    lines[10] = c.join(',');
    fs.writeFileSync(path.join(out, 'AGR_1251.csv'), lines.join('\n'));
    const r = run('analyze', '--system', out, '--rules', `${dir}/rules`);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/AGR_1251\.csv line 11, column AUTH: the authorisation name \(AUTH\) is empty/);
    expect(r.stdout).toBe('');
  }, 60_000);

  it('refuses a NUL in a cell with exit 2, naming file, line and column', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'segra-nul-'));
    for (const f of fs.readdirSync(canonicalDe)) fs.copyFileSync(path.join(canonicalDe, f), path.join(out, f));
    const lines = fs.readFileSync(path.join(out, 'AGR_TEXTS.csv'), 'utf8').split('\n');
    lines[3] += '\u0000';
    fs.writeFileSync(path.join(out, 'AGR_TEXTS.csv'), lines.join('\n'));
    const r = run('analyze', '--system', out, '--rules', `${dir}/rules`);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/AGR_TEXTS\.csv line 4, column TEXT: a control character \(U\+0000\)/);
  }, 60_000);
});
