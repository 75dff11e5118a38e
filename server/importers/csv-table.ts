/**
 * CSV tables through PapaParse. Measured on the 421 MB, 5.2-million-row AGR_1251 of a
 * generated size-L extract: PapaParse reads it in 2.3 s where csv-parse needs 10.7 s, which
 * is the difference between meeting and missing the 20 s budget of DESIGN.md section 10.
 *
 * Values are returned exactly as read (nothing trimmed, a CR before LF dropped); empty lines
 * are skipped; lines are counted physically (a quoted line break counts), so errors name the
 * line a row starts on.
 */
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { InputError } from './input-error.ts';
import { openListTable, looksLikeList } from './list-table.ts';
import { checkValues } from './suspect-values.ts';
import { checkCells } from './cell-limit.ts';
import { PIECE, type RowHandler, type SourceTable, type TableRow } from './table-types.ts';
import { decodeText, type DecodeState } from './text-decoding.ts';
import { encodingWarning } from './table-warnings.ts';
import { byteRows, guessNewline, plainBytes } from './csv-bytes.ts';

const BATCH_ROWS = 10_000;

function countLineBreaks(values: readonly string[]): number {
  let n = 0;
  for (const v of values) {
    let i = v.indexOf('\n');
    while (i >= 0) {
      n++;
      i = v.indexOf('\n', i + 1);
    }
  }
  return n;
}

/**
 * Parses the whole text stream, header included, calling `onRecord` for every non-empty
 * record with the physical line it starts on.
 */
export function parseStream(
  texts: AsyncIterable<string>,
  quotes: DecodeState,
  delimiter: string,
  fileName: string,
  header: readonly string[] | null,
  onRecord: (values: string[], line: number, parser: Papa.Parser) => void,
  /** Where the text starts, when it is the rest of a file (csv-bytes.ts): its line and the file's line break. */
  from?: { line: number; newline: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    let line = from?.line ?? 1;
    let failed = false;
    const fail = (e: unknown, parser?: Papa.Parser): void => {
      if (failed) return;
      failed = true;
      parser?.abort();
      reject(e);
    };
    (Papa.parse as (input: unknown, config: unknown) => void)(Readable.from(texts, { objectMode: true }), {
      delimiter,
      newline: from?.newline ?? '',
      quoteChar: '"',
      skipEmptyLines: false,
      step(results: Papa.ParseStepResult<string[]>, parser: Papa.Parser) {
        if (failed) return;
        const values = results.data;
        const start = line;
        // Counting breaks inside values costs a fifth of the parse; unquoted text has none.
        line += quotes.quotes ? 1 + countLineBreaks(values) : 1;
        if (results.errors.length > 0) {
          const err = results.errors[0];
          // The field that opened the quote swallowed the rest: it is the row's last field.
          const column = header?.[values.length - 1]?.trim() || values.length;
          const message =
            err.code === 'MissingQuotes'
              ? 'a quoted field is never closed: expected a closing double quote before the end of the line or file'
              : `malformed CSV: ${err.message}`;
          fail(new InputError(message, { file: fileName, line: start, column }), parser);
          return;
        }
        if (values.length === 1 && (values[0] === '' || values[0] === '\r')) return; // empty line
        const last = values.length - 1;
        const tail = values[last];
        if (tail.length !== 0 && tail.charCodeAt(tail.length - 1) === 13) values[last] = tail.slice(0, -1);
        try {
          checkCells(values, fileName, header, start);
          if (quotes.suspect) checkValues(values, start, fileName, header, quotes);
          onRecord(values, start, parser);
        } catch (e) {
          fail(e, parser);
        }
      },
      complete() {
        if (!failed) resolve();
      },
      error(e: Error) {
        fail(e instanceof InputError ? e : new InputError(`cannot read the file: ${e.message}`, { file: fileName }));
      },
    });
  });
}

/** Reads a CSV table's header, and returns it ready to stream its rows (forEachRow or batches). */
export function openPapaCsvTable(
  table: string,
  fileName: string,
  delimiter: string,
  headText: string,
  texts: AsyncIterable<string>,
  state: DecodeState,
): SourceTable {
  // The header is the first record; it is parsed again with the rows, so that line counting
  // and quoting stay in one parser, and skipped there.
  const parsedHeader = Papa.parse<string[]>(headText.split(/\r?\n/).find((l) => l.trim() !== '') ?? '', {
    delimiter,
    quoteChar: '"',
  });
  const header = (parsedHeader.data[0] ?? []).map((h) => h.replace(/\r$/, ''));
  if (header.length === 0 || (header.length === 1 && header[0].trim() === '')) {
    throw new InputError('the file is empty: expected a header line naming the columns', { file: fileName, line: 1 });
  }
  let headerLine = 0;
  let started = false;
  const start = (): void => {
    if (started) throw new Error(`${fileName}: the rows can be read only once`);
    started = true;
  };
  let ragged = false;
  const checked = (values: string[], line: number): void => {
    if (values.length !== header.length && !ragged) {
      throw new InputError(`expected ${header.length} fields as in the header, got ${values.length}`, {
        file: fileName,
        line,
      });
    }
  };
  const quotes = state;

  const forEachRow = async (onRow: RowHandler): Promise<void> => {
    start();
    await parseStream(texts, quotes, delimiter, fileName, header, (values, line) => {
      if (headerLine === 0) {
        headerLine = line;
        return;
      }
      checked(values, line);
      onRow(values, line);
    });
  };

  return {
    table,
    fileName,
    header,
    warnings: () => encodingWarning(table, fileName, state),
    allowRagged: () => void (ragged = true),
    get headerLine() {
      return headerLine || 1;
    },
    forEachRow,
    batches: async function* (): AsyncGenerator<TableRow[]> {
      // Pauses the parser after each batch so that rows are produced only as fast as they
      // are taken: a large table is never held whole.
      start();
      let batch: TableRow[] = [];
      let ready: (() => void) | null = null;
      let paused: Papa.Parser | null = null;
      let done = false;
      let error: unknown;
      const parse = parseStream(texts, quotes, delimiter, fileName, header, (values, line, parser) => {
        if (headerLine === 0) {
          headerLine = line;
          return;
        }
        checked(values, line);
        batch.push({ line, values });
        if (batch.length >= BATCH_ROWS) {
          paused = parser;
          parser.pause();
          ready?.();
        }
      }).then(
        () => {
          done = true;
          ready?.();
        },
        (e: unknown) => {
          error = e;
          done = true;
          ready?.();
        },
      );
      for (;;) {
        if (!done && batch.length < BATCH_ROWS) await new Promise<void>((r) => (ready = r));
        ready = null;
        if (error !== undefined) throw error;
        if (batch.length > 0) {
          const out = batch;
          batch = [];
          yield out;
        }
        if (done && batch.length === 0) break;
        if (paused) {
          const p: Papa.Parser = paused;
          paused = null;
          p.resume();
        }
      }
      await parse;
    },
  };
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter of a header line: the candidate occurring most often outside double quotes
 * (ties go to the earlier of comma, semicolon, tab, pipe); comma when there is none.
 */
export function detectDelimiter(headerLine: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  // A tab outside quotes is never part of a name: files with one are tab-separated (Excel's
  // "Unicode text", GRC's rule download), whatever commas their first line holds.
  if (counts.get('\t')! > 0) return '\t';
  let best: string = ',';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    if (counts.get(d)! > bestCount) {
      best = d;
      bestCount = counts.get(d)!;
    }
  }
  return best;
}

export async function* csvTable(
  table: string,
  fileName: string,
  chunks: AsyncGenerator<Uint8Array>,
  /** The file on disk the chunks are read from, in pieces of `chunk` bytes (a big one is split in a thread, csv-bytes.ts). */
  file?: { path: string; size: number; chunk: number },
): AsyncGenerator<SourceTable> {
  try {
    yield await openCsvTable(table, fileName, chunks, file);
  } finally {
    await chunks.return(undefined);
  }
}

/**
 * Reads a table file's first piece, decodes it (text-decoding.ts), and opens it as an SE16
 * list (list-table.ts) or as CSV with the delimiter of its header line.
 */
async function openCsvTable(
  table: string,
  fileName: string,
  chunks: AsyncIterable<Uint8Array>,
  file?: { path: string; size: number; chunk: number },
): Promise<SourceTable> {
  const it = chunks[Symbol.asyncIterator]();
  // A whole piece, so that the encoding guess and the list detection see several lines.
  const head: Uint8Array[] = [];
  let headBytes = 0;
  while (headBytes < PIECE) {
    const r = await it.next();
    if (r.done) break;
    head.push(r.value);
    headBytes += r.value.length;
  }
  const first = Buffer.concat(head);
  const rest: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => it };
  const { state, texts } = decodeText(first, rest);
  const firstText = await texts.next();
  const headText = firstText.done ? '' : firstText.value;
  const all: AsyncIterable<string> = {
    async *[Symbol.asyncIterator]() {
      if (headText) yield headText;
      yield* texts;
    },
  };
  if (looksLikeList(headText)) return openListTable(table, fileName, headText, all, state);
  const headerLine = headText.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const delimiter = detectDelimiter(headerLine);
  const papa = openPapaCsvTable(table, fileName, delimiter, headText, all, state);
  const bom = first.length >= 3 && first[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf;
  const body = bom ? first.subarray(3) : first;
  const newline = guessNewline(headText);
  if (state.encoding !== 'utf-8' || state.suspect || (newline !== '\n' && newline !== '\r\n') || !plainBytes(body)) return papa;
  // Plain ASCII so far: forEachRow splits the bytes (csv-bytes.ts); batches stay PapaParse's.
  let ragged = false;
  let decoded = state;
  let headerAt = 0;
  let used = false;
  const once = (): void => {
    if (used) throw new Error(`${fileName}: the rows can be read only once`);
    used = true;
  };
  return {
    table,
    fileName,
    header: papa.header,
    warnings: () => encodingWarning(table, fileName, decoded),
    allowRagged: () => {
      ragged = true;
      papa.allowRagged?.();
    },
    get headerLine() {
      return headerAt || papa.headerLine;
    },
    forEachRow: (onRow, skip, onIds, pool) => {
      once();
      return byteRows(
        {
          pool,
          fileName,
          header: papa.header,
          delimiter,
          newline,
          first: body,
          bom,
          rest: it,
          ragged: () => ragged,
          onDecode: (s) => void (decoded = s),
          onHeader: (line) => void (headerAt = line),
          file,
        },
        onRow,
        skip,
        onIds,
      );
    },
    batches: () => {
      once();
      return papa.batches();
    },
  };
}
