import '@fastify/multipart';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { coded } from '../../errors.ts';
import type { UploadedFile } from '../../uploads/import-files.ts';
import { checkUploadInflation, type InflationLimits } from './upload-limits.ts';

/** The files of one upload, saved under their own folder until the import job has read them. */
export interface SavedUpload {
  dir: string;
  files: string[];
  /** Each file's name, size and SHA-256, hashed while it streamed in (issue 27: the report names its input). */
  sums: UploadedFile[];
  /** Form fields sent along with the files (e.g. `client`). */
  fields: Record<string, string>;
}

const ARCHIVES = ['.zip', '.xlsx'];
const TABLE_FILES = ['.csv', '.txt', '.tsv'];

/** A safe file name: the base name only, no path, no control characters. */
function safeName(name: string): string {
  const base = [...path.basename(name.replace(/\\/g, '/'))].filter((c) => c.charCodeAt(0) >= 0x20).join('');
  if (!base || base === '.' || base === '..') throw coded(400, 'FILE_NAME_UNUSABLE', { name }, `The file name ${JSON.stringify(name)} is not usable`);
  return base;
}

/**
 * Streams a multipart upload (DESIGN 6: a .zip, an .xlsx or several table files) to
 * `<root>/<id>/`. Refuses (and removes what it saved) when there is no file, when a file is
 * of another kind, when an archive comes with other files, or when it would inflate past the
 * limits (upload-limits.ts).
 */
export async function saveUpload(
  request: FastifyRequest,
  root: string,
  id: string,
  limits: InflationLimits,
  /** Single-file forms this upload also takes (a ruleset's `.json`), sent alone like an archive. */
  singles: readonly string[] = [],
): Promise<SavedUpload> {
  if (!request.isMultipart()) throw coded(400, 'MULTIPART_REQUIRED', {}, 'Send the files as multipart/form-data');
  const dir = path.join(root, id);
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  const sums: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const name = safeName(part.filename);
      const ext = path.extname(name).toLowerCase();
      if (!ARCHIVES.includes(ext) && !TABLE_FILES.includes(ext) && !singles.includes(ext)) {
        part.file.resume();
        const types = [...ARCHIVES, ...singles, ...TABLE_FILES].join(', ');
        throw coded(400, 'FILE_TYPE_REFUSED', { name, types }, `The file ${name} is not a ${types} file`);
      }
      if (files.some((f) => f.toLowerCase() === name.toLowerCase())) throw coded(400, 'FILE_TWICE', { name }, `The file ${name} is sent twice`);
      const hash = createHash('sha256');
      let size = 0;
      await pipeline(
        part.file,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(path.join(dir, name)),
      );
      if (part.file.truncated) throw coded(413, 'TOO_LARGE', { name }, `The file ${name} is larger than the upload limit`);
      files.push(name);
      sums.push({ name, size, sha256: hash.digest('hex') });
    }
    if (files.length === 0) throw coded(400, 'NO_FILE', {}, 'Select a file first: no file was sent');
    const archives = files.filter((f) => [...ARCHIVES, ...singles].includes(path.extname(f).toLowerCase()));
    if (archives.length > 0 && files.length > 1) {
      throw coded(400, 'FILES_MIXED', { files: files.join(', ') }, `Send either one .zip or .xlsx file or several table files, not ${files.join(', ')} together`);
    }
    await checkUploadInflation(dir, files, limits);
    return { dir, files, sums, fields };
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}

/** What the readers open: the archive itself, or the folder of table files. */
export const uploadInput = (upload: Pick<SavedUpload, 'dir' | 'files'>): string =>
  upload.files.length === 1 && [...ARCHIVES, '.json'].includes(path.extname(upload.files[0]).toLowerCase())
    ? path.join(upload.dir, upload.files[0])
    : upload.dir;
