/**
 * Tables by their header (DESIGN 4.1b): a table file whose name is not an SAP table name
 * (`role_auth_values.csv`, `user_roles.csv`) is the SAP table whose required columns its header
 * holds (technical names or field labels, as for a named file). When several tables qualify,
 * the one that reads most of the header's columns wins; two best or none are refused, naming
 * the file and the candidates. A header of a role and a transaction (AGR_NAME or ROLE, and
 * TCODE) and nothing an SAP table needs is a role → transaction list: read as S_TCODE rows of
 * AGR_1251, one instance per role. Every such reading is named in a warning.
 */
import type { DataWarning } from './data-warnings.ts';
import { TableReader } from './extract-cells.ts';
import { EXTRACT_TABLE_NAMES, EXTRACT_TABLES, type ExtractTableName } from './extract-tables.ts';
import { InputError } from './input-error.ts';
import type { RowHandler, SourceTable, TableRow } from './table-types.ts';

const ROLE_COLUMNS = ['AGR_NAME', 'ROLE', 'ROLE_NAME', 'ROLLE'];
const TCODE_COLUMNS = ['TCODE', 'TRANSACTION', 'TCD', 'TRANSACTION_CODE'];
/** The authorisation name of the one S_TCODE instance a role of a transaction list gets. */
export const TCODE_LIST_AUTH = 'TCODE_LIST';

export const isSapTableName = (name: string): name is ExtractTableName => Object.hasOwn(EXTRACT_TABLES, name);

/** How many of the table's columns a header holds, or -1 when it lacks a required one. */
function fit(table: SourceTable, name: ExtractTableName): number {
  const spec = EXTRACT_TABLES[name];
  const r = new TableReader(table);
  try {
    r.indexHeader(spec.columns, spec.required, name);
  } catch {
    return -1;
  }
  return spec.columns.filter((c) => r.col(c) >= 0).length;
}

export interface IdentifiedTable {
  name: ExtractTableName;
  /** The table to read under that name (for a transaction list, its rows as AGR_1251 rows). */
  table: SourceTable;
  /** The warning naming the reading. */
  warning: DataWarning;
}

/**
 * A file named in SAP's own style (upper case, digits, `_`, `/`: `USR21.txt`, `AGR_HIER.csv`) is
 * an SAP table Segra does not read: it is not read, and named in TABLE_NOT_READ (reading it as
 * another table by its header would misread it). Any other name (`user_roles.csv`, a sheet
 * `Roles`) is a table by its header.
 */
export function tableOf(table: SourceTable): IdentifiedTable | { notRead: DataWarning } {
  const base = writtenName(table.fileName);
  if (/^[A-Z/][A-Z0-9_/]*$/.test(base)) {
    return { notRead: { code: 'TABLE_NOT_READ', table: table.table, count: 1, examples: [table.fileName] } };
  }
  return identifyTable(table);
}

/** The file's (or sheet's) own name as written, without its extension: `extract.zip[dir/user_roles.csv]` → `user_roles`. */
function writtenName(fileName: string): string {
  const inner = /\[([^\]]*)\]$/.exec(fileName)?.[1] ?? fileName;
  const base = inner.replace(/\\/g, '/').split('/').pop() ?? inner;
  return base.replace(/\.(csv|txt|tsv)$/i, '').trim();
}

/** The SAP table a file of another name is, by its header; refused when it is none or two. */
export function identifyTable(table: SourceTable): IdentifiedTable {
  const scored = EXTRACT_TABLE_NAMES.map((name) => ({ name, score: fit(table, name) })).filter((c) => c.score > 0);
  const best = Math.max(0, ...scored.map((c) => c.score));
  const top = scored.filter((c) => c.score === best);
  if (top.length === 1) {
    const name = top[0].name;
    return { name, table, warning: { code: 'TABLE_BY_HEADER', table: name, count: 1, examples: [`${table.fileName} → ${name}`] } };
  }
  if (top.length === 0) {
    const list = tcodeList(table);
    if (list) return list;
  }
  const candidates = top.length === 0 ? 'none' : top.map((c) => c.name).join(', ');
  throw new InputError(
    top.length === 0
      ? `is not an SAP table name and its header holds the required columns of no table (${EXTRACT_TABLE_NAMES.join(', ')}), nor a role and a transaction (AGR_NAME and TCODE); name the file after its table or give its SAP column names`
      : `is not an SAP table name and its header fits several tables equally (${candidates}); name the file after its table (e.g. ${top[0].name}.csv)`,
    { file: table.fileName, line: table.headerLine },
  );
}

/** A role → transaction list, as AGR_1251 rows: AGR_NAME, OBJECT S_TCODE, AUTH TCODE_LIST, FIELD TCD, LOW the tcode. */
function tcodeList(table: SourceTable): IdentifiedTable | undefined {
  const header = table.header.map((h) => h.trim().toUpperCase());
  const role = header.findIndex((h) => ROLE_COLUMNS.includes(h));
  const tcode = header.findIndex((h) => TCODE_COLUMNS.includes(h));
  if (role < 0 || tcode < 0) return undefined;
  const asRow = (values: readonly string[]): string[] => [values[role] ?? '', 'S_TCODE', TCODE_LIST_AUTH, 'TCD', values[tcode] ?? '', ''];
  const rows: SourceTable = {
    table: 'AGR_1251',
    fileName: table.fileName,
    header: ['AGR_NAME', 'OBJECT', 'AUTH', 'FIELD', 'LOW', 'HIGH'],
    headerLine: table.headerLine,
    warnings: table.warnings ? () => table.warnings!() : undefined,
    async *batches(): AsyncGenerator<TableRow[]> {
      for await (const batch of table.batches()) yield batch.map((r) => ({ line: r.line, values: asRow(r.values) }));
    },
    // Neither the skip rule nor the id lane: every row goes to the mapper as strings (both are only faster).
    forEachRow: (onRow: RowHandler) => table.forEachRow((values, line) => onRow(asRow(values), line)),
  };
  return {
    name: 'AGR_1251',
    table: rows,
    warning: {
      code: 'TCODE_LIST',
      table: 'AGR_1251',
      count: 1,
      examples: [`${table.fileName} (${table.header[role].trim()}, ${table.header[tcode].trim()}) → S_TCODE ${TCODE_LIST_AUTH}: only action-level results are meaningful`],
    },
  };
}
