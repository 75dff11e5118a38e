/**
 * Where the tables of a system extract or a ruleset come from (DESIGN 4): a folder of table
 * files, a single table file, a .zip, an .xlsx with one sheet per table, or a list of in-memory
 * uploads (each a table file, a .zip or an .xlsx). Every table is streamed: rows arrive in
 * batches of at most about a megabyte of input, so a 200 MB table is never held whole.
 *
 * Table name = the file's (or sheet's) base name, upper-cased, without its extension
 * (`agr_1251.txt` → `AGR_1251`). Table files end in .csv, .txt or .tsv; other files in a
 * folder or an archive are ignored.
 *
 * CSV: UTF-8 with or without BOM; delimiter detected from the header line among comma,
 * semicolon, tab and pipe; standard double-quote quoting (a `"` inside an unquoted field is
 * kept as a character); lines end in LF or CRLF; empty lines are skipped. Values are returned
 * exactly as read: nothing is trimmed. A malformed line is an InputError naming the file and
 * the line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { openPapaCsvTable } from './csv-table.ts';
import { InputError } from './input-error.ts';

/**
 * exceljs is loaded only when a workbook is read (or written): merely having it loaded made
 * CSV parsing 10-15 % slower for the rest of the process (measured with csv-parse on a
 * 5-million-row AGR_1251, Node 20), cause not found. Keep other imports of it lazy too.
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  const mod = (await import('exceljs')) as unknown as { default?: typeof ExcelJS } & typeof ExcelJS;
  return mod.default ?? mod;
}

/** One data row: its 1-based line in the file (sheet row number for xlsx) and its values. */
export interface TableRow {
  readonly line: number;
  /** One value per header column, as read. */
  readonly values: string[];
}

/** One table of a source, ready to stream. */
export interface SourceTable {
  /** Upper-cased base name, e.g. `AGR_1251`. */
  readonly table: string;
  /** How error messages name the file: `AGR_1251.csv`, `extract.zip[AGR_1251.csv]`, `rules.xlsx[RISKS]`. */
  readonly fileName: string;
  /** The header's column names, exactly as read. */
  readonly header: readonly string[];
  /** The header's line (sheet row for xlsx). */
  readonly headerLine: number;
  /**
   * The data rows in file order, in batches. Iterate at most once, and before asking the
   * source for its next table: whatever is left unread then is skipped. Rejects with an
   * InputError on malformed input.
   */
  batches(): AsyncIterable<TableRow[]>;
  /**
   * The fast way to the same rows: each is handed to `onRow` synchronously as it is parsed, so
   * nothing is kept between rows. Resolves when the table is read; rejects with an InputError
   * on malformed input, or with whatever `onRow` throws. Use this or `batches`, once.
   */
  forEachRow(onRow: RowHandler): Promise<void>;
}

export interface TableSourceOptions {
  /** Only tables this accepts are opened (others are skipped without being parsed). */
  want?: (table: string) => boolean;
}

export interface TableSource {
  /** The source as given (a path, or the upload names), for messages. */
  readonly name: string;
  /** The tables one after another, in folder / archive / workbook order. */
  tables(options?: TableSourceOptions): AsyncIterable<SourceTable>;
}

/** An uploaded file: a table file, a .zip or an .xlsx. */
export interface Upload {
  name: string;
  data: Uint8Array;
}

export type TableSourceInput = string | readonly Upload[] | TableSource;

export const TABLE_FILE_EXTENSIONS: readonly string[] = ['.csv', '.txt', '.tsv'];

/** Input bytes are handed to the parsers in pieces of at most this size. */
const PIECE = 64 * 1024;
/** Compressed bytes handed to the unzipper at a time (a piece inflates to about ten times as much). */
const ZIP_PIECE = 64 * 1024;

/**
 * The table a file name stands for (`agr_1251.txt` → `AGR_1251`), or undefined when the file
 * is not a table file (wrong extension, hidden file, macOS resource fork).
 */
export function tableNameOf(fileName: string): string | undefined {
  const base = path.posix.basename(fileName.replace(/\\/g, '/'));
  if (base.startsWith('.') || /(^|\/)__MACOSX\//.test(fileName)) return undefined;
  const ext = path.posix.extname(base).toLowerCase();
  if (!TABLE_FILE_EXTENSIONS.includes(ext)) return undefined;
  const name = base.slice(0, -ext.length).trim().toUpperCase();
  return name === '' ? undefined : name;
}

/** Opens a folder, a table file, a .zip or an .xlsx path, or a list of uploads. */
export function openTableSource(input: TableSourceInput): TableSource {
  if (typeof input === 'string') return pathSource(input);
  if (Array.isArray(input)) return uploadSource(input as readonly Upload[]);
  return input as TableSource;
}

// ---------------------------------------------------------------------------------------------
// Sources

type Want = (table: string) => boolean;
const wantAll: Want = () => true;

function pathSource(p: string): TableSource {
  return {
    name: p,
    tables: (options) => pathTables(p, options?.want ?? wantAll),
  };
}

async function* pathTables(p: string, want: Want): AsyncGenerator<SourceTable> {
  const shown = path.basename(p) || p;
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(p);
  } catch (e) {
    throw new InputError(`cannot be read: ${systemMessage(e)}`, { file: p }, { cause: e });
  }
  if (stat.isDirectory()) {
    let names: string[];
    try {
      names = (await fs.promises.readdir(p, { withFileTypes: true }))
        .filter((d) => d.isFile() || d.isSymbolicLink())
        .map((d) => d.name)
        .sort();
    } catch (e) {
      throw new InputError(`cannot be read: ${systemMessage(e)}`, { file: p }, { cause: e });
    }
    for (const name of names) {
      const table = tableNameOf(name);
      if (table === undefined || !want(table)) continue;
      yield* csvTable(table, name, fileChunks(path.join(p, name), name));
    }
    return;
  }
  const lower = p.toLowerCase();
  if (lower.endsWith('.zip')) {
    yield* zipTables(shown, fileChunks(p, shown, ZIP_PIECE), want);
  } else if (lower.endsWith('.xlsx')) {
    yield* xlsxTables(shown, p, want);
  } else {
    const table = tableNameOf(shown);
    if (table === undefined) throw unsupported(shown);
    if (want(table)) yield* csvTable(table, shown, fileChunks(p, shown));
  }
}

function uploadSource(uploads: readonly Upload[]): TableSource {
  return {
    name: uploads.map((u) => u.name).join(', ') || '(no files)',
    tables: (options) => uploadTables(uploads, options?.want ?? wantAll),
  };
}

async function* uploadTables(uploads: readonly Upload[], want: Want): AsyncGenerator<SourceTable> {
  for (const upload of uploads) {
    const name = path.posix.basename(upload.name.replace(/\\/g, '/'));
    const lower = name.toLowerCase();
    if (lower.endsWith('.zip')) {
      yield* zipTables(name, bufferChunks(upload.data, ZIP_PIECE), want);
    } else if (lower.endsWith('.xlsx')) {
      yield* xlsxTables(name, upload.data, want);
    } else {
      const table = tableNameOf(name);
      if (table === undefined) throw unsupported(name);
      if (want(table)) yield* csvTable(table, name, bufferChunks(upload.data, PIECE));
    }
  }
}

function unsupported(name: string): InputError {
  return new InputError(`unsupported file type; expected a table file (.csv, .txt, .tsv), a .zip or an .xlsx`, {
    file: name,
  });
}

function systemMessage(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'ENOENT') return 'no such file or directory';
  if (err?.code === 'EACCES') return 'permission denied';
  return err?.message ?? String(e);
}

async function* fileChunks(file: string, shown: string, size = 256 * 1024): AsyncGenerator<Uint8Array> {
  const stream = fs.createReadStream(file, { highWaterMark: size });
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot be read: ${systemMessage(e)}`, { file: shown }, { cause: e });
  } finally {
    stream.destroy();
  }
}

async function* bufferChunks(data: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, Math.min(data.length, i + size));
}

// ---------------------------------------------------------------------------------------------
// CSV

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

/** Receives each data row as it is parsed. */
export type RowHandler = (values: string[], line: number) => void;

async function* csvTable(
  table: string,
  fileName: string,
  chunks: AsyncGenerator<Uint8Array>,
): AsyncGenerator<SourceTable> {
  try {
    yield await openCsvTable(table, fileName, chunks);
  } finally {
    await chunks.return(undefined);
  }
}

/** Reads a CSV table's header from its chunks, and returns it ready to stream its rows. */
async function openCsvTable(table: string, fileName: string, chunks: AsyncIterable<Uint8Array>): Promise<SourceTable> {
  const it = chunks[Symbol.asyncIterator]();
  // Gather bytes up to the end of the first line, to detect the delimiter.
  const head: Uint8Array[] = [];
  let headBytes = 0;
  for (;;) {
    const r = await it.next();
    if (r.done) break;
    head.push(r.value);
    headBytes += r.value.length;
    if (r.value.includes(10) || headBytes >= PIECE) break;
  }
  const first = Buffer.concat(head);
  let nl = first.indexOf(10);
  if (nl < 0) nl = first.length;
  const headerText = new TextDecoder('utf-8').decode(first.subarray(0, nl)).replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(headerText);
  const rest: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => it };
  return openPapaCsvTable(table, fileName, delimiter, first, rest);
}

// ---------------------------------------------------------------------------------------------
// ZIP (fflate's streaming Unzip)

interface ZipEntry {
  name: string;
  table: string;
  chunks: Uint8Array[];
  done: boolean;
  error?: unknown;
  /** Its data is not wanted (any more). */
  dropped: boolean;
}

async function* zipTables(zipName: string, input: AsyncIterable<Uint8Array>, want: Want): AsyncGenerator<SourceTable> {
  const { Unzip, UnzipInflate } = await import('fflate');
  const pending: ZipEntry[] = [];
  const unzip = new Unzip((file) => {
    const table = file.name.endsWith('/') ? undefined : tableNameOf(file.name);
    const entry: ZipEntry = {
      name: file.name,
      table: table ?? '',
      chunks: [],
      done: false,
      dropped: table === undefined || !want(table),
    };
    file.ondata = (err, data, final) => {
      if (err) {
        entry.error = err;
        entry.done = true;
        return;
      }
      if (!entry.dropped && data.length) entry.chunks.push(data);
      if (final) entry.done = true;
    };
    // Unwanted entries are inflated and thrown away: left unstarted, fflate would keep their
    // compressed bytes until the end.
    file.start();
    if (!entry.dropped) pending.push(entry);
  });
  unzip.register(UnzipInflate);

  const it = input[Symbol.asyncIterator]();
  let eof = false;
  let firstChunk = true;
  const damaged = (e: unknown): InputError =>
    new InputError(
      `not a readable zip archive: ${(e as Error)?.message ?? String(e)}`,
      { file: zipName },
      {
        cause: e,
      },
    );
  const pump = async (): Promise<void> => {
    const r = await it.next();
    try {
      if (r.done) {
        eof = true;
        unzip.push(new Uint8Array(0), true);
      } else {
        if (firstChunk) {
          firstChunk = false;
          const sig = r.value.length >= 4 ? Buffer.from(r.value.subarray(0, 4)).readUInt32LE(0) : 0;
          if (sig !== 0x04034b50 && sig !== 0x06054b50) {
            throw new InputError('not a zip archive (it does not start with a zip header)', { file: zipName });
          }
        }
        unzip.push(r.value, false);
      }
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw damaged(e);
    }
  };

  async function* entryChunks(entry: ZipEntry): AsyncGenerator<Uint8Array> {
    const fileName = `${zipName}[${entry.name}]`;
    for (;;) {
      if (entry.dropped) throw new Error(`${fileName}: read after the next table was asked for`);
      if (entry.chunks.length) {
        const chunks = entry.chunks;
        entry.chunks = [];
        for (const c of chunks) yield c;
        continue;
      }
      if (entry.error) {
        throw new InputError(`cannot be decompressed: ${(entry.error as Error).message ?? entry.error}`, {
          file: fileName,
        });
      }
      if (entry.done) return;
      if (eof) throw new InputError('the zip archive ends in the middle of this file', { file: fileName });
      await pump();
    }
  }

  try {
    for (;;) {
      const entry = pending.shift();
      if (entry) {
        yield* csvTable(entry.table, `${zipName}[${entry.name}]`, entryChunks(entry));
        entry.dropped = true;
        entry.chunks = [];
        continue;
      }
      if (eof) return;
      await pump();
    }
  } finally {
    // Closes the archive's file when the consumer stops early.
    await it.return?.(undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// XLSX (exceljs's streaming WorkbookReader)

interface SheetReader {
  name?: string;
  id?: number | string;
  [Symbol.asyncIterator](): AsyncIterator<ExcelJS.Row>;
}

/** Bytes handed to exceljs at a time. */
const XLSX_PIECE = 64 * 1024;

/**
 * The bytes to give exceljs's WorkbookReader for a workbook: its zip entries, then a padding
 * entry of its own, then a directory. The reader (through unzipper) signals the end of the
 * archive as soon as its input is consumed, before it has handed over the entries in the last
 * buffered piece; with `xl/workbook.xml` or `xl/sharedStrings.xml` written last (exceljs itself
 * does so) it then fails, or reads the sheets without their strings. The padding entry, larger
 * than every buffer on the way, holds the input back until all real entries are handed over.
 */
async function paddedWorkbook(data: Uint8Array, bookName: string): Promise<Readable> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= 0 && i >= bytes.length - 22 - 0xffff; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  const directory = eocd >= 0 ? bytes.readUInt32LE(eocd + 16) : -1;
  if (eocd < 0 || directory > eocd) {
    throw new InputError('not a readable xlsx workbook (it is not a zip archive)', { file: bookName });
  }
  const { zipSync, Unzip, UnzipInflate } = await import('fflate');
  // exceljs hangs on some damaged archives (an entry that fails to inflate is never ended), so
  // every entry is inflated once here first, and a damaged workbook rejected.
  let damage: unknown;
  let entries = 0;
  const listed = bytes.readUInt16LE(eocd + 10);
  const check = new Unzip((file) => {
    entries++;
    file.ondata = (err) => {
      if (err && damage === undefined) damage = err;
    };
    file.start();
  });
  check.register(UnzipInflate);
  try {
    for (let i = 0; i < eocd && damage === undefined; i += 1 << 20) {
      check.push(bytes.subarray(i, Math.min(eocd, i + (1 << 20))));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (damage === undefined) check.push(bytes.subarray(eocd), true);
  } catch (e) {
    damage ??= e;
  }
  if (damage === undefined && entries !== listed && listed !== 0xffff) {
    damage = new Error(`${entries} entries readable of the ${listed} its directory lists`);
  }
  if (damage !== undefined) {
    throw new InputError(`not a readable xlsx workbook (damaged: ${(damage as Error)?.message ?? String(damage)})`, {
      file: bookName,
    });
  }
  const padding = Buffer.from(zipSync({ 'segra-padding.bin': [new Uint8Array(4 << 20), { level: 0 }] }));
  function* pieces(): Generator<Buffer> {
    for (let i = 0; i < directory; i += XLSX_PIECE) yield bytes.subarray(i, Math.min(directory, i + XLSX_PIECE));
    for (let i = 0; i < padding.length; i += XLSX_PIECE)
      yield padding.subarray(i, Math.min(padding.length, i + XLSX_PIECE));
  }
  return Readable.from(pieces(), { objectMode: false });
}

async function* xlsxTables(bookName: string, input: string | Uint8Array, want: Want): AsyncGenerator<SourceTable> {
  let data: Uint8Array;
  try {
    data = typeof input === 'string' ? await fs.promises.readFile(input) : input;
  } catch (e) {
    throw new InputError(`cannot be read: ${systemMessage(e)}`, { file: bookName }, { cause: e });
  }
  const stream = await paddedWorkbook(data, bookName);
  const { stream: excelStream } = await loadExcelJs();
  const reader = new excelStream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const failed = (e: unknown, file = bookName): InputError =>
    e instanceof InputError
      ? e
      : new InputError(`not a readable xlsx workbook: ${(e as Error)?.message ?? String(e)}`, { file }, { cause: e });
  const sheets = reader[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await sheets.next();
      } catch (e) {
        throw failed(e);
      }
      if (next.done) return;
      const sheet = next.value as SheetReader;
      const sheetName = sheet.name ?? `sheet${sheet.id ?? ''}`;
      const table = sheetName.trim().toUpperCase();
      if (!want(table)) continue;
      const fileName = `${bookName}[${sheetName}]`;
      const rows = sheet[Symbol.asyncIterator]();
      const nextRow = async (): Promise<ExcelJS.Row | undefined> => {
        try {
          const r = await rows.next();
          return r.done ? undefined : r.value;
        } catch (e) {
          throw failed(e, fileName);
        }
      };
      // The header is the first row with a value.
      let header: string[] | undefined;
      let headerLine = 0;
      for (;;) {
        const row = await nextRow();
        if (!row) break;
        const cells = rowTexts(row);
        let width = cells.length;
        while (width > 0 && cells[width - 1].trim() === '') width--;
        if (width === 0) continue;
        header = cells.slice(0, width);
        headerLine = row.number;
        break;
      }
      if (!header) {
        throw new InputError('the sheet is empty: expected a header row naming the columns', {
          file: fileName,
          line: 1,
        });
      }
      const width = header.length;
      let started = false;
      async function* dataRows(): AsyncGenerator<TableRow> {
        if (started) throw new Error(`${fileName}: the rows can be read only once`);
        started = true;
        for (;;) {
          const row = await nextRow();
          if (!row) return;
          const cells = rowTexts(row);
          let blank = true;
          for (let i = 0; i < cells.length; i++) {
            if (cells[i] !== '') {
              blank = false;
              if (i >= width) {
                throw new InputError(`expected ${width} fields as in the header, got a value in column ${i + 1}`, {
                  file: fileName,
                  line: row.number,
                  column: i + 1,
                });
              }
            }
          }
          if (blank) continue;
          const values = cells.length === width ? cells : cells.slice(0, width);
          while (values.length < width) values.push('');
          yield { line: row.number, values };
        }
      }
      yield {
        table,
        fileName,
        header,
        headerLine,
        batches: async function* () {
          let batch: TableRow[] = [];
          for await (const row of dataRows()) {
            batch.push(row);
            if (batch.length >= 1000) {
              yield batch;
              batch = [];
            }
          }
          if (batch.length) yield batch;
        },
        async forEachRow(onRow: RowHandler): Promise<void> {
          for await (const row of dataRows()) onRow(row.values, row.line);
        },
      };
    }
  } finally {
    stream.destroy();
  }
}

/** A row's cells as text, index 0 = column A. */
function rowTexts(row: ExcelJS.Row): string[] {
  const raw = row.values as unknown[];
  const out: string[] = [];
  for (let c = 1; c < raw.length; c++) out.push(cellText(raw[c]));
  return out;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return (o.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
    if ('result' in o) return cellText(o.result);
    if ('text' in o) return cellText(o.text);
    if ('error' in o) return String(o.error);
  }
  return String(v);
}
