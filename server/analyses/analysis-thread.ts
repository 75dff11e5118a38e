import type { TcodeCheckRow } from '../../engine/model/extract.ts';
import { ThreadClient, threadCount } from '../workers/thread-client.ts';
import type { AnalysisThreadInit, FromAnalysisThread, PartEvaluated, ToAnalysisThread } from './analysis-thread-protocol.ts';

/** How many analysis threads this process runs now. */
export const analysisThreadCount = (): number => threadCount('analysis-worker');

/**
 * The main thread's handle on an analysis worker thread (analysis-worker.ts): rows go in as
 * transferred COPY bytes, findings come back as COPY text when asked for. Terminating it stops
 * the evaluation at once, wherever it is: that is how a running analysis is canceled.
 */
export class AnalysisThread {
  private readonly client: ThreadClient<ToAnalysisThread, FromAnalysisThread>;
  private done = 0;
  private ended: PartEvaluated | null = null;

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

  /** Prepares the analysis (the first time) and starts part `index` of `count`: its findings are evaluated as lines() asks for them. */
  async evaluate(index: number, count: number): Promise<void> {
    this.done = 0;
    this.ended = null;
    await this.client.ask({ type: 'evaluate', index, count });
  }

  /** The findings of the started part as COPY text, evaluated chunk by chunk as they are asked for. */
  async *lines(): AsyncGenerator<string> {
    for (;;) {
      const next = await this.client.ask({ type: 'lines' });
      if (next.type === 'evaluated') {
        this.ended = {
          findings: next.findings,
          accepted: next.accepted,
          counts: next.counts,
          excludedUsers: next.excludedUsers,
          ...(next.warnings ? { warnings: next.warnings } : {}),
        };
        return;
      }
      if (next.type !== 'lines') throw new Error(`The analysis thread answered ${next.type} to lines`);
      this.done = next.done;
      yield next.chunk;
    }
  }

  /** The share (0–1) of the started part's holders evaluated so far. */
  get progress(): number {
    return this.done;
  }

  /** What the started part came to, once lines() has ended. */
  evaluated(): PartEvaluated {
    if (!this.ended) throw new Error('The part is not evaluated yet: read its lines first');
    return this.ended;
  }

  terminate(): Promise<void> {
    return this.client.terminate();
  }
}
