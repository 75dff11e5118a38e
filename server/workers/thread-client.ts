import type { Worker } from 'node:worker_threads';
import { startWorker } from './start-worker.ts';

// The worker threads of long work alive in this process, by kind (a canceled run's is gone at once).
const alive = new Map<string, Set<Worker>>();

/** How many threads of a kind (the worker module's name) this process runs now. */
export const threadCount = (name: string): number => alive.get(name)?.size ?? 0;

/**
 * The main thread's handle on a worker thread that answers one question at a time: rows go in
 * as transferred COPY bytes (`sendChunk`), `ask` posts a message and resolves with the reply.
 * Terminating it stops the thread at once, wherever it is: that is how running work is canceled.
 */
export class ThreadClient<Ask, Reply> {
  private readonly worker: Worker;
  private pending: { resolve: (m: Reply) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(
    private readonly name: string,
    from: string,
    init: unknown,
  ) {
    this.worker = startWorker(name, from, init);
    let kind = alive.get(name);
    if (!kind) alive.set(name, (kind = new Set()));
    kind.add(this.worker);
    // An idle thread kept for later questions must not keep a stopping process alive.
    this.worker.unref();
    this.worker.on('message', (m: Reply) => {
      const p = this.pending;
      this.pending = null;
      p?.resolve(m);
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => {
      kind.delete(this.worker);
      this.fail(new Error(`The ${name} thread stopped (exit code ${code})`));
    });
  }

  private fail(e: Error): void {
    this.failure ??= e;
    const p = this.pending;
    this.pending = null;
    p?.reject(this.failure);
  }

  /** Hands one chunk of a table's COPY text over (the buffer moves to the thread). */
  sendChunk(table: string, bytes: Uint8Array): void {
    if (this.failure) throw this.failure;
    this.worker.postMessage({ type: 'chunk', table, bytes }, [bytes.buffer as ArrayBuffer]);
  }

  /** Posts a message the thread answers nothing to (it is ordered with the chunks around it). */
  post(message: Ask): void {
    if (this.failure) throw this.failure;
    this.worker.postMessage(message);
  }

  ask(message: Ask): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pending) return Promise.reject(new Error(`The ${this.name} thread is still answering`));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(message);
    });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
    alive.get(this.name)?.delete(this.worker);
  }
}
