import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { z } from 'zod';
import { InputError } from '../importers/input-error.ts';

/**
 * A Segra backup (`segra backup --out FILE`) is a zip of two members: `segra-backup.json`, the
 * manifest, and `pglite.tar.gz`, PGlite's own dump of its data folder. A zip, so that `unzip -l`
 * and `unzip -p FILE pglite.tar.gz | sha256sum` check it with everyday tools.
 */
export const MANIFEST_NAME = 'segra-backup.json';
export const DATABASE_NAME = 'pglite.tar.gz';

export const backupManifestSchema = z.object({
  format: z.literal('segra-backup'),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The Segra (package.json) version that wrote it. */
  segraVersion: z.string(),
  /** The last migration applied to the database in it, e.g. `0042_user_type`. */
  migration: z.string().regex(/^\d{4}_[\w-]+$/),
  database: z.object({
    file: z.literal(DATABASE_NAME),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The backup file's bytes: the manifest describing `database` (stored, it is gzipped already). */
export function packBackup(
  database: Uint8Array,
  about: { segraVersion: string; migration: string; createdAt?: Date },
): { bytes: Uint8Array; manifest: BackupManifest } {
  const manifest: BackupManifest = {
    format: 'segra-backup',
    formatVersion: 1,
    createdAt: (about.createdAt ?? new Date()).toISOString(),
    segraVersion: about.segraVersion,
    migration: about.migration,
    database: { file: DATABASE_NAME, bytes: database.byteLength, sha256: sha256(database) },
  };
  const bytes = zipSync(
    {
      [MANIFEST_NAME]: new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
      [DATABASE_NAME]: [database, { level: 0 }],
    },
    { mtime: new Date(manifest.createdAt) },
  );
  return { bytes, manifest };
}

/**
 * Reads and checks a backup file: a zip with a valid manifest and a database whose size and
 * SHA-256 match it. Anything else is an InputError naming the file and what is wrong.
 */
export function readBackup(file: string): { manifest: BackupManifest; database: Uint8Array } {
  const notBackup = (problem: string): InputError => new InputError(`is not a Segra backup: ${problem}`, { file });
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new InputError(`cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, { file });
  }
  let members: Record<string, Uint8Array>;
  try {
    members = unzipSync(bytes, { filter: (f) => f.name === MANIFEST_NAME || f.name === DATABASE_NAME });
  } catch (e) {
    throw notBackup(`not a zip archive (${(e as Error).message})`);
  }
  const manifestBytes = members[MANIFEST_NAME];
  if (!manifestBytes) throw notBackup(`it has no ${MANIFEST_NAME}`);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(manifestBytes));
  } catch (e) {
    throw notBackup(`${MANIFEST_NAME} is not JSON (${(e as Error).message})`);
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw notBackup(`${MANIFEST_NAME} field ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const manifest = parsed.data;
  const database = members[DATABASE_NAME];
  if (!database) throw notBackup(`it has no ${DATABASE_NAME}`);
  if (database.byteLength !== manifest.database.bytes) {
    throw new InputError(
      `is damaged: ${DATABASE_NAME} has ${database.byteLength} bytes, the manifest says ${manifest.database.bytes}`,
      { file },
    );
  }
  const actual = sha256(database);
  if (actual !== manifest.database.sha256) {
    throw new InputError(
      `is damaged: the SHA-256 of ${DATABASE_NAME} is ${actual}, the manifest says ${manifest.database.sha256}`,
      { file },
    );
  }
  return { manifest, database };
}
