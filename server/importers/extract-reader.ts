/**
 * Reads a system extract (DESIGN 4.1) from a folder, a .zip, an .xlsx or uploads into a
 * SystemExtract. Every table is streamed; the big ones (AGR_1251, UST12) can be cut down to the
 * authorisation objects a ruleset needs while they stream.
 *
 * Names (users, roles, profiles, objects, fields, tcodes …) are trimmed; authorisation values
 * (AGR_1251 LOW/HIGH, AGR_1252 LOW/HIGH, UST12 VON/BIS, TSTCA VALUE) are kept exactly as read.
 * Repeated strings are interned, so millions of rows share one string per distinct value.
 *
 * Any problem rejects the whole read with an InputError naming the file, line and column.
 */
import { emptyExtract, type SystemExtract } from '../../engine/model/extract.ts';
import { readTable, type ReadContext } from './extract-table-reader.ts';
import type { DataWarning } from './data-warnings.ts';
import { dataQualityWarnings, ExtractQuality } from './extract-quality.ts';
import { EXTRACT_TABLES, type ExtractTableName } from './extract-tables.ts';
import { InputError } from './input-error.ts';
import { openTableSource, type TableSourceInput } from './table-source.ts';

export interface ReadExtractOptions {
  /** Keep only rows of this client (MANDT). Required when the extract holds several clients. */
  client?: string;
  /** When given, AGR_1251, UST10S and UST12 rows of other authorisation objects are dropped. */
  objects?: ReadonlySet<string>;
  /**
   * Read only these tables (e.g. `['TSTCA']` to look at the start checks first); the others are
   * skipped unparsed and the mandatory-table check applies only to the tables listed.
   */
  tables?: readonly string[];
  /** Called as rows are read (every 65,536 rows and at the end of a table), with the rows read so far in it. */
  onProgress?: (p: { table: string; rows: number }) => void;
  /**
   * The extract to fill (an empty one by default). The reader only ever `push`es rows into its
   * tables, so a table may be a sink that passes rows on as they are read (the server's import
   * streams AGR_1251 and UST12 into the database while the rest is still being read).
   */
  into?: SystemExtract;
  /**
   * Filled, once the read succeeded, with its data-quality warnings (DESIGN 4.1a: what was
   * defaulted, repaired or guessed, and what the joined tables lack). Only meaningful for a
   * read of the whole extract (no `tables`).
   */
  warnings?: DataWarning[];
  /** Filled with the row count of each table read (blank rows not counted, before any filter). */
  rowCounts?: Record<string, number>;
}

export async function readSystemExtract(
  input: TableSourceInput,
  options: ReadExtractOptions = {},
): Promise<SystemExtract> {
  const source = openTableSource(input);
  const extract = options.into ?? emptyExtract();
  const client = options.client?.trim() || undefined;
  const ctx: ReadContext = {
    extract,
    client,
    objects: options.objects,
    onProgress: options.onProgress,
    pool: new Map(),
    clients: new Map(),
    clientRowsSeen: new Map(),
    quality: new ExtractQuality(),
  };
  const only = options.tables ? new Set(options.tables.map((t) => t.trim().toUpperCase())) : undefined;
  const wanted = (name: string): boolean => Object.hasOwn(EXTRACT_TABLES, name) && (!only || only.has(name));
  const seen = new Map<string, string>();
  for await (const table of source.tables({ want: wanted })) {
    const first = seen.get(table.table);
    if (first !== undefined) {
      throw new InputError(`table ${table.table} is given twice (also as ${first}); keep only one of them`, {
        file: table.fileName,
      });
    }
    seen.set(table.table, table.fileName);
    await readTable(table, table.table as ExtractTableName, ctx);
  }
  for (const [name, spec] of Object.entries(EXTRACT_TABLES)) {
    if (spec.mandatory && wanted(name) && !seen.has(name)) {
      throw new InputError(
        `the mandatory table ${name} is missing: expected a file ${name}.csv (or .txt, .tsv) or a sheet ${name}`,
        { file: source.name },
      );
    }
  }
  if (client !== undefined) {
    // A client that matches nothing is most likely a typing error: say which clients exist.
    const users = ctx.clientRowsSeen.get('USR02');
    if (users && users.total > 0 && users.kept === 0) {
      throw new InputError(
        `no user of client ${client} in USR02; the clients found are ${[...users.found].sort().join(', ')}`,
        { file: users.fileName, column: 'MANDT' },
      );
    }
  }
  if (options.warnings) options.warnings.push(...dataQualityWarnings(extract, ctx.quality));
  if (options.rowCounts) for (const [table, rows] of ctx.quality.rows) options.rowCounts[table] = rows;
  return extract;
}
