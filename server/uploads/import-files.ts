import type { Database } from '../db/database.ts';

/** One uploaded file as it arrived: its name, size in bytes and SHA-256 (hex), hashed while it streamed in. */
export interface UploadedFile {
  name: string;
  size: number;
  sha256: string;
}

/**
 * Keeps the files an import is made from (migration 0031, issue 27): a system period's extract
 * under its import id, a ruleset under its upload id. The report an auditor files names them,
 * so a reader can check which files were analysed.
 */
export async function recordImportFiles(
  db: Database,
  upload: { customerId: string; uploadId: string; files: readonly UploadedFile[]; by: string },
): Promise<void> {
  await db.query(
    `INSERT INTO import_files (customer_id, upload_id, file_no, name, size, sha256, uploaded_by)
     SELECT $1, $2, f.no - 1, f.name, f.size, f.sha256, $6
     FROM unnest($3::text[], $4::bigint[], $5::text[]) WITH ORDINALITY AS f(name, size, sha256, no)`,
    [upload.customerId, upload.uploadId, upload.files.map((f) => f.name), upload.files.map((f) => f.size), upload.files.map((f) => f.sha256), upload.by],
  );
}

/** A kept file of an import, for a report. */
export interface ImportFile extends UploadedFile {
  uploadedBy: string | null;
  uploadedAt: string;
}

/** The files of an upload in upload order; null when none were recorded (an import made before 0031). */
export async function importFiles(db: Database, uploadId: string | null): Promise<ImportFile[] | null> {
  if (uploadId === null) return null;
  const { rows } = await db.query<{ name: string; size: string; sha256: string; uploaded_by: string | null; uploaded_at: Date | string }>(
    'SELECT name, size::text AS size, sha256, uploaded_by, uploaded_at FROM import_files WHERE upload_id = $1 ORDER BY file_no',
    [uploadId],
  );
  if (rows.length === 0) return null;
  return rows.map((r) => ({ name: r.name, size: Number(r.size), sha256: r.sha256, uploadedBy: r.uploaded_by, uploadedAt: new Date(r.uploaded_at).toISOString() }));
}
