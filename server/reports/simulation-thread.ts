import type { AnalysisOptions, RiskAcceptance } from '../../engine/model/analysis.ts';
import type { TcodeCheckRow } from '../../engine/model/extract.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { ThreadClient } from '../workers/thread-client.ts';
import type { SimulationAnswer, SimulationAsk } from './simulate-prepared.ts';
import type { ToSimulationThread } from './simulation-worker.ts';

/**
 * A thread holding one prepared analysis for simulations (simulation-worker.ts). Questions are
 * answered in turn; a thread dropped from the cache is ended once the simulations it is
 * answering are done.
 */
export class SimulationThread {
  private readonly client: ThreadClient<ToSimulationThread, unknown>;
  private turn: Promise<unknown> = Promise.resolve();
  private busy = 0;
  private dropped = false;

  constructor(init: { ruleset: Ruleset; options: AnalysisOptions; tcodeChecks: TcodeCheckRow[] }) {
    this.client = new ThreadClient('simulation-worker', import.meta.url, init);
  }

  sendChunk(table: string, bytes: Uint8Array): void {
    this.client.sendChunk(table, bytes);
  }

  private inTurn<T>(ask: () => Promise<T>): Promise<T> {
    this.busy++;
    const next = this.turn.then(ask, ask);
    this.turn = next.catch(() => {});
    return next.finally(() => {
      this.busy--;
      if (this.dropped && this.busy === 0) void this.client.terminate();
    });
  }

  async prepare(): Promise<void> {
    await this.inTurn(() => this.client.ask({ type: 'prepare' }));
  }

  simulate(ask: SimulationAsk, acceptances: RiskAcceptance[]): Promise<SimulationAnswer> {
    return this.inTurn(() => this.client.ask({ type: 'simulate', ask, acceptances }) as Promise<SimulationAnswer>);
  }

  /** Ends the thread now, or after the simulations it is answering. */
  drop(): void {
    this.dropped = true;
    if (this.busy === 0) void this.client.terminate();
  }
}
