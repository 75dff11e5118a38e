/**
 * The worker thread of one basis run (DESIGN 10: CPU-heavy work never runs on the API's event
 * loop): it parses the period's rows that the main thread reads in small queries and runs the
 * engine's basis checks on them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runBasisChecks } from '../../../engine/basis/index.ts';
import type { Date8 } from '../../../engine/model/dates.ts';
import type { TcodeCheckRow } from '../../../engine/model/extract.ts';
import { ExtractDecoder } from '../../periods/extract-decoder.ts';
import { lowerThreadPriority } from '../../workers/thread-priority.ts';

// Long work yields the cores to the API's thread when they are busy.
lowerThreadPriority();

const init = workerData as { date: Date8; tcodeChecks: TcodeCheckRow[] };
const decoder = new ExtractDecoder();

parentPort!.on('message', (message: { type: 'chunk'; table: string; bytes: Uint8Array } | { type: 'check' }) => {
  if (message.type === 'chunk') return decoder.add(message.table, message.bytes);
  spinForTests();
  const extract = decoder.finish();
  extract.tcodeChecks = init.tcodeChecks;
  parentPort!.postMessage(runBasisChecks(extract, { date: init.date }));
});

/** Fault injection for the tests: checks that keep this thread's CPU busy a while, as large ones do. */
function spinForTests(): void {
  const end = Date.now() + Number(process.env.SEGRA_TEST_EVALUATION_SPIN_MS ?? 0);
  while (Date.now() < end) {
    // busy on purpose
  }
}
