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
import { findingLines, singleSystemFacts } from './finding-lines.ts';
import { prepareSystem, prepareSystems, type PreparedSystemInput } from '../../engine/cross-system/analyse-systems.ts';
import type { TcodeCheckRow } from '../../engine/model/extract.ts';
import { systemsFacts } from './systems-facts.ts';
import { ThreadUsage } from './analysis-usage.ts';
import type { AnalysisThreadInit, ToAnalysisThread, FromAnalysisThread } from './analysis-thread-protocol.ts';
import { lowerThreadPriority } from '../workers/thread-priority.ts';

// Long work yields the cores to the API's thread when they are busy.
lowerThreadPriority();

const init = workerData as AnalysisThreadInit;
const port = parentPort!;
let decoder = new ExtractDecoder();
let prepared: PreparedAnalysis | null = null;
// A cross-system analysis: the system whose chunks come now, and the systems prepared before it.
let reading: { sid: string; tcodeChecks: TcodeCheckRow[] } | null = null;
const systems: PreparedSystemInput[] = [];
let lines: Generator<string> | null = null;
const usage = init.usage ? new ThreadUsage(init.usage) : null;

const reply = (message: FromAnalysisThread): void => port.postMessage(message);

port.on('message', (message: ToAnalysisThread) => {
  switch (message.type) {
    case 'chunk':
      decoder.add(message.table, message.bytes);
      break;
    case 'system':
      // The system read before is prepared at once, so its rows go before the next is read (as the command line does).
      prepareReadSystem();
      reading = { sid: message.sid, tcodeChecks: message.tcodeChecks };
      break;
    case 'evaluate': {
      spinForTests();
      if (init.userMap) {
        evaluateSystems();
        break;
      }
      if (!prepared) {
        const extract = decoder.finish();
        extract.tcodeChecks = init.tcodeChecks;
        prepared = prepareAnalysis(extract, init.ruleset, init.options);
      }
      const result: AnalysisResult = prepared.runPart(message.index, message.count);
      lines = findingLines(init.customerId, init.analysisId, result, singleSystemFacts(prepared), init.chunkChars, usage ? { thread: usage, prepared } : null);
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

function prepareReadSystem(): void {
  if (!reading) return;
  const extract = decoder.finish();
  extract.tcodeChecks = reading.tcodeChecks;
  systems.push({ sid: reading.sid, prepared: prepareSystem({ sid: reading.sid, extract }, init.ruleset, init.options) });
  decoder = new ExtractDecoder();
  reading = null;
}

/** A cross-system analysis (DESIGN 5.18): always whole (never sharded), without usage. */
function evaluateSystems(): void {
  prepareReadSystem();
  const analysis = prepareSystems(systems, init.ruleset, init.options, init.userMap);
  const result = analysis.run({ permissions: true });
  lines = findingLines(init.customerId, init.analysisId, result, systemsFacts(analysis), init.chunkChars);
  reply({
    type: 'evaluated',
    findings: result.findings.length,
    accepted: result.counts.acceptedFindings,
    counts: result.counts,
    excludedUsers: result.excludedUsers,
  });
}

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
