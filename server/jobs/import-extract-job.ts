import { rm } from 'node:fs/promises';
import { EXTRACT_TABLE_NAMES } from '../importers/extract-tables.ts';
import type { DataWarning } from '../importers/data-warnings.ts';
import { readSystemExtract } from '../importers/extract-reader.ts';
import { isInputError } from '../importers/input-error.ts';
import type { Database } from '../db/database.ts';
import { deleteImport, streamExtract } from '../periods/extract-store.ts';
import type { ImportExtractJob } from './job-names.ts';

/** What a failed import says: the reader's file, line and column when the input was at fault. */
export interface ImportFailure {
  message: string;
  file?: string;
  line?: number;
  column?: string | number;
  /** 422 when the upload itself is unprocessable (DESIGN 6), as a synchronous answer would say. */
  status?: number;
  code?: string;
}

export function importFailure(e: unknown): ImportFailure {
  if (isInputError(e)) {
    return {
      message: e.message,
      file: e.file,
      ...(e.line !== undefined ? { line: e.line } : {}),
      ...(e.column !== undefined ? { column: e.column } : {}),
      status: 422,
      code: 'UNPROCESSABLE_UPLOAD',
    };
  }
  return { message: `The import failed: ${(e as Error)?.message ?? String(e)}` };
}

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
export async function runExtractImport(db: Database, job: ImportExtractJob): Promise<void> {
  const { periodId, importId } = job;
  try {
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
          into,
          warnings,
          onProgress: ({ table }) => {
            tablesSeen.add(table);
            const now = Date.now();
            if (now - lastReport > 500) {
              lastReport = now;
              void setProgress(db, periodId, importId, (90 * tablesSeen.size) / tablesTotal).catch(() => {});
            }
          },
        }),
      ({ rowsWritten, totalRows }) => setProgress(db, periodId, importId, 90 + (9 * rowsWritten) / Math.max(1, totalRows)),
    );
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
    if (previous) await deleteImport(db, previous);
  } catch (e) {
    await deleteImport(db, importId).catch(() => {});
    await db.query(
      `UPDATE system_periods SET status = 'failed', progress = 0, error = $3, importing_id = NULL, updated_at = now()
       WHERE id = $1 AND importing_id = $2`,
      [periodId, importId, JSON.stringify(importFailure(e))],
    );
    if (!isInputError(e)) console.error('[import-extract]', e);
  } finally {
    await rm(job.dir, { recursive: true, force: true });
  }
}
