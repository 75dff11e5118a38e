import { createWriteStream, type WriteStream } from 'node:fs';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** A CSV field, quoted only when a reader would otherwise misread it. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const FLUSH_AT = 1 << 20;

/**
 * Writes one CSV file through a stream: rows are buffered up to about 1 MiB and handed to
 * the stream, and `maybeFlush` waits for 'drain' when the stream asks for backpressure, so
 * a file of millions of rows never sits in memory.
 */
export class CsvWriter {
  readonly path: string;
  rows = 0;
  private readonly stream: WriteStream;
  private buffer = '';
  private failure: Error | null = null;

  constructor(path: string, header: readonly string[]) {
    this.path = path;
    this.stream = createWriteStream(path, { encoding: 'utf8' });
    this.stream.on('error', (e) => {
      this.failure = e;
    });
    this.buffer = header.map(csvField).join(',') + '\n';
  }

  /** Appends a row of already-safe text: fields must have gone through csvField. */
  rawLine(line: string): void {
    this.buffer += line + '\n';
    this.rows++;
  }

  row(fields: readonly string[]): void {
    let line = '';
    for (let i = 0; i < fields.length; i++) {
      if (i > 0) line += ',';
      line += csvField(fields[i]);
    }
    this.buffer += line + '\n';
    this.rows++;
  }

  /** Hands the buffer to the stream once it is large, honouring backpressure. */
  async maybeFlush(): Promise<void> {
    if (this.buffer.length >= FLUSH_AT) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.buffer.length === 0) return;
    const chunk = this.buffer;
    this.buffer = '';
    if (!this.stream.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = (): void => {
          this.stream.off('error', onError);
          resolve();
        };
        const onError = (e: Error): void => {
          this.stream.off('drain', onDrain);
          reject(e);
        };
        this.stream.once('drain', onDrain);
        this.stream.once('error', onError);
      });
    }
  }

  async close(): Promise<void> {
    await this.flush();
    await new Promise<void>((resolve, reject) => {
      if (this.failure) {
        reject(this.failure);
        return;
      }
      this.stream.once('error', reject);
      this.stream.end(() => resolve());
    });
  }
}
