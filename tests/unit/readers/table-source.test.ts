import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  detectDelimiter,
  openTableSource,
  tableNameOf,
  type TableRow,
  type TableSourceInput,
} from '../../../server/importers/table-source.ts';
import { expectInputError, fileOf, folderOf, xlsxOf, zipOf } from './helpers.ts';

interface ReadTable {
  table: string;
  fileName: string;
  header: readonly string[];
  headerLine: number;
  rows: TableRow[];
}

/** Every table of a source, rows included (read through `batches`). */
async function readAll(input: TableSourceInput): Promise<ReadTable[]> {
  const out: ReadTable[] = [];
  for await (const t of openTableSource(input).tables()) {
    const rows: TableRow[] = [];
    for await (const batch of t.batches()) rows.push(...batch);
    out.push({ table: t.table, fileName: t.fileName, header: t.header, headerLine: t.headerLine, rows });
  }
  return out;
}

/** The single table of a one-file upload. */
async function readOne(name: string, text: string): Promise<ReadTable> {
  const tables = await readAll([{ name, data: new TextEncoder().encode(text) }]);
  expect(tables).toHaveLength(1);
  return tables[0];
}

describe('table names', () => {
  it('upper-cases the base name and drops the extension', () => {
    expect(tableNameOf('agr_1251.txt')).toBe('AGR_1251');
    expect(tableNameOf('extract/Usr02.CSV')).toBe('USR02');
    expect(tableNameOf('ust12.tsv')).toBe('UST12');
  });

  it('ignores files that are not table files', () => {
    expect(tableNameOf('notes.md')).toBeUndefined();
    expect(tableNameOf('.hidden.csv')).toBeUndefined();
    expect(tableNameOf('__MACOSX/._USR02.csv')).toBeUndefined();
    expect(tableNameOf('book.xlsx')).toBeUndefined();
  });
});

describe('CSV parsing', () => {
  it.each([
    [',', 'comma'],
    [';', 'semicolon'],
    ['\t', 'tab'],
    ['|', 'pipe'],
  ])('detects the %j delimiter (%s) from the header line', async (d) => {
    const t = await readOne('T.csv', `A${d}B${d}C\n1${d}x y${d}z\n`);
    expect(t.header).toEqual(['A', 'B', 'C']);
    expect(t.rows).toEqual([{ line: 2, values: ['1', 'x y', 'z'] }]);
  });

  it('reads other candidate delimiters inside a field as data', async () => {
    const t = await readOne('T.csv', 'A;B\n1,5;x|y\n');
    expect(t.rows).toEqual([{ line: 2, values: ['1,5', 'x|y'] }]);
  });

  it('detects delimiters without being fooled by quoted ones', () => {
    expect(detectDelimiter('"A,B;C";D;E')).toBe(';');
    expect(detectDelimiter('A|B|C')).toBe('|');
    expect(detectDelimiter('SINGLE')).toBe(',');
  });

  it('skips a UTF-8 byte order mark', async () => {
    const t = await readOne('T.csv', '\uFEFFBNAME;USTYP\nALICE;A\n');
    expect(t.header).toEqual(['BNAME', 'USTYP']);
    expect(t.rows).toEqual([{ line: 2, values: ['ALICE', 'A'] }]);
  });

  it('keeps values exactly as read, blanks and quotes included, and strips CRLF', async () => {
    const t = await readOne('T.csv', 'LOW,HIGH,TEXT\r\n\' \',  , a b \r\n"x, ""y""",,"multi\r\nline"\r\n');
    expect(t.rows).toEqual([
      { line: 2, values: ["' '", '  ', ' a b '] },
      { line: 3, values: ['x, "y"', '', 'multi\r\nline'] },
    ]);
  });

  it('reads CRLF lines of an LF file without leaving a carriage return in a value', async () => {
    const t = await readOne('T.csv', 'A,B\n1,x\r\n2,"y,z"\n3,z');
    expect(t.rows.map((r) => r.values)).toEqual([
      ['1', 'x'],
      ['2', 'y,z'],
      ['3', 'z'],
    ]);
  });

  it('reads a quoted last field on a CRLF line of an LF file without its quotes', async () => {
    const t = await readOne('T.csv', 'A,B\n1,x\n2,"y"\r\n');
    expect(t.rows).toEqual([
      { line: 2, values: ['1', 'x'] },
      { line: 3, values: ['2', 'y'] },
    ]);
  });

  it('rejects an LF line in a CRLF file (it runs into the next line)', async () => {
    await expectInputError(readAll([{ name: 'T.csv', data: new TextEncoder().encode('A,B\r\n1,x\n2,y\r\n3,z\r\n') }]), {
      file: 'T.csv',
      line: 2,
      message: /expected 2 fields as in the header, got 3/,
    });
  });

  it('numbers rows by the physical line they start on, past empty lines and quoted line breaks', async () => {
    const t = await readOne('T.csv', '\nA,B\n1,"x\ny"\n\n\n2,z\n');
    expect(t.headerLine).toBe(2);
    expect(t.rows).toEqual([
      { line: 3, values: ['1', 'x\ny'] },
      { line: 7, values: ['2', 'z'] },
    ]);
  });

  it('keeps a double quote inside an unquoted field as a character', async () => {
    const t = await readOne('T.csv', 'A,B\n1,ab"c\n');
    expect(t.rows[0].values).toEqual(['1', 'ab"c']);
  });

  it('rejects an unclosed quote, naming the line it opens on and its column', async () => {
    await expectInputError(
      readAll([{ name: 'AGR_1251.csv', data: new TextEncoder().encode('A,B\n1,x\n2,"open\n3,y\n') }]),
      {
        file: 'AGR_1251.csv',
        line: 3,
        column: 'B',
        message: /quoted field is never closed/,
      },
    );
  });

  it('rejects a line with too many fields', async () => {
    await expectInputError(readAll([{ name: 'USR02.csv', data: new TextEncoder().encode('A,B\n1,x\n\n2,y,z\n') }]), {
      file: 'USR02.csv',
      line: 4,
      message: /expected 2 fields as in the header, got 3/,
    });
  });

  it('rejects a line with too few fields, after a multi-line record', async () => {
    await expectInputError(readAll([{ name: 'USR02.csv', data: new TextEncoder().encode('A,B,C\n1,"x\ny",z\n2\n') }]), {
      file: 'USR02.csv',
      line: 4,
      message: /expected 3 fields as in the header, got 1/,
    });
  });

  it('rejects an empty file', async () => {
    await expectInputError(readAll([{ name: 'USR02.csv', data: new Uint8Array(0) }]), {
      file: 'USR02.csv',
      line: 1,
      message: /empty/,
    });
  });

  it('reads a header with no data rows and no final line break', async () => {
    const t = await readOne('T.csv', 'A,B');
    expect(t.header).toEqual(['A', 'B']);
    expect(t.rows).toEqual([]);
  });

  it('streams a large table in several batches, in order', async () => {
    const lines = ['A,B'];
    for (let i = 0; i < 50_000; i++) lines.push(`${i},v${i}`);
    const data = new TextEncoder().encode(lines.join('\n'));
    let batches = 0;
    const seen: number[] = [];
    for await (const t of openTableSource([{ name: 'BIG.csv', data }]).tables()) {
      for await (const batch of t.batches()) {
        batches++;
        for (const r of batch) seen.push(Number(r.values[0]));
      }
    }
    expect(batches).toBeGreaterThan(1);
    expect(seen).toHaveLength(50_000);
    expect(seen.every((v, i) => v === i)).toBe(true);
  });

  it('hands rows to forEachRow, and rejects with what the handler throws', async () => {
    const rows: [string[], number][] = [];
    for await (const t of openTableSource([{ name: 'T.csv', data: new TextEncoder().encode('A\n1\n2\n') }]).tables()) {
      await t.forEachRow((values, line) => rows.push([values, line]));
    }
    expect(rows).toEqual([
      [['1'], 2],
      [['2'], 3],
    ]);
    const boom = new Error('boom');
    let caught: unknown;
    try {
      for await (const t of openTableSource([
        { name: 'T.csv', data: new TextEncoder().encode('A\n1\n2\n') },
      ]).tables()) {
        await t.forEachRow(() => {
          throw boom;
        });
      }
    } catch (e) {
      caught = e;
    }
    expect(caught).toBe(boom);
  });
});

describe('sources', () => {
  it('reads the table files of a folder, ignoring other files, with lower-case names', async () => {
    const dir = folderOf({
      'usr02.txt': 'BNAME\nALICE\n',
      'agr_users.tsv': 'AGR_NAME\tUNAME\nR\tALICE\n',
      'README.md': '# no',
    });
    const tables = await readAll(dir);
    expect(tables.map((t) => [t.table, t.fileName])).toEqual([
      ['AGR_USERS', 'agr_users.tsv'],
      ['USR02', 'usr02.txt'],
    ]);
    expect(tables[0].rows).toEqual([{ line: 2, values: ['R', 'ALICE'] }]);
  });

  it('reads a single table file by path', async () => {
    const file = fileOf('agr_1251.csv', 'AGR_NAME\nR\n');
    const tables = await readAll(file);
    expect(tables.map((t) => [t.table, t.fileName, t.rows.length])).toEqual([['AGR_1251', 'agr_1251.csv', 1]]);
  });

  it('rejects a path that does not exist', async () => {
    const missing = path.join(folderOf({}), 'nope');
    await expectInputError(readAll(missing), { file: missing, message: /no such file/ });
  });

  it('reads the table files of a zip, in folders too, by path and as an upload', async () => {
    const zip = zipOf({
      'extract/USR02.csv': 'BNAME\nALICE\nBOB\n',
      'extract/notes.md': 'x',
      '__MACOSX/._USR02.csv': 'junk',
    });
    const byPath = await readAll(fileOf('extract.zip', zip));
    const byUpload = await readAll([{ name: 'extract.zip', data: zip }]);
    for (const tables of [byPath, byUpload]) {
      expect(tables.map((t) => [t.table, t.fileName])).toEqual([['USR02', 'extract.zip[extract/USR02.csv]']]);
      expect(tables[0].rows).toEqual([
        { line: 2, values: ['ALICE'] },
        { line: 3, values: ['BOB'] },
      ]);
    }
  });

  it('names the zip entry in errors', async () => {
    const zip = zipOf({ 'AGR_1251.csv': 'A,B\n1,2,3\n' });
    await expectInputError(readAll([{ name: 'x.zip', data: zip }]), { file: 'x.zip[AGR_1251.csv]', line: 2 });
  });

  it('rejects a .zip that is not a zip', async () => {
    await expectInputError(readAll([{ name: 'x.zip', data: new TextEncoder().encode('BNAME\nALICE\n') }]), {
      file: 'x.zip',
      message: /not a zip/,
    });
  });

  it('rejects a truncated zip', async () => {
    let text = 'BNAME\n';
    for (let i = 0; i < 2000; i++) text += `${Math.random().toString(36).slice(2)}\n`;
    const zip = zipOf({ 'USR02.csv': text });
    await expectInputError(readAll([{ name: 'x.zip', data: zip.subarray(0, zip.length >> 1) }]), {
      file: 'x.zip',
      message: /not a readable zip archive/,
    });
  });

  it('reads the sheets of an xlsx, by path and as an upload, with sheet row numbers', async () => {
    const book = await xlsxOf({
      usr02: [
        ['BNAME', 'UFLAG', 'GLTGB'],
        ['ALICE', 64, new Date(Date.UTC(2030, 11, 31))],
        [null, null, null],
        [' BOB ', '0', '20301231'],
      ],
      Notes: [['anything']],
    });
    for (const input of [fileOf('book.xlsx', book), [{ name: 'book.xlsx', data: book }]]) {
      const tables = await readAll(input);
      expect(tables.map((t) => [t.table, t.fileName])).toEqual([
        ['USR02', 'book.xlsx[usr02]'],
        ['NOTES', 'book.xlsx[Notes]'],
      ]);
      expect(tables[0].header).toEqual(['BNAME', 'UFLAG', 'GLTGB']);
      expect(tables[0].rows).toEqual([
        { line: 2, values: ['ALICE', '64', '2030-12-31'] },
        { line: 4, values: [' BOB ', '0', '20301231'] },
      ]);
    }
  });

  it('reads workbooks written with workbook.xml and sharedStrings.xml last (as exceljs writes them), every time', async () => {
    const sheets: Record<string, string[][]> = {};
    for (let s = 0; s < 6; s++)
      sheets[`T${s}`] = [['NAME', 'TEXT'], ...Array.from({ length: 50 }, (_, i) => [`N${i}`, `text ${s}/${i}`])];
    const book = await xlsxOf(sheets);
    for (let attempt = 0; attempt < 10; attempt++) {
      const tables = await readAll([{ name: 'book.xlsx', data: book }]);
      expect(tables.map((t) => t.table)).toEqual(['T0', 'T1', 'T2', 'T3', 'T4', 'T5']);
      expect(tables[5].rows[49]).toEqual({ line: 51, values: ['N49', 'text 5/49'] });
    }
  });

  it('rejects an .xlsx that is not a workbook', async () => {
    await expectInputError(readAll([{ name: 'book.xlsx', data: new TextEncoder().encode('BNAME\nALICE\n') }]), {
      file: 'book.xlsx',
      message: /not a readable xlsx workbook/,
    });
  });

  it('rejects an xlsx row with a value beyond the header', async () => {
    const book = await xlsxOf({ USR02: [['BNAME'], ['ALICE'], ['BOB', 'stray']] });
    await expectInputError(readAll([{ name: 'book.xlsx', data: book }]), {
      file: 'book.xlsx[USR02]',
      line: 3,
      column: 2,
    });
  });

  it('rejects an upload of an unsupported type', async () => {
    await expectInputError(readAll([{ name: 'USR02.xls', data: new Uint8Array(3) }]), {
      file: 'USR02.xls',
      message: /unsupported file type/,
    });
  });

  it('reads mixed uploads in order', async () => {
    const zip = zipOf({ 'UST04.csv': 'BNAME,PROFILE\nALICE,SAP_ALL\n' });
    const book = await xlsxOf({
      AGR_1016: [
        ['AGR_NAME', 'PROFILE'],
        ['R', 'T-1'],
      ],
    });
    const tables = await readAll([
      { name: 'USR02.csv', data: new TextEncoder().encode('BNAME\nALICE\n') },
      { name: 'more.zip', data: zip },
      { name: 'book.xlsx', data: book },
    ]);
    expect(tables.map((t) => t.table)).toEqual(['USR02', 'UST04', 'AGR_1016']);
  });

  it('skips unwanted tables without parsing them, and closes files left unread', async () => {
    const dir = folderOf({ 'A.csv': 'X\n1\n', 'B.csv': '"broken\n', 'C.csv': 'Y\n2\n' });
    const names: string[] = [];
    for await (const t of openTableSource(dir).tables({ want: (n) => n !== 'B' })) names.push(t.table);
    expect(names).toEqual(['A', 'C']);
    // Files can still be removed (on every platform) once the source is done with them.
    fs.rmSync(dir, { recursive: true });
    expect(fs.existsSync(dir)).toBe(false);
  });
});
