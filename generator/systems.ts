/**
 * A multi-system landscape (DESIGN 5.18, `segra generate --systems N`): N system extracts
 * (`OUT/<SID>`), one ruleset (`OUT/rules`: the default ruleset and planted cross-system rules
 * with SYSTEM columns) and a user mapping (`OUT/user-map.csv`). Each system is a landscape of
 * the size asked for, with seed + its position; then the planted users below are added to the
 * first two systems (A, B), each a case of rule 18 with a known answer (PLANTED):
 *
 *   XS_ANNA        vendors in A, pays in B (same BNAME)        → USER XS_ANNA XS_SOD1, CROSS_SYSTEM X
 *   XS_AMUELLER(A) + XS_ANNA_M(B), mapped to person XS_PERSON2 → USER XS_PERSON2 XS_SOD1, X
 *   XS_LOCKED      vendors in A, pays in B but locked there     → no XS_SOD1
 *   XS_BEN         vendors and ZXS_PAY in A (ZXS_PAY is bound to B, where XS_BEN has no user) → no XS_SOD1
 *   XS_ORG         posts in A, pays in B, both in BUKRS 1000   → no XS_ORG1 (org-level: one system only)
 *   XS_DEV (A)     debugs with ZXS_DEBUG, bound to B            → no XS_CP1
 *   XS_DEV2 (B)    the same role in B                           → USER XS_DEV2 XS_CP1 (and ROLE B/Z_XS_DEV)
 */
import { appendFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FunctionAction, PermissionLine, Ruleset } from '../engine/model/ruleset.ts';
import { defaultRuleset } from '../engine/rulesets/default-ruleset.ts';
import { csvField } from './csv-writer.ts';
import { generateLandscape, writeRulesetFiles } from './landscape.ts';
import type { LandscapeSize } from './plan.ts';

/** The SIDs of a generated landscape, in order. */
export const GENERATED_SIDS = ['ERP', 'SRM', 'HCM', 'CRM', 'BW1', 'SCM', 'EWM', 'GTS', 'MDG'] as const;

export interface GenerateSystemsOptions {
  size: Exclude<LandscapeSize, 'LW'>;
  systems: number;
  seed: number;
  outDir: string;
  onProgress?: (system: string, done: number, total: number) => void;
}

export interface GenerateSystemsResult {
  sids: string[];
  users: number;
  roles: number;
  agr1251Rows: number;
}

const MANDT = '100';

const act = (action: string, system?: string): FunctionAction => (system ? { action, active: true, system } : { action, active: true });
const line = (action: string, object: string, field: string, low: string): PermissionLine => ({ action, object, field, low, high: '', operator: 'OR', active: true });

/** The planted rules: XS_SOD1 across A and B, XS_ORG1 (org-level), XS_CP1 (a function bound to B). */
export function plantedRuleset(a: string, b: string): Ruleset {
  const fn = (id: string, actions: FunctionAction[], permissions: PermissionLine[] = []) => ({ id, description: `planted ${id}`, businessProcess: 'XS', actions, permissions });
  const risk = (id: string, type: Ruleset['risks'][number]['type'], functionIds: string[], orgFields?: string[]) => ({
    id,
    description: `planted cross-system risk ${id}`,
    type,
    level: 'HIGH' as const,
    businessProcess: 'XS',
    active: true,
    functionIds,
    ...(orgFields ? { orgFields } : {}),
  });
  return {
    risks: [
      risk('XS_SOD1', 'SOD', ['XS_F_VEND', 'XS_F_PAY']),
      risk('XS_ORG1', 'SOD', ['XS_F_POST', 'XS_F_PAY2'], ['BUKRS']),
      risk('XS_CP1', 'CRITICAL_PERMISSION', ['XS_F_DEBUG']),
    ],
    functions: [
      fn('XS_F_VEND', [act('ZXS_VEND', a)]),
      fn('XS_F_PAY', [act('ZXS_PAY', b)]),
      fn('XS_F_POST', [act('ZXS_POST')], [line('ZXS_POST', 'F_BKPF_BUK', 'ACTVT', '01')]),
      fn('XS_F_PAY2', [act('ZXS_PAY2')], [line('ZXS_PAY2', 'F_REGU_BUK', 'FBTCH', '21')]),
      fn('XS_F_DEBUG', [act('ZXS_DEBUG', b)], [line('', 'S_DEVELOP', 'ACTVT', '02')]),
    ],
  };
}

/** Rows to append to one system's tables, by column name. */
type Rows = Record<string, Record<string, string>[]>;

function plantedRows(system: 'A' | 'B'): Rows {
  const rows: Rows = { USR02: [], AGR_USERS: [], AGR_1251: [], AGR_DEFINE: [] };
  const user = (bname: string, locked = false): void => {
    rows.USR02.push({ MANDT, BNAME: bname, USTYP: 'A', UFLAG: locked ? '64' : '0', GLTGV: '00000000', GLTGB: '00000000', TRDAT: '00000000', CLASS: 'XS', CODVN: 'H', PWDSTATE: '0', ERDAT: '20240101' });
  };
  const role = (name: string, auths: [string, string, string, string][]): void => {
    rows.AGR_DEFINE.push({ MANDT, AGR_NAME: name, PARENT_AGR: '' });
    auths.forEach(([object, auth, field, low]) => rows.AGR_1251.push({ MANDT, AGR_NAME: name, OBJECT: object, AUTH: auth, FIELD: field, LOW: low, HIGH: '', DELETED: '' }));
  };
  const assign = (bname: string, r: string): void => {
    rows.AGR_USERS.push({ MANDT, AGR_NAME: r, UNAME: bname, FROM_DAT: '20240101', TO_DAT: '99991231' });
  };
  role('Z_XS_VEND', [['S_TCODE', 'XS01', 'TCD', 'ZXS_VEND']]);
  role('Z_XS_PAY', [['S_TCODE', 'XS02', 'TCD', 'ZXS_PAY']]);
  role('Z_XS_POST', [
    ['S_TCODE', 'XS03', 'TCD', 'ZXS_POST'],
    ['F_BKPF_BUK', 'XS04', 'ACTVT', '01'],
    ['F_BKPF_BUK', 'XS04', 'BUKRS', '1000'],
  ]);
  role('Z_XS_PAY2', [
    ['S_TCODE', 'XS05', 'TCD', 'ZXS_PAY2'],
    ['F_REGU_BUK', 'XS06', 'FBTCH', '21'],
    ['F_REGU_BUK', 'XS06', 'BUKRS', '1000'],
  ]);
  role('Z_XS_DEV', [
    ['S_TCODE', 'XS07', 'TCD', 'ZXS_DEBUG'],
    ['S_DEVELOP', 'XS08', 'ACTVT', '02'],
  ]);
  if (system === 'A') {
    for (const b of ['XS_ANNA', 'XS_AMUELLER', 'XS_LOCKED', 'XS_BEN', 'XS_ORG', 'XS_DEV']) user(b);
    for (const b of ['XS_ANNA', 'XS_AMUELLER', 'XS_LOCKED', 'XS_BEN']) assign(b, 'Z_XS_VEND');
    assign('XS_BEN', 'Z_XS_PAY');
    assign('XS_ORG', 'Z_XS_POST');
    assign('XS_DEV', 'Z_XS_DEV');
  } else {
    for (const b of ['XS_ANNA', 'XS_ANNA_M', 'XS_ORG', 'XS_DEV2']) user(b);
    user('XS_LOCKED', true);
    for (const b of ['XS_ANNA', 'XS_ANNA_M', 'XS_LOCKED']) assign(b, 'Z_XS_PAY');
    assign('XS_ORG', 'Z_XS_PAY2');
    assign('XS_DEV2', 'Z_XS_DEV');
  }
  return rows;
}

/** Appends rows to a generated table file, in its header's column order. */
async function appendRows(file: string, rows: readonly Record<string, string>[]): Promise<void> {
  if (rows.length === 0) return;
  const text = await readFile(file, 'utf8');
  const header = text.slice(0, text.indexOf('\n')).split(',');
  await appendFile(file, rows.map((r) => header.map((c) => csvField(r[c] ?? '')).join(',') + '\n').join(''));
}

export async function generateSystems(options: GenerateSystemsOptions): Promise<GenerateSystemsResult> {
  const n = options.systems;
  if (!Number.isInteger(n) || n < 2 || n > GENERATED_SIDS.length) throw new RangeError(`systems: 2 to ${GENERATED_SIDS.length}, got ${n}`);
  const sids = GENERATED_SIDS.slice(0, n);
  await mkdir(options.outDir, { recursive: true });
  let users = 0;
  let roles = 0;
  let agr1251Rows = 0;
  for (const [i, sid] of sids.entries()) {
    const scratch = join(options.outDir, `.${sid}`);
    const r = await generateLandscape({ size: options.size, seed: options.seed + i, outDir: scratch, onProgress: (done, total) => options.onProgress?.(sid, done, total) });
    users += r.users;
    roles += r.roles;
    agr1251Rows += r.agr1251Rows;
    await rm(join(options.outDir, sid), { recursive: true, force: true });
    await rename(join(scratch, 'system'), join(options.outDir, sid));
    await rm(scratch, { recursive: true, force: true });
  }
  const [a, b] = sids;
  for (const [sid, which] of [
    [a, 'A'],
    [b, 'B'],
  ] as const) {
    for (const [table, rows] of Object.entries(plantedRows(which))) await appendRows(join(options.outDir, sid, `${table}.csv`), rows);
  }
  const planted = plantedRuleset(a, b);
  await writeRulesetFiles(join(options.outDir, 'rules'), {
    risks: [...defaultRuleset.risks, ...planted.risks],
    functions: [...defaultRuleset.functions, ...planted.functions],
  });
  await writeFile(join(options.outDir, 'user-map.csv'), `SYSTEM,BNAME,PERSON\n${a},XS_AMUELLER,XS_PERSON2\n${b},XS_ANNA_M,XS_PERSON2\n`);
  return { sids: [...sids], users, roles, agr1251Rows };
}
