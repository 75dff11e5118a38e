/**
 * The thread that splits the second half of a big plain CSV file (csv-bytes.ts, startHalf): it
 * reads the file's pieces from a line break in the middle on, splits their lines and values as byteRows would, and posts
 * batches of value ids (new strings of each column with them); at the first piece that is not
 * plain it posts where the text path must take over, and stops.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { LineSplitter, plainBytes, type ColumnStrings } from './csv-bytes.ts';
import type { ThreadMessage } from './csv-bytes-half.ts';
import type { SkipRule } from './table-types.ts';
import { LongCell } from './cell-limit.ts';

interface Start {
  path: string;
  chunk: number;
  delimiter: string;
  newline: '\n' | '\r\n';
  /** The piece to start in, and where in it (just after a line break). */
  piece: number;
  skip: number;
  /** Rows the reader leaves out, reported as runs (table-types.ts). */
  rule?: SkipRule;
  /** Batches the calling thread has mapped (shared). */
  taken: Int32Array;
}

const AHEAD = 16;

const BATCH_ROWS = 32 * 1024;

async function main(start: Start): Promise<void> {
  const port = parentPort!;
  // Lines are counted from 1 at the start; the reader adds the lines before.
  const splitter: LineSplitter = new LineSplitter(start.delimiter, start.newline, 1, start.rule, (count, line, id, fresh) => {
    room(2);
    cells[k++] = count;
    if (start.rule!.run >= 0) cells[k++] = id >= 0 ? id : extraId(start.rule!.run, fresh);
    end(line, -1);
  });
  const sent: number[] = [];
  let lines = new Int32Array(BATCH_ROWS);
  let widths = new Int32Array(BATCH_ROWS);
  let cells = new Int32Array(BATCH_ROWS * 8);
  let extra: string[] = [];
  const lastExtra: string[] = [];
  const lastExtraAt: number[] = [];
  let rows = 0;
  let k = 0;
  let posted = 0;
  const flush = (): void => {
    if (rows === 0) return;
    const fresh = splitter.columns.map((col, c) => {
      const from = sent[c] ?? 0;
      sent[c] = col.list.length;
      return col.list.slice(from);
    });
    const batch: ThreadMessage = { type: 'rows', lines: lines.slice(0, rows), widths: widths.slice(0, rows), cells: cells.slice(0, k), fresh, extra };
    port.postMessage(batch, [batch.lines.buffer as ArrayBuffer, batch.widths.buffer as ArrayBuffer, batch.cells.buffer as ArrayBuffer]);
    rows = 0;
    k = 0;
    extra = [];
    lastExtraAt.fill(-1);
    // At most AHEAD batches wait for the calling thread: the rows in flight stay a few megabytes.
    posted++;
    for (let done = Atomics.load(start.taken, 0); posted - done > AHEAD; done = Atomics.load(start.taken, 0)) Atomics.wait(start.taken, 0, done, 1000);
    lines = new Int32Array(BATCH_ROWS);
    widths = new Int32Array(BATCH_ROWS);
  };
  const room = (n: number): void => {
    if (k + n <= cells.length) return;
    const grown = new Int32Array(cells.length * 2);
    grown.set(cells);
    cells = grown;
  };
  /** A value beyond its column's table, as -1 - its place in `extra`; a run of the same value is one string, as on the calling thread. */
  const extraId = (column: number, fresh: string): number => {
    if (lastExtra[column] !== fresh || lastExtraAt[column] < 0) {
      extra.push(fresh);
      lastExtra[column] = fresh;
      lastExtraAt[column] = extra.length - 1;
    }
    return -1 - lastExtraAt[column];
  };
  const field = (col: ColumnStrings, i: number, buf: Buffer, from: number, to: number): void => {
    room(1);
    const id = col.id(buf, from, to);
    cells[k++] = id >= 0 ? id : extraId(i, col.fresh);
  };
  const end = (at: number, n: number): void => {
    lines[rows] = at;
    widths[rows] = n;
    if (++rows === BATCH_ROWS) flush();
  };

  const stream = fs.createReadStream(start.path, { highWaterMark: start.chunk, start: start.piece * start.chunk });
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let carry: Buffer = Buffer.alloc(0);
  let piece = start.piece;
  let r = await it.next();
  while (!r.done) {
    // The first piece was found plain by the reader, which reads the bytes before `skip`.
    const chunk = piece === start.piece ? r.value.subarray(start.skip) : r.value;
    if (piece !== start.piece && !plainBytes(chunk)) {
      flush();
      const message: ThreadMessage = { type: 'text', piece, carry: new Uint8Array(carry), line: splitter.line };
      port.postMessage(message);
      stream.destroy();
      return;
    }
    const buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    r = await it.next();
    let cut: number;
    try {
      cut = splitter.split(buf, r.done === true, field, end);
    } catch (e) {
      if (!(e instanceof LongCell)) throw e;
      // The rows before it go first, so the calling thread meets the cell where the file has it.
      flush();
      port.postMessage({ type: 'long', line: e.line, index: e.index, length: e.length } satisfies ThreadMessage);
      stream.destroy();
      return;
    }
    carry = buf.subarray(cut);
    piece++;
  }
  flush();
  port.postMessage({ type: 'end' } satisfies ThreadMessage);
}

await main(workerData as Start);
