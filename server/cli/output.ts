import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Writes lines to a file or stdout in large chunks, honouring back-pressure, so that a
 * million findings never become one giant string.
 */
export async function writeLines(out: string | undefined, lines: Iterable<string>): Promise<void> {
  const stream: Writable = out ? createWriteStream(out) : process.stdout;
  let buffer = '';
  for (const line of lines) {
    buffer += line + '\n';
    if (buffer.length >= 1 << 20) {
      if (!stream.write(buffer)) await once(stream, 'drain');
      buffer = '';
    }
  }
  if (buffer) if (!stream.write(buffer)) await once(stream, 'drain');
  if (out) {
    stream.end();
    await once(stream, 'finish');
  }
}
