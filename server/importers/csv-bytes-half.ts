/**
 * Where the splitting of plain bytes (csv-bytes.ts) hands over: to a second thread, which splits
 * the far part of a big file (csv-bytes-thread.ts) while this one maps the rows of the near part
 * and then the thread's, and to the text path, from the first piece that is not plain.
 */
import fs from 'node:fs';
import type { ByteRowsInput } from './csv-bytes.ts';
import { parseStream } from './csv-table.ts';
import { InputError, systemMessage } from './input-error.ts';
import { LongCell } from './cell-limit.ts';
import type { RowSkip } from './table-types.ts';
import { decodeText } from './text-decoding.ts';

/** Files from this size on are split in a thread (both cores: one splits, one maps); SEGRA_READ_THREAD_MIN_BYTES for tests. */
function threadMinBytes(): number {
  const set = Number(process.env.SEGRA_READ_THREAD_MIN_BYTES);
  return Number.isSafeInteger(set) && set > 0 ? set : 32 * 1024 * 1024;
}

/** The share of a big file the calling thread splits itself (it maps the other thread's rows too). */
const SPLIT_HERE = 0.15;

let threadsByDefault = false;

/**
 * Big files are split in a second thread from now on, unless SEGRA_READ_THREADS=0: what
 * `segra analyze` asks (issue 12). Measured on L under load (2 cores shared with other work),
 * it took the main thread's CPU, the analysis's critical path, from 8.1-8.7 s to 5.6-6.1 s, at
 * 40-70 MB more peak RSS; the server leaves it off (its CPU work runs in threads of its own).
 */
export function preferReadThreads(): void {
  threadsByDefault = true;
}

/** Whether big files are split in a thread: SEGRA_READ_THREADS=1 or 0 decides, else preferReadThreads. */
export function readThreadsWanted(): boolean {
  const set = process.env.SEGRA_READ_THREADS;
  return set === '1' || (set !== '0' && threadsByDefault);
}

/** The rest of the file from `piece` on, through the text path (decoding, quoting), lines counted on from `line`. */
export async function textRows(
  input: ByteRowsInput,
  piece: Buffer,
  rest: AsyncIterator<Uint8Array>,
  carry: Buffer | undefined,
  line: number,
  row: (values: string[], at: number) => void,
): Promise<void> {
  const { state, texts } = decodeText(piece, { [Symbol.asyncIterator]: () => rest }, { bom: input.bom });
  input.onDecode(state);
  const head = carry && carry.length > 0 ? carry.toString('latin1') : '';
  const all = (async function* () {
    if (head) yield head;
    yield* texts;
  })();
  await parseStream(all, state, input.delimiter, input.fileName, input.header, row, { line, newline: input.newline });
}

/**
 * One batch of rows from the splitting thread: per row its line and number of values, then the
 * value ids. A width of -1 is a run of skipped rows: its first line, then in `cells` its size
 * and, when the rule has a run column, that value's id.
 */
export interface RowBatch {
  type: 'rows';
  lines: Int32Array;
  widths: Int32Array;
  /** Per value: its id in its column's strings (`fresh` adds the new ones), or -1 - its index in `extra`. */
  cells: Int32Array;
  fresh: string[][];
  extra: string[];
}

/** What the thread reports besides rows: the end, or the piece from which the text path must read. */
export type ThreadMessage =
  | RowBatch
  | { type: 'end' }
  | { type: 'text'; piece: number; carry: Uint8Array; line: number }
  // A cell past the limit (cell-limit.ts), its line counted from the thread's start.
  | { type: 'long'; line: number; index: number; length: number };

interface Half {
  file: { path: string; size: number; chunk: number };
  /** The piece (of `chunk` bytes) the thread starts in, and where in it: just after a line break. */
  piece: number;
  skip: number;
}

/**
 * Where a thread may take over the rest of a big plain file: the first line break of the piece
 * at about SPLIT_HERE of it. None for a small file, a file read otherwise, or a middle piece without a
 * line break.
 */
export async function secondHalf(input: ByteRowsInput): Promise<Half | undefined> {
  const file = input.file;
  if (!file || file.size < threadMinBytes() || input.first.length + (input.bom ? 3 : 0) !== file.chunk || !readThreadsWanted()) return undefined;
  // This thread maps every row and reads the other tables meanwhile (extract-reader.ts, aside): it splits
  // SPLIT_HERE, the other thread the rest. Once (L): 8.6-9.4 s at a twentieth, 8.8-9.3 s at 0.15, 9.7-9.9 s
  // at 0.3, and a tenth was kept; since AGR_1251 maps into columns (this thread has less to do), the
  // read of LD in four interleaved pairs: 3.67 s mean at a tenth, 3.26 s at 0.15 (faster in 4 of 4),
  // and 0.15 against 0.2 faster in 3 of 4.
  // At least the first piece is this thread's (it holds the header).
  const piece = Math.max(1, Math.floor((file.size / file.chunk) * SPLIT_HERE));
  if (piece * file.chunk >= file.size) return undefined;
  const bytes = Buffer.alloc(file.chunk);
  let read: number;
  try {
    const handle = await fs.promises.open(file.path, 'r');
    try {
      ({ bytesRead: read } = await handle.read(bytes, 0, file.chunk, piece * file.chunk));
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
  let stop = bytes.indexOf(10);
  if (input.newline === '\r\n') while (stop >= 0 && stop < read && (stop === 0 || bytes[stop - 1] !== 13)) stop = bytes.indexOf(10, stop + 1);
  if (stop < 0 || stop >= read) return undefined;
  return { file, piece, skip: stop + 1 };
}

/**
 * Starts the thread (csv-bytes-thread.ts) on the second half; `rows` then maps its batches of
 * value ids in order, once this thread has read the first half. When the thread meets a piece
 * that is not plain, the rest is read from that piece on through the text path, as byteRows
 * would have.
 */
/** The thread's rows as ids (byteRows' id lane): its column lists, the row's ids from `from` on. */
type RowIds = (ids: Int32Array, from: number, count: number, lists: readonly (readonly string[])[], extra: readonly string[], at: number) => void;

export function startHalf(
  input: ByteRowsInput,
  half: Half,
  skip: RowSkip | undefined,
): { piece: number; skip: number; rows: (line: number, row: (values: string[], at: number) => void, rowIds?: RowIds) => Promise<void>; stop: () => Promise<void> } {
  let worker: import('node:worker_threads').Worker | undefined;
  const queue: ThreadMessage[] = [];
  let failure: unknown;
  let wake: (() => void) | null = null;
  const taken = new Int32Array(new SharedArrayBuffer(4));
  const started = import('../workers/start-worker.ts').then(({ startWorker }) => {
    worker = startWorker('csv-bytes-thread', import.meta.url, {
      path: half.file.path,
      chunk: half.file.chunk,
      delimiter: input.delimiter,
      newline: input.newline,
      piece: half.piece,
      skip: half.skip,
      rule: skip?.rule,
      taken,
    });
    worker.on('message', (m: ThreadMessage) => {
      queue.push(m);
      wake?.();
    });
    worker.on('error', (e) => {
      failure ??= e;
      wake?.();
    });
    worker.on('exit', (code) => {
      failure ??= new Error(`${input.fileName}: the reading thread stopped (exit code ${code})`);
      wake?.();
    });
  });
  const next = async (): Promise<ThreadMessage> => {
    for (;;) {
      if (queue.length > 0) return queue.shift()!;
      if (failure !== undefined) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  };
  let stopped = false;
  return {
    piece: half.piece,
    skip: half.skip,
    rows: async (line, row, rowIds) => {
      await started;
      // The thread counts its lines from 1.
      const offset = line - 1;
      const strings: string[][] = [];
      for (;;) {
        const m = await next();
        if (m.type === 'end') return;
        if (m.type === 'long') throw new LongCell(m.line + offset, m.index, m.length);
        if (m.type === 'rows') {
          replay(m, strings, row, offset, skip, rowIds);
          Atomics.add(taken, 0, 1);
          Atomics.notify(taken, 0);
          continue;
        }
        await textFrom(input, half.file, m.piece, Buffer.from(m.carry), m.line + offset, row);
        return;
      }
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await started;
      await worker?.terminate();
    },
  };
}

/** The rest of the file from piece `piece` on, through the text path (the pieces as byteRows would have had them). */
async function textFrom(
  input: ByteRowsInput,
  file: { path: string; chunk: number },
  piece: number,
  carry: Buffer,
  line: number,
  row: (values: string[], at: number) => void,
): Promise<void> {
  const stream = fs.createReadStream(file.path, { highWaterMark: file.chunk, start: piece * file.chunk });
  try {
    const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const first = await it.next();
    if (first.done) return;
    await textRows(input, first.value, it, carry, line, row);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot be read: ${systemMessage(e)}`, { file: input.fileName }, { cause: e });
  } finally {
    stream.destroy();
  }
}

function replay(m: RowBatch, strings: string[][], row: (values: string[], at: number) => void, offset: number, skip: RowSkip | undefined, rowIds: RowIds | undefined): void {
  for (let c = 0; c < m.fresh.length; c++) {
    const add = m.fresh[c];
    if (!add || add.length === 0) continue;
    const list = (strings[c] ??= []);
    for (let k = 0; k < add.length; k++) list.push(add[k]);
  }
  const { lines, widths, cells, extra } = m;
  let k = 0;
  for (let r = 0; r < lines.length; r++) {
    const width = widths[r];
    if (width < 0) {
      // A run of skipped rows: its size, then its run column's value.
      const count = cells[k++];
      const run = skip!.rule.run;
      let value = '';
      if (run >= 0) {
        const id = cells[k++];
        value = id >= 0 ? strings[run][id] : extra[-1 - id];
      }
      skip!.onSkip(count, lines[r] + offset, value);
      continue;
    }
    if (rowIds) {
      // The thread's ids are ids in `strings`, its column lists mirrored here.
      rowIds(cells, k, width, strings, extra, lines[r] + offset);
      k += width;
      continue;
    }
    const values: string[] = [];
    for (let c = 0; c < width; c++) {
      const id = cells[k++];
      values.push(id >= 0 ? strings[c][id] : extra[-1 - id]);
    }
    row(values, lines[r] + offset);
  }
}
