import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One entry of a hand-built zip: its deflated bytes, true size and CRC, and the size it declares. */
export interface RawEntry {
  name: string;
  data: Buffer;
  size: number;
  crc: number;
  /** What the central directory says it inflates to (default: the true size). */
  declaredSize?: number;
}

/** A deflated entry of `text`. */
export function deflated(name: string, text: string): RawEntry {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
}

/**
 * `chunk` repeated `copies` times, deflated without ever holding the whole: the chunk is
 * deflated once as a self-contained, byte-aligned block and the block repeated (how a zip bomb
 * of 2 GiB of valid rows fits in a few MB).
 */
export function repeated(name: string, chunk: Buffer, copies: number): RawEntry {
  const block = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const end = deflateRawSync(Buffer.alloc(0));
  let crc = 0;
  for (let i = 0; i < copies; i++) crc = crc32(chunk, crc);
  return { name, data: Buffer.concat([...Array.from({ length: copies }, () => block), end]), size: chunk.length * copies, crc };
}

/** A zip archive of the entries (deflate, sizes below 4 GiB each). */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const declared = e.declaredSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.data);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(e.crc >>> 0, 16);
    c.writeUInt32LE(e.data.length, 20);
    c.writeUInt32LE(declared, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += 30 + name.length + e.data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
