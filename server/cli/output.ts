import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Bytes gathered before a write. */
const CHUNK = 1 << 20;

/**
 * Writes lines to a file or stdout in large chunks, honouring back-pressure, so that a
 * million findings never become one giant string. Each line is encoded straight into the
 * chunk's bytes: no joined text to flatten and convert again (issue 12, LD: 140 MB of CSV).
 */
export async function writeLines(out: string | undefined, lines: Iterable<string>): Promise<void> {
  const stream: Writable = out ? createWriteStream(out) : process.stdout;
  let chunk = Buffer.allocUnsafe(CHUNK);
  let used = 0;
  const flush = async (): Promise<void> => {
    if (used === 0) return;
    // The stream keeps the chunk it is given: the next lines go into a new one.
    const full = chunk.subarray(0, used);
    chunk = Buffer.allocUnsafe(CHUNK);
    used = 0;
    if (!stream.write(full)) await once(stream, 'drain');
  };
  for (const line of lines) {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; a line too long for an empty chunk goes alone.
    const most = line.length * 3 + 1;
    if (used + most > CHUNK) await flush();
    if (most > CHUNK) {
      if (!stream.write(`${line}\n`)) await once(stream, 'drain');
      continue;
    }
    used += chunk.write(line, used);
    chunk[used++] = 10;
  }
  await flush();
  if (out) {
    stream.end();
    await once(stream, 'finish');
  }
}
