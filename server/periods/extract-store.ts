import { emptyExtract, type SystemExtract } from '../../engine/model/extract.ts';
import { copyText, COPY_NULL, readCopyRows } from '../db/copy-text.ts';
import type { Database } from '../db/database.ts';
import { PERIOD_TABLES, type PeriodColumn, type PeriodTable } from '../../contracts/period-tables.ts';
import { UUID_PATTERN as UUID } from '../../contracts/ids.ts';


// Lines are gathered into chunks of about this many characters before they go to COPY.
const CHUNK_CHARS = 1 << 20;

function encode(value: unknown, type: PeriodColumn['type']): string {
  switch (type) {
    case 'text':
      return copyText(String(value ?? ''));
    case 'int':
      return String(value ?? 0);
    case 'intOrNull':
    case 'date':
      return value === null || value === undefined ? COPY_NULL : String(value);
    case 'bool':
      return value ? 't' : 'f';
  }
}

/** The rows of one table as COPY text, in chunks, counting rows as they go. */
function* tableChunks(importId: string, spec: PeriodTable, rows: readonly object[], firstSeq: number, onRows: (n: number) => void): Generator<string> {
  let chunk = '';
  let pending = 0;
  let seq = firstSeq;
  for (const row of rows) {
    let line = `${importId}\t${seq++}`;
    const record = row as Record<string, unknown>;
    for (const col of spec.columns) line += '\t' + encode(record[col.field], col.type);
    chunk += line + '\n';
    pending++;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      onRows(pending);
      chunk = '';
      pending = 0;
    }
  }
  if (chunk.length > 0) {
    yield chunk;
    onRows(pending);
  }
}

/**
 * A table of an extract that, instead of keeping its rows, encodes each pushed row as COPY text
 * and hands ~1 MB chunks to a running COPY: the reader's `push` calls are all it needs.
 */
class CopySink {
  private chunk = '';
  private readonly queue: string[] = [];
  private wake: (() => void) | null = null;
  private closed = false;
  private error: unknown = null;
  count = 0;

  constructor(
    private readonly importId: string,
    private readonly spec: PeriodTable,
  ) {}

  push(row: object): number {
    const record = row as Record<string, unknown>;
    let line = `${this.importId}\t${this.count++}`;
    for (const col of this.spec.columns) line += '\t' + encode(record[col.field], col.type);
    this.chunk += line + '\n';
    if (this.chunk.length >= CHUNK_CHARS) this.flush();
    return this.count;
  }

  private flush(): void {
    if (this.chunk.length === 0) return;
    this.queue.push(this.chunk);
    this.chunk = '';
    this.wake?.();
  }

  close(): void {
    this.flush();
    this.closed = true;
    this.wake?.();
  }

  fail(error: unknown): void {
    this.error = error;
    this.closed = true;
    this.wake?.();
  }

  async *chunks(): AsyncGenerator<string> {
    for (;;) {
      if (this.error) throw this.error;
      const next = this.queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}

/**
 * Imports an extract while it is read (DESIGN 3: bulk data moves with COPY): the partitioned
 * value tables (AGR_1251, UST12) stream into fresh partitions as their rows are parsed, so the
 * database writes while this process reads; the other tables are written when the read ends,
 * and the partitions are attached last. Nothing is visible to readers until the caller points a
 * period at `importId`; on any failure the caller removes it with `deleteImport`.
 */
export async function streamExtract(
  db: Database,
  importId: string,
  read: (into: SystemExtract) => Promise<SystemExtract>,
  onProgress?: (p: WriteProgress) => void | Promise<void>,
): Promise<Record<string, number>> {
  if (!UUID.test(importId)) throw new Error('streamExtract: importId must be a uuid');
  const into = emptyExtract();
  const streams: { spec: PeriodTable; sink: CopySink; done: Promise<void> }[] = [];
  for (const spec of PERIOD_TABLES.filter((t) => t.partitioned)) {
    await createPartition(db, spec, importId);
    const sink = new CopySink(importId, spec);
    (into as unknown as Record<string, unknown>)[spec.key] = sink;
    const done = db.copyIn(partitionOf(spec, importId), ['import_id', 'seq', ...spec.columns.map((c) => c.column)], sink.chunks());
    // Observed at once: a COPY that fails while the read goes on must not be an unhandled rejection.
    done.catch(() => {});
    streams.push({ spec, sink, done });
  }
  try {
    await read(into);
  } catch (e) {
    for (const s of streams) s.sink.fail(e);
    await Promise.allSettled(streams.map((s) => s.done));
    throw e;
  }
  for (const s of streams) s.sink.close();
  await Promise.all(streams.map((s) => s.done));
  const rest = { ...into };
  for (const s of streams) (rest as unknown as Record<string, unknown>)[s.spec.key] = [];
  const counts = await writeExtract(db, importId, rest, onProgress);
  await Promise.all(streams.map((s) => indexPartition(db, s.spec, importId)));
  for (const s of streams) {
    await db.exec(`ALTER TABLE "${s.spec.table}" ATTACH PARTITION "${partitionOf(s.spec, importId)}" FOR VALUES IN ('${importId}')`);
    counts[s.spec.sapName] = s.sink.count;
  }
  return counts;
}

async function createPartition(db: Database, spec: PeriodTable, importId: string): Promise<void> {
  // The import's constraint on a fresh partition means attaching it needs no scan.
  await db.exec(
    `CREATE TABLE "${partitionOf(spec, importId)}" (LIKE "${spec.table}", CONSTRAINT "${partitionOf(spec, importId)}_import" CHECK (import_id = '${importId}'))`,
  );
}

/**
 * The data browser pages a partition in file order (`ORDER BY seq … OFFSET`): without an index
 * each page of a 5 M-row AGR_1251 sorted the whole partition (seconds). Built once the rows are
 * in, which is cheaper than maintaining it during COPY.
 */
async function indexPartition(db: Database, spec: PeriodTable, importId: string): Promise<void> {
  const part = partitionOf(spec, importId);
  // The parents' indexes for simulations (migration 0025), built here beside the other (on
  // PostgreSQL on a connection of its own) so that attaching the partition finds them built.
  const holder = HOLDER_INDEX[spec.sapName];
  await Promise.all([
    db.exec(`CREATE INDEX "${part}_seq" ON "${part}" (seq)`),
    ...(holder ? [db.exec(`CREATE INDEX "${part}_${holder.name}" ON "${part}" (${holder.columns})`)] : []),
  ]);
}

const HOLDER_INDEX: Record<string, { name: string; columns: string } | undefined> = {
  AGR_1251: { name: 'role', columns: 'agr_name' },
  UST12: { name: 'object_auth', columns: 'objct, auth' },
};

export interface WriteProgress {
  table: string;
  rowsWritten: number;
  totalRows: number;
}

/**
 * Writes an extract's tables under `importId` with COPY. Not one transaction: a 5-million-row
 * import would hold PGlite's single connection for its whole length. The import is made atomic
 * by the caller instead (the rows are invisible until the period points at `importId`, and are
 * deleted by `deleteImport` when anything fails).
 */
// Big tables are cut into slices loaded over this many connections at once: PostgreSQL then
// parses and indexes on every core while this process encodes the next chunk.
const PARALLEL_COPIES = 2;
const SLICE_ROWS = 250_000;

export async function writeExtract(
  db: Database,
  importId: string,
  extract: SystemExtract,
  onProgress?: (p: WriteProgress) => void | Promise<void>,
  options: { sliceRows?: number } = {},
): Promise<Record<string, number>> {
  if (!UUID.test(importId)) throw new Error('writeExtract: importId must be a uuid');
  const sliceRows = options.sliceRows ?? SLICE_ROWS;
  const totalRows = PERIOD_TABLES.reduce((n, t) => n + extract[t.key].length, 0);
  let rowsWritten = 0;
  const counts: Record<string, number> = {};
  const tasks: { spec: PeriodTable; rows: readonly object[]; firstSeq: number }[] = [];
  const partitions: PeriodTable[] = [];
  for (const spec of PERIOD_TABLES) {
    const rows = extract[spec.key] as readonly object[];
    counts[spec.sapName] = rows.length;
    if (spec.partitioned && rows.length > 0) {
      await createPartition(db, spec, importId);
      partitions.push(spec);
    }
    const parallel = db.kind === 'postgres' && Boolean(db.connectionString); // a transaction handle has one connection
    const slices = parallel ? Math.min(PARALLEL_COPIES * 4, Math.ceil(rows.length / sliceRows)) : 1;
    const size = Math.ceil(rows.length / Math.max(1, slices));
    for (let from = 0; from < rows.length; from += size) tasks.push({ spec, rows: rows.slice(from, from + size), firstSeq: from });
  }
  // Largest first, so the connections finish together.
  tasks.sort((a, b) => b.rows.length - a.rows.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < tasks.length) {
      const { spec, rows, firstSeq } = tasks[next++];
      await db.copyIn(
        spec.partitioned ? partitionOf(spec, importId) : spec.table,
        ['import_id', 'seq', ...spec.columns.map((c) => c.column)],
        tableChunks(importId, spec, rows, firstSeq, (n) => {
          rowsWritten += n;
        }),
      );
      await onProgress?.({ table: spec.sapName, rowsWritten, totalRows });
    }
  };
  const lanes = db.kind === 'postgres' && db.connectionString ? PARALLEL_COPIES : 1;
  await Promise.all(Array.from({ length: lanes }, lane));
  await Promise.all(partitions.map((spec) => indexPartition(db, spec, importId)));
  for (const spec of partitions) {
    await db.exec(`ALTER TABLE "${spec.table}" ATTACH PARTITION "${partitionOf(spec, importId)}" FOR VALUES IN ('${importId}')`);
  }
  return counts;
}

// The tables a simulation's holder slice reads by index (server/reports/holder-slice.ts).
const SLICE_TABLES = ['sap_usr02', 'sap_usrefus', 'sap_agr_users', 'sap_agr_agrs', 'sap_agr_define', 'sap_agr_1252', 'sap_ust04', 'sap_agr_1016', 'sap_ust10c', 'sap_ust10s'];

/**
 * Gives the planner statistics of a written import (PostgreSQL only; autovacuum may take long
 * to get there on a busy server): without them it takes a role of a 5-million-row partition
 * for 26,000 rows (the default selectivity) and answers a simulation's few hundred rows with
 * JIT compilation and parallel workers, which cost more than the read. About a second on L.
 */
export async function analyzeImport(db: Database, importId: string): Promise<void> {
  if (!UUID.test(importId)) throw new Error('analyzeImport: importId must be a uuid');
  if (db.kind !== 'postgres') return;
  const tables = [...PERIOD_TABLES.filter((s) => s.partitioned).map((s) => partitionOf(s, importId)), ...SLICE_TABLES];
  const { rows } = await db.query<{ name: string }>(`SELECT relname AS name FROM pg_class WHERE relname = ANY ($1::text[])`, [tables]);
  for (const { name } of rows) await db.exec(`ANALYZE "${name}"`);
}

/** Whether the import's AGR_1251 partition has planner statistics (see analyzeImport); true where there is none to have. */
export async function importAnalyzed(db: Database, importId: string): Promise<boolean> {
  if (!UUID.test(importId) || db.kind !== 'postgres') return true;
  const part = partitionOf(PERIOD_TABLES.find((s) => s.sapName === 'AGR_1251')!, importId);
  const { rows } = await db.query<{ known: boolean; analyzed: boolean }>(
    `SELECT to_regclass($1) IS NOT NULL AS known, EXISTS (SELECT 1 FROM pg_stats WHERE tablename = $1) AS analyzed`,
    [part],
  );
  return !rows[0].known || rows[0].analyzed;
}

/** The partition of a partitioned table that holds one import (the id is a checked uuid). */
const partitionOf = (spec: PeriodTable, importId: string): string => `${spec.table}_p${importId.replace(/-/g, '').toLowerCase()}`;

/** Removes every row written under `importId`: its partitions (attached or not) and its rows elsewhere. */
export async function deleteImport(db: Database, importId: string): Promise<void> {
  if (!UUID.test(importId)) throw new Error('deleteImport: importId must be a uuid');
  for (const spec of PERIOD_TABLES) {
    if (spec.partitioned) await db.exec(`DROP TABLE IF EXISTS "${partitionOf(spec, importId)}"`);
    await db.query(`DELETE FROM "${spec.table}" WHERE import_id = $1`, [importId]);
  }
}

const sqlString = (s: string): string => `'${s.replace(/'/g, "''")}'`;

export interface LoadExtractOptions {
  /** Only these authorisation objects from AGR_1251, UST10S and UST12 (what a ruleset needs). */
  objects?: ReadonlySet<string>;
  /** Only these tables (SAP names). */
  tables?: readonly string[];
  /** Awaited before each table: a long load can stop there (an analysis canceled meanwhile). */
  beforeTable?: (sapName: string) => Promise<void>;
}

/**
 * Reads a stored extract back into the engine's SystemExtract with COPY TO, interning repeated
 * strings so millions of rows share one string per distinct value (as the file readers do).
 */
export async function loadExtract(db: Database, importId: string, options: LoadExtractOptions = {}): Promise<SystemExtract> {
  if (!UUID.test(importId)) throw new Error('loadExtract: importId must be a uuid');
  const extract = emptyExtract();
  const pool = new Map<string, string>();
  const intern = (s: string): string => {
    const known = pool.get(s);
    if (known !== undefined) return known;
    pool.set(s, s);
    return s;
  };
  for (const spec of PERIOD_TABLES) {
    if (options.tables && !options.tables.includes(spec.sapName)) continue;
    await options.beforeTable?.(spec.sapName);
    let where = `import_id = ${sqlString(importId)}`;
    if (options.objects && spec.objectColumn) {
      // Identifiers come from PERIOD_TABLES; object names are quoted as SQL literals.
      const list = [...options.objects].map(sqlString).join(', ');
      where += list ? ` AND "${spec.objectColumn}" IN (${list})` : ' AND false';
    }
    // File order matters where it decides the order of provenance paths (assignments, composites,
    // profiles); the big value tables are read unordered, which the engine does not depend on.
    const order = spec.objectColumn ? '' : ' ORDER BY seq';
    const select = `SELECT ${spec.columns.map((c) => `"${c.column}"`).join(', ')} FROM "${spec.table}" WHERE ${where}${order}`;
    const target = extract[spec.key] as object[];
    const columns = spec.columns;
    await readCopyRows(db.copyOut(select), (fields) => {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const col = columns[i];
        const raw = fields[i];
        switch (col.type) {
          case 'text':
            record[col.field] = intern(raw ?? '');
            break;
          case 'int':
            record[col.field] = Number(raw);
            break;
          case 'intOrNull':
          case 'date':
            record[col.field] = raw === null ? null : Number(raw);
            break;
          case 'bool':
            record[col.field] = raw === 't';
            break;
        }
      }
      target.push(record);
    });
  }
  return extract;
}
