/**
 * The worker thread of one analysis (DESIGN 10: CPU-heavy work never runs on the API's event
 * loop): it parses the period's rows that the main thread reads in small queries, prepares and
 * evaluates the analysis (or parts of it, for shards), and hands the findings back as COPY text
 * chunk by chunk, when the main thread asks for them. The main thread keeps the database.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareAnalysis, type PreparedAnalysis } from '../../engine/analysis/prepared-analysis.ts';
import type { AnalysisResult } from '../../engine/model/analysis.ts';
import { ExtractDecoder } from '../periods/extract-decoder.ts';
import { findingLines } from './finding-lines.ts';
import { ThreadUsage } from './analysis-usage.ts';
import type { AnalysisThreadInit, ToAnalysisThread, FromAnalysisThread } from './analysis-thread-protocol.ts';
import { lowerThreadPriority } from '../workers/thread-priority.ts';

// Long work yields the cores to the API's thread when they are busy.
lowerThreadPriority();

const init = workerData as AnalysisThreadInit;
const port = parentPort!;
const decoder = new ExtractDecoder();
let prepared: PreparedAnalysis | null = null;
let lines: Generator<string> | null = null;
const usage = init.usage ? new ThreadUsage(init.usage) : null;

const reply = (message: FromAnalysisThread): void => port.postMessage(message);

port.on('message', (message: ToAnalysisThread) => {
  switch (message.type) {
    case 'chunk':
      decoder.add(message.table, message.bytes);
      break;
    case 'evaluate': {
      spinForTests();
      if (!prepared) {
        const extract = decoder.finish();
        extract.tcodeChecks = init.tcodeChecks;
        prepared = prepareAnalysis(extract, init.ruleset, init.options);
      }
      const result: AnalysisResult = prepared.runPart(message.index, message.count);
      lines = findingLines(init.customerId, init.analysisId, result, prepared, init.chunkChars, usage);
      reply({
        type: 'evaluated',
        findings: result.findings.length,
        accepted: result.findings.reduce((n, f) => n + (f.accepted ? 1 : 0), 0),
        counts: result.counts,
        excludedUsers: result.excludedUsers,
      });
      break;
    }
    case 'lines': {
      const next = lines?.next();
      reply({ type: 'lines', chunk: next && !next.done ? next.value : null });
      break;
    }
  }
});

/**
 * Fault injection for the tests: an evaluation that keeps this thread's CPU busy for a while,
 * as a large one does, to show that the API answers meanwhile and that a cancel stops it.
 */
function spinForTests(): void {
  const ms = Number(process.env.SEGRA_TEST_EVALUATION_SPIN_MS ?? 0);
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy on purpose
  }
}
