/**
 * The worker thread that answers simulations on one ruleset, date, level and mode (DESIGN 10:
 * preparing never runs on the API's event loop). It keeps only the ruleset: each simulation
 * brings the slice of the period its holder can look at (holder-slice.ts) as COPY text, which
 * is decoded, prepared and simulated here, then dropped.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareAnalysis } from '../../engine/analysis/prepared-analysis.ts';
import type { AnalysisOptions, RiskAcceptance } from '../../engine/model/analysis.ts';
import type { MitigationAssignment } from '../../engine/model/controls.ts';
import type { TcodeCheckRow } from '../../engine/model/extract.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { ExtractDecoder } from '../periods/extract-decoder.ts';
import { simulatePrepared, type SimulationAsk } from './simulate-prepared.ts';

// Not lowered in priority as long work is (thread-priority.ts): a simulation is a few
// milliseconds of work on a few hundred rows that a user waits for, and a thread at low
// priority waits for the cores whenever the machine is busy.

export type ToSimulationThread =
  | { type: 'chunk'; table: string; bytes: Uint8Array }
  | { type: 'prepare' }
  | { type: 'reset' }
  | { type: 'simulate'; ask: SimulationAsk; acceptances: RiskAcceptance[]; mitigations: MitigationAssignment[]; knownRoles: string[] };

const init = workerData as { ruleset: Ruleset; options: AnalysisOptions; tcodeChecks: TcodeCheckRow[] };
let decoder = new ExtractDecoder();

parentPort!.on('message', (message: ToSimulationThread) => {
  switch (message.type) {
    case 'chunk':
      decoder.add(message.table, message.bytes);
      return;
    case 'prepare':
      // The thread is up with its ruleset: simulations can come.
      parentPort!.postMessage({ prepared: true });
      return;
    case 'reset':
      decoder = new ExtractDecoder();
      parentPort!.postMessage({ reset: true });
      return;
    case 'simulate': {
      const t0 = performance.now();
      const extract = decoder.finish();
      decoder = new ExtractDecoder();
      extract.tcodeChecks = init.tcodeChecks;
      // A role the period names only where the slice does not look (another user's assignment) is still in the period.
      for (const role of message.knownRoles) extract.roleDefinitions.push({ role, parent: '' });
      const prepared = prepareAnalysis(extract, init.ruleset, init.options);
      const prepareMs = performance.now() - t0;
      parentPort!.postMessage({ ...simulatePrepared(prepared, message.ask, message.acceptances, message.mitigations), prepareMs });
      return;
    }
  }
});
