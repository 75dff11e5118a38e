import type { Database } from '../db/database.ts';
import { nextTurn } from '../db/next-turn.ts';
import { needsFileOrder } from './extract-decoder.ts';
import { PERIOD_TABLES, type PeriodTable } from '../../contracts/period-tables.ts';
import { UUID_PATTERN as UUID } from '../../contracts/ids.ts';


// Rows of `seq` read by one query of a partitioned table: on the embedded database every query
// runs on the API's thread, and this many rows take tens of milliseconds to read.
const SEQ_RANGE = 10_000;

const sqlString = (s: string): string => `'${s.replace(/'/g, "''")}'`;

export interface ExtractChunkOptions {
  /** Only these authorisation objects from AGR_1251, UST10S and UST12 (what a ruleset needs). */
  objects?: ReadonlySet<string>;
  /** Only these tables (SAP names); by default all of them. */
  tables?: readonly string[];
  /**
   * Awaited before each query with the share of rows read so far (0…1): a long load proves
   * its worker alive there and stops when its work was canceled (by throwing).
   */
  beforeChunk?: (done: number) => Promise<void>;
}

/**
 * Reads a stored extract as raw COPY text, in many small queries, for ExtractDecoder to parse
 * elsewhere: the partitioned value tables (millions of rows) by ranges of `seq` through their
 * index, the others whole. Between queries the event loop serves other requests. Tables whose
 * file order matters carry `seq` as an extra last field (ExtractDecoder sorts by it).
 */
export async function readExtractChunks(
  db: Database,
  importId: string,
  onChunk: (sapName: string, bytes: Uint8Array) => void,
  options: ExtractChunkOptions = {},
): Promise<void> {
  if (!UUID.test(importId)) throw new Error('readExtractChunks: importId must be a uuid');
  const specs = PERIOD_TABLES.filter((s) => !options.tables || options.tables.includes(s.sapName));
  const plans: { spec: PeriodTable; ranges: [number, number][] }[] = [];
  for (const spec of specs) {
    if (!spec.partitioned) {
      plans.push({ spec, ranges: [[-1, -1]] });
      continue;
    }
    const { rows } = await db.query<{ n: number | null }>(`SELECT max(seq)::int AS n FROM "${spec.table}" WHERE import_id = $1`, [importId]);
    const last = rows[0]?.n ?? -1;
    const ranges: [number, number][] = [];
    for (let from = 0; from <= last; from += SEQ_RANGE) ranges.push([from, from + SEQ_RANGE]);
    plans.push({ spec, ranges });
  }
  const total = plans.reduce((n, p) => n + p.ranges.length, 0);
  let done = 0;
  for (const { spec, ranges } of plans) {
    for (const [from, to] of ranges) {
      await options.beforeChunk?.(done / Math.max(1, total));
      done++;
      let where = `import_id = ${sqlString(importId)}`;
      if (from >= 0) where += ` AND seq >= ${from} AND seq < ${to}`;
      if (options.objects && spec.objectColumn) {
        // Identifiers come from PERIOD_TABLES; object names are quoted as SQL literals.
        const list = [...options.objects].map(sqlString).join(', ');
        where += list ? ` AND "${spec.objectColumn}" IN (${list})` : ' AND false';
      }
      const fields = spec.columns.map((c) => `"${c.column}"`);
      if (needsFileOrder(spec)) fields.push('seq');
      const parts: Uint8Array[] = [];
      let size = 0;
      for await (const part of db.copyOut(`SELECT ${fields.join(', ')} FROM "${spec.table}" WHERE ${where}`)) {
        parts.push(part);
        size += part.length;
      }
      if (size > 0) onChunk(spec.sapName, joinBytes(parts, size));
      await nextTurn();
    }
  }
}

/** One fresh buffer of its own, so it can be transferred to a worker thread (never a slice of a pooled one). */
function joinBytes(parts: Uint8Array[], size: number): Uint8Array {
  const only = parts[0];
  if (parts.length === 1 && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength && only.buffer instanceof ArrayBuffer) return only;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
