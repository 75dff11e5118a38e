/**
 * GRC Access Control's rule download (GRAC_DOWNLOAD_RULES; DESIGN 4.2): one tab-separated text
 * file per kind, without a header. The files are recognised by their names (any case, any
 * punctuation, an optional prefix: `Risk.txt`, `ZGRC_risk_description.TXT`) and by having no
 * header of our multi-file form. Their columns, by position (our reading of SAP's layout, in
 * docs/decisions/2026-11-25-ruleset-forms.md):
 *
 *   risk                 RISK_ID, RISK_TYPE (1/2/3), BUSINESS_PROCESS, RISK_LEVEL (3/2/1/0), STATUS
 *   risk description     RISK_ID, LANGUAGE, DESCRIPTION
 *   function             FUNCTION_ID, BUSINESS_PROCESS, ANALYSIS_SCOPE
 *   function description FUNCTION_ID, LANGUAGE, DESCRIPTION
 *   function action      FUNCTION_ID, CONNECTOR, ACTION, STATUS
 *   function permission  FUNCTION_ID, CONNECTOR, ACTION, OBJECT, FIELD, LOW, HIGH, OPERATOR, STATUS
 *   risk function        RISK_ID, FUNCTION_ID
 *
 * Other files of the download (business processes, rule sets, owners) are left unread. The
 * rows become the tables of the multi-file form, the connector as SYSTEM (DESIGN 5.18), so every
 * check of that form applies and errors still name the GRC file and line.
 */
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { RULESET_FILES, type RulesetFileName } from '../../engine/rulesets/ruleset-tables.ts';
import { normalise, type LoadedTable } from './ruleset-cells.ts';
import { InputError } from './input-error.ts';

export type GrcFile =
  | 'risk'
  | 'riskDescription'
  | 'function'
  | 'functionDescription'
  | 'functionAction'
  | 'functionPermission'
  | 'riskFunction';

/** Name endings, longest first so that `RISKFUNCTION` is not taken for `FUNCTION`. */
const NAME_ENDINGS: readonly [string, GrcFile][] = [
  ['FUNCTIONPERMISSIONS', 'functionPermission'],
  ['FUNCTIONPERMISSION', 'functionPermission'],
  ['FUNCTIONDESCRIPTIONS', 'functionDescription'],
  ['FUNCTIONDESCRIPTION', 'functionDescription'],
  ['RISKDESCRIPTIONS', 'riskDescription'],
  ['RISKDESCRIPTION', 'riskDescription'],
  ['FUNCTIONACTIONS', 'functionAction'],
  ['FUNCTIONACTION', 'functionAction'],
  ['FUNCTIONDESC', 'functionDescription'],
  ['RISKFUNCTIONS', 'riskFunction'],
  ['RISKFUNCTION', 'riskFunction'],
  ['RISKDESC', 'riskDescription'],
  ['FUNCTIONS', 'function'],
  ['FUNCTION', 'function'],
  ['RISKS', 'risk'],
  ['RISK', 'risk'],
];

/** The GRC file a table is, or undefined (also for a file with a header of our multi-file form). */
export function grcFileOf(table: string, header: readonly string[]): GrcFile | undefined {
  const cols = header.map(normalise);
  if (cols.includes('RISK_ID') || cols.includes('FUNCTION_ID')) return undefined;
  const name = table.toUpperCase().replace(/[^A-Z0-9]/g, '');
  for (const [ending, file] of NAME_ENDINGS) if (name.endsWith(ending)) return file;
  return undefined;
}

/** The GRC file's columns, by position. */
export const LAYOUT: Record<GrcFile, readonly string[]> = {
  risk: ['RISK_ID', 'RISK_TYPE', 'BUSINESS_PROCESS', 'RISK_LEVEL', 'STATUS'],
  riskDescription: ['RISK_ID', 'LANGUAGE', 'DESCRIPTION'],
  function: ['FUNCTION_ID', 'BUSINESS_PROCESS', 'ANALYSIS_SCOPE'],
  functionDescription: ['FUNCTION_ID', 'LANGUAGE', 'DESCRIPTION'],
  functionAction: ['FUNCTION_ID', 'CONNECTOR', 'ACTION', 'STATUS'],
  functionPermission: ['FUNCTION_ID', 'CONNECTOR', 'ACTION', 'OBJECT', 'FIELD', 'LOW', 'HIGH', 'OPERATOR', 'STATUS'],
  riskFunction: ['RISK_ID', 'FUNCTION_ID'],
};
/** How many leading columns a row must have. */
const REQUIRED: Record<GrcFile, number> = {
  risk: 4,
  riskDescription: 3,
  function: 1,
  functionDescription: 3,
  functionAction: 3,
  functionPermission: 5,
  riskFunction: 2,
};

/** GRC's status words, read as our ACTIVE flag; anything else is left to the multi-file checks. */
function activeFlag(status: string): string {
  const s = status.trim().toUpperCase();
  if (s === 'ENABLED' || s === 'ACTIVE' || s === 'A') return 'X';
  if (s === 'DISABLED' || s === 'INACTIVE' || s === 'D' || s === 'I') return 'N';
  return status;
}

/** A loaded GRC table's rows as records of named cells; short rows are refused with the missing column. */
function records(t: LoadedTable, file: GrcFile): { line: number; cell: (c: string) => string }[] {
  const layout = LAYOUT[file];
  return t.rows.map((row) => {
    if (row.values.length < REQUIRED[file]) {
      throw new InputError(
        `a GRC ${file.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)} line needs ${layout.slice(0, REQUIRED[file]).join(', ')} separated by tabs; got ${row.values.length} field(s)`,
        { file: t.fileName, line: row.line, column: row.values.length + 1 },
      );
    }
    return { line: row.line, cell: (c: string) => row.values[layout.indexOf(c)] ?? '' };
  });
}

/** Descriptions by id, English first (E, EN), else the first language given. */
function descriptions(t: LoadedTable | undefined, file: GrcFile): Map<string, string> {
  const out = new Map<string, { text: string; english: boolean }>();
  if (!t) return new Map();
  for (const r of records(t, file)) {
    const id = r.cell(file === 'riskDescription' ? 'RISK_ID' : 'FUNCTION_ID').trim();
    const english = ['E', 'EN'].includes(r.cell('LANGUAGE').trim().toUpperCase());
    const had = out.get(id);
    if (!had || (english && !had.english)) out.set(id, { text: r.cell('DESCRIPTION'), english });
  }
  return new Map([...out].map(([id, d]) => [id, d.text]));
}

/**
 * The multi-file tables of a GRC download: each keeps the GRC file's name and lines, so the
 * multi-file reader's errors point into the GRC files.
 */
export function grcToMultiFile(files: Map<GrcFile, LoadedTable>, sourceName: string): Map<string, LoadedTable> {
  const need = (file: GrcFile): LoadedTable => {
    const t = files.get(file);
    if (!t) {
      throw new InputError(
        `the GRC rule download has no ${file.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)} file: expected a tab-separated text file named so (e.g. ${file.replace(/^./, (c) => c.toUpperCase())}.txt)`,
        { file: sourceName },
      );
    }
    return t;
  };
  const table = (
    name: RulesetFileName,
    from: LoadedTable,
    rows: { line: number; values: string[] }[],
    extra: readonly string[] = [],
  ): LoadedTable => ({
    table: name,
    fileName: from.fileName,
    header: [...RULESET_FILES[name], ...extra],
    headerLine: 0,
    rows,
  });
  const risksT = need('risk');
  const functionsT = need('function');
  const riskFunctionsT = need('riskFunction');
  const riskTexts = descriptions(files.get('riskDescription'), 'riskDescription');
  const functionTexts = descriptions(files.get('functionDescription'), 'functionDescription');

  const out = new Map<string, LoadedTable>();
  out.set(
    'RISKS',
    table(
      'RISKS',
      risksT,
      records(risksT, 'risk').map((r) => ({
        line: r.line,
        values: [
          r.cell('RISK_ID'),
          riskTexts.get(r.cell('RISK_ID').trim()) ?? '',
          r.cell('RISK_TYPE'),
          r.cell('RISK_LEVEL'),
          r.cell('BUSINESS_PROCESS'),
          activeFlag(r.cell('STATUS')),
        ],
      })),
    ),
  );
  out.set(
    'FUNCTIONS',
    table(
      'FUNCTIONS',
      functionsT,
      records(functionsT, 'function').map((r) => ({
        line: r.line,
        values: [
          r.cell('FUNCTION_ID'),
          functionTexts.get(r.cell('FUNCTION_ID').trim()) ?? '',
          r.cell('BUSINESS_PROCESS'),
        ],
      })),
    ),
  );
  out.set(
    'RISK_FUNCTIONS',
    table(
      'RISK_FUNCTIONS',
      riskFunctionsT,
      records(riskFunctionsT, 'riskFunction').map((r) => ({
        line: r.line,
        values: [r.cell('RISK_ID'), r.cell('FUNCTION_ID')],
      })),
    ),
  );
  // One row per function, action and connector (or permission line and connector): the
  // connector is the SYSTEM the row belongs to (DESIGN 5.18); a row repeated whole is read once.
  const actionsT = files.get('functionAction');
  if (actionsT) {
    const seen = new Set<string>();
    const rows = records(actionsT, 'functionAction').flatMap((r) => {
      const key = `${r.cell('FUNCTION_ID').trim()}\0${r.cell('ACTION').trim()}\0${r.cell('CONNECTOR').trim()}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ line: r.line, values: [r.cell('FUNCTION_ID'), r.cell('ACTION'), activeFlag(r.cell('STATUS')), r.cell('CONNECTOR')] }];
    });
    out.set('FUNCTION_ACTIONS', table('FUNCTION_ACTIONS', actionsT, rows, ['SYSTEM']));
  }
  const permissionsT = files.get('functionPermission');
  if (permissionsT) {
    const seen = new Set<string>();
    const rows = records(permissionsT, 'functionPermission').flatMap((r) => {
      const values = ['FUNCTION_ID', 'ACTION', 'OBJECT', 'FIELD', 'LOW', 'HIGH', 'OPERATOR'].map(r.cell);
      const key = [...values, r.cell('CONNECTOR').trim()].join('\0');
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ line: r.line, values: [...values, activeFlag(r.cell('STATUS')), r.cell('CONNECTOR')] }];
    });
    out.set('FUNCTION_PERMISSIONS', table('FUNCTION_PERMISSIONS', permissionsT, rows, ['SYSTEM']));
  }
  return out;
}

const TYPE_CODE = { SOD: '1', CRITICAL_ACTION: '2', CRITICAL_PERMISSION: '3' } as const;
const LEVEL_CODE = { CRITICAL: '3', HIGH: '2', MEDIUM: '1', LOW: '0' } as const;

/** The ruleset as the text files of a GRC rule download (tab-separated, no header, CRLF). */
export function rulesetToGrcFiles(ruleset: Ruleset): Record<string, string> {
  const text = (rows: string[][]): string =>
    rows.map((r) => r.map((v) => v.replace(/[\t\r\n]+/g, ' ')).join('\t') + '\r\n').join('');
  const status = (active: boolean): string => (active ? 'X' : 'N');
  return {
    'Risk.txt': text(
      ruleset.risks.map((r) => [r.id, TYPE_CODE[r.type], r.businessProcess, LEVEL_CODE[r.level], status(r.active)]),
    ),
    'RiskDescription.txt': text(ruleset.risks.map((r) => [r.id, 'EN', r.description])),
    'RiskFunction.txt': text(ruleset.risks.flatMap((r) => r.functionIds.map((f) => [r.id, f]))),
    'Function.txt': text(ruleset.functions.map((f) => [f.id, f.businessProcess, ''])),
    'FunctionDescription.txt': text(ruleset.functions.map((f) => [f.id, 'EN', f.description])),
    'FunctionAction.txt': text(
      ruleset.functions.flatMap((f) => f.actions.map((a) => [f.id, a.system ?? '', a.action, status(a.active)])),
    ),
    'FunctionPermission.txt': text(
      ruleset.functions.flatMap((f) =>
        f.permissions.map((p) => [f.id, p.system ?? '', p.action, p.object, p.field, p.low, p.high, p.operator, status(p.active)]),
      ),
    ),
  };
}
