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
 * count carried over: the ASCII before it reads the same in every encoding.
 */
import { isAscii } from 'node:buffer';
import { InputError } from './input-error.ts';
import { parseStream } from './csv-table.ts';
import type { RowHandler } from './table-types.ts';
import { decodeText, type DecodeState } from './text-decoding.ts';

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

/** The strings of one column, found by the hash of their bytes (open addressing). */
class ColumnStrings {
  private hashes = new Int32Array(1024);
  private strings: (string | undefined)[] = new Array<string | undefined>(1024);
  private mask = 1023;
  private size = 0;
  private last = '';

  get(buf: Buffer, start: number, end: number): string {
    const length = end - start;
    if (length === 0) return '';
    if (sameBytes(this.last, buf, start, length)) return this.last;
    let h = SEED;
    for (let k = start; k < end; k++) h = Math.imul(h ^ buf[k], PRIME);
    const strings = this.strings;
    let i = h & this.mask;
    for (;;) {
      const s = strings[i];
      if (s === undefined) break;
      if (this.hashes[i] === h && sameBytes(s, buf, start, length)) {
        this.last = s;
        return s;
      }
      i = (i + 1) & this.mask;
    }
    const s = buf.toString('latin1', start, end);
    if (this.size < MAX_ENTRIES) {
      strings[i] = s;
      this.hashes[i] = h;
      if (++this.size * 2 > strings.length) this.grow();
    }
    this.last = s;
    return s;
  }

  private grow(): void {
    const oldStrings = this.strings;
    const oldHashes = this.hashes;
    const capacity = oldStrings.length * 2;
    this.strings = new Array<string | undefined>(capacity);
    this.hashes = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let j = 0; j < oldStrings.length; j++) {
      const s = oldStrings[j];
      if (s === undefined) continue;
      let i = oldHashes[j] & this.mask;
      while (this.strings[i] !== undefined) i = (i + 1) & this.mask;
      this.strings[i] = s;
      this.hashes[i] = oldHashes[j];
    }
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
}

/** Streams the data rows of a plain CSV file to `onRow` (the header row is skipped). */
export async function byteRows(input: ByteRowsInput, onRow: RowHandler): Promise<void> {
  const { fileName, header } = input;
  const crlf = input.newline === '\r\n';
  const delim = input.delimiter.charCodeAt(0);
  const width = header.length;
  const columns: ColumnStrings[] = [];
  let line = 1;
  let headerSeen = false;

  const row = (values: string[], at: number): void => {
    if (!headerSeen) {
      headerSeen = true;
      input.onHeader(at);
      return;
    }
    if (values.length !== width && !input.ragged()) {
      throw new InputError(`expected ${width} fields as in the header, got ${values.length}`, { file: fileName, line: at });
    }
    onRow(values, at);
  };

  /** Reads the whole lines of buf; returns where the unfinished last line starts (buf.length when none). */
  const lines = (buf: Buffer, final: boolean): number => {
    const n = buf.length;
    let pos = 0;
    while (pos < n) {
      let stop = buf.indexOf(10, pos);
      // In a CRLF file a lone LF is part of the value, as in the text path.
      if (crlf) while (stop >= 0 && (stop === pos || buf[stop - 1] !== 13)) stop = buf.indexOf(10, stop + 1);
      let next: number;
      let end: number;
      if (stop < 0) {
        if (!final) return pos;
        end = n;
        next = n;
      } else {
        end = crlf ? stop - 1 : stop;
        next = stop + 1;
      }
      // The line's last value loses one CR before the line break (or the end of the file).
      if (end > pos && buf[end - 1] === 13) end--;
      const at = line++;
      if (end === pos) {
        pos = next;
        continue; // an empty line
      }
      const values: string[] = [];
      let field = 0;
      let from = pos;
      for (;;) {
        let to = buf.indexOf(delim, from);
        if (to < 0 || to > end) to = end;
        let col = columns[field];
        if (col === undefined) columns[field] = col = new ColumnStrings();
        values.push(col.get(buf, from, to));
        field++;
        if (to === end) break;
        from = to + 1;
      }
      pos = next;
      row(values, at);
    }
    return n;
  };

  let carry: Buffer | undefined;
  let piece: Buffer = input.first;
  for (;;) {
    if (!plainBytes(piece)) {
      // The rest goes through the text path, decoded from this piece on.
      const { state, texts } = decodeText(piece, { [Symbol.asyncIterator]: () => input.rest }, { bom: input.bom });
      input.onDecode(state);
      const head = carry && carry.length > 0 ? carry.toString('latin1') : '';
      const all = (async function* () {
        if (head) yield head;
        yield* texts;
      })();
      await parseStream(all, state, input.delimiter, fileName, header, (values, at) => row(values, at), { line, newline: input.newline });
      return;
    }
    const buf = carry && carry.length > 0 ? Buffer.concat([carry, piece]) : piece;
    const r = await input.rest.next();
    const done = r.done === true;
    const cut = lines(buf, done);
    carry = cut < buf.length ? buf.subarray(cut) : undefined;
    if (done) return;
    piece = Buffer.isBuffer(r.value) ? r.value : Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
  }
}
