import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database.ts';
import { liveJobUploads } from './job-takeover.ts';

/**
 * Removes the upload folders (`<DATA_DIR>/uploads/<id>`) no running import reads any more: those
 * a crash or a stop left behind (DESIGN 7a). A folder is kept while its system period import is
 * running or a job still to run reads it, or while it is younger than `olderThanSeconds` (a ruleset import, or an upload whose
 * import is just being claimed); with 0 (the embedded database at start, after sweepStaleWork)
 * every folder of no running import goes.
 */
export async function sweepUploads(db: Database, uploadsDir: string, olderThanSeconds: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(uploadsDir);
  } catch {
    return 0; // no upload yet
  }
  const { rows } = await db.query<{ importing_id: string }>(
    `SELECT importing_id::text AS importing_id FROM system_periods WHERE status = 'importing' AND importing_id IS NOT NULL
     UNION ALL
     SELECT importing_id::text FROM system_period_usage WHERE status = 'importing' AND importing_id IS NOT NULL`,
  );
  // Also the folders of jobs still to run (a ruleset import, an import to be retried after its worker died).
  const running = new Set([...rows.map((r) => r.importing_id), ...(await liveJobUploads(db))]);
  let removed = 0;
  for (const name of names) {
    if (running.has(name)) continue;
    const dir = path.join(uploadsDir, name);
    const info = await stat(dir).catch(() => undefined);
    if (!info || Date.now() - info.mtimeMs < olderThanSeconds * 1000) continue;
    await rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
