/**
 * The worker thread that holds one prepared analysis for simulations (DESIGN 10: loading and
 * preparing a period never runs on the API's event loop): it parses the rows the main thread
 * reads in small queries, prepares once, then answers simulations one at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareAnalysis, type PreparedAnalysis } from '../../engine/analysis/prepared-analysis.ts';
import type { AnalysisOptions, RiskAcceptance } from '../../engine/model/analysis.ts';
import type { TcodeCheckRow } from '../../engine/model/extract.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { ExtractDecoder } from '../periods/extract-decoder.ts';
import { simulatePrepared, type SimulationAsk } from './simulate-prepared.ts';
import { lowerThreadPriority } from '../workers/thread-priority.ts';

// Long work yields the cores to the API's thread when they are busy.
lowerThreadPriority();

export type ToSimulationThread =
  | { type: 'chunk'; table: string; bytes: Uint8Array }
  | { type: 'prepare' }
  | { type: 'simulate'; ask: SimulationAsk; acceptances: RiskAcceptance[] };

const init = workerData as { ruleset: Ruleset; options: AnalysisOptions; tcodeChecks: TcodeCheckRow[] };
const decoder = new ExtractDecoder();
let prepared: PreparedAnalysis | null = null;

parentPort!.on('message', (message: ToSimulationThread) => {
  switch (message.type) {
    case 'chunk':
      decoder.add(message.table, message.bytes);
      return;
    case 'prepare': {
      const extract = decoder.finish();
      extract.tcodeChecks = init.tcodeChecks;
      prepared = prepareAnalysis(extract, init.ruleset, init.options);
      parentPort!.postMessage({ prepared: true });
      return;
    }
    case 'simulate':
      parentPort!.postMessage(simulatePrepared(prepared!, message.ask, message.acceptances));
      return;
  }
});
