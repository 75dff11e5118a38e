import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Ruleset } from '../engine/model/ruleset.ts';
import { defaultRuleset } from '../engine/rulesets/default-ruleset.ts';
import { RULESET_FILES, rulesetToTables, type RulesetFileName } from '../engine/rulesets/ruleset-tables.ts';
import { EXTRACT_TABLES, EXTRACT_TABLE_NAMES, type ExtractTableName } from '../server/importers/extract-tables.ts';
import { CsvWriter } from './csv-writer.ts';
import { denseRuleset } from './dense-ruleset.ts';
import { buildNoisePools } from './noise.ts';
import { planRoles, SIZES, type LandscapeSize } from './plan.ts';
import { writeManualProfiles } from './profiles.ts';
import { randomFor } from './random.ts';
import { writeRoles } from './roles.ts';
import { TCODE_TEXTS } from './sap-catalogue.ts';
import { writeUsers } from './users.ts';
import { scaledWideSpec, WIDE_SPEC, writeWideLandscape } from './wide-landscape.ts';

export type { LandscapeSize } from './plan.ts';

export interface GenerateLandscapeOptions {
  /** S–XL, or LW ("L, wide", issue 30: wide-landscape.ts), whose shape differs, not only its size. */
  size: LandscapeSize | 'LW';
  /** LW only: users and roles scaled by this factor (0 < scale ≤ 1), each role as wide (tests). */
  scale?: number;
  seed: number;
  /** The landscape goes to `outDir/system/` (one CSV per SAP table) and `outDir/rules/` (the ruleset). */
  outDir: string;
  onProgress?: (done: number, total: number) => void;
  /**
   * `dense`: the ruleset written is denseRuleset (dense-ruleset.ts), about a million findings on
   * L; the extract is the same as with the shipped ruleset (the default) for the same seed.
   */
  ruleset?: 'default' | 'dense';
}

export interface GenerateLandscapeResult {
  users: number;
  roles: number;
  agr1251Rows: number;
  /** Every file written, `outDir`-joined paths. */
  files: string[];
}

/** Tables SAP keeps client-independent: written without a MANDT column (T000 has it as its key). */
const CLIENT_INDEPENDENT = new Set<ExtractTableName>(['TSTCT', 'TSTCA', 'CVERS', 'T000']);

/** The header the generator writes for a table: MANDT (client-dependent tables) then Segra's columns. */
export function extractHeader(table: ExtractTableName): string[] {
  const columns = [...EXTRACT_TABLES[table].columns];
  return CLIENT_INDEPENDENT.has(table) ? columns : ['MANDT', ...columns];
}

const COMPONENTS: [string, string, string][] = [
  ['SAP_BASIS', '758', '0002'],
  ['SAP_ABA', '75I', '0002'],
  ['SAP_GWFND', '758', '0002'],
  ['SAP_UI', '758', '0003'],
  ['ST-PI', '740', '0026'],
  ['S4CORE', '108', '0002'],
  ['S4FND', '108', '0002'],
  ['S4COMMON', '108', '0002'],
  ['SAP_BW', '758', '0002'],
  ['MDG_FND', '808', '0002'],
  ['FI-CA', '808', '0002'],
  ['UIS4HOP1', '900', '0002'],
  ['SAP_HR', '608', '0105'],
  ['EA-HR', '608', '0105'],
];

const CLIENTS: [string, string, string, string][] = [
  ['000', 'S', '1', ''],
  ['001', 'T', '1', ''],
  ['066', 'S', '2', '3'],
  // The production client: no client-specific changes, but the repository is still open.
  ['100', 'P', '2', '1'],
];

/**
 * Writes a synthetic, deterministic SAP landscape for a seed: a system extract (DESIGN 4.1)
 * and the default ruleset in the multi-file form (4.2). Everything is streamed to disk.
 */
export async function generateLandscape(options: GenerateLandscapeOptions): Promise<GenerateLandscapeResult> {
  if (options.size === 'LW') return generateWide(options);
  if (options.scale !== undefined) throw new Error('a landscape scale is for size LW only');
  const spec = SIZES[options.size];
  if (!spec) throw new Error(`unknown landscape size: ${String(options.size)}`);
  const seed = Math.trunc(options.seed);
  const systemDir = join(options.outDir, 'system');
  const rulesDir = join(options.outDir, 'rules');
  await mkdir(systemDir, { recursive: true });
  await mkdir(rulesDir, { recursive: true });

  const writers = {} as Record<ExtractTableName, CsvWriter>;
  for (const table of EXTRACT_TABLE_NAMES) {
    writers[table] = new CsvWriter(join(systemDir, `${table}.csv`), extractHeader(table));
  }

  const plan = planRoles(spec, randomFor(seed, 'plan'));
  const pools = buildNoisePools(randomFor(seed, 'pools'), spec.customTcodes);
  const roleTotal =
    plan.orgTemplates.length +
    [...plan.derived.values()].reduce((n, l) => n + l.length, 0) +
    plan.globalTemplates.length +
    plan.standalone.length +
    plan.composites.length;
  const total = roleTotal + spec.users + 1;
  const report = (done: number): void => options.onProgress?.(Math.min(done, total), total);

  const roles = await writeRoles(
    plan,
    spec,
    defaultRuleset,
    pools,
    randomFor(seed, 'roles'),
    {
      define: writers.AGR_DEFINE,
      texts: writers.AGR_TEXTS,
      profiles: writers.AGR_1016,
      authorisations: writers.AGR_1251,
      orgLevels: writers.AGR_1252,
      composites: writers.AGR_AGRS,
    },
    report,
  );

  const users = await writeUsers(
    spec,
    plan,
    roles,
    randomFor(seed, 'users'),
    {
      logon: writers.USR02,
      addresses: writers.USER_ADDR,
      licences: writers.USR06,
      assignments: writers.AGR_USERS,
      profiles: writers.UST04,
      references: writers.USREFUS,
    },
    (done) => report(roles.roleCount + done),
  );

  await writeManualProfiles(defaultRuleset, {
    composite: writers.UST10C,
    single: writers.UST10S,
    values: writers.UST12,
  });

  // Transaction texts and start checks for every transaction the landscape or the ruleset names.
  const tcodes = new Set(roles.tcodes);
  for (const f of defaultRuleset.functions) for (const a of f.actions) tcodes.add(a.action);
  for (const t of ['SE16', 'SE37', 'SE38', 'SE80', 'SA38', 'ST22', 'SU3', 'SU53', 'SBWP', 'SM30', 'SM31'])
    tcodes.add(t);
  const customText = new Map<string, string>();
  for (const list of Object.values(pools.customTcodes)) for (const c of list) customText.set(c.tcode, c.text);
  for (const t of [...tcodes].sort()) {
    writers.TSTCT.row([t, TCODE_TEXTS[t] ?? customText.get(t) ?? `Transaction ${t}`]);
    for (const check of pools.startChecks.get(t) ?? []) {
      for (const [field, value] of check.fields) writers.TSTCA.row([t, check.object, field, value]);
    }
  }
  for (const c of COMPONENTS) writers.CVERS.row(c);
  for (const c of CLIENTS) writers.T000.row(c);

  for (const w of Object.values(writers)) await w.close();

  const ruleFiles = await writeRulesetFiles(rulesDir, options.ruleset === 'dense' ? denseRuleset(defaultRuleset) : defaultRuleset);
  report(total);

  return {
    users,
    roles: roles.roleCount,
    agr1251Rows: writers.AGR_1251.rows,
    files: [...EXTRACT_TABLE_NAMES.map((t) => writers[t].path), ...ruleFiles],
  };
}

/** LW: the wide landscape of wide-landscape.ts, with its own ruleset (the dense one does not apply). */
async function generateWide(options: GenerateLandscapeOptions): Promise<GenerateLandscapeResult> {
  if (options.ruleset === 'dense') throw new Error('size LW has its own ruleset: --dense does not apply');
  const spec = options.scale === undefined ? WIDE_SPEC : scaledWideSpec(options.scale);
  const seed = Math.trunc(options.seed);
  const systemDir = join(options.outDir, 'system');
  await mkdir(systemDir, { recursive: true });
  const writers = {} as Record<ExtractTableName, CsvWriter>;
  for (const table of EXTRACT_TABLE_NAMES) {
    writers[table] = new CsvWriter(join(systemDir, `${table}.csv`), extractHeader(table));
  }
  const r = await writeWideLandscape(spec, seed, writers, { components: COMPONENTS, clients: CLIENTS }, (d, t) =>
    options.onProgress?.(d, t),
  );
  const ruleFiles = await writeRulesetFiles(join(options.outDir, 'rules'), r.ruleset);
  return { users: r.users, roles: r.roles, agr1251Rows: r.agr1251Rows, files: [...r.files, ...ruleFiles] };
}

/** Writes a ruleset in the multi-file form (DESIGN 4.2) into `rulesDir`; returns the files written. */
export async function writeRulesetFiles(rulesDir: string, ruleset: Ruleset): Promise<string[]> {
  await mkdir(rulesDir, { recursive: true });
  const tables = rulesetToTables(ruleset);
  const ruleFiles: string[] = [];
  for (const name of Object.keys(RULESET_FILES) as RulesetFileName[]) {
    const [header, ...rows] = tables[name];
    const w = new CsvWriter(join(rulesDir, `${name}.csv`), header);
    for (const r of rows) w.row(r);
    await w.close();
    ruleFiles.push(w.path);
  }
  return ruleFiles;
}
