/**
 * A one-line progress display on stderr, shown only when stderr is a terminal so that
 * redirected output and CI logs stay clean.
 */
export class Progress {
  private readonly enabled: boolean;
  private lastDraw = 0;
  private lastLength = 0;

  constructor(stream: NodeJS.WriteStream = process.stderr) {
    this.stream = stream;
    this.enabled = Boolean(stream.isTTY) && !process.env.CI;
  }

  private readonly stream: NodeJS.WriteStream;

  /** Shows `label` with a bar when `total` is known, a counter otherwise; redraws at most 10 times a second. */
  update(label: string, done: number, total?: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < 100 && (total === undefined || done < total)) return;
    this.lastDraw = now;
    let text = label;
    if (total !== undefined && total > 0) {
      const width = 24;
      const filled = Math.min(width, Math.round((done / total) * width));
      text += ` [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor((done / total) * 100)}%`;
    } else {
      text += ` ${done.toLocaleString('en')}`;
    }
    const pad = Math.max(0, this.lastLength - text.length);
    this.stream.write(`\r${text}${' '.repeat(pad)}`);
    this.lastLength = text.length;
  }

  done(): void {
    if (!this.enabled || this.lastLength === 0) return;
    this.stream.write(`\r${' '.repeat(this.lastLength)}\r`);
    this.lastLength = 0;
  }
}
