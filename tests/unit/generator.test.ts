import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRuleset } from '../../engine/rulesets/default-ruleset.ts';
import { RULESET_FILES } from '../../engine/rulesets/ruleset-tables.ts';
import { EXTRACT_TABLES, EXTRACT_TABLE_NAMES } from '../../server/importers/extract-tables.ts';
import { generateLandscape, type GenerateLandscapeResult } from '../../generator/index.ts';

/** Tables SAP keeps client-independent; all others carry a leading MANDT column. */
const CLIENT_INDEPENDENT = new Set(['TSTCT', 'TSTCA', 'CVERS', 'T000']);

const dirs: string[] = [];
let first: GenerateLandscapeResult;
let again: GenerateLandscapeResult;
let other: GenerateLandscapeResult;
const progress: [number, number][] = [];

async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'segra-gen-'));
  dirs.push(d);
  return d;
}

type Row = Record<string, string>;
async function table(dir: string, name: string): Promise<Row[]> {
  return parse(await readFile(join(dir, 'system', `${name}.csv`)), { columns: true, skip_empty_lines: true }) as Row[];
}

beforeAll(async () => {
  first = await generateLandscape({
    size: 'S',
    seed: 7,
    outDir: await tempDir(),
    onProgress: (d, t) => progress.push([d, t]),
  });
  again = await generateLandscape({ size: 'S', seed: 7, outDir: await tempDir() });
  other = await generateLandscape({ size: 'S', seed: 8, outDir: await tempDir() });
}, 120_000);

afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('generateLandscape (size S)', () => {
  it('writes one CSV per extract table and per ruleset file', () => {
    const names = first.files.map((f) => f.split(/[\\/]/).slice(-2).join('/')).sort();
    const expected = [
      ...EXTRACT_TABLE_NAMES.map((t) => `system/${t}.csv`),
      ...Object.keys(RULESET_FILES).map((f) => `rules/${f}.csv`),
    ].sort();
    expect(names).toEqual(expected);
  });

  it('is byte-identical for the same seed', async () => {
    expect(again.files.length).toBe(first.files.length);
    for (let i = 0; i < first.files.length; i++) {
      const [a, b] = await Promise.all([readFile(first.files[i]), readFile(again.files[i])]);
      expect(a.equals(b), first.files[i]).toBe(true);
    }
    expect(again).toMatchObject({ users: first.users, roles: first.roles, agr1251Rows: first.agr1251Rows });
  });

  it('differs for another seed', async () => {
    for (const name of ['USR02', 'AGR_1251', 'AGR_USERS']) {
      const i = first.files.findIndex((f) => f.endsWith(`${name}.csv`));
      const [a, b] = await Promise.all([readFile(first.files[i]), readFile(other.files[i])]);
      expect(a.equals(b), name).toBe(false);
    }
  });

  it('writes the exact SAP header of every table, MANDT first in client-dependent tables', async () => {
    const dir = join(first.files[0], '..', '..');
    for (const t of EXTRACT_TABLE_NAMES) {
      const text = await readFile(join(dir, 'system', `${t}.csv`), 'utf8');
      const header = text.slice(0, text.indexOf('\n')).split(',');
      const columns = [...EXTRACT_TABLES[t].columns];
      expect(header, t).toEqual(CLIENT_INDEPENDENT.has(t) ? columns : ['MANDT', ...columns]);
      const rows = parse(text, { skip_empty_lines: true }) as string[][];
      expect(rows.length, t).toBeGreaterThan(1);
      for (const r of rows) expect(r.length, t).toBe(header.length);
    }
  });

  it('has the row counts of size S', async () => {
    const dir = join(first.files[0], '..', '..');
    expect(first.users).toBe(500);
    expect((await table(dir, 'USR02')).length).toBe(500);
    expect(first.roles).toBeGreaterThanOrEqual(130);
    expect(first.roles).toBeLessThanOrEqual(170);
    expect((await table(dir, 'AGR_DEFINE')).length).toBe(first.roles);
    expect(first.agr1251Rows).toBeGreaterThanOrEqual(50_000);
    expect(first.agr1251Rows).toBeLessThanOrEqual(75_000);
    expect((await table(dir, 'AGR_1251')).length).toBe(first.agr1251Rows);
    const files = await readdir(join(dir, 'system'));
    expect(files.length).toBe(EXTRACT_TABLE_NAMES.length);
    expect(progress.at(-1)![0]).toBe(progress.at(-1)![1]);
  });

  it('looks like a real SAP client', async () => {
    const dir = join(first.files[0], '..', '..');
    const users = await table(dir, 'USR02');
    const names = new Set(users.map((u) => u.BNAME));
    for (const u of ['SAP*', 'DDIC', 'TMSADM', 'SAPCPIC', 'EARLYWATCH']) expect(names).toContain(u);
    for (const u of users) expect(u.BNAME.length).toBeLessThanOrEqual(12);
    const types = new Set(users.map((u) => u.USTYP));
    for (const t of ['A', 'B', 'C', 'S', 'L']) expect(types).toContain(t);
    const dialog = users.filter((u) => u.USTYP === 'A').length;
    expect(dialog / users.length).toBeGreaterThan(0.85);
    const flags = new Set(users.map((u) => u.UFLAG));
    for (const f of ['0', '64', '128']) expect(flags).toContain(f);
    expect(users.filter((u) => u.UFLAG === '0').length / users.length).toBeGreaterThan(0.75);
    expect(users.some((u) => u.GLTGB !== '00000000' && u.GLTGB < '20260630')).toBe(true);
    expect(users.some((u) => u.TRDAT === '00000000')).toBe(true);

    const roles = await table(dir, 'AGR_DEFINE');
    for (const r of roles) expect(r.AGR_NAME.length).toBeLessThanOrEqual(30);
    expect(roles.some((r) => r.PARENT_AGR !== '')).toBe(true);
    const composites = await table(dir, 'AGR_AGRS');
    const perComposite = new Map<string, number>();
    for (const c of composites) perComposite.set(c.AGR_NAME, (perComposite.get(c.AGR_NAME) ?? 0) + 1);
    for (const n of perComposite.values()) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(6);
    }

    const auths = await table(dir, 'AGR_1251');
    expect(auths.some((a) => a.DELETED === 'X')).toBe(true);
    expect(auths.filter((a) => a.DELETED === 'X').length / auths.length).toBeLessThan(0.05);
    expect(auths.some((a) => a.LOW === '$BUKRS')).toBe(true);
    expect(auths.some((a) => a.OBJECT === 'S_TCODE' && a.LOW.endsWith('*'))).toBe(true);
    expect(auths.some((a) => a.OBJECT === 'S_TCODE' && a.HIGH !== '')).toBe(true);
    expect(auths.some((a) => a.FIELD === 'ACTVT' && a.LOW === '*')).toBe(true);
    const orgLevels = await table(dir, 'AGR_1252');
    expect(orgLevels.length).toBeGreaterThan(0);
    for (const o of orgLevels) expect(o.VARBL.startsWith('$')).toBe(true);
    const generated = await table(dir, 'AGR_1016');
    for (const g of generated) expect(g.PROFILE).toMatch(/^T-[A-Z0-9]{8}$/);

    const assignments = await table(dir, 'AGR_USERS');
    const perUser = new Map<string, number>();
    for (const a of assignments) perUser.set(a.UNAME, (perUser.get(a.UNAME) ?? 0) + 1);
    const dialogCounts = users
      .filter((u) => u.USTYP === 'A' && !u.BNAME.startsWith('FF_') && perUser.has(u.BNAME))
      .map((u) => perUser.get(u.BNAME)!);
    expect(Math.min(...dialogCounts)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...dialogCounts)).toBeLessThanOrEqual(25);
    expect(assignments.some((a) => a.TO_DAT < '20260630')).toBe(true);

    const profiles = await table(dir, 'UST04');
    expect(profiles.some((p) => p.PROFILE === 'SAP_ALL')).toBe(true);
    expect((await table(dir, 'UST10C')).some((p) => p.PROFN === 'SAP_ALL')).toBe(true);
    const refs = await table(dir, 'USREFUS');
    expect(refs.some((r) => !names.has(r.REFUSER))).toBe(true);
    expect(refs.some((r) => users.find((u) => u.BNAME === r.REFUSER)?.USTYP === 'L')).toBe(true);
    const clients = await table(dir, 'T000');
    expect(clients.find((c) => c.MANDT === '100')?.CCCATEGORY).toBe('P');
    expect((await table(dir, 'CVERS')).find((c) => c.COMPONENT === 'SAP_BASIS')?.RELEASE).toBe('758');
  });

  it('writes the default ruleset in the multi-file form', async () => {
    const dir = join(first.files[0], '..', '..');
    const read = async (name: string): Promise<Row[]> =>
      parse(await readFile(join(dir, 'rules', `${name}.csv`)), { columns: true, skip_empty_lines: true }) as Row[];
    const risks = await read('RISKS');
    expect(risks.length).toBe(defaultRuleset.risks.length);
    expect(new Set(risks.map((r) => r.RISK_ID))).toEqual(new Set(defaultRuleset.risks.map((r) => r.id)));
    const functions = await read('FUNCTIONS');
    expect(functions.length).toBe(defaultRuleset.functions.length);
    expect((await read('RISK_FUNCTIONS')).length).toBe(
      defaultRuleset.risks.reduce((n, r) => n + r.functionIds.length, 0),
    );
    expect((await read('FUNCTION_ACTIONS')).length).toBe(
      defaultRuleset.functions.reduce((n, f) => n + f.actions.length, 0),
    );
    expect((await read('FUNCTION_PERMISSIONS')).length).toBe(
      defaultRuleset.functions.reduce((n, f) => n + f.permissions.length, 0),
    );
  });
});
