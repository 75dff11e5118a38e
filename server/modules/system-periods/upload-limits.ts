import { stat } from 'node:fs/promises';
import path from 'node:path';
import { readZipDirectory } from '../../importers/zip-directory.ts';
import { type AppError, coded } from '../../errors.ts';

/** What an upload may inflate to (DESIGN 7a): MAX_EXTRACT_MB and MAX_EXTRACT_RATIO. */
export interface InflationLimits {
  maxExtractMb: number;
  maxRatio: number;
}

const MB = 1024 * 1024;
/**
 * Below this an entry or an upload may compress as well as it likes (a small table of blanks
 * compresses a thousandfold); above, a ratio past the limit is an archive built to hurt.
 */
export const RATIO_FLOOR_BYTES = 64 * MB;

const mb = (bytes: number): string => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0);

const tooLarge = (name: string, bytes: number, limits: InflationLimits): AppError =>
  coded(
    413,
    'EXTRACT_TOO_LARGE',
    { name, megabytes: mb(bytes), limit: limits.maxExtractMb },
    `The file ${name} inflates to ${mb(bytes)} MB, more than the limit of ${limits.maxExtractMb} MB (MAX_EXTRACT_MB); nothing was imported`,
  );

/**
 * Refuses at once, before any import starts, an upload whose archives declare more inflated
 * bytes than MAX_EXTRACT_MB (all files together) or a compression ratio no real export has (the
 * generator's exports compress 5-7 times; an archive of one repeated row, 400 times and more),
 * for the whole archive or one entry. That the entries do not inflate past what they declare is
 * checked while they are read (zip-tables.ts, xlsx-tables.ts). A damaged archive is left to the
 * reader, which names the damage.
 */
export async function checkUploadInflation(dir: string, files: readonly string[], limits: InflationLimits): Promise<void> {
  const max = limits.maxExtractMb * MB;
  let total = 0;
  for (const name of files) {
    const file = path.join(dir, name);
    const ext = path.extname(name).toLowerCase();
    if (ext !== '.zip' && ext !== '.xlsx') {
      total += (await stat(file)).size;
      if (total > max) throw tooLarge(name, total, limits);
      continue;
    }
    const directory = await readZipDirectory(file).catch(() => undefined);
    if (!directory) continue;
    total += directory.totalSize;
    if (total > max) throw tooLarge(name, directory.totalSize, limits);
    const ratio = (size: number, compressed: number): number => size / Math.max(1, compressed);
    const worst = [
      { size: directory.totalSize, compressed: directory.archiveSize },
      ...directory.entries.map((e) => ({ size: e.size, compressed: e.compressedSize })),
    ].find((x) => x.size > RATIO_FLOOR_BYTES && ratio(x.size, x.compressed) > limits.maxRatio);
    if (worst) {
      throw coded(
        422,
        'EXTRACT_RATIO',
        { name, ratio: Math.round(ratio(worst.size, worst.compressed)), limit: limits.maxRatio },
        `The file ${name} inflates ${Math.round(ratio(worst.size, worst.compressed))} times (${mb(worst.size)} MB from ${mb(worst.compressed)} MB), ` +
          `more than any real export (at most ${limits.maxRatio} times, MAX_EXTRACT_RATIO); nothing was imported`,
      );
    }
  }
}
