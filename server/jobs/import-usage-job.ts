import { rm } from 'node:fs/promises';
import path from 'node:path';
import { date8ToIso } from '../../engine/model/dates.ts';
import type { InputWarning } from '../../engine/model/controls.ts';
import type { Database } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Attempt } from './job-takeover.ts';
import { copyText, COPY_NULL } from '../db/copy-text.ts';
import { isInputError } from '../importers/input-error.ts';
import { readInThread } from '../workers/read-in-thread.ts';
import type { usageReaders } from './usage-sums.ts';
import { importFailure } from './import-extract-job.ts';
import type { ImportUsageJob } from './job-names.ts';
import { fetchJobUpload, releaseJobUpload, uploadsRoot } from '../uploads/stored-uploads.ts';

const USAGE_ROW_COLUMNS = ['import_id', 'bname', 'tcode', 'day', 'first_day', 'count', 'lines'];

/** Rows per COPY chunk (short steps on the embedded database's only connection). */
const CHUNK_ROWS = 20_000;

async function setProgress(db: Database, job: ImportUsageJob, progress: number): Promise<void> {
  await db.query('UPDATE system_period_usage SET progress = $3, updated_at = now() WHERE system_period_id = $1 AND importing_id = $2', [
    job.periodId,
    job.importId,
    progress,
  ]);
}

/** Users of the export that the period's USR02 lacks (DESIGN 4.1a): they change nothing, but are counted. */
async function unknownUsers(db: Database, periodId: string, users: ReadonlySet<string>): Promise<InputWarning[]> {
  const { rows } = await db.query<{ bname: string }>(
    'SELECT u.bname FROM sap_usr02 u JOIN system_periods p ON p.data_import_id = u.import_id WHERE p.id = $1',
    [periodId],
  );
  if (rows.length === 0) return [];
  const known = new Set(rows.map((r) => r.bname.trim()));
  const unknown = [...users].filter((u) => !known.has(u)).sort();
  return unknown.length === 0 ? [] : [{ code: 'USER_NOT_IN_USR02', table: 'USAGE', count: unknown.length, examples: unknown.slice(0, 10) }];
}

/**
 * Imports an uploaded usage export (DESIGN 5.17) into a system period's usage table: the engine's
 * reader reads it (columns as SAP writes them in English and German, errors with file, line and
 * column), the rows are summed per user, tcode and day and written under a new import id; then
 * the period's usage points at them and the previous rows go. A failure keeps the previous
 * usage and records the reason.
 */
export async function runUsageImport(db: Database, queued: ImportUsageJob, attempt?: Pick<Attempt, 'restart'>): Promise<void> {
  let job = queued;
  try {
    // The rows a dead attempt had written under this import id go before it starts again (DESIGN 7b).
    if (attempt?.restart) await db.query('DELETE FROM usage_rows WHERE import_id = $1', [job.importId]);
    await setProgress(db, job, 5);
    job = { ...job, ...(await fetchJobUpload(db, { dir: job.dir, input: '', storedUpload: job.storedUpload }, uploadsRoot())) };
    // Read in a thread: on the embedded database this is `segra serve`'s event loop.
    const read = await readInThread<typeof usageReaders, 'sums'>('usage-file-worker', import.meta.url, 'sums', path.join(job.dir, job.fileName), job.client);
    const { sums, lines, users, tcodes, first, last } = read;
    await setProgress(db, job, 50);
    read.warnings.push(...(await unknownUsers(db, job.periodId, users)));
    let done = 0;
    const total = Math.max(1, sums.size);
    let chunk: string[] = [];
    for (const [key, count] of sums) {
      const [user, tcode, day, firstDay] = key.split('\t');
      const iso = (d: string) => (d === '' ? COPY_NULL : date8ToIso(Number(d)));
      chunk.push(`${job.importId}\t${copyText(user)}\t${copyText(tcode)}\t${iso(day)}\t${iso(firstDay)}\t${count}\t${lines.get(key) ?? 1}\n`);
      if (chunk.length >= CHUNK_ROWS) {
        await db.copyIn('usage_rows', USAGE_ROW_COLUMNS, [chunk.join('')]);
        done += chunk.length;
        chunk = [];
        await setProgress(db, job, 50 + Math.floor((49 * done) / total));
      }
    }
    if (chunk.length > 0) await db.copyIn('usage_rows', USAGE_ROW_COLUMNS, [chunk.join('')]);
    const previous = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ usage_import_id: string | null }>(
        'SELECT usage_import_id FROM system_period_usage WHERE system_period_id = $1 AND importing_id = $2 FOR UPDATE',
        [job.periodId, job.importId],
      );
      if (rows.length === 0) throw new Error('the period was deleted or another usage upload replaced this one');
      await tx.query(
        `UPDATE system_period_usage SET status = 'ready', progress = 100, error = NULL, usage_import_id = $2, importing_id = NULL,
           file_name = $3, row_count = $4, users = $5, tcodes = $6, first_day = $7, last_day = $8, warnings = $9,
           imported_at = now(), updated_at = now()
         WHERE system_period_id = $1`,
        [
          job.periodId,
          job.importId,
          job.fileName,
          read.rows,
          users.size,
          tcodes.size,
          first === null ? null : date8ToIso(first),
          last === null ? null : date8ToIso(last),
          JSON.stringify(read.warnings),
        ],
      );
      return rows[0].usage_import_id;
    });
    if (previous) await db.query('DELETE FROM usage_rows WHERE import_id = $1', [previous]);
    await releaseJobUpload(db, job);
  } catch (e) {
    // The database went away: the job is retried once it is back (its rows removed then).
    if (isDatabaseUnavailable(e)) throw e;
    await db.query('DELETE FROM usage_rows WHERE import_id = $1', [job.importId]).catch(() => {});
    await db.query(
      `UPDATE system_period_usage SET status = 'failed', progress = 0, error = $3,
         importing_id = NULL, updated_at = now()
       WHERE system_period_id = $1 AND importing_id = $2`,
      [job.periodId, job.importId, JSON.stringify(importFailure(e, job.dir))],
    );
    await releaseJobUpload(db, job).catch(() => {});
    if (!isInputError(e)) console.error('[import-usage]', e);
  } finally {
    if (job.dir) await rm(job.dir, { recursive: true, force: true });
  }
}
