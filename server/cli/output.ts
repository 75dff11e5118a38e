import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Bytes gathered before a write. */
const CHUNK = 1 << 20;

/**
 * A file or stdout written in chunks of 1 MiB, honouring back-pressure: text and bytes are
 * copied straight into the chunk, so a million findings never become one giant string (issue 12,
 * LD: 140 MB of CSV). `room` is synchronous so that a writer awaits only when a chunk is full.
 */
export class ChunkedOutput {
  private readonly stream: Writable;
  private chunk: Buffer;
  private used = 0;

  constructor(
    private readonly out: string | undefined,
    /** Bytes per chunk (tests make it small to cross chunk ends). */
    private readonly size = CHUNK,
  ) {
    this.stream = out ? createWriteStream(out) : process.stdout;
    this.chunk = Buffer.allocUnsafe(size);
  }

  /** Whether `bytes` more fit in the chunk (false: flush first; a piece larger than a chunk goes through `text`). */
  room(bytes: number): boolean {
    return this.used + bytes <= this.size;
  }

  /** Copies bytes in; the caller made room. */
  put(bytes: Uint8Array): void {
    this.chunk.set(bytes, this.used);
    this.used += bytes.length;
  }

  /** Copies a line and its line break in when they surely fit; false: call `line` instead. */
  tryLine(text: string): boolean {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (!this.room(text.length * 3 + 1)) return false;
    this.used += this.chunk.write(text, this.used);
    this.chunk[this.used++] = 10;
    return true;
  }

  /** Writes a line and its line break, flushing first; a line too long for an empty chunk goes alone. */
  async line(text: string): Promise<void> {
    if (this.tryLine(text)) return;
    await this.flush();
    if (this.tryLine(text)) return;
    if (!this.stream.write(`${text}\n`)) await once(this.stream, 'drain');
  }

  async flush(): Promise<void> {
    if (this.used === 0) return;
    // The stream keeps the chunk it is given: what follows goes into a new one.
    const full = this.chunk.subarray(0, this.used);
    this.chunk = Buffer.allocUnsafe(this.size);
    this.used = 0;
    if (!this.stream.write(full)) await once(this.stream, 'drain');
  }

  /** Flushes, and closes a file (never stdout). */
  async end(): Promise<void> {
    await this.flush();
    if (this.out) {
      this.stream.end();
      await once(this.stream, 'finish');
    }
  }
}

/** Writes lines to a file or stdout (ChunkedOutput). */
export async function writeLines(out: string | undefined, lines: Iterable<string>): Promise<void> {
  const output = new ChunkedOutput(out);
  for (const line of lines) if (!output.tryLine(line)) await output.line(line);
  await output.end();
}
