import { emptyExtract, type SystemExtract } from '../../engine/model/extract.ts';
import { parseCopyField } from '../db/copy-text.ts';
import { PERIOD_TABLES, type PeriodTable } from '../../contracts/period-tables.ts';

/**
 * Turns the COPY text of a stored extract's tables back into the engine's SystemExtract,
 * interning repeated strings so millions of rows share one string per distinct value. Pure
 * CPU work without a database: a worker thread runs it on the bytes the main thread read
 * (server/periods/extract-chunks.ts), so the API's event loop never parses millions of rows.
 */
export class ExtractDecoder {
  readonly extract: SystemExtract = emptyExtract();
  private readonly pool = new Map<string, string>();
  private readonly decoder = new TextDecoder();
  // Tables read in file order carry `seq` as their last field: chunks may arrive out of order.
  private readonly ordered = new Map<PeriodTable, { seq: number; record: object }[]>();

  private intern(s: string): string {
    const known = this.pool.get(s);
    if (known !== undefined) return known;
    this.pool.set(s, s);
    return s;
  }

  /** One chunk of whole COPY lines of a table (SAP name), as selected by `copySelect`. */
  add(sapName: string, bytes: Uint8Array): void {
    const spec = PERIOD_TABLES.find((t) => t.sapName === sapName);
    if (!spec) throw new Error(`Unknown table ${sapName}`);
    const text = this.decoder.decode(bytes);
    const columns = spec.columns;
    const keepsOrder = needsFileOrder(spec);
    const target = keepsOrder ? this.orderedRows(spec) : (this.extract[spec.key] as object[]);
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      const fields = text.slice(start, end).split('\t');
      start = end + 1;
      const record: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const col = columns[i];
        const raw = fields[i].includes('\\') ? parseCopyField(fields[i]) : fields[i];
        switch (col.type) {
          case 'text':
            record[col.field] = this.intern(raw ?? '');
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
      if (keepsOrder) (target as { seq: number; record: object }[]).push({ seq: Number(fields[columns.length]), record });
      else (target as object[]).push(record);
    }
  }

  private orderedRows(spec: PeriodTable): { seq: number; record: object }[] {
    let rows = this.ordered.get(spec);
    if (!rows) this.ordered.set(spec, (rows = []));
    return rows;
  }

  /** The extract, with the tables whose order matters put back in file order. */
  finish(): SystemExtract {
    for (const [spec, rows] of this.ordered) {
      rows.sort((a, b) => a.seq - b.seq);
      (this.extract as unknown as Record<string, object[]>)[spec.key] = rows.map((r) => r.record);
    }
    this.ordered.clear();
    return this.extract;
  }
}

/**
 * File order matters where it decides the order of provenance paths (assignments, composites,
 * profiles); the big value tables (those filtered by object) are read unordered, which the
 * engine does not depend on.
 */
export const needsFileOrder = (spec: PeriodTable): boolean => !spec.objectColumn;
