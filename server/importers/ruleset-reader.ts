/**
 * Reads and writes rulesets (DESIGN 4.2).
 *
 * Reading accepts the multi-file form (RISKS, RISK_FUNCTIONS, FUNCTIONS, FUNCTION_ACTIONS,
 * FUNCTION_PERMISSIONS as files of a folder or a .zip, sheets of an .xlsx, or uploads; names
 * are case-insensitive) and the flat form: one table, one row per risk × function × action ×
 * permission line, whose header has RISK_ID, FUNCTION_ID and ACTION.
 *
 * In the flat form the columns of RISKS, FUNCTIONS, FUNCTION_ACTIONS and FUNCTION_PERMISSIONS
 * are merged; the names they share are told apart with a prefix: RISK_DESCRIPTION,
 * RISK_BUSINESS_PROCESS, RISK_ACTIVE, FUNCTION_DESCRIPTION, FUNCTION_BUSINESS_PROCESS,
 * ACTION_ACTIVE, PERMISSION_ACTIVE. Unprefixed DESCRIPTION, BUSINESS_PROCESS and ACTIVE belong
 * to the risk (RISKS comes first in the merge). A row with an empty OBJECT only names an
 * action; a row with an empty ACTION names the function alone.
 *
 * Names and codes (ids, types, levels, business processes, actions, objects, fields, operators,
 * flags) are trimmed; LOW, HIGH and descriptions are kept as read, so a written ruleset reads
 * back equal.
 * Writing produces the multi-file form (folder of CSV files, .zip of them, or .xlsx).
 */
import { RULESET_FILES, type RulesetFileName } from '../../engine/rulesets/ruleset-tables.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import type { InputWarning } from '../../engine/model/controls.ts';
import { rulesetWarnings } from '../../engine/ruleset/ruleset-warnings.ts';
import { ignoredColumnsWarning } from './table-warnings.ts';
import type { LoadedTable } from './ruleset-cells.ts';
import { isFlatHeader, readFlat } from './ruleset-flat.ts';
import { readMultiFile } from './ruleset-multi-file.ts';
import { InputError } from './input-error.ts';
import { openTableSource, type TableSourceInput } from './table-source.ts';
import { grcFileOf, grcToMultiFile, LAYOUT, type GrcFile } from './ruleset-grc.ts';
import { functionColumn, RulesetBounds, rulesetLimits, type RulesetLimits } from './ruleset-bounds.ts';
import { jsonRulesetInput } from './ruleset-json-input.ts';
import { isPairHeader, readPairs } from './ruleset-pairs.ts';

const FILE_NAMES = Object.keys(RULESET_FILES) as RulesetFileName[];

export async function readRuleset(input: TableSourceInput, limits: RulesetLimits = rulesetLimits()): Promise<Ruleset> {
  return (await readRulesetAndWarnings(input, limits)).ruleset;
}

/** A ruleset with what its reading left unread or unevaluated (issue 29), for the CLI and the import record alike. */
export async function readRulesetAndWarnings(input: TableSourceInput, limits: RulesetLimits = rulesetLimits()): Promise<{ ruleset: Ruleset; warnings: InputWarning[] }> {
  const loaded: LoadedTable[] = [];
  // Every line read is counted against the bounds (ruleset-bounds.ts), in every form.
  const read = await readRulesetTables(input, loaded, new RulesetBounds(limits));
  const ruleset = 'risks' in read ? read : read.ruleset;
  // A file of the ruleset that no reader looked at is ignored whole; of the others, the columns unread.
  const ignored = loaded.flatMap((t) => (t.read ? [ignoredColumnsWarning(t.table, t.header, t.read)] : [])).filter((w) => w !== undefined);
  return { ruleset, warnings: [...('risks' in read ? [] : read.warnings), ...ignored, ...rulesetWarnings(ruleset)] };
}

type Read = Ruleset | { ruleset: Ruleset; warnings: InputWarning[] };

async function readRulesetTables(input: TableSourceInput, loaded: LoadedTable[], bounds: RulesetBounds): Promise<Read> {
  // The JSON form (ruleset-json.ts) is one .json file.
  const json = await jsonRulesetInput(input, bounds);
  if (json) return json;
  const source = openTableSource(input);
  const tables = new Map<string, LoadedTable>();
  const grc = new Map<GrcFile, LoadedTable>();
  for await (const t of source.tables()) {
    // A file of GRC's rule download has no header: its first line is a row (ruleset-grc.ts).
    const grcFile = grcFileOf(t.table, t.header);
    if (grcFile) {
      const first = grc.get(grcFile);
      if (first) {
        throw new InputError(
          `the GRC ${grcFile} file is given twice (also as ${first.fileName}); keep only one of them`,
          {
            file: t.fileName,
          },
        );
      }
      t.allowRagged?.();
      const rows: LoadedTable['rows'] = [{ line: t.headerLine, values: [...t.header] }];
      const columns = LAYOUT[grcFile];
      const functionAt = columns.indexOf('FUNCTION_ID');
      bounds.line(t.fileName, t.headerLine, t.header, functionAt, columns);
      await t.forEachRow((values, line) => {
        if (!values.some((v) => v.trim() !== '')) return;
        bounds.line(t.fileName, line, values, functionAt, columns);
        rows.push({ line, values });
      });
      grc.set(grcFile, { table: t.table, fileName: t.fileName, header: [], headerLine: 0, rows });
      continue;
    }
    // A table that is neither a ruleset file nor shaped like the flat form (a README.txt …) is
    // left unread.
    const isFile = (FILE_NAMES as string[]).includes(t.table);
    if (!isFile && !isFlatHeader(t.header) && !isPairHeader(t.header)) continue;
    const first = tables.get(t.table);
    if (first) {
      throw new InputError(`table ${t.table} is given twice (also as ${first.fileName}); keep only one of them`, {
        file: t.fileName,
      });
    }
    const rows: LoadedTable['rows'] = [];
    const functionAt = functionColumn(t.header);
    await t.forEachRow((values, line) => {
      for (const v of values) {
        if (v.trim() !== '') {
          bounds.line(t.fileName, line, values, functionAt, t.header);
          rows.push({ line, values });
          return;
        }
      }
    });
    const table: LoadedTable = { table: t.table, fileName: t.fileName, header: t.header, headerLine: t.headerLine, rows };
    loaded.push(table);
    tables.set(t.table, table);
  }

  if (grc.size > 0 && !FILE_NAMES.some((n) => tables.has(n)))
    return readMultiFile(grcToMultiFile(grc, source.name), source.name);
  const flat = [...tables.values()].filter((t) => isFlatHeader(t.header) || isPairHeader(t.header));
  const readOne = (t: LoadedTable): Read => (isPairHeader(t.header) ? readPairs(t) : readFlat(t));
  // A single flat table is the flat form, whatever its name (even RISKS).
  if (tables.size === 1 && flat.length === 1) return readOne(flat[0]);
  if (FILE_NAMES.some((n) => tables.has(n))) return readMultiFile(tables, source.name);
  if (flat.length === 1) return readOne(flat[0]);
  if (flat.length > 1) {
    throw new InputError(
      `more than one table looks like a flat ruleset (${flat.map((t) => t.fileName).join(', ')}); give only one`,
      { file: source.name },
    );
  }
  throw new InputError(
    `no ruleset found: expected the tables ${FILE_NAMES.join(', ')} (files or sheets named so), ` +
      'a single flat table whose header has RISK_ID, FUNCTION_ID and ACTION, ' +
      "the text files of GRC's rule download (Risk, RiskFunction, Function, FunctionAction, FunctionPermission …), or a .json ruleset",
    { file: source.name },
  );
}

