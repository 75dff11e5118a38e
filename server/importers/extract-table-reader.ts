/**
 * Reads one table of a system extract: indexes its header, then streams its rows, skipping
 * blank rows, rows of other clients (MANDT) and inactive profile rows (AKTPS), and hands the
 * rest to the table's row mapper. Without --client it lists the clients the table holds, for
 * the reader to reject an extract of several (mergeClients); with --client it counts per table
 * what it kept, for the reader's final check.
 * Progress is reported every 65,536 rows and at the end of the table.
 */
import { isBlankRow, TableReader, trim } from './extract-cells.ts';
import { makeMapper, type MapperContext } from './extract-row-mappers.ts';
import type { ExtractQuality } from './extract-quality.ts';
import { EXTRACT_TABLES, type ExtractTableName, type ExtractTableSpec } from './extract-tables.ts';
import { InputError } from './input-error.ts';
import { ignoredColumnsWarning } from './table-warnings.ts';
import type { SourceTable } from './table-source.ts';
import type { IdRowHandler, SkipRule } from './table-types.ts';
import { makeIdMapper } from './extract-id-mapper.ts';

/** Tables with MANDT that are filtered by client; T000 lists the clients and is kept whole. */
const UNFILTERED_BY_CLIENT: ReadonlySet<string> = new Set(['T000']);

/** The state of one read, shared by its tables. */
export interface ReadContext extends MapperContext {
  client: string | undefined;
  onProgress: ((p: { table: string; rows: number }) => void) | undefined;
  /** Without --client: every MANDT met so far in the tables merged (mergeClients) and where it was first met. */
  clients: Map<string, { file: string; line: number }>;
  /** With --client: per table, the rows with a MANDT and how many were kept. */
  clientRowsSeen: Map<string, { fileName: string; total: number; kept: number; found: Set<string> }>;
}

/**
 * Reads the table; returns, without --client, each MANDT it holds with the line it first
 * appears on, in that order (empty with --client).
 */
export async function readTable(table: SourceTable, name: ExtractTableName, ctx: ReadContext): Promise<Map<string, number>> {
  const spec: ExtractTableSpec = EXTRACT_TABLES[name];
  const r = new TableReader(table);
  r.indexHeader(spec.columns, spec.required, name);
  const quality: ExtractQuality = ctx.quality;
  const ignored = ignoredColumnsWarning(name, table.header, r.columns.values());
  if (ignored) quality.found.push(ignored);
  const defaulted = Object.entries(spec.defaulted ?? {}).filter(([column]) => r.col(column) < 0);
  const mapper = makeMapper(name, r, ctx);
  const key = r.col(spec.required[0]);

  const iMandt = UNFILTERED_BY_CLIENT.has(name) ? -1 : r.col('MANDT');
  const iAktps = name === 'UST10C' || name === 'UST10S' || name === 'UST12' ? r.col('AKTPS') : -1;
  const client = ctx.client;
  let clientStats: { fileName: string; total: number; kept: number; found: Set<string> } | undefined;
  if (iMandt >= 0 && client !== undefined) {
    clientStats = { fileName: table.fileName, total: 0, kept: 0, found: new Set() };
    ctx.clientRowsSeen.set(name, clientStats);
  }
  /** Without --client: this table's clients, each with its first line. */
  const clients = new Map<string, number>();
  let mixed = false;

  const onProgress = ctx.onProgress;
  let count = 0;
  let blank = 0;
  /** The MANDT bookkeeping of one row (or of a run of `n` rows sharing the value); false when the row is not for the mapper. */
  const clientOf = (mandt: string, line: number, n: number): boolean => {
    if (clientStats) {
      clientStats.total += n;
      if (mandt !== client) {
        clientStats.found.add(mandt);
        return false;
      }
      clientStats.kept += n;
    } else if (!clients.has(mandt) && !ctx.clients.has(mandt)) {
      clients.set(mandt, line);
      // A second client: the read fails (mergeClients); the rest is only scanned for the list.
      if (ctx.clients.size + clients.size > 1) mixed = true;
    }
    return !mixed;
  };
  const skip = skipRule(name, r, iMandt, ctx.objects);
  const onSkip = (n: number, line: number, mandt: string): void => {
    const before = count;
    count += n;
    // Reported at each multiple of 65,536 rows, as row by row.
    if (onProgress) for (let at = (Math.floor(before / 65536) + 1) * 65536; at <= count; at += 65536) onProgress({ table: name, rows: at });
    if (iMandt >= 0) clientOf(trim(mandt), line, n);
  };
  await table.forEachRow((values, line, pooled) => {
    if ((++count & 0xffff) === 0 && onProgress) onProgress({ table: name, rows: count });
    // Rows left entirely blank (spreadsheet exports) are skipped.
    if (key >= 0) {
      const k = values[key];
      if ((k.length === 0 || k.charCodeAt(0) <= 32) && isBlankRow(values)) {
        blank++;
        return;
      }
    }
    if (iMandt >= 0 && !clientOf(trim(values[iMandt]), line, 1)) return;
    if (iAktps >= 0) {
      const aktps = trim(values[iAktps]);
      if (aktps !== '' && aktps.toUpperCase() !== 'A') return;
    }
    mapper(values, line, pooled);
  }, skip && { rule: skip, onSkip }, iAktps >= 0 ? undefined : idRows(name, r, ctx, {
    row: () => {
      if ((++count & 0xffff) === 0 && onProgress) onProgress({ table: name, rows: count });
    },
    blank: () => void blank++,
    key,
    client: iMandt >= 0 ? (mandt, line) => clientOf(trim(mandt), line, 1) : undefined,
  }), ctx.pool);
  onProgress?.({ table: name, rows: count });
  const rows = count - blank;
  for (const w of table.warnings?.() ?? []) quality.found.push(w);
  if (defaulted.length > 0 && rows > 0) {
    quality.found.push({
      code: 'COLUMN_DEFAULTED',
      table: name,
      count: rows,
      examples: defaulted.map(([column, meaning]) => `${column}: ${meaning}`),
    });
  }
  quality.tableRead(name, table.fileName, rows);
  return clients;
}

/**
 * Adds a table's clients (readTable's answer) to those of the tables before it: a second client
 * is refused, naming the file and the line it first appears on.
 */
export function mergeClients(ctx: ReadContext, fileName: string, clients: ReadonlyMap<string, number>): void {
  let mixedAt: number | undefined;
  for (const [mandt, line] of clients) {
    if (ctx.clients.has(mandt)) continue;
    ctx.clients.set(mandt, { file: fileName, line });
    if (ctx.clients.size > 1 && mixedAt === undefined) mixedAt = line;
  }
  if (mixedAt !== undefined) {
    const found = [...ctx.clients.keys()].sort().map((m) => (m === '' ? "''" : m));
    throw new InputError(`the extract holds several clients (MANDT ${found.join(', ')}); choose one with --client`, {
      file: fileName,
      line: mixedAt,
      column: 'MANDT',
    });
  }
}

/** What the reading of a table does to each row before its mapper, for the id lane's rows. */
interface RowSteps {
  /** Counts the row (and reports progress). */
  row: () => void;
  /** Counts a row left entirely blank, which is not mapped. */
  blank: () => void;
  /** The column whose blank value may mean a blank row (-1: none). */
  key: number;
  /** The MANDT bookkeeping: false when the row is not for the mapper. */
  client: ((mandt: string, line: number) => boolean) | undefined;
}

/**
 * The id lane of the big tables (issue 12, extract-id-mapper.ts): the rows the byte reader splits
 * come as ids and go through the same steps as a row of strings (count, blank row, client,
 * mapper). SEGRA_ID_ROWS=0 sends every row the way of strings, which the tests compare with this.
 */
function idRows(name: ExtractTableName, r: TableReader, ctx: ReadContext, steps: RowSteps): IdRowHandler | undefined {
  const mapper = process.env.SEGRA_ID_ROWS === '0' ? undefined : makeIdMapper(name, r, ctx);
  if (!mapper) return undefined;
  const { key, client } = steps;
  const iMandt = r.col('MANDT');
  const valueOf = (ids: Int32Array, at: number, list: readonly string[] | undefined, extra: readonly string[]): string => {
    const id = ids[at];
    return id >= 0 ? list![id] : extra[-1 - id];
  };
  return (ids, from, width, lists, extra, line) => {
    steps.row();
    if (key >= 0) {
      const k = valueOf(ids, from + key, lists[key], extra);
      if (k.length === 0 || k.charCodeAt(0) <= 32) {
        const values: string[] = [];
        for (let c = 0; c < width; c++) values.push(valueOf(ids, from + c, lists[c], extra));
        if (isBlankRow(values)) {
          steps.blank();
          return;
        }
      }
    }
    if (client && !client(valueOf(ids, from + iMandt, lists[iMandt], extra), line)) return;
    mapper(ids, from, lists, extra, line);
  };
}

/**
 * The rows of AGR_1251 the mapper would drop for their object (and nothing else: no refusal, no
 * repair, no role to note), as a rule the byte reader applies before making strings (issue 12).
 */
function skipRule(name: ExtractTableName, r: TableReader, iMandt: number, objects: ReadonlySet<string> | undefined): SkipRule | undefined {
  // SEGRA_SKIP_ROWS=0 hands every row to the mapper: the same read, slower (tests compare the two).
  if (name !== 'AGR_1251' || objects === undefined || process.env.SEGRA_SKIP_ROWS === '0') return undefined;
  const [role, object, auth, field, low, high] = ['AGR_NAME', 'OBJECT', 'AUTH', 'FIELD', 'LOW', 'HIGH'].map((c) => r.col(c));
  return {
    width: r.table.header.length,
    decide: object,
    keep: [...objects],
    nonBlank: [role, auth],
    run: iMandt,
    actvt: { field, values: high >= 0 ? [low, high] : [low] },
  };
}
