import type { TcodeCheckRow } from '../../engine/model/extract.ts';
import { ThreadClient, threadCount } from '../workers/thread-client.ts';
import type { AnalysisThreadInit, FromAnalysisThread, ToAnalysisThread } from './analysis-thread-protocol.ts';

type Evaluated = Extract<FromAnalysisThread, { type: 'evaluated' }>;

/** How many analysis threads this process runs now. */
export const analysisThreadCount = (): number => threadCount('analysis-worker');

/**
 * The main thread's handle on an analysis worker thread (analysis-worker.ts): rows go in as
 * transferred COPY bytes, findings come back as COPY text when asked for. Terminating it stops
 * the evaluation at once, wherever it is: that is how a running analysis is canceled.
 */
export class AnalysisThread {
  private readonly client: ThreadClient<ToAnalysisThread, FromAnalysisThread>;

  constructor(init: AnalysisThreadInit) {
    this.client = new ThreadClient('analysis-worker', import.meta.url, init);
  }

  sendChunk(table: string, bytes: Uint8Array): void {
    this.client.sendChunk(table, bytes);
  }

  /** A cross-system analysis: the chunks that follow are system `sid`'s (with its TSTCA). */
  startSystem(sid: string, tcodeChecks: TcodeCheckRow[]): void {
    this.client.post({ type: 'system', sid, tcodeChecks });
  }

  /** Prepares the analysis (the first time) and evaluates part `index` of `count`. */
  async evaluate(index: number, count: number): Promise<Evaluated> {
    return (await this.client.ask({ type: 'evaluate', index, count })) as Evaluated;
  }

  /** The findings of the last evaluated part as COPY text, chunk by chunk as they are asked for. */
  async *lines(): AsyncGenerator<string> {
    for (;;) {
      const next = (await this.client.ask({ type: 'lines' })) as Extract<FromAnalysisThread, { type: 'lines' }>;
      if (next.chunk === null) return;
      yield next.chunk;
    }
  }

  terminate(): Promise<void> {
    return this.client.terminate();
  }
}
