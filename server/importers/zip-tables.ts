/** Tables inside a .zip, streamed entry by entry with fflate's Unzip. */
import { csvTable } from './csv-table.ts';
import { InputError } from './input-error.ts';
import { tableNameOf, type SourceTable, type Want } from './table-types.ts';

interface ZipEntry {
  name: string;
  table: string;
  chunks: Uint8Array[];
  done: boolean;
  error?: unknown;
  /** Its data is not wanted (any more). */
  dropped: boolean;
}

/**
 * `declared`: each entry's inflated size as the archive's central directory gives it
 * (zip-directory.ts), already checked against the limits; an entry that inflates past it, or is
 * not listed, stops the read (DESIGN 7a: a zip bomb lying about its sizes).
 */
export async function* zipTables(
  zipName: string,
  input: AsyncIterable<Uint8Array>,
  want: Want,
  declared?: ReadonlyMap<string, number>,
): AsyncGenerator<SourceTable> {
  const { Unzip, UnzipInflate } = await import('fflate');
  const pending: ZipEntry[] = [];
  let lying: InputError | undefined;
  const unzip = new Unzip((file) => {
    const limit = declared ? (declared.get(file.name) ?? 0) : Infinity;
    let inflated = 0;
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
      inflated += data.length;
      if (inflated > limit && !lying) {
        lying = new InputError(
          `inflates past the ${limit} bytes the zip directory declares for it: refused as a damaged or hostile archive`,
          { file: `${zipName}[${file.name}]` },
        );
        file.terminate();
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
      if (lying) throw lying;
      if (e instanceof InputError) throw e;
      throw damaged(e);
    }
    if (lying) throw lying;
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
