import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import type { Database } from '../db/database.ts';
import { uploadInput } from '../modules/system-periods/uploads.ts';
import { liveJobUploads } from '../jobs/job-takeover.ts';
import { UUID_PATTERN as UUID } from '../../contracts/ids.ts';

/** Bytes per stored chunk: a chunk is one row, written or read by one query. */
export const UPLOAD_CHUNK_BYTES = 1 << 20;


/**
 * Where uploads wait for their import job (issue 12 item 6): on PostgreSQL in the database
 * (migration 0025: one row per file, its bytes in 1 MiB chunks), so that the API node that
 * received an upload and the worker that imports it share nothing but DATABASE_URL; on the
 * embedded database, which only its own process uses, in the upload folder as before.
 */
export const storesUploadsInDatabase = (db: Database): boolean => db.kind === 'postgres';

/**
 * Streams the files of a checked upload folder into the database under `uploadId`, a chunk at a
 * time (never a whole file in memory), in one transaction: a failure leaves nothing.
 */
export async function storeUploadFiles(db: Database, uploadId: string, dir: string, files: readonly string[]): Promise<void> {
  if (!UUID.test(uploadId)) throw new Error('storeUploadFiles: uploadId must be a uuid');
  await db.transaction(async (tx) => {
    for (const [fileNo, name] of files.entries()) {
      const { rows } = await tx.query<{ id: string }>(`INSERT INTO stored_uploads (upload_id, file_no, name) VALUES ($1, $2, $3) RETURNING id`, [uploadId, fileNo, name]);
      const fileId = rows[0].id;
      let n = 0;
      let size = 0;
      for await (const chunk of createReadStream(path.join(dir, name), { highWaterMark: UPLOAD_CHUNK_BYTES })) {
        const bytes = chunk as Buffer;
        await tx.query(`INSERT INTO stored_upload_chunks (file_id, n, bytes) VALUES ($1, $2, $3)`, [fileId, n++, bytes]);
        size += bytes.length;
      }
      await tx.query(`UPDATE stored_uploads SET size = $2, complete = true WHERE id = $1`, [fileId, size]);
    }
  });
}

/**
 * Writes a stored upload's files into `dir` (created), a chunk at a time, and returns their
 * names in upload order. Throws when the upload is not (or no longer) in the database.
 */
export async function fetchUploadFiles(db: Database, uploadId: string, dir: string): Promise<string[]> {
  if (!UUID.test(uploadId)) throw new Error('fetchUploadFiles: uploadId must be a uuid');
  const { rows: files } = await db.query<{ id: string; name: string; size: string; complete: boolean }>(
    `SELECT id, name, size::text AS size, complete FROM stored_uploads WHERE upload_id = $1 ORDER BY file_no`,
    [uploadId],
  );
  if (files.length === 0 || files.some((f) => !f.complete)) throw new Error(`The upload ${uploadId} is not in the database`);
  await mkdir(dir, { recursive: true });
  for (const file of files) {
    // The name was checked when it was uploaded (a base name); checked again before it becomes a path.
    if (path.basename(file.name) !== file.name || file.name === '.' || file.name === '..') throw new Error(`Unusable stored file name ${file.name}`);
    const out = createWriteStream(path.join(dir, file.name));
    let written = 0;
    try {
      for (let n = 0; ; n++) {
        const { rows } = await db.query<{ bytes: Uint8Array }>(`SELECT bytes FROM stored_upload_chunks WHERE file_id = $1 AND n = $2`, [file.id, n]);
        if (rows.length === 0) break;
        await write(out, rows[0].bytes);
        written += rows[0].bytes.length;
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
    if (written !== Number(file.size)) throw new Error(`The stored upload ${uploadId} is incomplete (${file.name})`);
  }
  return files.map((f) => f.name);
}

async function write(out: Writable, bytes: Uint8Array): Promise<void> {
  if (!out.write(bytes)) await once(out, 'drain');
}

/** Removes a stored upload (its chunks go with it). */
export async function deleteStoredUpload(db: Database, uploadId: string): Promise<void> {
  await db.query('DELETE FROM stored_uploads WHERE upload_id = $1', [uploadId]);
}

/**
 * Removes stored uploads no running import reads any more (DESIGN 7a), as sweepUploads does for
 * upload folders: kept while their system period import runs or their job is on the queue, or while younger than
 * `olderThanSeconds` (a ruleset import, or an upload whose job was just enqueued).
 */
export async function sweepStoredUploads(db: Database, olderThanSeconds: number): Promise<number> {
  // A job still to run (a ruleset import; one retried after its worker died) reads its upload again.
  const kept = [...(await liveJobUploads(db))];
  const { rows } = await db.query(
    `DELETE FROM stored_uploads u
     WHERE u.created_at < now() - make_interval(secs => $1)
       AND NOT EXISTS (SELECT 1 FROM system_periods p WHERE p.status = 'importing' AND p.importing_id = u.upload_id)
       AND NOT EXISTS (SELECT 1 FROM system_period_usage x WHERE x.status = 'importing' AND x.importing_id = u.upload_id)
       AND NOT (u.upload_id::text = ANY($2::text[]))
       -- nor while its job waits for its customer's turn (fair share, server/jobs/admission.ts)
       AND NOT EXISTS (SELECT 1 FROM tenant_jobs t WHERE t.data->>'storedUpload' = u.upload_id::text)
     RETURNING u.upload_id`,
    [olderThanSeconds, kept],
  );
  return new Set(rows.map((r) => (r as { upload_id: string }).upload_id)).size;
}

/** The part of an import job that says where its upload is. */
export interface UploadLocation {
  /** The upload folder (on the worker: the folder the stored upload was fetched into). */
  dir: string;
  /** What the readers open: the archive itself, or the folder of table files. */
  input: string;
  /** Set when the upload waits in the database (stored_uploads.upload_id). */
  storedUpload?: string;
}

/**
 * Where an import job finds a checked upload: on PostgreSQL the files move into the database
 * and the API node's folder goes; on the embedded database the folder stays where it is.
 */
export async function keepUpload(
  db: Database,
  uploadId: string,
  upload: { dir: string; files: string[] },
): Promise<UploadLocation> {
  if (!storesUploadsInDatabase(db)) return { dir: upload.dir, input: uploadInput(upload) };
  try {
    await storeUploadFiles(db, uploadId, upload.dir, upload.files);
  } finally {
    await rm(upload.dir, { recursive: true, force: true });
  }
  return { dir: '', input: '', storedUpload: uploadId };
}

/**
 * On the worker: a job whose upload waits in the database gets it written into a folder of its
 * own under `uploadsRoot` (removed by the job when it ends, as an upload folder always was), and
 * the stored copy stays until the job ends. Jobs with a folder are returned as they are.
 */
export async function fetchJobUpload<J extends UploadLocation>(
  db: Database,
  job: J,
  uploadsRoot: string,
): Promise<J> {
  if (!job.storedUpload) return job;
  const dir = path.join(uploadsRoot, job.storedUpload);
  try {
    // The stored copy stays until the job ends (releaseJobUpload): an attempt that dies is retried and fetches it again.
    const files = await fetchUploadFiles(db, job.storedUpload, dir);
    return { ...job, dir, input: uploadInput({ dir, files }) };
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Removes a job's stored upload once the job has ended for good (imported, or failed for a reason a retry would not change). */
export async function releaseJobUpload(db: Database, job: Pick<UploadLocation, 'storedUpload'>): Promise<void> {
  if (job.storedUpload) await deleteStoredUpload(db, job.storedUpload);
}

/** The folder uploads are kept in or fetched into: `<DATA_DIR>/uploads`, as the API keeps them. */
export const uploadsRoot = (): string => path.join(process.env.DATA_DIR || './data', 'uploads');
