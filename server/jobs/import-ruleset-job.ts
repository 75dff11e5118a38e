import { rm } from 'node:fs/promises';
import type { Database } from '../db/database.ts';
import { isInputError } from '../importers/input-error.ts';
import { storeRulesetBatches } from '../periods/ruleset-store.ts';
import { readInThread } from '../workers/read-in-thread.ts';
import type { rulesetReaders } from './ruleset-file-read.ts';
import { importFailure } from './import-extract-job.ts';
import type { ImportRulesetJob } from './job-names.ts';
import { fetchJobUpload, releaseJobUpload, uploadsRoot } from '../uploads/stored-uploads.ts';
import { notifyRulesetImportEnded } from '../modules/notifications/notifications.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/**
 * Imports an uploaded ruleset (DESIGN 4.2) into a risk period, replacing its risks and
 * functions: read in a thread, written as a new version shown at the end (ruleset-store.ts); a
 * bad file changes nothing and says where it is wrong.
 */
export async function runRulesetImport(db: Database, job: ImportRulesetJob): Promise<void> {
  try {
    // An upload kept in the database is fetched into this worker's own folder (issue 12 item 6).
    job = await fetchJobUpload(db, job, uploadsRoot());
    // Read in a thread: on the embedded database this is `segra serve`'s event loop (DESIGN 7b).
    const { batches, warnings } = await readInThread<typeof rulesetReaders, 'batches'>('ruleset-file-worker', import.meta.url, 'batches', job.input);
    await db.query(`UPDATE risk_periods SET progress = 50, updated_at = now() WHERE id = $1`, [job.riskPeriodId]);
    const { rows } = await db.query<{ customer_id: string }>('SELECT customer_id FROM risk_periods WHERE id = $1', [job.riskPeriodId]);
    if (rows.length === 0) return void (await releaseJobUpload(db, job)); // deleted meanwhile
    const shown = await storeRulesetBatches(db, rows[0].customer_id, job.riskPeriodId, batches, (tx) =>
      tx.query(
        `UPDATE risk_periods SET status = 'ready', progress = 100, error = NULL, imported_at = now(), updated_at = now(),
           ruleset_upload_id = $2, warnings = $3 WHERE id = $1`,
        [job.riskPeriodId, job.uploadId ?? null, JSON.stringify(warnings)],
      ).then(() => {}),
    );
    // Deleted meanwhile, or this attempt was taken over by another one, which keeps the record.
    if (!shown) return;
    await notifyRulesetImportEnded(db, job.riskPeriodId, job.storedUpload ?? job.dir, job.requestedBy, true);
    await releaseJobUpload(db, job);
  } catch (e) {
    // The database went away: the job is retried once it is back; nothing of this attempt is shown, and the retry removes it.
    if (isDatabaseUnavailable(e)) throw e;
    await db.query(`UPDATE risk_periods SET status = 'failed', progress = 0, error = $2, updated_at = now() WHERE id = $1`, [
      job.riskPeriodId,
      JSON.stringify(importFailure(e, job.dir)),
    ]);
    await notifyRulesetImportEnded(db, job.riskPeriodId, job.storedUpload ?? job.dir, job.requestedBy, false);
    await releaseJobUpload(db, job).catch(() => {});
    if (!isInputError(e)) console.error('[import-ruleset]', e);
  } finally {
    if (job.dir) await rm(job.dir, { recursive: true, force: true });
  }
}
