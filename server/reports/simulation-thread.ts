import type { AnalysisOptions, RiskAcceptance } from '../../engine/model/analysis.ts';
import type { MitigationAssignment } from '../../engine/model/controls.ts';
import type { TcodeCheckRow } from '../../engine/model/extract.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import type { Database } from '../db/database.ts';
import { ThreadClient } from '../workers/thread-client.ts';
import { readHolderSlice, type HolderSlice } from './holder-slice.ts';
import type { SimulationAnswer, SimulationAsk } from './simulate-prepared.ts';
import type { ToSimulationThread } from './simulation-worker.ts';

/** Where a thread's simulations read their holder's rows: a stored extract, and the objects its ruleset needs. */
export interface SliceSource {
  db: Database;
  importId: string;
  objects: ReadonlySet<string>;
}

/**
 * A thread holding one compiled ruleset for simulations (simulation-worker.ts). Each simulation
 * reads its holder's slice of the period (holder-slice.ts) and has the thread evaluate it;
 * simulations take turns, so the slices of two never mix. A thread dropped from the cache is
 * ended once the simulations it is answering are done.
 */
export class SimulationThread {
  private readonly client: ThreadClient<ToSimulationThread, unknown>;
  private turn: Promise<unknown> = Promise.resolve();
  private busy = 0;
  private dropped = false;
  /** Rows read by the last simulation, per SAP table. */
  lastSlice: HolderSlice | null = null;

  constructor(
    init: { ruleset: Ruleset; options: AnalysisOptions; tcodeChecks: TcodeCheckRow[] },
    private readonly source: SliceSource,
  ) {
    this.client = new ThreadClient('simulation-worker', import.meta.url, init);
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

  /** Resolves when the thread is up with its ruleset. */
  async prepare(): Promise<void> {
    await this.inTurn(() => this.client.ask({ type: 'prepare' }));
  }

  simulate(ask: SimulationAsk, acceptances: RiskAcceptance[], mitigations: MitigationAssignment[] = []): Promise<SimulationAnswer> {
    return this.inTurn(async () => {
      const { db, importId, objects } = this.source;
      let slice: HolderSlice;
      try {
        slice = await readHolderSlice(db, importId, ask, objects, (table, bytes) => this.client.sendChunk(table, bytes));
      } catch (e) {
        // The rows already sent must not join the next simulation's slice.
        await this.client.ask({ type: 'reset' }).catch(() => {});
        throw e;
      }
      this.lastSlice = slice;
      return (await this.client.ask({ type: 'simulate', ask, acceptances, mitigations, knownRoles: slice.knownRoles })) as SimulationAnswer;
    });
  }

  /** Ends the thread now, or after the simulations it is answering. */
  drop(): void {
    this.dropped = true;
    if (this.busy === 0) void this.client.terminate();
  }
}
