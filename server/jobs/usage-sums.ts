/**
 * A usage export read and summed per user, tcode and day (import-usage-job.ts), in a worker
 * thread (usage-file-worker.ts): on the embedded database `segra serve` works the jobs itself,
 * and a large export is not parsed on the API's event loop (DESIGN 7b).
 */
import type { InputWarning } from '../../engine/model/controls.ts';
import { readUsage } from '../importers/usage-reader.ts';

export interface UsageSums {
  /** Executions by `user\ttcode\tday\tfirstDay` (days YYYYMMDD or empty). */
  sums: Map<string, number>;
  /** Lines of the export summed into each key: an analysis counts the lines outside its window (USAGE_OUTSIDE_WINDOW). */
  lines: Map<string, number>;
  users: Set<string>;
  tcodes: Set<string>;
  first: number | null;
  last: number | null;
  rows: number;
  warnings: InputWarning[];
}

export async function sumUsage(file: string, client: string | undefined): Promise<UsageSums> {
  const sums = new Map<string, number>();
  const lines = new Map<string, number>();
  const users = new Set<string>();
  const tcodes = new Set<string>();
  let first: number | null = null;
  let last: number | null = null;
  const read = await readUsage(file, {
    client,
    onRow: (user, tcode, count, day, firstDay) => {
      const key = `${user}\t${tcode}\t${day ?? ''}\t${firstDay ?? ''}`;
      sums.set(key, (sums.get(key) ?? 0) + count);
      lines.set(key, (lines.get(key) ?? 0) + 1);
      users.add(user);
      tcodes.add(tcode);
      if (day !== null) {
        const from = firstDay ?? day;
        if (first === null || from < first) first = from;
        if (last === null || day > last) last = day;
      }
    },
  });
  return { sums, lines, users, tcodes, first, last, rows: read.rows, warnings: read.warnings };
}

/** The readers the thread answers with, by name. */
export const usageReaders = { sums: sumUsage };
