import { rm } from 'node:fs/promises';
import { EXTRACT_TABLE_NAMES } from '../importers/extract-tables.ts';
import type { DataWarning } from '../importers/data-warnings.ts';
import { readSystemExtract } from '../importers/extract-reader.ts';
import { isInputError } from '../importers/input-error.ts';
import type { Database } from '../db/database.ts';
import { analyzeImport, deleteImport, streamExtract } from '../periods/extract-store.ts';
import type { ImportExtractJob } from './job-names.ts';
import { fetchJobUpload, releaseJobUpload, uploadsRoot } from '../uploads/stored-uploads.ts';
import { notifyImportEnded } from '../modules/notifications/notifications.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Attempt } from './job-takeover.ts';

/** What a failed import says: the reader's file, line and column when the input was at fault. */
export interface ImportFailure {
  message: string;
  /**
   * UNPROCESSABLE_UPLOAD: the input's fault; a bound's own code (CELL_TOO_LONG, RULESET_TOO_MANY_FUNCTIONS …)
   * when the input passed one; IMPORT_FAILED: not the input's fault (the details are in the server log only).
   */
  code?: string;
  /** The values the code's text names (the limit). */
  params?: Record<string, string | number>;
  file?: string;
  line?: number;
  column?: string | number;
  /** 422 when the upload itself is unprocessable (DESIGN 6), as a synchronous answer would say. */
  status?: number;
}

/** Absolute paths (the upload folder, …) shown by their last part: the uploaded file's own name. */
const withoutPaths = (text: string, uploadDir?: string): string => {
  let out = text;
  if (uploadDir) out = out.split(`${uploadDir}/`).join('').split(uploadDir).join('the upload');
  return out.replace(/(?:[A-Za-z]:)?(?:[\\/][^\\/\s"'[\]:,]+){2,}[\\/]([^\\/\s"'[\]:,]+)/g, '$1');
};

/**
 * The record a failed import keeps (DESIGN 7a): never a server path or a raw database message.
 * An input error keeps its file (as uploaded), line and column; anything else says in plain
 * words that the server failed, and is logged in full by the caller.
 */
export function importFailure(e: unknown, uploadDir?: string): ImportFailure {
  if (isInputError(e)) {
    return {
      message: withoutPaths(e.message, uploadDir),
      file: withoutPaths(e.file, uploadDir),
      ...(e.line !== undefined ? { line: e.line } : {}),
      ...(e.column !== undefined ? { column: e.column } : {}),
      status: 422,
      code: e.code ?? 'UNPROCESSABLE_UPLOAD',
      ...(e.params !== undefined ? { params: e.params } : {}),
    };
  }
  return {
    message: 'The import failed because of an error on the server; upload the file again, or ask your administrator to look at the server log',
    code: 'IMPORT_FAILED',
  };
}

/** The import was canceled (POST /api/system-periods/:id/import/cancel): stop and keep nothing. */
class ImportCanceled extends Error {}

/** How often a running import looks whether it was canceled. */
const CANCEL_POLL_MS = 500;

async function setProgress(db: Database, periodId: string, importId: string, progress: number): Promise<void> {
  await db.query('UPDATE system_periods SET progress = $3, updated_at = now() WHERE id = $1 AND importing_id = $2', [
    periodId,
    importId,
    Math.max(0, Math.min(99, Math.floor(progress))),
  ]);
}

/**
 * Imports an uploaded extract into a system period: read and check every table while the big
 * ones stream into the database (0–90 %), write the others with COPY under the new import id
 * (90–99 %), then point the period at the new data and
 * drop the old. Any failure removes the new rows and leaves the period's previous data as it
 * was, with the reason (file, line, column) on the period.
 */
export async function runExtractImport(db: Database, job: ImportExtractJob, attempt?: Pick<Attempt, 'restart' | 'signal'>): Promise<void> {
  const { periodId, importId } = job;
  // Cancel is a mark on the period (its importing_id no longer this import), read between batches;
  // an attempt another worker took over (DESIGN 7b) stops the same way, leaving the rows to it.
  let canceled = false;
  const stillWanted = async (): Promise<void> => {
    const { rows } = await db.query<{ importing_id: string | null }>('SELECT importing_id FROM system_periods WHERE id = $1', [periodId]);
    if (rows[0]?.importing_id !== importId || attempt?.signal.aborted) canceled = true;
  };
  const poll = setInterval(() => void stillWanted().catch(() => {}), CANCEL_POLL_MS);
  poll.unref();
  const checkCanceled = (): void => {
    if (canceled) throw new ImportCanceled('The import was canceled');
  };
  try {
    // An upload kept in the database is fetched into this worker's own folder (issue 12 item 6).
    job = await fetchJobUpload(db, job, uploadsRoot());
    await stillWanted();
    checkCanceled();
    // The rows a dead attempt had written under this import id go before it starts again.
    if (attempt?.restart) await deleteImport(db, importId);
    const tablesTotal = EXTRACT_TABLE_NAMES.length;
    const tablesSeen = new Set<string>();
    let lastReport = 0;
    const warnings: DataWarning[] = [];
    // The big value tables stream into the database while the extract is read (0–90 %).
    const counts = await streamExtract(
      db,
      importId,
      (into) =>
        readSystemExtract(job.input, {
          client: job.client,
          assumeUsersValid: job.assumeUsersValid === true,
          into,
          warnings,
          onProgress: ({ table }) => {
            checkCanceled();
            tablesSeen.add(table);
            const now = Date.now();
            if (now - lastReport > 500) {
              lastReport = now;
              void setProgress(db, periodId, importId, (90 * tablesSeen.size) / tablesTotal).catch(() => {});
            }
          },
        }),
      ({ rowsWritten, totalRows }) => {
        checkCanceled();
        return setProgress(db, periodId, importId, 90 + (9 * rowsWritten) / Math.max(1, totalRows));
      },
    );
    // Statistics for the planner (simulations read a holder's rows by index, extract-store.ts).
    await analyzeImport(db, importId);
    // Fault injection for the chaos tests (an import cut off after it wrote its rows, before it completed).
    const pause = Number(process.env.SEGRA_TEST_IMPORT_PAUSE_MS ?? 0);
    if (pause > 0) await new Promise((r) => setTimeout(r, pause));
    checkCanceled();
    const previous = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ data_import_id: string | null }>(
        `SELECT data_import_id FROM system_periods WHERE id = $1 AND importing_id = $2 FOR UPDATE`,
        [periodId, importId],
      );
      if (rows.length === 0) throw new Error('the period was deleted or another import replaced this one');
      await tx.query(
        `UPDATE system_periods SET status = 'ready', progress = 100, error = NULL, data_import_id = $2, importing_id = NULL,
           row_counts = $3, warnings = $4, imported_at = now(), updated_at = now() WHERE id = $1`,
        [periodId, importId, JSON.stringify(counts), JSON.stringify(warnings)],
      );
      return rows[0].data_import_id;
    });
    await notifyImportEnded(db, periodId, importId, job.requestedBy, true);
    if (previous) await deleteImport(db, previous);
    await releaseJobUpload(db, job);
  } catch (e) {
    clearInterval(poll);
    // The database went away: the period stays importing and the job is retried once it is back (its rows removed then).
    if (isDatabaseUnavailable(e) && !(e instanceof ImportCanceled)) throw e;
    // Taken over: the rows under this import id are the new attempt's now.
    if (attempt?.signal.aborted) return;
    await deleteImport(db, importId).catch(() => {});
    // Canceled: the cancel already set the period back; this import's record stays untouched.
    await db.query(
      `UPDATE system_periods SET status = 'failed', progress = 0, error = $3, importing_id = NULL, updated_at = now()
       WHERE id = $1 AND importing_id = $2`,
      [periodId, importId, JSON.stringify(importFailure(e, job.dir))],
    );
    await releaseJobUpload(db, job).catch(() => {});
    if (!(e instanceof ImportCanceled)) await notifyImportEnded(db, periodId, importId, job.requestedBy, false);
    if (!isInputError(e) && !(e instanceof ImportCanceled)) console.error('[import-extract]', e);
  } finally {
    clearInterval(poll);
    if (job.dir) await rm(job.dir, { recursive: true, force: true });
  }
}
