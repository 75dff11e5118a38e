/**
 * Writes a multi-system landscape (rule 18) as `segra analyze` reads it: one folder of table
 * files per system, the ruleset with the SYSTEM column in FUNCTION_ACTIONS and
 * FUNCTION_PERMISSIONS (empty = any system), and the user map (SYSTEM, BNAME, PERSON); and
 * reads the findings CSV back by column name.
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { rulesetToCsvFiles } from '../../server/importers/ruleset-writer.ts';
import type { CrossLandscape, CrossRuleset, UserMapRow } from '../reference/reference-cross-system.ts';
import { withoutSystems } from '../reference/reference-cross-system.ts';
import { table, writeExtract } from './landscape-files.ts';

const flag = (active: boolean): string => (active ? 'X' : 'N');

/** The multi-file ruleset; FUNCTION_ACTIONS and FUNCTION_PERMISSIONS carry SYSTEM as their last column. */
export function writeCrossRuleset(dir: string, ruleset: CrossRuleset): void {
  fs.mkdirSync(dir, { recursive: true });
  // RISKS, RISK_FUNCTIONS and FUNCTIONS as every ruleset is written; the two files with SYSTEM here.
  for (const [name, text] of Object.entries(rulesetToCsvFiles(withoutSystems(ruleset)))) fs.writeFileSync(path.join(dir, name), text);
  table(
    dir,
    'FUNCTION_ACTIONS.csv',
    ['FUNCTION_ID', 'ACTION', 'ACTIVE', 'SYSTEM'],
    ruleset.functions.flatMap((f) => f.actions.map((a) => [f.id, a.action, flag(a.active), a.system ?? ''])),
  );
  table(
    dir,
    'FUNCTION_PERMISSIONS.csv',
    ['FUNCTION_ID', 'ACTION', 'OBJECT', 'FIELD', 'LOW', 'HIGH', 'OPERATOR', 'ACTIVE', 'SYSTEM'],
    ruleset.functions.flatMap((f) => f.permissions.map((p) => [f.id, p.action, p.object, p.field, p.low, p.high, p.operator, flag(p.active), p.system ?? ''])),
  );
}

export function writeUserMap(file: string, rows: readonly UserMapRow[]): void {
  table(path.dirname(file), path.basename(file), ['SYSTEM', 'BNAME', 'PERSON'], rows.map((r) => [r.system, r.bname, r.person]));
}

/**
 * Writes every system to `dir/<SID>` (or `dir/system` without SID), the ruleset to `dir/rules`
 * and, when it has rows, the user map to `dir/user-map.csv`; returns the matching arguments of
 * `segra analyze` (`--system SID=DIR …`, `--rules`, `--user-map`).
 */
export function writeCrossLandscape(dir: string, l: CrossLandscape): string[] {
  const args: string[] = [];
  for (const s of l.systems) {
    const at = path.join(dir, s.sid ?? 'system');
    writeExtract(at, s.extract);
    args.push('--system', s.sid === null ? at : `${s.sid}=${at}`);
  }
  writeCrossRuleset(path.join(dir, 'rules'), l.ruleset);
  args.push('--rules', path.join(dir, 'rules'));
  if (l.userMap.length > 0) {
    writeUserMap(path.join(dir, 'user-map.csv'), l.userMap);
    args.push('--user-map', path.join(dir, 'user-map.csv'));
  }
  return args;
}

/** The findings CSV: its header and each row by column name. */
export function readFindingsCsv(file: string): { header: string[]; rows: Array<Record<string, string>> } {
  const [header, ...rows] = Papa.parse<string[]>(fs.readFileSync(file, 'utf8').trimEnd()).data;
  return { header, rows: rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))) };
}

/** A CSV cell of `;`-joined items as a list ('' is no item; SOURCES '' is the empty path, read it with split). */
export const items = (cell: string): string[] => (cell === '' ? [] : cell.split(';'));
