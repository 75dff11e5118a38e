/** Sheets of an .xlsx workbook as tables, through exceljs's streaming reader. */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { InputError, systemMessage } from './input-error.ts';
import { checkCells } from './cell-limit.ts';
import { zipDirectoryOf } from './zip-directory.ts';
import type { RowHandler, SourceTable, TableRow, Want } from './table-types.ts';

/**
 * exceljs is loaded only when a workbook is read (or written): merely having it loaded made
 * CSV parsing 10-15 % slower for the rest of the process (measured with csv-parse on a
 * 5-million-row AGR_1251, Node 20), cause not found. Keep other imports of it lazy too.
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  const mod = (await import('exceljs')) as unknown as { default?: typeof ExcelJS } & typeof ExcelJS;
  return mod.default ?? mod;
}

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
  // Each entry is held to the size the directory declares (DESIGN 7a: a zip bomb lying about it).
  const declared = new Map((await zipDirectoryOf(bytes).catch(() => ({ entries: [] }))).entries.map((e) => [e.name, e.size]));
  const check = new Unzip((file) => {
    entries++;
    const limit = declared.get(file.name) ?? 0;
    let inflated = 0;
    file.ondata = (err, data) => {
      if (err && damage === undefined) damage = err;
      inflated += data?.length ?? 0;
      if (inflated > limit && damage === undefined) {
        damage = new Error(`${file.name} inflates past the ${limit} bytes the zip directory declares for it`);
        file.terminate();
      }
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

export async function* xlsxTables(
  bookName: string,
  input: string | Uint8Array,
  want: Want,
): AsyncGenerator<SourceTable> {
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
        checkCells(cells, fileName, null, row.number);
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
          checkCells(cells, fileName, header, row.number);
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
