import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workers/start-worker.ts';
import type { AnalysisThreadInit, FromAnalysisThread, ToAnalysisThread } from './analysis-thread-protocol.ts';

type Evaluated = Extract<FromAnalysisThread, { type: 'evaluated' }>;

// The analysis threads alive in this process (a canceled analysis's thread is gone at once).
const alive = new Set<Worker>();

/** How many analysis threads this process runs now. */
export const analysisThreadCount = (): number => alive.size;

/**
 * The main thread's handle on an analysis worker thread (analysis-worker.ts): rows go in as
 * transferred COPY bytes, one question at a time comes back answered. Terminating it stops
 * the evaluation at once, wherever it is: that is how a running analysis is canceled.
 */
export class AnalysisThread {
  private readonly worker: Worker;
  private pending: { resolve: (m: FromAnalysisThread) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(init: AnalysisThreadInit) {
    this.worker = startWorker('analysis-worker', import.meta.url, init);
    alive.add(this.worker);
    // An idle thread kept for the next shard must not keep a stopping process alive.
    this.worker.unref();
    this.worker.on('message', (m: FromAnalysisThread) => {
      const p = this.pending;
      this.pending = null;
      p?.resolve(m);
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => {
      alive.delete(this.worker);
      this.fail(new Error(`The analysis thread stopped (exit code ${code})`));
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
    const message: ToAnalysisThread = { type: 'chunk', table, bytes };
    this.worker.postMessage(message, [bytes.buffer as ArrayBuffer]);
  }

  private ask(message: ToAnalysisThread): Promise<FromAnalysisThread> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pending) return Promise.reject(new Error('The analysis thread is still answering'));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(message);
    });
  }

  /** Prepares the analysis (the first time) and evaluates part `index` of `count`. */
  async evaluate(index: number, count: number): Promise<Evaluated> {
    return (await this.ask({ type: 'evaluate', index, count })) as Evaluated;
  }

  /** The findings of the last evaluated part as COPY text, chunk by chunk as they are asked for. */
  async *lines(): AsyncGenerator<string> {
    for (;;) {
      const next = (await this.ask({ type: 'lines' })) as Extract<FromAnalysisThread, { type: 'lines' }>;
      if (next.chunk === null) return;
      yield next.chunk;
    }
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
    alive.delete(this.worker);
  }
}
