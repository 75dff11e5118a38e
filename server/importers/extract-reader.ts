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
import fs from 'node:fs';
import { emptyExtract, type SystemExtract } from '../../engine/model/extract.ts';
import { RoleAuthorisationColumns } from '../../engine/model/role-authorisation-columns.ts';
import { mergeClients, readTable, type ReadContext } from './extract-table-reader.ts';
import { readThreadsWanted } from './csv-bytes-half.ts';
import type { DataWarning } from './data-warnings.ts';
import { dataQualityWarnings, ExtractQuality } from './extract-quality.ts';
import { EXTRACT_TABLES, type ExtractTableName } from './extract-tables.ts';
import { InputError } from './input-error.ts';
import { TableReader } from './extract-cells.ts';
import { openTableSource, type SourceTable, type TableSource, type TableSourceInput } from './table-source.ts';
import { isSapTableName, tableOf } from './table-by-header.ts';

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
  /**
   * AGR_1251's rows into extract.roleAuthorisationColumns instead of roleAuthorisations (no object
   * per row: `segra analyze`, issue 12); the same rows in the same order.
   */
  roleColumns?: boolean;
  /** Filled with the row count of each table read (blank rows not counted, before any filter). */
  rowCounts?: Record<string, number>;
  /**
   * Without USR02, every user of AGR_USERS and UST04 is a valid, unlocked dialog user, said in
   * NO_USER_MASTER (DESIGN 4.1b: `--assume-users-valid`, the upload's choice). Without this an
   * extract without USR02 is refused, and the message names the option.
   */
  assumeUsersValid?: boolean;
}

/** DESIGN 4.1b: the users an extract without a user master assigns, as valid, unlocked dialog users. */
function assumeUsers(extract: SystemExtract): DataWarning {
  const names = new Set<string>();
  for (const a of extract.roleAssignments) if (a.user !== '') names.add(a.user);
  for (const p of extract.userProfiles) if (p.user !== '') names.add(p.user);
  const sorted = [...names].sort();
  for (const bname of sorted) {
    extract.users.push({ bname, ustyp: 'A', uflag: 0, validFrom: null, validTo: null, lastLogon: null, userGroup: '', codvn: '', pwdState: null, createdOn: null });
  }
  return { code: 'NO_USER_MASTER', table: 'USR02', count: sorted.length, examples: sorted.slice(0, 10) };
}

/**
 * With an object filter, the roles whose every AGR_1251 row was dropped are not known from the
 * rows kept. Only when an assigned role is otherwise undefined (the ROLE_NOT_DEFINED case, rare)
 * is AGR_1251 read again, for the role names alone.
 */
async function rolesOfDroppedRows(source: TableSource, extract: SystemExtract, quality: ExtractQuality): Promise<void> {
  const known = new Set(quality.rolesWithAuthorisations);
  for (const d of extract.roleDefinitions) known.add(d.role);
  for (const c of extract.compositeRoles) known.add(c.role);
  const wanted = new Set<string>();
  for (const a of extract.roleAssignments) if (a.role !== '' && !known.has(a.role)) wanted.add(a.role);
  if (wanted.size === 0) return;
  for await (const file of source.tables({ want: (t) => t === 'AGR_1251' || !isSapTableName(t) })) {
    const found = isSapTableName(file.table) ? undefined : tableOf(file);
    if (found && ('notRead' in found || found.name !== 'AGR_1251')) continue;
    const table = found ? found.table : file;
    const r = new TableReader(table);
    r.indexHeader(EXTRACT_TABLES.AGR_1251.columns, EXTRACT_TABLES.AGR_1251.required, 'AGR_1251');
    const iRole = r.col('AGR_NAME');
    await table.forEachRow((values) => {
      const role = values[iRole].trim();
      if (wanted.has(role)) quality.rolesWithAuthorisations.add(role);
    });
  }
}

/** The table read beside the others when that pays (issue 12). */
const ASIDE = 'AGR_1251';

/**
 * Whether AGR_1251 is read beside the other tables: a folder cut down to the objects a ruleset
 * needs, with the reading thread on (`segra analyze`). Its thread then splits the file while this
 * thread reads the other tables, instead of waiting for the thread's rows. A read that succeeds
 * this way is the read in order; one that fails is done again in order, which names the error.
 */
async function asideWanted(input: TableSourceInput, options: ReadExtractOptions, wanted: (t: string) => boolean): Promise<boolean> {
  if (typeof input !== 'string' || options.objects === undefined || options.into !== undefined || !wanted(ASIDE) || !readThreadsWanted()) return false;
  try {
    return (await fs.promises.stat(input)).isDirectory();
  } catch {
    return false;
  }
}

/** Merges the tables' clients in the order a folder is read: by file name. */
function mergeInOrder(ctx: ReadContext, tables: TableClients[]): void {
  const order = [...tables].sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  for (const t of order) mergeClients(ctx, t.fileName, t.clients);
}

/** A table's clients as readTable lists them. */
interface TableClients {
  fileName: string;
  clients: Map<string, number>;
}

/** Reads the folder's AGR_1251 alone; its clients are merged by the caller, with the other tables' (mergeClients). */
async function readAside(source: TableSource, ctx: ReadContext, once: (table: SourceTable) => void): Promise<TableClients | undefined> {
  let read: TableClients | undefined;
  // Its own client list: the others' are merged only at the end.
  const own: ReadContext = { ...ctx, clients: new Map() };
  for await (const table of source.tables({ want: (t) => t === ASIDE })) {
    once(table);
    read = { fileName: table.fileName, clients: await readTable(table, ASIDE, own) };
  }
  return read;
}

export async function readSystemExtract(input: TableSourceInput, options: ReadExtractOptions = {}): Promise<SystemExtract> {
  const wanted = tablesWanted(options);
  if (!(await asideWanted(input, options, wanted))) return readExtract(input, options, false);
  try {
    return await readExtract(input, options, true);
  } catch {
    // The read beside is only faster: when it fails, the read in order says why, naming the
    // error a read in order meets first (with several defects in several files the order matters).
    return readExtract(input, options, false);
  }
}

/** Which tables a read takes: those of the extract, or the ones asked for. */
function tablesWanted(options: ReadExtractOptions): (name: string) => boolean {
  const only = options.tables ? new Set(options.tables.map((t) => t.trim().toUpperCase())) : undefined;
  return (name: string): boolean => Object.hasOwn(EXTRACT_TABLES, name) && (!only || only.has(name));
}

async function readExtract(input: TableSourceInput, options: ReadExtractOptions, besides: boolean): Promise<SystemExtract> {
  const source = openTableSource(input);
  const extract = options.into ?? emptyExtract();
  // A read again in order (after the read beside failed) starts the columns afresh, as its rows.
  if (options.roleColumns) extract.roleAuthorisationColumns = new RoleAuthorisationColumns();
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
  const wanted = tablesWanted(options);
  const seen = new Map<string, string>();
  const once = (table: SourceTable, name = table.table): void => {
    const first = seen.get(name);
    if (first !== undefined) {
      throw new InputError(`table ${name} is given twice (also as ${first}); keep only one of them`, {
        file: table.fileName,
      });
    }
    seen.set(name, table.fileName);
  };
  const aside = besides ? readAside(openTableSource(input), ctx, once) : undefined;
  // Its failure is taken up below (and the caller reads again in order): not unhandled meanwhile.
  aside?.catch(() => undefined);
  /** With a table read aside, the tables' clients are merged at the end, in the folder's order. */
  const later: TableClients[] = [];
  try {
    // Files of other names are opened too: their header says which table they are (DESIGN 4.1b).
    for await (const file of source.tables({ want: (t) => (isSapTableName(t) ? wanted(t) && !(aside && t === ASIDE) : true) })) {
      const found = isSapTableName(file.table) ? undefined : tableOf(file);
      if (found && 'notRead' in found) {
        ctx.quality.found.push(found.notRead);
        continue;
      }
      const name = found ? found.name : (file.table as ExtractTableName);
      if (found && !wanted(name)) continue;
      const table = found ? found.table : file;
      once(table, name);
      if (found) ctx.quality.found.push(found.warning);
      const clients = await readTable(table, name, ctx);
      if (aside) later.push({ fileName: table.fileName, clients });
      else mergeClients(ctx, table.fileName, clients);
    }
  } catch (e) {
    // The read beside stops before the caller reads again in order (its thread would compete).
    await aside?.catch(() => undefined);
    throw e;
  }
  if (aside) {
    const read = await aside;
    if (read) later.push(read);
    mergeInOrder(ctx, later);
  }
  const noUserMaster = options.assumeUsersValid === true && wanted('USR02') && !seen.has('USR02');
  for (const [name, spec] of Object.entries(EXTRACT_TABLES)) {
    if (name === 'USR02' && wanted(name) && !seen.has(name) && !noUserMaster) {
      throw new InputError(
        'the mandatory table USR02 is missing (the user master): expected a file USR02.csv (or .txt, .tsv) or a sheet USR02. ' +
          'When the data has no user master, --assume-users-valid (on upload: "users without a user master are valid") ' +
          'takes every user of AGR_USERS and UST04 as a valid, unlocked dialog user, with the warning NO_USER_MASTER',
        { file: source.name },
      );
    }
    if (spec.mandatory && name !== 'USR02' && wanted(name) && !seen.has(name)) {
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
  if (noUserMaster) ctx.quality.found.push(assumeUsers(extract));
  if (options.warnings) {
    if (ctx.objects !== undefined && seen.has('AGR_1251')) await rolesOfDroppedRows(source, extract, ctx.quality);
    options.warnings.push(...dataQualityWarnings(extract, ctx.quality));
  }
  if (options.rowCounts) for (const [table, rows] of ctx.quality.rows) options.rowCounts[table] = rows;
  return extract;
}
