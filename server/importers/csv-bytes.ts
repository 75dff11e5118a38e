/**
 * The fast way through the common table file (issue 12): plain ASCII CSV, UTF-8 with or without
 * BOM, no double quote, lines ending in LF or CRLF — what SAP's and the generator's extracts of
 * the big tables are. Rows are split on the bytes, and each value comes from a per-column intern
 * table looked up by a hash of its bytes, so the millions of rows of AGR_1251 create no text
 * piece, no decoded string and no string per value: only a value never seen before in its column
 * becomes a string.
 *
 * The rows are exactly those the PapaParse path (csv-table.ts) gives for the same file. As soon
 * as a piece of the file holds a double quote or a byte above 127, the rest of the file, from
 * that piece on, goes through that path (decoding, encoding guess, quoting), with the line
 * count carried over: the ASCII before it reads the same in every encoding. One difference is
 * left: a lone LF inside a value of a CRLF file is not counted as a line here, while the text
 * path alone counts it from the moment its decoder has met a quote, which may be pieces ahead
 * of the row; so in such a file with quotes the line an error names may differ (the rows do not).
 */
import { isAscii } from 'node:buffer';
import { InputError } from './input-error.ts';
import { cellTooLong, LongCell, MAX_CELL_CHARS } from './cell-limit.ts';
import { secondHalf, startHalf, textRows } from './csv-bytes-half.ts';
import { SkipMatcher } from './csv-bytes-skip.ts';
import type { IdRowHandler, RowHandler, RowSkip, SkipRule } from './table-types.ts';
import type { DecodeState } from './text-decoding.ts';

/** The line break PapaParse guesses from a file's first text (its guessLineEndings), for text without quotes. */
export function guessNewline(text: string): string {
  const input = text.substring(0, 1024 * 1024);
  const r = input.split('\r');
  const n = input.split('\n');
  const nAppearsFirst = n.length > 1 && n[0].length < r[0].length;
  if (r.length === 1 || nAppearsFirst) return '\n';
  let withN = 0;
  for (const piece of r) if (piece[0] === '\n') withN++;
  return withN >= r.length / 2 ? '\r\n' : '\r';
}

/** C0 controls other than tab, LF and CR, and DEL: never in an SAP value (text-decoding.ts). */
const CONTROL_BYTES: readonly number[] = [...Array.from({ length: 32 }, (_, i) => i).filter((c) => c !== 9 && c !== 10 && c !== 13), 0x7f];

/**
 * Whether bytes can be split here: ASCII without a double quote or a control character (a
 * piece with one goes the text path, which names the line and column of the character).
 */
export function plainBytes(bytes: Buffer): boolean {
  if (!isAscii(bytes) || bytes.indexOf(0x22) >= 0) return false;
  for (let i = 0; i < CONTROL_BYTES.length; i++) if (bytes.indexOf(CONTROL_BYTES[i]) >= 0) return false;
  return true;
}

const SEED = 0x811c9dc5 | 0;
const PRIME = 16777619;
/** Distinct values a column's table keeps at most; beyond, a new value is only compared with the one before. */
const MAX_ENTRIES = 1 << 18;

function sameBytes(s: string, buf: Uint8Array, start: number, length: number): boolean {
  if (s.length !== length) return false;
  for (let k = 0; k < length; k++) if (s.charCodeAt(k) !== buf[start + k]) return false;
  return true;
}

/**
 * The strings of one column, found by the hash of their bytes (open addressing). Each string
 * kept has an id, its place in `list`; a value beyond MAX_ENTRIES distinct ones gets id -1 and
 * is in `fresh`.
 */
export class ColumnStrings {
  /** `pool`: each kept string is the pool's own for its value (added there when new). */
  constructor(private readonly pool?: Map<string, string>) {}

  readonly list: string[] = [];
  fresh = '';
  private slots = new Int32Array(1024).fill(-1);
  private hashes = new Int32Array(1024);
  private mask = 1023;
  private lastId = -1;

  /** The id of the value buf[start, end) ('' is id -1 with `fresh` ''). */
  id(buf: Buffer, start: number, end: number): number {
    const length = end - start;
    if (length === 0) {
      this.fresh = '';
      return -1;
    }
    const list = this.list;
    const lastId = this.lastId;
    if (lastId >= 0 && sameBytes(list[lastId], buf, start, length)) return lastId;
    if (lastId < 0 && sameBytes(this.fresh, buf, start, length)) return -1;
    let h = SEED;
    for (let k = start; k < end; k++) h = Math.imul(h ^ buf[k], PRIME);
    const slots = this.slots;
    let i = h & this.mask;
    for (;;) {
      const id = slots[i];
      if (id < 0) break;
      if (this.hashes[i] === h && sameBytes(list[id], buf, start, length)) {
        this.lastId = id;
        return id;
      }
      i = (i + 1) & this.mask;
    }
    let s = buf.toString('latin1', start, end);
    if (list.length >= MAX_ENTRIES) {
      this.fresh = s;
      this.lastId = -1;
      return -1;
    }
    const pooled = this.pool?.get(s);
    if (pooled !== undefined) s = pooled;
    else this.pool?.set(s, s);
    const id = list.length;
    list.push(s);
    slots[i] = id;
    this.hashes[i] = h;
    if (list.length * 2 > slots.length) this.grow();
    this.lastId = id;
    return id;
  }

  get(buf: Buffer, start: number, end: number): string {
    const id = this.id(buf, start, end);
    return id < 0 ? this.fresh : this.list[id];
  }

  private grow(): void {
    const capacity = this.slots.length * 2;
    const slots = new Int32Array(capacity).fill(-1);
    const hashes = new Int32Array(capacity);
    const mask = capacity - 1;
    const oldSlots = this.slots;
    const oldHashes = this.hashes;
    for (let j = 0; j < oldSlots.length; j++) {
      const id = oldSlots[j];
      if (id < 0) continue;
      let i = oldHashes[j] & mask;
      while (slots[i] >= 0) i = (i + 1) & mask;
      slots[i] = id;
      hashes[i] = oldHashes[j];
    }
    this.slots = slots;
    this.hashes = hashes;
    this.mask = mask;
  }
}

/**
 * The bounds of the values of the line buf[pos, last) into starts/ends; their number, or -1 when
 * they do not fit. A small function of its own: V8 compiles its loop far tighter than inside split.
 */
function valueBounds(buf: Buffer, pos: number, last: number, delim: number, starts: Int32Array, ends: Int32Array): number {
  const room = starts.length - 1;
  let count = 0;
  starts[0] = pos;
  for (let i = pos; i < last; i++) {
    if (buf[i] !== delim) continue;
    if (count === room) return -1;
    ends[count++] = i;
    starts[count] = i + 1;
  }
  ends[count++] = last;
  return count;
}

/** A run of skipped rows as the splitter reports it: its size, first line, and its run column's value (an id, or -1 with `fresh`). */
export type SkipRun = (count: number, line: number, id: number, fresh: string) => void;

/**
 * Splits plain bytes into rows (lines) and values (at the delimiter), exactly as PapaParse
 * splits the same text without quotes: LF or CRLF line breaks (a lone LF of a CRLF file is a
 * character), one CR dropped before a line break or the end, empty lines skipped but counted.
 * With a skip rule, rows it skips are reported in runs (`onSkip`) instead of value by value.
 */
export class LineSplitter {
  readonly columns: ColumnStrings[] = [];
  private readonly delim: number;
  private readonly crlf: boolean;
  private readonly skip: SkipMatcher | null;
  private starts: Int32Array = new Int32Array(64);
  private ends: Int32Array = new Int32Array(64);
  private runCount = 0;
  private runLine = 0;
  private runId = -1;
  private runFresh = '';
  /** Off while the header is still to come: the header is a row like any other here. */
  skipping = true;

  constructor(
    delimiter: string,
    newline: '\n' | '\r\n',
    /** The line the next byte is on. */
    public line: number,
    rule?: SkipRule,
    private readonly onSkip?: SkipRun,
    /** The strings of its columns are this pool's (ColumnStrings). */
    private readonly pool?: Map<string, string>,
  ) {
    this.delim = delimiter.charCodeAt(0);
    this.crlf = newline === '\r\n';
    this.skip = rule && onSkip ? new SkipMatcher(rule) : null;
  }

  column(i: number): ColumnStrings {
    let col = this.columns[i];
    if (col === undefined) this.columns[i] = col = new ColumnStrings(this.pool);
    return col;
  }

  /**
   * Hands each row of buf's whole lines to `field` (its values one by one) and `end`; returns
   * where the unfinished last line starts (buf.length when none). `final`: buf ends the file.
   */
  split(buf: Buffer, final: boolean, field: (col: ColumnStrings, index: number, buf: Buffer, start: number, end: number) => void, end: (line: number, fields: number) => void): number {
    const n = buf.length;
    const crlf = this.crlf;
    const delim = this.delim;
    const skip = this.skip;
    let pos = 0;
    while (pos < n) {
      let stop = buf.indexOf(10, pos);
      // In a CRLF file a lone LF is part of the value, as in the text path.
      if (crlf) while (stop >= 0 && (stop === pos || buf[stop - 1] !== 13)) stop = buf.indexOf(10, stop + 1);
      let next: number;
      let last: number;
      if (stop < 0) {
        if (!final) {
          this.endRun();
          return pos;
        }
        last = n;
        next = n;
      } else {
        last = crlf ? stop - 1 : stop;
        next = stop + 1;
      }
      // The line's last value loses one CR before the line break (or the end of the file).
      if (last > pos && buf[last - 1] === 13) last--;
      const at = this.line++;
      if (last === pos) {
        pos = next;
        continue; // an empty line
      }
      // The values' bounds first, in one pass over the line's bytes (cheaper than a search per value).
      let count = valueBounds(buf, pos, last, delim, this.starts, this.ends);
      // More values than the bounds hold: grown, and the line looked at again.
      while (count < 0) {
        this.grow();
        count = valueBounds(buf, pos, last, delim, this.starts, this.ends);
      }
      const starts = this.starts;
      const ends = this.ends;
      // DESIGN 7b: a line this long may hold a cell past the limit (one comparison per line on the way of the common one).
      if (last - pos > MAX_CELL_CHARS) {
        for (let i = 0; i < count; i++) if (ends[i] - starts[i] > MAX_CELL_CHARS) throw new LongCell(at, i, ends[i] - starts[i]);
      }
      pos = next;
      if (skip !== null && this.skipping && skip.skips(buf, starts, ends, count, this.column(skip.rule.decide))) {
        this.skipped(buf, at, starts, ends);
        continue;
      }
      if (this.runCount > 0) this.endRun();
      for (let i = 0; i < count; i++) field(this.column(i), i, buf, starts[i], ends[i]);
      end(at, count);
    }
    this.endRun();
    return n;
  }

  private grow(): void {
    this.starts = new Int32Array(this.starts.length * 2);
    this.ends = new Int32Array(this.ends.length * 2);
  }

  /** One more skipped row: it joins the run unless its run column's value differs. */
  private skipped(buf: Buffer, at: number, starts: Int32Array, ends: Int32Array): void {
    const runColumn = this.skip!.rule.run;
    let id = -1;
    let fresh = '';
    if (runColumn >= 0) {
      const col = this.column(runColumn);
      id = col.id(buf, starts[runColumn], ends[runColumn]);
      if (id < 0) fresh = col.fresh;
    }
    if (this.runCount > 0 && (id !== this.runId || fresh !== this.runFresh)) this.endRun();
    if (this.runCount === 0) {
      this.runLine = at;
      this.runId = id;
      this.runFresh = fresh;
    }
    this.runCount++;
  }

  private endRun(): void {
    if (this.runCount === 0) return;
    const count = this.runCount;
    this.runCount = 0;
    this.onSkip!(count, this.runLine, this.runId, this.runFresh);
  }
}

export interface ByteRowsInput {
  fileName: string;
  header: readonly string[];
  delimiter: string;
  newline: '\n' | '\r\n';
  /** The file's first piece, without its BOM; checked by plainBytes. */
  first: Buffer;
  /** Whether the file began with a UTF-8 BOM. */
  bom: boolean;
  /** The pieces after `first`. */
  rest: AsyncIterator<Uint8Array>;
  /** Whether rows may have another number of fields than the header. */
  ragged: () => boolean;
  /** Called with the decoding state when the rest of the file is handed to the text path. */
  onDecode: (state: DecodeState) => void;
  /** Called with the header's line once it was read. */
  onHeader: (line: number) => void;
  /** The pool the values of the rows this thread splits are taken from (RowHandler's `pooled`). */
  pool?: Map<string, string>;
  /** The file, when the table is a file on disk read in pieces of `chunk` bytes: a big one is split in a thread. */
  file?: { path: string; size: number; chunk: number };
}

/**
 * Streams the data rows of a plain CSV file to `onRow` (the header row is skipped), or, with
 * `onIds` and rows of the header's width, as ids to `onIds` (table-types.ts: IdRowHandler).
 */
export async function byteRows(input: ByteRowsInput, onRow: RowHandler, skip?: RowSkip, onIds?: IdRowHandler): Promise<void> {
  const { fileName, header } = input;
  const width = header.length;
  // A ragged file's rows are all handed on (the rule's width is the header's).
  const rule = skip && !input.ragged() ? skip.rule : undefined;
  const runValue = (strings: readonly string[] | undefined, id: number, fresh: string): string => (id >= 0 ? strings![id] : fresh);
  const splitter: LineSplitter = new LineSplitter(
    input.delimiter,
    input.newline,
    1,
    rule,
    (count, line, id, fresh) => skip!.onSkip(count, line, runValue(rule!.run >= 0 ? splitter.column(rule!.run).list : undefined, id, fresh)),
    input.pool,
  );
  let headerSeen = false;
  splitter.skipping = false;

  const row = (values: string[], at: number, pooled = false): void => {
    if (!headerSeen) {
      headerSeen = true;
      splitter.skipping = true;
      input.onHeader(at);
      return;
    }
    if (values.length !== width && !input.ragged()) {
      throw new InputError(`expected ${width} fields as in the header, got ${values.length}`, { file: fileName, line: at });
    }
    onRow(values, at, pooled);
  };
  let values: string[] = [];
  // A value beyond its column's table (`fresh`) is no string of the pool: its row is not `pooled`.
  let allPooled = input.pool !== undefined;
  let field = (col: ColumnStrings, _i: number, buf: Buffer, start: number, end: number): void => {
    const id = col.id(buf, start, end);
    if (id >= 0) values.push(col.list[id]);
    else {
      values.push(col.fresh);
      if (col.fresh !== '') allPooled = false;
    }
  };
  let end = (at: number): void => {
    const v = values;
    values = [];
    const pooled = allPooled;
    allPooled = input.pool !== undefined;
    row(v, at, pooled);
  };
  // The id lane: a row of the header's width goes on as the ids of its values (the header and a row
  // of another width take `row`, with its checks and messages).
  const idLane = onIds && !input.ragged() ? onIds : undefined;
  let rowIds: ((ids: Int32Array, from: number, count: number, lists: readonly (readonly string[])[], extra: readonly string[], at: number) => void) | undefined;
  if (idLane) {
    const asStrings = (ids: Int32Array, from: number, count: number, lists: readonly (readonly string[])[], extra: readonly string[]): string[] => {
      const v: string[] = [];
      for (let c = 0; c < count; c++) {
        const id = ids[from + c];
        v.push(id >= 0 ? lists[c][id] : extra[-1 - id]);
      }
      return v;
    };
    rowIds = (ids, from, count, lists, extra, at) => {
      if (headerSeen && count === width) idLane(ids, from, count, lists, extra, at);
      else row(asStrings(ids, from, count, lists, extra), at);
    };
    let ids = new Int32Array(64);
    let count = 0;
    const extra: string[] = [];
    let lists: (readonly string[])[] = [];
    field = (col, _i, buf, start, stop) => {
      if (count === ids.length) {
        const grown = new Int32Array(ids.length * 2);
        grown.set(ids);
        ids = grown;
      }
      const id = col.id(buf, start, stop);
      if (id >= 0) ids[count++] = id;
      else {
        extra.push(col.fresh);
        ids[count++] = -extra.length;
      }
    };
    end = (at) => {
      // The splitter's columns, made as rows came: a row may have made one more.
      if (lists.length < splitter.columns.length) lists = splitter.columns.map((col) => col.list);
      const n = count;
      count = 0;
      try {
        rowIds!(ids, 0, n, lists, extra, at);
      } finally {
        extra.length = 0;
      }
    };
  }

  const half = await secondHalf(input);
  const thread = half ? startHalf(input, half, rule && skip) : undefined;
  try {
    await splitRows();
  } catch (e) {
    throw e instanceof LongCell ? cellTooLong(fileName, header, e.line, e.index, e.length) : e;
  } finally {
    await thread?.stop();
  }

  async function splitRows(): Promise<void> {
    let carry: Buffer | undefined;
    let piece: Buffer = input.first;
    let index = 0;
    for (;;) {
      if (!plainBytes(piece)) {
        await thread?.stop();
        await textRows(input, piece, input.rest, carry, splitter.line, row);
        return;
      }
      const buf = carry && carry.length > 0 ? Buffer.concat([carry, piece]) : piece;
      if (thread && index === thread.piece) {
        // This piece holds the line the thread started on: the lines before it are this thread's.
        const mine = buf.subarray(0, buf.length - piece.length + thread.skip);
        if (splitter.split(mine, false, field, end) !== mine.length) throw new Error(`${fileName}: the halves of the file do not meet at a line break`);
        await thread.rows(splitter.line, row, rowIds);
        return;
      }
      const r = await input.rest.next();
      const done = r.done === true;
      const cut = splitter.split(buf, done, field, end);
      carry = cut < buf.length ? buf.subarray(cut) : undefined;
      if (done) return;
      index++;
      piece = Buffer.isBuffer(r.value) ? r.value : Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
    }
  }
}
