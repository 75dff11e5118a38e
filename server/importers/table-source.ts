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
import { csvTable } from './csv-table.ts';
import { InputError, systemMessage } from './input-error.ts';
import {
  PIECE,
  ZIP_PIECE,
  tableNameOf,
  type SourceTable,
  type TableSource,
  type TableSourceInput,
  type Upload,
  type Want,
} from './table-types.ts';
import { xlsxTables } from './xlsx-tables.ts';
import { zipTables } from './zip-tables.ts';
import { readZipDirectory, zipDirectoryOf, type ZipDirectory } from './zip-directory.ts';

export * from './table-types.ts';
export { detectDelimiter } from './csv-table.ts';
export { loadExcelJs } from './xlsx-tables.ts';

/** Opens a folder, a table file, a .zip or an .xlsx path, or a list of uploads. */
export function openTableSource(input: TableSourceInput): TableSource {
  if (typeof input === 'string') return pathSource(input);
  if (Array.isArray(input)) return uploadSource(input as readonly Upload[]);
  return input as TableSource;
}

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
      const file = path.join(p, name);
      yield* csvTable(table, name, fileChunks(file, name, FILE_PIECE), await onDisk(file));
    }
    return;
  }
  const lower = p.toLowerCase();
  if (lower.endsWith('.zip')) {
    yield* zipTables(shown, fileChunks(p, shown, ZIP_PIECE), want, await declaredSizes(readZipDirectory(p)));
  } else if (lower.endsWith('.xlsx')) {
    yield* xlsxTables(shown, p, want);
  } else {
    const table = tableNameOf(shown);
    if (table === undefined) throw unsupported(shown);
    if (want(table)) yield* csvTable(table, shown, fileChunks(p, shown, FILE_PIECE), await onDisk(p));
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
      yield* zipTables(name, bufferChunks(upload.data, ZIP_PIECE), want, await declaredSizes(zipDirectoryOf(upload.data)));
    } else if (lower.endsWith('.xlsx')) {
      yield* xlsxTables(name, upload.data, want);
    } else {
      const table = tableNameOf(name);
      if (table === undefined) throw unsupported(name);
      if (want(table)) yield* csvTable(table, name, bufferChunks(upload.data, PIECE));
    }
  }
}

/** Each entry's declared inflated size; none when the directory is unreadable (the reader then names the damage). */
async function declaredSizes(directory: Promise<ZipDirectory>): Promise<Map<string, number> | undefined> {
  try {
    return new Map((await directory).entries.map((e) => [e.name, e.size]));
  } catch {
    return undefined;
  }
}

function unsupported(name: string): InputError {
  return new InputError(`unsupported file type; expected a table file (.csv, .txt, .tsv), a .zip or an .xlsx`, {
    file: name,
  });
}

/** Bytes read from a table file at a time. */
const FILE_PIECE = 1024 * 1024;

/** A table file's path and size, for the reader that splits a big one in a thread; none when it cannot be told. */
async function onDisk(file: string): Promise<{ path: string; size: number; chunk: number } | undefined> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? { path: file, size: stat.size, chunk: FILE_PIECE } : undefined;
  } catch {
    return undefined;
  }
}

async function* fileChunks(file: string, shown: string, size = FILE_PIECE): AsyncGenerator<Uint8Array> {
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
