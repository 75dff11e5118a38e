/**
 * The worker thread of one analysis (DESIGN 10: CPU-heavy work never runs on the API's event
 * loop): it parses the period's rows that the main thread reads in small queries, prepares and
 * evaluates the analysis (or parts of it, for shards) holder by holder as the main thread asks
 * for the findings, handing them back as COPY text chunk by chunk: it holds a chunk's findings, never a part's. The main thread keeps the database.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareAnalysis, type PreparedAnalysis } from '../../engine/analysis/prepared-analysis.ts';
import { ExtractDecoder } from '../periods/extract-decoder.ts';
import { findingLines, singleSystemFacts, type LinesTally } from './finding-lines.ts';
import { prepareSystem, prepareSystems, type PreparedSystemInput } from '../../engine/cross-system/analyse-systems.ts';
import type { SystemExtract, TcodeCheckRow } from '../../engine/model/extract.ts';
import { systemsWarnings } from '../../engine/cross-system/systems-warnings.ts';
import { systemsFacts } from './systems-facts.ts';
import type { PartEvaluated } from './analysis-thread-protocol.ts';
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
// Each prepared system's users, kept for the cross-system warnings (the rest of its extract goes).
const systemUsers: { sid: string; extract: Pick<SystemExtract, 'users'> }[] = [];
// The started part: its lines, made as they are asked for, what they came to so far, and the
// scope counts sent with the last answer.
let part: { lines: Generator<string>; tally: LinesTally; done: { share: number }; scope: () => Omit<PartEvaluated, 'findings' | 'accepted'> } | null = null;
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
      // The part's findings one holder at a time, in runPart's order, kept by nobody: a part of
      // a million findings with their permission lines does not fit a heap (issue 30).
      const done = { share: 0 };
      const single = prepared;
      const findings = single.sortedFindings({}, { index: message.index, count: message.count }, (n, total) => (done.share = n / total));
      const tally: LinesTally = { findings: 0, accepted: 0 };
      const lines = findingLines(init.customerId, init.analysisId, findings, singleSystemFacts(single), {
        chunkChars: init.chunkChars,
        usage: usage ? { thread: usage, prepared: single } : null,
        tally,
      });
      part = { lines, tally, done, scope: () => single.scopeSummary() };
      reply({ type: 'started' });
      break;
    }
    case 'lines': {
      if (!part) throw new Error('lines asked before evaluate');
      const next = part.lines.next();
      if (!next.done) reply({ type: 'lines', chunk: next.value, done: part.done.share });
      else reply({ type: 'evaluated', findings: part.tally.findings, accepted: part.tally.accepted, ...part.scope() });
      break;
    }
  }
});

function prepareReadSystem(): void {
  if (!reading) return;
  const extract = decoder.finish();
  extract.tcodeChecks = reading.tcodeChecks;
  systems.push({ sid: reading.sid, prepared: prepareSystem({ sid: reading.sid, extract }, init.ruleset, init.options) });
  systemUsers.push({ sid: reading.sid, extract: { users: extract.users } });
  decoder = new ExtractDecoder();
  reading = null;
}

/** A cross-system analysis (DESIGN 5.18): always whole (never sharded), without usage. */
function evaluateSystems(): void {
  prepareReadSystem();
  const analysis = prepareSystems(systems, init.ruleset, init.options, init.userMap);
  // Whole, then written out as asked: the findings of several systems are combined per person.
  const result = analysis.run({ permissions: true });
  const tally: LinesTally = { findings: 0, accepted: 0 };
  const lines = findingLines(init.customerId, init.analysisId, result.findings, systemsFacts(analysis), { chunkChars: init.chunkChars, tally });
  const { usersInScope, usersExcluded, roles, profiles } = result.counts;
  // The same warnings `segra analyze --system …` prints (analyze-systems.ts), from the same users, ruleset and mapping.
  const warnings = systemsWarnings(systemUsers, init.ruleset, init.userMap ?? []);
  part = {
    lines,
    tally,
    done: { share: 1 },
    scope: () => ({ counts: { usersInScope, usersExcluded, roles, profiles }, excludedUsers: result.excludedUsers, warnings }),
  };
  reply({ type: 'started' });
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
