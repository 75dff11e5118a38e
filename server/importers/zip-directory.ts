/**
 * The central directory of a zip archive (a .zip extract or an .xlsx workbook): what each entry
 * declares it inflates to. Read from the end of the archive without inflating anything, so an
 * upload that would inflate past the limits (DESIGN 7a: a zip bomb) is refused at once; while
 * the entries stream, zip-tables.ts holds each one to its declared size.
 */
import { open } from 'node:fs/promises';

export interface ZipDirectoryEntry {
  name: string;
  compressedSize: number;
  size: number;
}

export interface ZipDirectory {
  entries: ZipDirectoryEntry[];
  /** Bytes all entries declare together, inflated. */
  totalSize: number;
  /** Bytes of the archive itself. */
  archiveSize: number;
}

type Reader = (position: number, length: number) => Promise<Buffer>;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const MAX_U32 = 0xffffffff;
/** A directory larger than this is itself a sign of an archive built to hurt. */
const MAX_DIRECTORY_BYTES = 64 << 20;

/** Why a directory cannot be read; the readers report a damaged archive in their own words. */
export class ZipDirectoryError extends Error {}

async function parse(read: Reader, archiveSize: number): Promise<ZipDirectory> {
  const tailLength = Math.min(archiveSize, 22 + 0xffff);
  const tail = await read(archiveSize - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipDirectoryError('no end of central directory');
  let count = tail.readUInt16LE(at + 10);
  let dirSize = tail.readUInt32LE(at + 12);
  let dirOffset = tail.readUInt32LE(at + 16);
  const eocdPosition = archiveSize - tailLength + at;
  if ((count === 0xffff || dirSize === MAX_U32 || dirOffset === MAX_U32) && eocdPosition >= 20) {
    const locator = await read(eocdPosition - 20, 20);
    if (locator.readUInt32LE(0) === ZIP64_LOCATOR) {
      const z = await read(Number(locator.readBigUInt64LE(8)), 56);
      if (z.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipDirectoryError('damaged zip64 directory');
      count = Number(z.readBigUInt64LE(32));
      dirSize = Number(z.readBigUInt64LE(40));
      dirOffset = Number(z.readBigUInt64LE(48));
    }
  }
  if (dirSize > MAX_DIRECTORY_BYTES || dirOffset + dirSize > archiveSize) throw new ZipDirectoryError('damaged central directory');
  const dir = await read(dirOffset, dirSize);
  const entries: ZipDirectoryEntry[] = [];
  let p = 0;
  while (p + 46 <= dir.length && dir.readUInt32LE(p) === CENTRAL) {
    let compressedSize = dir.readUInt32LE(p + 20);
    let size = dir.readUInt32LE(p + 24);
    const nameLength = dir.readUInt16LE(p + 28);
    const extraLength = dir.readUInt16LE(p + 30);
    const commentLength = dir.readUInt16LE(p + 32);
    const name = dir.toString('utf8', p + 46, p + 46 + nameLength);
    // Zip64: the sizes that do not fit 32 bits are in extra field 0x0001, in this order.
    let e = p + 46 + nameLength;
    const extraEnd = e + extraLength;
    while (e + 4 <= extraEnd) {
      const id = dir.readUInt16LE(e);
      const length = dir.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        if (size === MAX_U32 && q + 8 <= e + 4 + length) {
          size = Number(dir.readBigUInt64LE(q));
          q += 8;
        }
        if (compressedSize === MAX_U32 && q + 8 <= e + 4 + length) compressedSize = Number(dir.readBigUInt64LE(q));
      }
      e += 4 + length;
    }
    entries.push({ name, compressedSize, size });
    p = extraEnd + commentLength;
  }
  if (entries.length !== count) throw new ZipDirectoryError(`${entries.length} entries readable of the ${count} the directory lists`);
  return { entries, totalSize: entries.reduce((n, x) => n + x.size, 0), archiveSize };
}

/** The directory of an archive in memory. */
export function zipDirectoryOf(data: Uint8Array): Promise<ZipDirectory> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return parse(async (position, length) => bytes.subarray(position, position + length), bytes.length);
}

/** The directory of an archive file, reading only its end. */
export async function readZipDirectory(file: string): Promise<ZipDirectory> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    return await parse(async (position, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    }, size);
  } finally {
    await handle.close();
  }
}
